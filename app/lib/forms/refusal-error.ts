/**
 * The one shape of a refused request that a feature's services throw (QuotesError, BookingError,
 * the booking state machine's IllegalTransitionError) and the one map from its code to the HTTP
 * status an action answers with (`refusalAnswer` in `answer.server.ts`). Thrown inside a
 * transaction it also rolls everything back.
 * - not_found (404): the record does not exist, or the user may not know it does.
 * - forbidden (403): the user is known but not allowed.
 * - conflict (409): not now (closed, already accepted, already paid, a state that does not allow it).
 * - limit (409): a count limit is reached.
 * - invalid (400): the input breaks a rule (usually one the form schema also checks).
 * - rate_limited (429): too many attempts; `retryAfterSeconds` says how long to wait.
 */
export type RefusalCode = "not_found" | "forbidden" | "conflict" | "limit" | "invalid" | "rate_limited";

export const refusalStatus: Record<RefusalCode, number> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  limit: 409,
  invalid: 400,
  rate_limited: 429,
};

export class RefusalError<Code extends RefusalCode = RefusalCode> extends Error {
  readonly code: Code;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: Code, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "RefusalError";
    this.code = code;
    this.status = refusalStatus[code];
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isRefusalError = (error: unknown): error is RefusalError => error instanceof RefusalError;
