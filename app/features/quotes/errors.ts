/**
 * The one error the quotes services throw for a refused request. A route maps `status` to its
 * answer (and shows `message`); thrown inside a transaction it also rolls everything back.
 * - not_found (404): the record does not exist, or the user may not know it does (another
 *   customer's job, a job that does not match this fixer).
 * - forbidden (403): the user is known but not allowed (no fixer profile, account or leads disabled).
 * - conflict (409): not now (the job is closed to quotes, the quote was already accepted, a review exists).
 * - limit (409): a count limit (5 open jobs, 5 quotes per job).
 * - invalid (400): the input breaks a rule the form schema also checks.
 * - rate_limited (429): too many attempts; `retryAfterSeconds` says how long to wait.
 */
export type QuotesErrorCode = "not_found" | "forbidden" | "conflict" | "limit" | "invalid" | "rate_limited";

const statusOf: Record<QuotesErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  limit: 409,
  invalid: 400,
  rate_limited: 429,
};

export class QuotesError extends Error {
  readonly code: QuotesErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: QuotesErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = "QuotesError";
    this.code = code;
    this.status = statusOf[code];
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isQuotesError = (error: unknown): error is QuotesError => error instanceof QuotesError;
