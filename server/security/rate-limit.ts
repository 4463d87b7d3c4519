import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rateLimitCounters } from "#server/db/schema/rate-limit.ts";

export type RateLimitRule = {
  /** What is limited and for whom, e.g. `form:help:${ip}`. */
  key: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult = {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** True when this key was already over its limit before this attempt (nothing was written): callers record the refusal once per window. */
  alreadyRefused: boolean;
};

/** The message every rate-limited form shows (with a 429). */
export const rateLimitMessage = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts one attempt against `rule` and says whether it is allowed. A key already over its limit
 * is answered from one read, with no write (a flood of refused requests must not cost a write
 * each); otherwise one upsert, atomic on PostgreSQL and PGlite, so concurrent instances share the
 * same count. The count stops one past the limit.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const retryAfterSeconds = Math.ceil((windowStart + rule.windowMs - now) / 1000);
  if (await isOverLimit(db, rule, windowStart)) return { allowed: false, remaining: 0, retryAfterSeconds, alreadyRefused: true };
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
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds, alreadyRefused: false };
}

/** Read-only: whether `rule.key` is already over its limit in the window starting at `windowStart`. */
async function isOverLimit(db: Db, rule: RateLimitRule, windowStart: number): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, rule.key), eq(rateLimitCounters.windowStart, windowStart)))
    .limit(1);
  return (row?.count ?? 0) > rule.limit;
}
