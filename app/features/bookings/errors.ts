import { isIllegalTransitionError } from "./state-machine";

/**
 * A refused booking request. A route maps `status` to its answer and shows `message`; thrown inside
 * a transaction it rolls everything back. An illegal transition is an IllegalTransitionError (409).
 * - not_found (404): no such booking, or not one of this person's.
 * - conflict (409): not now (already paid, the slot has not started, a card dispute is open…).
 * - invalid (400): the input breaks a rule (a reason too short, an amount that is not a whole positive number of pence).
 */
export type BookingErrorCode = "not_found" | "conflict" | "invalid";

const statusOf: Record<BookingErrorCode, number> = { not_found: 404, conflict: 409, invalid: 400 };

export class BookingError extends Error {
  readonly status: number;
  constructor(
    readonly code: BookingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "BookingError";
    this.status = statusOf[code];
  }
}

/** The HTTP status and message of a refusal (a BookingError or an illegal transition), or null for anything else. */
export function bookingRefusal(error: unknown): { status: number; message: string } | null {
  if (error instanceof BookingError || isIllegalTransitionError(error)) return { status: error.status, message: error.message };
  return null;
}
