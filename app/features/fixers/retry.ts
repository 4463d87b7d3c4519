/**
 * Retrying a database write that failed for a passing reason (3 attempts, 1000 ms
 * initial delay, factor 2). Only transient failures are retried: a constraint violation or a bug
 * would fail the same way again.
 */

export type RetryOptions = {
  attempts: number;
  initialDelayMs: number;
  factor: number;
  /** Whether a failure may pass if tried again. */
  isTransient: (error: unknown) => boolean;
  /** Waits between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
};

export const REGISTRATION_RETRY = { attempts: 3, initialDelayMs: 1000, factor: 2 } as const;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  let delay = options.initialDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= options.attempts || !options.isTransient(error)) throw error;
      options.onRetry?.(error, attempt, delay);
      await sleep(delay);
      delay *= options.factor;
    }
  }
}

/** PostgreSQL SQLSTATE classes and codes worth a second try: connection trouble, serialization, deadlock, overload. */
const TRANSIENT_SQLSTATES = new Set(["40001", "40P01", "55P03", "53300", "57P01", "57P02", "57P03"]);
const TRANSIENT_NODE_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "EAI_AGAIN"]);

/** True for a failure that may pass on a retry. Looks through wrappers (drizzle puts the driver's error in `cause`). */
export function isTransientDbError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (TRANSIENT_SQLSTATES.has(code) || code.startsWith("08") || TRANSIENT_NODE_CODES.has(code))) return true;
    const message = current instanceof Error ? current.message : "";
    if (/connection (terminated|timeout|refused)|timeout exceeded when trying to connect/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
