import { adviceEntries, type AdviceEntry, fallbackCategoryWords } from "./advice";

/** Why an entry was chosen, or that none was (spec §4.3). */
export type AdviceMatch =
  | { kind: "keywords"; entry: AdviceEntry; matchedKeywords: number }
  | { kind: "category"; entry: AdviceEntry }
  | { kind: "fallback" };

/**
 * Picks the advice for a message exactly as spec §4.3 says:
 * 1. lowercase the message;
 * 2. candidates are entries with any keyword contained in it;
 * 3. the most matching keywords wins, the earliest entry wins a tie;
 * 4. with no candidate, the first entry of the first category word found
 *    (heating, electrical, plumbing, maintenance, insulation, emergency);
 * 5. otherwise the fallback help text.
 */
export function matchAdvice(message: string, entries: readonly AdviceEntry[] = adviceEntries): AdviceMatch {
  const text = message.toLowerCase();

  let best: { entry: AdviceEntry; count: number } | null = null;
  for (const entry of entries) {
    const count = entry.keywords.filter((keyword) => text.includes(keyword)).length;
    // Strictly greater keeps the earliest entry on a tie.
    if (count > 0 && (best === null || count > best.count)) best = { entry, count };
  }
  if (best) return { kind: "keywords", entry: best.entry, matchedKeywords: best.count };

  for (const word of fallbackCategoryWords) {
    if (!text.includes(word)) continue;
    const first = entries.find((entry) => entry.category === word);
    if (first) return { kind: "category", entry: first };
  }
  return { kind: "fallback" };
}

/** "housesitting" → "Housesitting": the category name with a capital first letter. */
export function capitaliseCategory(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
