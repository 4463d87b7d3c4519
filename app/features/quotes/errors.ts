import { RefusalError, type RefusalCode } from "~/lib/forms/refusal-error";

/**
 * The one error the quotes services throw for a refused request: a {@link RefusalError}, whose code
 * gives the status an action answers with (`refusalStatus`) and whose message it shows.
 * - not_found (404): the record does not exist, or the user may not know it does (another
 *   customer's job, a job that does not match this fixer).
 * - forbidden (403): the user is known but not allowed (no fixer profile, account or leads disabled).
 * - conflict (409): not now (the job is closed to quotes, the quote was already accepted, a review exists).
 * - limit (409): a count limit (5 open jobs, 5 quotes per job).
 * - invalid (400): the input breaks a rule the form schema also checks.
 * - rate_limited (429): too many attempts; `retryAfterSeconds` says how long to wait.
 */
export type QuotesErrorCode = RefusalCode;

export class QuotesError extends RefusalError<QuotesErrorCode> {
  constructor(code: QuotesErrorCode, message: string, retryAfterSeconds?: number) {
    super(code, message, retryAfterSeconds);
    this.name = "QuotesError";
  }
}

export const isQuotesError = (error: unknown): error is QuotesError => error instanceof QuotesError;
