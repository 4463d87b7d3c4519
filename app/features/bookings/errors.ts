import { RefusalError } from "~/lib/forms/refusal-error";

/**
 * A refused booking request: a {@link RefusalError} (the one code → status map), so an action
 * answers it with `refusalAnswer`. An illegal transition is the state machine's
 * IllegalTransitionError (409), a RefusalError too.
 * - not_found (404): no such booking, or not one of this person's.
 * - conflict (409): not now (already paid, the slot has not started, a card dispute is open…).
 * - invalid (400): the input breaks a rule (a reason too short, an amount that is not a whole positive number of pence).
 */
export type BookingErrorCode = "not_found" | "conflict" | "invalid";

export class BookingError extends RefusalError<BookingErrorCode> {
  constructor(code: BookingErrorCode, message: string) {
    super(code, message);
    this.name = "BookingError";
  }
}
