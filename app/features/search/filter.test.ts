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

/** Everyday queries, typed the way people type them, and the page each should put first. */
const everydayQueries: [string, string][] = [
  ["boiler", "/categories/plumbing"],
  ["radiator", "/categories/plumbing"],
  ["leak", "/categories/plumbing"],
  ["leaking tap", "/categories/plumbing"],
  ["tap", "/categories/plumbing"],
  ["toilet", "/categories/plumbing"],
  ["blocked drain", "/categories/plumbing"],
  ["plumber", "/categories/plumbing"],
  ["fuse", "/categories/electrical"],
  ["socket", "/categories/electrical"],
  ["rewire", "/categories/electrical"],
  ["electrician", "/categories/electrical"],
  ["light fitting", "/categories/electrical"],
  ["mould", "/categories/cleaning"],
  ["end of tenancy", "/categories/cleaning"],
  ["oven", "/categories/cleaning"],
  ["cleaner", "/categories/cleaning"],
  ["damp", "/categories/handyman"],
  ["gutter", "/categories/handyman"],
  ["shelves", "/categories/handyman"],
  ["decorator", "/categories/painting"],
  ["wallpaper", "/categories/painting"],
  ["lawn", "/categories/landscaping"],
  ["hedge", "/categories/landscaping"],
  ["gardener", "/categories/landscaping"],
  ["flat-pack", "/categories/assembly"],
  ["flat pack", "/categories/assembly"],
  ["ikea wardrobe", "/categories/assembly"],
  ["removal", "/categories/moving"],
  ["man with a van", "/categories/moving"],
  ["babysitter", "/categories/nanny"],
  ["childcare", "/categories/nanny"],
  ["dog", "/categories/dog-walking"],
  ["dog walker", "/categories/dog-walking"],
  ["house sitter", "/categories/house-sitting"],
  ["Boiler", "/categories/plumbing"],
  ["  RADIATORS ", "/categories/plumbing"],
  ["help", "/help"],
  ["careers", "/careers"],
  ["escrow", "/how-it-works"],
  ["app", "/early-access"],
  ["privacy", "/data-protection"],
];

describe("everyday queries find the service that does the job", () => {
  it("has at least 30 queries", () => {
    expect(everydayQueries.length).toBeGreaterThanOrEqual(30);
  });

  it.each(everydayQueries)("%s → %s first", (query, href) => {
    const results = filterSearchEntries(searchIndex, query);
    expect(results[0]?.href).toBe(href);
    expect(results.length).toBeLessThanOrEqual(maxSearchResults);
  });

  it("ranks the service page above pages that merely mention the word", () => {
    // "plumbing" is in the All Services page's description, and "Plumbing" is the service's name.
    const results = filterSearchEntries(searchIndex, "plumbing");
    expect(results[0]!.href).toBe("/categories/plumbing");
    expect(results.map((r) => r.href)).toContain("/categories");
    // "escrow" finds where the money is held, through the entry's keywords (the page does not say the word: decision 054).
    const escrow = filterSearchEntries(searchIndex, "escrow");
    expect(escrow[0]!.title).toBe("Payment Held Until You Confirm");
    expect(escrow[0]!.description).not.toMatch(/escrow/i);
  });

  it("orders by how well an entry matches, index order breaking ties", () => {
    const entries = [entry("Mentions", "all about boilers"), { ...entry("Plumbing", "", "Service"), keywords: ["boiler"] }];
    expect(filterSearchEntries(entries, "boiler").map((e) => e.title)).toEqual(["Plumbing", "Mentions"]);
  });
});
