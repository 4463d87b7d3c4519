import type { AppStoreLinks } from "~/content/app-stores";
import { adviceEntries, type AdviceEntry, fallbackCategoryWords } from "./advice";
import { detectEmergency, type EmergencyEntry } from "./emergencies";
import { bookingAnswer, bookingPattern, findServiceIn, pricePattern, pricingAnswer, type SiteAnswer } from "./site-answers";

/** Why an answer was chosen: an emergency, a question about FixiT itself, an advice entry, or none. */
export type AdviceMatch =
  | { kind: "emergency"; emergency: EmergencyEntry }
  | { kind: "site"; answer: SiteAnswer }
  | { kind: "keywords"; entry: AdviceEntry; matchedKeywords: number }
  | { kind: "category"; entry: AdviceEntry }
  | { kind: "fallback" };

/** What an answer may depend on besides the message: the configured app stores and today's date. */
export type MatchContext = { stores?: AppStoreLinks; now?: Date };

function matchLibrary(text: string, entries: readonly AdviceEntry[]): Extract<AdviceMatch, { entry: AdviceEntry }> | null {
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
  return null;
}

/**
 * Picks the answer for a message. Safety and questions about FixiT come first (a departure from
 * docs/decisions/018): an emergency (gas, carbon monoxide, sparks, burning, water near
 * electrics) always answers first; a booking question gets how booking works today; a price
 * question gets the site's own price ranges when it names a service or asks nothing else.
 * Then the advice library:
 * 1. lowercase the message;
 * 2. candidates are entries with any keyword contained in it;
 * 3. the most matching keywords wins, the earliest entry wins a tie;
 * 4. with no candidate, the first entry of the first category word found
 *    (heating, electrical, plumbing, maintenance, insulation, emergency);
 * 5. otherwise the fallback help text.
 */
export function matchAdvice(message: string, entries: readonly AdviceEntry[] = adviceEntries, context: MatchContext = {}): AdviceMatch {
  const text = message.toLowerCase();

  const emergency = detectEmergency(text);
  if (emergency) return { kind: "emergency", emergency };
  if (bookingPattern.test(text)) return { kind: "site", answer: bookingAnswer(context.stores, context.now, text) };

  const advice = matchLibrary(text, entries);
  if (pricePattern.test(text) && (findServiceIn(text) || !advice)) return { kind: "site", answer: pricingAnswer(text) };
  return advice ?? { kind: "fallback" };
}

export { capitaliseCategory } from "./reply-format";
