/** Retry delays for outbox jobs: exponential from `baseMs`, capped at `maxMs`, with ±20 % jitter. */
export type BackoffOptions = { baseMs: number; maxMs?: number; jitter?: number; random?: () => number };

export const DEFAULT_MAX_BACKOFF_MS = 30 * 60_000;

/**
 * Delay before the next try after `attempt` failed tries (attempt 1 → baseMs, 2 → 2×baseMs, …).
 * Jitter spreads retries from many jobs that failed together (an SMTP outage) so they do
 * not all hit the server again in the same instant.
 */
export function computeBackoffMs(attempt: number, options: BackoffOptions): number {
  const { baseMs, maxMs = DEFAULT_MAX_BACKOFF_MS, jitter = 0.2, random = Math.random } = options;
  const failures = Math.max(1, Math.floor(Number.isFinite(attempt) ? attempt : 1));
  // 2 ** 40 is already far beyond any cap; keeps the arithmetic finite.
  const exponential = baseMs * 2 ** Math.min(failures - 1, 40);
  const capped = Math.min(exponential, maxMs);
  const spread = 1 - jitter + 2 * jitter * random();
  return Math.max(0, Math.round(Math.min(capped * spread, maxMs)));
}
