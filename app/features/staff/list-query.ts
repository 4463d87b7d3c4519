import { formatCount } from "~/content/format";

/**
 * What a staff list shows is said entirely by its query string (?q=…&after=…&<filter>=…), so a
 * list works without JavaScript, can be bookmarked and shared, and the CSV export of "what I see"
 * is the same query on another URL. Anything a person types into the URL is checked here: unknown
 * filter values and nonsense pages are ignored rather than trusted.
 */

export const PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
/** The longest cursor a link carries (a few keys as text, base64url): anything longer is not ours. */
export const CURSOR_MAX_LENGTH = 600;

export type FilterOption = { value: string; label: string };
export type FilterDef = { name: string; label: string; options: readonly FilterOption[] };

export type ListQuery = {
  /** The search text, trimmed, inner whitespace collapsed, at most SEARCH_MAX_LENGTH characters; "" for none. */
  q: string;
  /**
   * The page's position (decision 069): `after` a row (the next page) or `before` one (the page
   * before), as an opaque cursor the list checks; "" for the first page. An old `?page=N` is ignored.
   */
  after: string;
  before: string;
  /** Only filters with a known value are present. */
  filters: Record<string, string>;
};

/** Reserved query-string names a filter cannot use. */
const RESERVED = new Set(["q", "page", "after", "before"]);

export function parseListQuery(params: URLSearchParams, filters: readonly FilterDef[]): ListQuery {
  // Control characters (a NUL byte above all: PostgreSQL refuses it) are only whitespace here.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const q = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  const cursor = (name: string) => {
    const text = params.get(name) ?? "";
    return /^[A-Za-z0-9_-]+$/.test(text) && text.length <= CURSOR_MAX_LENGTH ? text : "";
  };
  const after = cursor("after");
  const before = after ? "" : cursor("before");
  const chosen: Record<string, string> = {};
  for (const filter of filters) {
    if (RESERVED.has(filter.name)) throw new Error(`a filter cannot be called ${filter.name}`);
    const value = params.get(filter.name);
    if (value && filter.options.some((o) => o.value === value)) chosen[filter.name] = value;
  }
  return { q, after, before, filters: chosen };
}

/**
 * The query string for a list query (empty values left out), e.g. "?q=ada&status=pending", with a
 * page position when `at` gives one ("?q=ada&after=…"): the first page has none.
 */
export function listQueryToSearch(query: Pick<ListQuery, "q" | "filters">, at: { after?: string; before?: string } = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  if (at.after) params.set("after", at.after);
  else if (at.before) params.set("before", at.before);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A human line for the filters in force, for the audit trail and the export's log entry. */
export function describeListQuery(query: ListQuery): Record<string, string> {
  return { ...(query.q ? { q: query.q } : {}), ...query.filters };
}

/** How many rows a list's selection holds, as far as it was worth counting (decision 069). */
export type ListTotal = { kind: "exact"; n: number } | { kind: "atLeast"; n: number } | { kind: "estimate"; n: number };

/** The total's line under the filters: "1 result", "10,000+ results (counted up to 10,000)", "about 970,000 results (the database's estimate)". */
export function totalText(total: ListTotal): string {
  const noun = total.n === 1 && total.kind === "exact" ? "result" : "results";
  if (total.kind === "atLeast") return `${formatCount(total.n)}+ ${noun} (counted up to ${formatCount(total.n)})`;
  if (total.kind === "estimate") return `about ${formatCount(total.n)} ${noun} (the database's estimate)`;
  return `${formatCount(total.n)} ${noun}`;
}
