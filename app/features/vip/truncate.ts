/** How much of a VIP post a preview shows, so a teaser never gives the whole post away: the excerpt up to 150 characters, the content up to 300. */
export const previewLimits = { excerpt: 150, content: 300 } as const;

const ELLIPSIS = "…";

/**
 * `text` on one line, cut to at most `max` characters (the ellipsis included) at a word boundary.
 * Counts characters, not UTF-16 units, so an emoji is never split; a single word longer than the
 * limit is cut mid-word rather than dropped.
 */
export function truncatePreview(text: string, max: number): string {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`not a usable preview length: ${max}`);
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const room = chars.slice(0, max - ELLIPSIS.length);
  // The next character is a space: the cut already falls between words.
  const atBoundary = chars[room.length] === " ";
  const lastSpace = room.lastIndexOf(" ");
  const kept = atBoundary || lastSpace <= 0 ? room : room.slice(0, lastSpace);
  // "word," or "word." before the ellipsis reads badly: drop trailing punctuation and spaces.
  return kept.join("").replace(/[\s,;:.!?–—-]+$/u, "") + ELLIPSIS;
}
