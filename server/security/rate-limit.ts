import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema/rate-limit.ts";

export type RateLimitRule = {
  /** What is limited and for whom, e.g. `form:help:${ip}`. */
  key: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** The message every rate-limited form shows (with a 429). */
export const rateLimitMessage = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts one attempt against `rule` and says whether it is allowed. One upsert per call:
 * atomic on PostgreSQL and PGlite, so concurrent instances share the same count.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const count = row?.count ?? 1;
  // Old windows are worthless: sweep them now and then rather than on every hit.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, now - 24 * 60 * 60 * 1000));
  }
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}
