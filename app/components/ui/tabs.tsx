import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** Radix tabs: arrow keys move between tabs, Tab moves into the panel. */
const tabsGaps = { none: "gap-0", default: "gap-3", loose: "gap-8" } as const;

/** Radix tabs: arrow keys move between tabs, Tab moves into the panel. `gap` spaces the list and the panel. */
export function Tabs({
  className,
  gap = "default",
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Root> & { gap?: keyof typeof tabsGaps }) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col", tabsGaps[gap], className)} {...props} />;
}

/** fit: as wide as the tabs; stretch: the row's width (callers add w-full or margins); grid: equal columns (callers add grid-cols-N). */
const tabsListLayouts = { fit: "inline-flex w-fit max-w-full", stretch: "flex", grid: "grid w-full" } as const;

export function TabsList({
  className,
  layout = "fit",
  ...props
}: React.ComponentProps<typeof TabsPrimitive.List> & { layout?: keyof typeof tabsListLayouts }) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        tabsListLayouts[layout],
        "items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-card",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn("rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring", className)}
      {...props}
    />
  );
}
