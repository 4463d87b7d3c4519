import { describe, expect, it } from "vitest";
import { parseSubmission as checkWith } from "~/lib/forms/parse";
import { parseTags, vipPostSchema } from "./post-schema";

const valid = { title: "Winter boiler checks", excerpt: "Five minutes now saves a cold week later.", content: "Full text.", category: "Maintenance", author: "FixiT Team", tags: "boilers, winter" };

describe("vipPostSchema", () => {
  it("accepts a complete post and turns tags into a list", () => {
    const checked = checkWith(vipPostSchema, valid);
    expect(checked).toEqual({ ok: true, data: { ...valid, tags: ["boilers", "winter"] } });
  });

  it.each(["title", "excerpt", "content", "category", "author"] as const)("requires %s", (field) => {
    const checked = checkWith(vipPostSchema, { ...valid, [field]: "   " });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.fieldErrors)).toEqual([field]);
  });

  it("allows no tags and bounds lengths", () => {
    expect(checkWith(vipPostSchema, { ...valid, tags: "" })).toMatchObject({ ok: true, data: { tags: [] } });
    expect(checkWith(vipPostSchema, { ...valid, title: "x".repeat(201) }).ok).toBe(false);
    expect(checkWith(vipPostSchema, { ...valid, tags: Array.from({ length: 13 }, (_, i) => `t${i}`).join(",") }).ok).toBe(false);
    expect(checkWith(vipPostSchema, { ...valid, tags: "x".repeat(41) }).ok).toBe(false);
  });
});

describe("parseTags", () => {
  it("trims, drops empties and duplicates (case-insensitively, keeping the first spelling)", () => {
    expect(parseTags(" DIY ,  energy   saving,, diy ,Energy Saving, ")).toEqual(["DIY", "energy saving"]);
  });
});
