import { describe, expect, it } from "vitest";
import { publicPages } from "~/content/pages";
import { searchIndex, type SearchEntry } from "~/content/search-index";
import { services } from "~/content/services";
import { filterSearchEntries, maxSearchResults } from "./filter";

const entry = (title: string, description = "", category: SearchEntry["category"] = "Page"): SearchEntry => ({
  title,
  description,
  category,
  href: `/${title.toLowerCase()}`,
});

describe("the search index", () => {
  it("holds about 33 entries: every public page, every service and the key features", () => {
    expect(searchIndex.length).toBeGreaterThanOrEqual(30);
    expect(searchIndex.length).toBeLessThanOrEqual(36);
    for (const page of publicPages) expect(searchIndex.some((e) => e.href === page.path && e.category === "Page")).toBe(true);
    for (const s of services) expect(searchIndex.some((e) => e.href === s.href && e.category === "Service")).toBe(true);
    expect(searchIndex.filter((e) => e.category === "Feature").length).toBeGreaterThanOrEqual(5);
  });

  it("links every entry to a site path", () => {
    for (const e of searchIndex) expect(e.href).toMatch(/^\/[a-z0-9\-/#]*$/);
  });
});

describe("filterSearchEntries", () => {
  const entries = [entry("Plumbing", "Leaks and taps", "Service"), entry("About Us", "Our story"), entry("Escrow", "Payments held safely", "Feature")];

  it("matches the title case-insensitively", () => {
    expect(filterSearchEntries(entries, "PLUMB").map((e) => e.title)).toEqual(["Plumbing"]);
  });

  it("matches the description and the category", () => {
    expect(filterSearchEntries(entries, "story").map((e) => e.title)).toEqual(["About Us"]);
    expect(filterSearchEntries(entries, "feature").map((e) => e.title)).toEqual(["Escrow"]);
  });

  it("ignores surrounding spaces and returns nothing for a blank query", () => {
    expect(filterSearchEntries(entries, "  escrow ").map((e) => e.title)).toEqual(["Escrow"]);
    expect(filterSearchEntries(entries, "")).toEqual([]);
    expect(filterSearchEntries(entries, "   ")).toEqual([]);
  });

  it("returns nothing when no entry matches", () => {
    expect(filterSearchEntries(entries, "zzqx")).toEqual([]);
    expect(filterSearchEntries(searchIndex, "xylophone")).toEqual([]);
  });

  it("returns at most 8 results, in index order", () => {
    const many = Array.from({ length: 20 }, (_, i) => entry(`Item ${i}`));
    const results = filterSearchEntries(many, "item");
    expect(maxSearchResults).toBe(8);
    expect(results).toHaveLength(8);
    expect(results[0]!.title).toBe("Item 0");
    expect(filterSearchEntries(searchIndex, "e").length).toBe(8);
  });

  it("treats regular-expression characters as plain text", () => {
    expect(filterSearchEntries([entry("A+B (test)")], "+b (")).toHaveLength(1);
    expect(filterSearchEntries(entries, ".*")).toEqual([]);
  });

  it("finds services in the real index by name", () => {
    expect(filterSearchEntries(searchIndex, "dog").some((e) => e.href === "/categories/dog-walking")).toBe(true);
  });
});
