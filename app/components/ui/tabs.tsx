import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "~/lib/utils";

/**
 * Tabs after the WAI-ARIA tabs pattern (decision 029): one tab in the Tab order (roving tabindex),
 * arrow keys, Home and End move between tabs and select the one they land on, Tab moves into the
 * panel. The same props as the Radix tabs they replace (value/defaultValue/onValueChange, forceMount),
 * in about a tenth of the script: these tabs are on the home page, /categories and /auth.
 */
type TabsState = { baseId: string; value: string; select: (value: string) => void };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

const tabsGaps = { none: "gap-0", default: "gap-3", loose: "gap-8" } as const;

/** `gap` spaces the list and the panel. Controlled (value + onValueChange) or not (defaultValue). */
export function Tabs({
  className,
  gap = "default",
  value: controlledValue,
  defaultValue = "",
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & {
  gap?: keyof typeof tabsGaps;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = useId();
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const value = controlledValue ?? uncontrolledValue;
  const select = (next: string) => {
    if (next === value) return;
    if (controlledValue === undefined) setUncontrolledValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value, select }}>
      <div data-slot="tabs" className={cn("flex flex-col", tabsGaps[gap], className)} {...props} />
    </TabsContext>
  );
}

/** The tab the key moves focus to, among the list's enabled tabs, or undefined for any other key. */
function tabForKey(list: HTMLElement, current: HTMLElement, key: string): HTMLElement | undefined {
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(current as HTMLButtonElement);
  if (at < 0) return undefined;
  if (key === "ArrowRight") return tabs[(at + 1) % tabs.length];
  if (key === "ArrowLeft") return tabs[(at - 1 + tabs.length) % tabs.length];
  if (key === "Home") return tabs[0];
  if (key === "End") return tabs[tabs.length - 1];
  return undefined;
}

/** fit: as wide as the tabs; stretch: the row's width (callers add w-full or margins); grid: equal columns (callers add grid-cols-N). */
const tabsListLayouts = { fit: "inline-flex w-fit max-w-full", stretch: "flex", grid: "grid w-full" } as const;

export function TabsList({
  className,
  layout = "fit",
  onKeyDown,
  ...props
}: ComponentProps<"div"> & { layout?: keyof typeof tabsListLayouts }) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
    const next = tabForKey(event.currentTarget, event.target, event.key);
    if (!next) return;
    event.preventDefault();
    // Focus selects (automatic activation): the tab's own focus handler does it.
    next.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        tabsListLayouts[layout],
        "items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  onClick,
  onFocus,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const { baseId, value: selectedValue, select } = useTabs("TabsTrigger");
  const selected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(baseId, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-card",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

/** An inactive panel is rendered empty and hidden, unless `forceMount` keeps its content (callers then hide it by data-state). */
export function TabsContent({
  className,
  value,
  forceMount = false,
  children,
  ...props
}: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const { baseId, value: selectedValue } = useTabs("TabsContent");
  const selected = value === selectedValue;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      tabIndex={0}
      hidden={!selected && !forceMount}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-content"
      className={cn("rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring", className)}
      {...props}
    >
      {selected || forceMount ? children : null}
    </div>
  );
}
