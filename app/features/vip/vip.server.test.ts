import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, parseCodeList, type Config } from "#server/config.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { vipCodes, vipMemberships, vipPosts } from "#server/db/schema/vip.ts";
import { codeHint, generateAccessCode, hashCode } from "#server/security/codes.ts";
import {
  countVipLinkFailure,
  getVipMembership,
  isVipMember,
  listPublishedVipPosts,
  verifyVipCode,
  vipCodeLimits,
  vipLinkFailuresExhausted,
  withinVipFormLimit,
} from "./vip.server";

/** verifyVipCode and friends against a real (in-memory) database, including the purchased-code path. */
let database: Database;
let config: Config;
const logger = pino({ level: "silent" });
const services = () => ({ db: database.db, config, logger });
const purchased = generateAccessCode("VIP", 4);

beforeAll(async () => {
  database = await openDatabase({ database: { kind: "pglite", dir: null } });
  config = loadConfig({ DATA_DIR: "/tmp/fixit-vip-unit", SESSION_SECRET: "x".repeat(40), VIP_CAMPAIGN_CODES: " Spring-Launch-2026 ,PRESS-7QK,," });
  await database.db.insert(vipCodes).values({ codeHash: hashCode(purchased), codeHint: codeHint(purchased), email: "buyer@example.com" });
  await database.db.insert(users).values([
    { id: "u-buyer", name: "Buyer", email: "buyer@example.com" },
    { id: "u-campaign", name: "Campaign", email: "campaign@example.com" },
    { id: "u-other", name: "Other", email: "other@example.com" },
  ]);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("parseCodeList (VIP_CAMPAIGN_CODES)", () => {
  it("trims each code, drops empty entries and duplicates, keeps case", () => {
    expect(parseCodeList(" Spring-Launch-2026 ,PRESS-7QK,, PRESS-7QK ")).toEqual(["Spring-Launch-2026", "PRESS-7QK"]);
    expect(parseCodeList(undefined)).toEqual([]);
    expect(parseCodeList("  ")).toEqual([]);
    expect(config.vipCampaignCodes).toEqual(["Spring-Launch-2026", "PRESS-7QK"]);
  });
});

describe("verifyVipCode", () => {
  it("accepts a purchased code exactly, or with surrounding spaces, and records when it was used", async () => {
    const [before] = await database.db.select().from(vipCodes).where(eq(vipCodes.codeHash, hashCode(purchased)));
    expect(before!.lastUsedAt).toBeNull();
    expect(await verifyVipCode(services(), purchased)).toMatchObject({ valid: true, source: "purchase", membershipAttached: false });
    expect(await verifyVipCode(services(), `  ${purchased}\n`)).toMatchObject({ valid: true, source: "purchase" });
    const [after] = await database.db.select().from(vipCodes).where(eq(vipCodes.codeHash, hashCode(purchased)));
    expect(after!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses the wrong case, a near miss, an empty and an over-long code", async () => {
    expect(await verifyVipCode(services(), purchased.toLowerCase())).toEqual({ valid: false });
    expect(await verifyVipCode(services(), purchased.slice(0, -1))).toEqual({ valid: false });
    expect(await verifyVipCode(services(), purchased.replace(/-/g, ""))).toEqual({ valid: false });
    expect(await verifyVipCode(services(), "   ")).toEqual({ valid: false });
    expect(await verifyVipCode(services(), `${purchased}${"X".repeat(200)}`)).toEqual({ valid: false });
  });

  it("accepts campaign codes from the configuration, case-sensitively", async () => {
    expect(await verifyVipCode(services(), "Spring-Launch-2026")).toMatchObject({ valid: true, source: "campaign", vipCodeId: null });
    expect(await verifyVipCode(services(), " PRESS-7QK ")).toMatchObject({ valid: true, source: "campaign" });
    expect(await verifyVipCode(services(), "spring-launch-2026")).toEqual({ valid: false });
    const none = loadConfig({ DATA_DIR: "/tmp/fixit-vip-unit", SESSION_SECRET: "x".repeat(40) });
    expect(await verifyVipCode({ ...services(), config: none }, "Spring-Launch-2026")).toEqual({ valid: false });
  });

  it("refuses a revoked code", async () => {
    const revoked = generateAccessCode("VIP", 4);
    await database.db.insert(vipCodes).values({ codeHash: hashCode(revoked), codeHint: codeHint(revoked), revokedAt: new Date() });
    expect(await verifyVipCode(services(), revoked)).toEqual({ valid: false });
  });

  it("makes a signed-in verifier a member once, with where the code came from", async () => {
    expect(await isVipMember(database.db, "u-buyer")).toBe(false);
    const first = await verifyVipCode(services(), purchased, { userId: "u-buyer" });
    expect(first).toMatchObject({ valid: true, membershipAttached: true });
    const [membership] = await database.db.select().from(vipMemberships).where(eq(vipMemberships.userId, "u-buyer"));
    expect(membership).toMatchObject({ source: "code", vipCodeId: first.valid ? first.vipCodeId : -1 });
    expect(await verifyVipCode(services(), purchased, { userId: "u-buyer" })).toMatchObject({ valid: true, membershipAttached: false });
    expect(await isVipMember(database.db, "u-buyer")).toBe(true);

    expect(await verifyVipCode(services(), "PRESS-7QK", { userId: "u-campaign" })).toMatchObject({ membershipAttached: true });
    expect(await getVipMembership(database.db, "u-campaign")).toMatchObject({ source: "campaign" });

    // A wrong code attaches nothing.
    expect(await verifyVipCode(services(), "press-7qk", { userId: "u-other" })).toEqual({ valid: false });
    expect(await isVipMember(database.db, "u-other")).toBe(false);
  });
});

describe("listPublishedVipPosts", () => {
  it("lists the seeded posts, newest first, and leaves out drafts and scheduled posts", async () => {
    const seeded = await listPublishedVipPosts(database.db, new Date("2026-11-22T12:00:00Z"));
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    const dates = seeded.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of seeded) {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.content.split("\n\n").length).toBeGreaterThanOrEqual(3);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(new Date(post.publishedAt).getUTCFullYear()).toBe(2026);
    }
    await database.db.insert(vipPosts).values([
      { title: "Draft", excerpt: "e", content: "c", category: "x", author: "a" },
      { title: "Scheduled", excerpt: "e", content: "c", category: "x", author: "a", publishedAt: new Date("2027-01-01T00:00:00Z") },
    ]);
    const titles = (await listPublishedVipPosts(database.db, new Date("2026-11-22T12:00:00Z"))).map((p) => p.title);
    expect(titles).not.toContain("Draft");
    expect(titles).not.toContain("Scheduled");
    expect(titles).toHaveLength(seeded.length);
  });
});

describe("VIP code rate limits", () => {
  it("counts every form try: the 11th in a window is refused", async () => {
    const results = [];
    for (let i = 0; i < vipCodeLimits.form.limit + 1; i++) results.push(await withinVipFormLimit(services(), "203.0.113.7"));
    expect(results.filter(Boolean)).toHaveLength(vipCodeLimits.form.limit);
    expect(results.at(-1)).toBe(false);
    expect(await withinVipFormLimit(services(), "203.0.113.8")).toBe(true);
  });

  it("counts only failed blog links, and says when they are used up", async () => {
    const now = Date.now();
    const ip = "198.51.100.9";
    for (let i = 0; i < vipCodeLimits.link.limit - 1; i++) await countVipLinkFailure(services(), ip, now);
    expect(await vipLinkFailuresExhausted(services(), ip, now)).toBe(false);
    await countVipLinkFailure(services(), ip, now);
    expect(await vipLinkFailuresExhausted(services(), ip, now)).toBe(true);
    // The window slides: two windows later the failures have slid out of it.
    expect(await vipLinkFailuresExhausted(services(), ip, now + 2 * vipCodeLimits.link.windowMs)).toBe(false);
  });
});
