import type { SearchEntry } from "~/content/search-index";

/** Spec §9: the search shows at most 8 results. */
export const maxSearchResults = 8;

/**
 * Entries whose title, description or category contains the query, case-insensitively,
 * in index order, at most `limit`. A blank query matches nothing.
 */
export function filterSearchEntries(entries: readonly SearchEntry[], query: string, limit = maxSearchResults): SearchEntry[] {
  const needle = query.trim().toLocaleLowerCase("en-GB");
  if (!needle) return [];
  const results: SearchEntry[] = [];
  for (const entry of entries) {
    const haystacks = [entry.title, entry.description, entry.category];
    if (haystacks.some((text) => text.toLocaleLowerCase("en-GB").includes(needle))) {
      results.push(entry);
      if (results.length === limit) break;
    }
  }
  return results;
}
