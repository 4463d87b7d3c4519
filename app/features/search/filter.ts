import type { SearchEntry } from "~/content/search-index";

/** The search shows at most 8 results: the list stays short enough to read at a glance on a phone. */
export const maxSearchResults = 8;

/** "Flat-pack!" → "flat pack": lowercase words, punctuation and hyphens as spaces. */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase("en-GB")
    .replace(/[^\p{L}\p{N}£&]+/gu, " ")
    .trim();
}

const containsWord = (text: string, word: string) => ` ${text} `.includes(` ${word} `);

/**
 * How well an entry answers a query; 0 is no match. The named thing beats a mention: a title or
 * a service's own job word ("boiler" → Plumbing) ranks above a description that merely contains it.
 */
function score(entry: SearchEntry, rawNeedle: string, needle: string): number {
  const lower = (text: string) => text.toLocaleLowerCase("en-GB");
  if (needle) {
    const title = normalise(entry.title);
    const keywords = (entry.keywords ?? []).map(normalise);
    if (title === needle) return 100;
    if (keywords.includes(needle)) return 95;
    if (containsWord(title, needle)) return 90;
    if (title.startsWith(needle)) return 80;
    if (keywords.some((k) => containsWord(needle, k))) return 75;
    if (needle.length >= 3 && keywords.some((k) => k.startsWith(needle))) return 70;
  }
  if (lower(entry.title).includes(rawNeedle)) return 60;
  if (lower(entry.description).includes(rawNeedle)) return 30;
  if (lower(entry.category).includes(rawNeedle)) return 10;
  return 0;
}

/**
 * The entries that match a query, best first (index order breaks ties), at most `limit`.
 * An entry matches on its title, a keyword (a service's jobs and synonyms), its description or
 * its category, case-insensitively. A blank query matches nothing.
 */
export function filterSearchEntries(entries: readonly SearchEntry[], query: string, limit = maxSearchResults): SearchEntry[] {
  const rawNeedle = query.trim().toLocaleLowerCase("en-GB");
  if (!rawNeedle) return [];
  const needle = normalise(query);
  return entries
    .map((entry, index) => ({ entry, index, score: score(entry, rawNeedle, needle) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.entry);
}
