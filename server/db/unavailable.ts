/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * terminated connection, a network cut, a full disk) rather than "this query is wrong". The first
 * kind is answered 503 with Retry-After and logged as a warning: the request may simply be sent
 * again. Drizzle wraps a driver's error in its own (DrizzleQueryError), so the causes are read too.
 */

/** PostgreSQL's SQLSTATEs for it: class 08 (connection exception), the shutdown and start-up states, no connection slots, a full disk. */
const unavailableStates = new Set(["57P01", "57P02", "57P03", "53300", "53100"]);
/** Node's socket and file-system errors of the same kind. */
const unavailableSystemCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ENOSPC"]);
/** node-postgres says these in words only. */
const unavailableMessage =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed and is not queryable|Cannot use a pool after calling end|No space left on device/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (code.startsWith("08") || unavailableStates.has(code) || unavailableSystemCodes.has(code))) return true;
    if (typeof message === "string" && unavailableMessage.test(message)) return true;
    current = cause;
  }
  return false;
}

/** How long a client is asked to wait before sending the request again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
