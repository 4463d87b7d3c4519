import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { eq } from "drizzle-orm";
import { rateLimitCounters } from "#server/db/schema/rate-limit.ts";
import { hitRateLimit } from "./rate-limit.ts";

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
    expect(results[3]!.retryAfterSeconds).toBe(50);
  });

  it("starts again in the next window and keeps keys apart", async () => {
    const rule = { key: "test:b", limit: 1, windowMs: 1_000 };
    expect((await hitRateLimit(database.db, rule, 5_000)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, rule, 5_500)).allowed).toBe(false);
    expect((await hitRateLimit(database.db, { ...rule, key: "test:c" }, 5_500)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, rule, 6_000)).allowed).toBe(true);
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
});
