import { describe, expect, it } from "vitest";
import { previewLimits, truncatePreview } from "./truncate";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("truncatePreview", () => {
  it("leaves text within the limit untouched apart from collapsing whitespace", () => {
    expect(truncatePreview("Short and sweet.", 150)).toBe("Short and sweet.");
    expect(truncatePreview("  Two\n\nparagraphs  here ", 150)).toBe("Two paragraphs here");
    const exactly150 = "a".repeat(150);
    expect(truncatePreview(exactly150, previewLimits.excerpt)).toBe(exactly150);
  });

  it("cuts an excerpt to at most 150 characters at a word boundary, with an ellipsis", () => {
    const long = words(60); // ~ 400 characters
    const preview = truncatePreview(long, previewLimits.excerpt);
    expect(Array.from(preview).length).toBeLessThanOrEqual(150);
    expect(preview.endsWith("…")).toBe(true);
    const body = preview.slice(0, -1);
    expect(long.startsWith(body)).toBe(true);
    // Ends on a whole word: the next character of the original is a space.
    expect(long[body.length]).toBe(" ");
    // And it uses the room it has: adding the next word would overflow.
    const nextWord = long.slice(body.length + 1).split(" ")[0]!;
    expect(body.length + 1 + nextWord.length + 1).toBeGreaterThan(150);
  });

  it("cuts content to at most 300 characters the same way", () => {
    const long = `${words(80)}\n\n${words(40)}`;
    const preview = truncatePreview(long, previewLimits.content);
    expect(Array.from(preview).length).toBeLessThanOrEqual(300);
    expect(Array.from(preview).length).toBeGreaterThan(280);
    expect(preview.endsWith("…")).toBe(true);
    expect(preview).not.toContain("\n");
  });

  it("keeps a word that ends exactly at the limit", () => {
    // 149 characters of words followed by a space: the whole 149 fit with the ellipsis.
    const text = `${"x".repeat(144)} abcd more words after`;
    expect(truncatePreview(text, 150)).toBe(`${"x".repeat(144)} abcd…`);
  });

  it("drops trailing punctuation before the ellipsis", () => {
    const text = `${"a".repeat(10)} ${"b".repeat(5)}, ${"c".repeat(20)}`;
    expect(truncatePreview(text, 20)).toBe(`${"a".repeat(10)} ${"b".repeat(5)}…`);
  });

  it("cuts a single over-long word mid-word rather than returning nothing", () => {
    expect(truncatePreview("x".repeat(400), 150)).toBe(`${"x".repeat(149)}…`);
  });

  it("never splits an emoji", () => {
    const text = `${"🙂".repeat(200)}`;
    const preview = truncatePreview(text, 150);
    expect(Array.from(preview)).toHaveLength(150);
    expect(preview).toBe(`${"🙂".repeat(149)}…`);
  });

  it("refuses a nonsensical limit", () => {
    expect(() => truncatePreview("text", 0)).toThrow(RangeError);
    expect(() => truncatePreview("text", 1.5)).toThrow(RangeError);
  });
});
