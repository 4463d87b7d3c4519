import { and, eq, inArray, lt, sql } from "drizzle-orm";
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
  /** True when this key was already over its limit before this attempt (nothing was written): callers record the refusal once. */
  alreadyRefused: boolean;
};

/** The message every rate-limited form shows (with a 429). */
export const rateLimitMessage = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts one attempt against `rule` and says whether it is allowed: at most `limit` attempts in any
 * `windowMs`. The window slides (decision 026): the previous fixed window's count weighs in by the
 * share of it still inside the last `windowMs`, so a burst across a window boundary is refused
 * like any other, instead of getting twice the limit.
 *
 * A key already over its limit is answered from one read, with no write (a flood of refused
 * requests must not cost a write each); otherwise one upsert, atomic on PostgreSQL and PGlite, so
 * concurrent instances share the same count. The first refused attempt is counted; later ones are not.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const known = refusedKeysOf(db);
  const until = known.get(rule.key);
  if (until !== undefined) {
    if (until > now) return refusal(until, now, true);
    known.delete(rule.key);
  }
  const window = windowOf(rule, now);
  const counts = await countsOf(db, rule.key, window);
  if (estimate(counts, window) > rule.limit) return remember(known, rule, counts, window, now, true);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: rule.key, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  const counted = { previous: counts.previous, current: row?.count ?? counts.current + 1 };
  // Old windows are worthless: sweep them now and then rather than on every hit. The longest window is
  // a day (failed sign-ins), and its sliding estimate reads the day before: two days are kept.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, now - 2 * 24 * 60 * 60 * 1000));
  }
  const weighed = estimate(counted, window);
  if (weighed > rule.limit) return remember(known, rule, counted, window, now, false);
  return { allowed: true, remaining: Math.max(0, Math.floor(rule.limit - weighed)), retryAfterSeconds: 0, alreadyRefused: false };
}

/** Read-only: whether `rule.key` has used up its `limit` attempts in the last `windowMs` (nothing is counted). */
export async function limitUsedUp(db: Db, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const window = windowOf(rule, now);
  return estimate(await countsOf(db, rule.key, window), window) >= rule.limit;
}

/** Read-only: while `rule.key` has used up its `limit`, the seconds until it may try again; null when it may now. */
export async function secondsUntilAllowed(db: Db, rule: RateLimitRule, now = Date.now()): Promise<number | null> {
  const window = windowOf(rule, now);
  const counts = await countsOf(db, rule.key, window);
  if (estimate(counts, window) < rule.limit) return null;
  return Math.max(1, Math.ceil((allowedAgainAt(counts, window, rule.limit) - now) / 1000));
}

/** Starts these keys' counts again from nothing (e.g. an account's failed sign-ins, once it signs in). */
export async function clearRateLimits(db: Db, keys: string[]): Promise<void> {
  const known = refusedKeysOf(db);
  for (const key of keys) known.delete(key);
  await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
}

type Window = { start: number; ms: number; previousWeight: number };
type Counts = { previous: number; current: number };

function windowOf(rule: RateLimitRule, now: number): Window {
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  return { start, ms: rule.windowMs, previousWeight: 1 - (now - start) / rule.windowMs };
}

function estimate(counts: Counts, window: Window): number {
  return counts.previous * window.previousWeight + counts.current;
}

async function countsOf(db: Db, key: string, window: Window): Promise<Counts> {
  const rows = await db
    .select({ windowStart: rateLimitCounters.windowStart, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), inArray(rateLimitCounters.windowStart, [window.start - window.ms, window.start])));
  const countAt = (start: number) => rows.find((r) => r.windowStart === start)?.count ?? 0;
  return { previous: countAt(window.start - window.ms), current: countAt(window.start) };
}

/**
 * When the next attempt will be allowed, if nothing more is counted: within this window once the
 * previous window's weight has dropped far enough, else in the next one, once this window's has.
 */
function allowedAgainAt(counts: Counts, window: Window, limit: number): number {
  const room = limit - 1 - counts.current;
  if (room >= 0 && counts.previous > 0) return window.start + window.ms * (1 - room / counts.previous);
  const nextStart = window.start + window.ms;
  return nextStart + window.ms * (1 - Math.max(0, limit - 1) / Math.max(counts.current, 1));
}

function refusal(until: number, now: number, alreadyRefused: boolean): RateLimitResult {
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)), alreadyRefused };
}

/**
 * Keys this process has seen over their limit, with the time each is allowed again: a flood from
 * one address or against one account is then refused without touching the database. Nothing is
 * counted while a key is refused, so that time holds. Other instances learn it from the shared
 * counters on their first read. Bounded: the oldest go first.
 */
const refusedKeys = new WeakMap<Db, Map<string, number>>();
const MAX_REMEMBERED_REFUSALS = 10_000;

function refusedKeysOf(db: Db): Map<string, number> {
  let known = refusedKeys.get(db);
  if (!known) refusedKeys.set(db, (known = new Map()));
  return known;
}

function remember(known: Map<string, number>, rule: RateLimitRule, counts: Counts, window: Window, now: number, alreadyRefused: boolean) {
  const until = allowedAgainAt(counts, window, rule.limit);
  if (known.size >= MAX_REMEMBERED_REFUSALS) known.delete(known.keys().next().value!);
  known.set(rule.key, until);
  return refusal(until, now, alreadyRefused);
}
