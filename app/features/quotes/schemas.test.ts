import { describe, expect, it } from "vitest";
import { formatGBPAs } from "~/content/money";
import { coverageFormSchema, messageFormSchema, postJobFormSchema, poundsToPence, quoteFormSchema, replyFormSchema, reviewFormSchema, ukToday } from "./schemas";

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

const job = { service: "plumbing", postcode: "sw1a1aa", title: "Leaking kitchen tap", description: "The kitchen tap drips all day and night.", timing: "asap", preferredDate: "", budget: "" };

describe("postJobFormSchema", () => {
  it("outputs the domain values: normalised postcode, no date unless on a date, no budget when empty", () => {
    const result = postJobFormSchema.safeParse(job);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...job, postcode: "SW1A 1AA", preferredDate: null, budget: null, invite: null });
  });

  it("names each bad field with a message", () => {
    const result = postJobFormSchema.safeParse({ service: "roofing", postcode: "ZZ9 9ZZ", title: "Hi", description: "too short", timing: "soon", budget: "lots" });
    expect(Object.keys(fieldErrors(result)).sort()).toEqual(["budget", "description", "postcode", "service", "timing", "title"]);
    expect(fieldErrors(result).description).toBe("Please write at least 20 characters for the description.");
  });

  it("needs a date from today when the timing is a date", () => {
    expect(fieldErrors(postJobFormSchema.safeParse({ ...job, timing: "date", preferredDate: "2020-01-01" })).preferredDate).toBe("Choose a date from today to a year ahead.");
    const today = ukToday();
    expect(postJobFormSchema.safeParse({ ...job, timing: "date", preferredDate: today }).data?.preferredDate).toBe(today);
  });

  it("refuses a description over 2,000 characters and a NUL byte", () => {
    expect(fieldErrors(postJobFormSchema.safeParse({ ...job, description: "a".repeat(2001) })).description).toMatch(/under 2,000/);
    expect(fieldErrors(postJobFormSchema.safeParse({ ...job, title: "Tap\u0000 fix" })).title).toMatch(/character that can't be used/);
  });
});

describe("quoteFormSchema", () => {
  const dayAfter = (n: number) => new Date(Date.parse(`${ukToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const quote = { priceKind: "fixed", amount: "£1,250.50", amountTo: "", includes: "Parts and labour", slot1Date: dayAfter(3), slot1Window: "morning", message: "" };

  it("turns pounds into pence", () => {
    expect(poundsToPence("120")).toBe(12000);
    expect(poundsToPence("£1,250.5")).toBe(125050);
    expect(poundsToPence("12.345")).toBeNull();
    // A pounds field is filled with formatGBP's "field" style and reads back to the same pence.
    for (const pence of [0, 5, 100, 7050, 123456, 99999999]) expect(poundsToPence(formatGBPAs(pence, "field"))).toBe(pence);
    expect(quoteFormSchema.safeParse(quote).data).toMatchObject({ priceKind: "fixed", amountPence: 125050, amountToPence: null });
  });

  it("needs a range's top above its bottom", () => {
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, priceKind: "range", amount: "200", amountTo: "150" })).amountTo).toMatch(/more than the lower price/);
    expect(quoteFormSchema.safeParse({ ...quote, priceKind: "range", amount: "150", amountTo: "200" }).data).toMatchObject({ amountPence: 15000, amountToPence: 20000 });    const { amountTo: _omitted, ...withoutTop } = quote;
    expect(quoteFormSchema.safeParse(withoutTop).data).toMatchObject({ priceKind: "fixed", amountToPence: null });
    expect(fieldErrors(quoteFormSchema.safeParse({ ...withoutTop, priceKind: "range" })).amountTo).toMatch(/more than the lower price/);
  });

  it("refuses a price of nothing and a start in the past", () => {
    const errors = fieldErrors(quoteFormSchema.safeParse({ ...quote, amount: "0", slot1Date: "2020-01-01" }));
    expect(Object.keys(errors).sort()).toEqual(["amount", "slot1Date"]);
  });

  it("carries one to three start slots, the earliest being the quote's earliest start", () => {
    const three = quoteFormSchema.safeParse({ ...quote, slot2Date: dayAfter(2), slot2Window: "evening", slot3Date: "", slot3Window: "afternoon" });
    expect(three.data).toMatchObject({
      earliestStart: dayAfter(2),
      slots: [
        { date: dayAfter(3), window: "morning" },
        { date: dayAfter(2), window: "evening" },
      ],
    });
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, slot1Date: "" })).slot1Date).toMatch(/at least one start date/);
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, slot1Date: ukToday() })).slot1Date).toMatch(/from tomorrow/);
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, slot2Date: dayAfter(3), slot2Window: "morning" })).slot2Date).toMatch(/each slot once/);
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, slot1Window: "midnight" })).slot1Window).toMatch(/morning, afternoon or evening/);
    expect(fieldErrors(quoteFormSchema.safeParse({ ...quote, slot3Date: "2026-02-30", slot3Window: "morning" })).slot3Date).toMatch(/real date/);
  });
});

describe("the other forms", () => {
  it("bounds messages, reviews and replies", () => {
    expect(messageFormSchema.safeParse({ body: "  " }).success).toBe(false);
    expect(messageFormSchema.safeParse({ body: "Hello" }).success).toBe(true);
    expect(reviewFormSchema.safeParse({ rating: "5", body: "Great work, very tidy and on time." }).data).toEqual({ rating: 5, body: "Great work, very tidy and on time." });
    expect(Object.keys(fieldErrors(reviewFormSchema.safeParse({ rating: "6", body: "Too short" }))).sort()).toEqual(["body", "rating"]);
    expect(replyFormSchema.safeParse({ body: "x".repeat(1001) }).success).toBe(false);
  });

  it("reads coverage from checkboxes and one line of areas, refusing unknown areas", () => {
    expect(coverageFormSchema.safeParse({ services: ["plumbing", "plumbing"], areas: "m, sw1  ls6;M", bio: "" }).data).toEqual({ services: ["plumbing"], areas: ["M", "SW1", "LS6"], bio: "" });
    expect(coverageFormSchema.safeParse({ services: "electrical", areas: ["SW1A"], bio: "" }).data?.services).toEqual(["electrical"]);
    expect(fieldErrors(coverageFormSchema.safeParse({ services: [], areas: "ZZ, M", bio: "" }))).toEqual({ services: "Choose at least one service you offer." });
    expect(fieldErrors(coverageFormSchema.safeParse({ services: ["plumbing"], areas: "ZZ, M", bio: "" })).areas).toMatch(/^ZZ: not a UK postcode area/);
  });
});
