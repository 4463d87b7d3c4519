import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { queryCounter } from "#server/db/request-facts.ts";
import { eq } from "drizzle-orm";
import { rateLimitCounters } from "#server/db/schema/rate-limit.ts";
import { clearRateLimits, hitRateLimit, secondsUntilAllowed } from "./rate-limit.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ database: { kind: "pglite", dir: null } });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("hitRateLimit", () => {
  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const rule = { key: "test:a", limit: 3, windowMs: 60_000 };
    const now = 60_000 * 28_000_000 + 10_000; // 10 s into a window
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, rule, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]!.remaining).toBe(0);
    // Four attempts counted (the refused one too) weigh 3 only 30 s into the next window: 50 + 30 s.
    expect(results[3]!.retryAfterSeconds).toBe(80);
  });

  it("slides: a burst across a window boundary is refused like any other", async () => {
    const rule = { key: "test:boundary", limit: 5, windowMs: 60_000 };
    const end = 60_000 * 28_000_001 - 100; // 0.1 s before a window ends
    for (let i = 0; i < 5; i++) expect((await hitRateLimit(database.db, rule, end)).allowed).toBe(true);
    const next = await hitRateLimit(database.db, rule, end + 200); // 0.1 s into the next window
    expect(next.allowed).toBe(false);
    // That refusal counts in the new window; the five weigh little enough 24 s into it (5 × 0.6 + 1 + 1 = 5).
    expect(next.retryAfterSeconds).toBe(24);
    expect((await hitRateLimit(database.db, rule, end + 100 + 23_900)).allowed).toBe(false);
    expect((await hitRateLimit(database.db, rule, end + 100 + 24_000)).allowed).toBe(true);
  });

  it("lets the old attempts slide out, and keeps keys apart", async () => {
    const rule = { key: "test:b", limit: 1, windowMs: 1_000 };
    expect((await hitRateLimit(database.db, rule, 5_000)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, rule, 5_500)).allowed).toBe(false);
    expect((await hitRateLimit(database.db, { ...rule, key: "test:c" }, 5_500)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, rule, 6_000)).allowed).toBe(false);
    expect((await hitRateLimit(database.db, rule, 7_000)).allowed).toBe(true);
  });

  it("writes nothing for a key already over its limit, and says the refusal was already counted", async () => {
    const rule = { key: "test:flood", limit: 2, windowMs: 60_000 };
    const now = 60_000 * 28_000_000 + 1_000;
    const results = [];
    for (let i = 0; i < 50; i++) results.push(await hitRateLimit(database.db, rule, now));
    expect(results.map((r) => r.alreadyRefused).slice(0, 4)).toEqual([false, false, false, true]);
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
    const rows = await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, rule.key));
    expect(rows.map((r) => r.count)).toEqual([3]);
  });

  it("once a key is over its limit, this process refuses it without asking the database until it is allowed again", async () => {
    const rule = { key: "test:remembered", limit: 1, windowMs: 60_000 };
    const now = 60_000 * 28_000_000 + 2_000;
    await hitRateLimit(database.db, rule, now);
    expect((await hitRateLimit(database.db, rule, now)).allowed).toBe(false);
    const counted = { queries: 0 };
    const refused = await queryCounter.run(counted, async () => {
      const results = [];
      for (let i = 0; i < 20; i++) results.push(await hitRateLimit(database.db, rule, now + i));
      return results;
    });
    expect(refused.every((r) => !r.allowed && r.alreadyRefused)).toBe(true);
    expect(counted.queries).toBe(0);
    // Once the two attempts have slid out (two windows on), the database is asked again.
    expect(await queryCounter.run(counted, () => hitRateLimit(database.db, rule, now + 120_000))).toMatchObject({ allowed: true });
    expect(counted.queries).toBeGreaterThan(0);
  });
});

describe("secondsUntilAllowed and clearRateLimits", () => {
  it("say, without counting, when a used-up key may try again; cleared, the key starts from nothing", async () => {
    const rule = { key: "test:read-only", limit: 2, windowMs: 60_000 };
    const now = 60_000 * 28_000_100 + 15_000; // 15 s into a window
    expect(await secondsUntilAllowed(database.db, rule, now)).toBeNull();
    await hitRateLimit(database.db, rule, now);
    expect(await secondsUntilAllowed(database.db, rule, now)).toBeNull();
    await hitRateLimit(database.db, rule, now);
    // Two in this window: one attempt is allowed again once they weigh 1, halfway into the next window (45 + 30 s).
    expect(await secondsUntilAllowed(database.db, rule, now)).toBe(75);
    expect(await secondsUntilAllowed(database.db, rule, now)).toBe(75);
    const [row] = await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, rule.key));
    expect(row!.count).toBe(2);

    await clearRateLimits(database.db, [rule.key]);
    expect(await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, rule.key))).toEqual([]);
    expect(await secondsUntilAllowed(database.db, rule, now)).toBeNull();
  });

  it("forgets a key this process remembered as refused", async () => {
    const rule = { key: "test:cleared-refusal", limit: 1, windowMs: 60_000 };
    const now = 60_000 * 28_000_200 + 1_000;
    await hitRateLimit(database.db, rule, now);
    expect((await hitRateLimit(database.db, rule, now)).allowed).toBe(false);
    await clearRateLimits(database.db, [rule.key]);
    expect((await hitRateLimit(database.db, rule, now)).allowed).toBe(true);
  });
});
