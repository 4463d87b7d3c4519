/**
 * What a staff list shows is said entirely by its query string (?q=…&page=…&<filter>=…), so a
 * list works without JavaScript, can be bookmarked and shared, and the CSV export of "what I see"
 * is the same query on another URL. Anything a person types into the URL is checked here: unknown
 * filter values and nonsense pages are ignored rather than trusted.
 */

export const PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;

export type FilterOption = { value: string; label: string };
export type FilterDef = { name: string; label: string; options: readonly FilterOption[] };

export type ListQuery = {
  /** The search text, trimmed, inner whitespace collapsed, at most SEARCH_MAX_LENGTH characters; "" for none. */
  q: string;
  page: number;
  /** Only filters with a known value are present. */
  filters: Record<string, string>;
};

/** Reserved query-string names a filter cannot use. */
const RESERVED = new Set(["q", "page"]);

export function parseListQuery(params: URLSearchParams, filters: readonly FilterDef[]): ListQuery {
  // Control characters (a NUL byte above all: PostgreSQL refuses it) are only whitespace here.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  const q = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  const pageText = params.get("page") ?? "";
  const pageNumber = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const page = Math.min(Math.max(pageNumber, 1), MAX_PAGE);
  const chosen: Record<string, string> = {};
  for (const filter of filters) {
    if (RESERVED.has(filter.name)) throw new Error(`a filter cannot be called ${filter.name}`);
    const value = params.get(filter.name);
    if (value && filter.options.some((o) => o.value === value)) chosen[filter.name] = value;
  }
  return { q, page, filters: chosen };
}

/** The query string for a list query (page 1 and empty values left out), e.g. "?q=ada&status=pending". */
export function listQueryToSearch(query: ListQuery, overrides: Partial<Pick<ListQuery, "page">> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  const page = overrides.page ?? query.page;
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The number of pages for `total` rows (at least 1, so "page 1 of 1" reads right for an empty list). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A human line for the filters in force, for the audit trail and the export's log entry. */
export function describeListQuery(query: ListQuery): Record<string, string> {
  return { ...(query.q ? { q: query.q } : {}), ...query.filters };
}
