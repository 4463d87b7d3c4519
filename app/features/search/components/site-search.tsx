import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "~/lib/routing";
import type { SearchEntry } from "~/content/search-index";
import { filterSearchEntries } from "~/features/search/filter";
import { cn } from "~/lib/utils";

export const searchPlaceholder = "Search pages, services, features...";

/**
 * The site search, an ARIA combobox with a listbox popup: typing opens it, arrow keys
 * move the active option, Enter navigates to it, Escape closes (a second Escape clears), an outside
 * click closes, and choosing a result navigates and clears the text.
 */
export function SiteSearch({ className, label = "Search FixiT" }: { className?: string; label?: string }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-results`;
  const [searchIndex, setSearchIndex] = useState<readonly SearchEntry[] | null>(null);
  // The index (every page and service) loads when the visitor reaches for the box, not with the page.
  const loadIndex = () => {
    if (!searchIndex) void import("~/content/search-index").then((m) => setSearchIndex(m.searchIndex));
  };
  const results = useMemo(() => (searchIndex ? filterSearchEntries(searchIndex, query) : []), [searchIndex, query]);
  const expanded = open && query.trim() !== "";

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [expanded]);

  const choose = (entry: SearchEntry) => {
    setQuery("");
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(entry.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (!query.trim()) return;
        setOpen(true);
        if (results.length) setActive((a) => (a + 1) % results.length);
        break;
      case "ArrowUp":
        e.preventDefault();
        if (!query.trim()) return;
        setOpen(true);
        if (results.length) setActive((a) => (a <= 0 ? results.length - 1 : a - 1));
        break;
      case "Enter": {
        const entry = results[active >= 0 ? active : 0];
        if (expanded && entry) {
          e.preventDefault();
          choose(entry);
        }
        break;
      }
      case "Escape":
        e.preventDefault();
        if (expanded) setOpen(false);
        else setQuery("");
        setActive(-1);
        break;
    }
  };

  return (
    <div ref={rootRef} className={cn("relative", className)} data-site-search="">
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-input`} className="sr-only">
          {label}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" />
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={searchPlaceholder}
          value={query}
          onFocus={loadIndex}
          onPointerEnter={loadIndex}
          onChange={(e) => {
            loadIndex();
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-14 w-full rounded-xl border border-input bg-background pr-4 pl-12 text-base shadow-raised placeholder:text-muted-foreground focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        />
      </form>
      <div
        className={cn(
          "absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-overlay",
          !expanded && "hidden",
        )}
      >
        <ul id={listId} role="listbox" aria-label="Search results" hidden={results.length === 0} className="max-h-[min(26rem,60dvh)] overflow-y-auto py-1">
          {results.map((entry, i) => (
            <li
              key={`${entry.category}-${entry.href}-${entry.title}`}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(entry)}
              onMouseMove={() => setActive(i)}
              className={cn("flex cursor-pointer items-start gap-3 px-4 py-2.5", i === active && "bg-secondary")}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{entry.title}</span>
                <span className="block truncate text-small text-muted-foreground">{entry.description}</span>
              </span>
              <span className="mt-0.5 shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                {entry.category}
              </span>
            </li>
          ))}
        </ul>
        {expanded && searchIndex && results.length === 0 ? (
          <div role="status" className="px-4 py-5 text-center">
            <p className="font-medium">No results found</p>
            <p className="mt-1 text-small text-muted-foreground">Try another word, such as &lsquo;boiler&rsquo;, &lsquo;help&rsquo; or &lsquo;careers&rsquo;.</p>
          </div>
        ) : null}
      </div>
      {/* Where the search answers before React has loaded (search-before-react.client.ts, decision 041): React never hydrates its content. */}
      <div data-search-before-react="" className="contents" dangerouslySetInnerHTML={{ __html: "" }} />
    </div>
  );
}
