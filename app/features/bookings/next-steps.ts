import type { BookingState } from "#server/db/schema/bookings.ts";

/**
 * What a booking's state means to each side (issue 52): its status in a word or two, and the next
 * step, for the "Bookings" lists. A Record over every state: a new state does not compile until
 * someone decides what each side reads for it. No server imports: the lists' views use it.
 */

/** `yours`: the step is this person's to take (the list marks it). */
export type NextStep = { text: string; yours: boolean };

const yours = (text: string): NextStep => ({ text, yours: true });
const waiting = (text: string): NextStep => ({ text, yours: false });

export const BOOKING_NEXT_STEPS: Record<BookingState, { status: string; customer: NextStep; fixer: NextStep }> = {
  pending_payment: { status: "Waiting for payment", customer: yours("Pay"), fixer: waiting("Waiting for the customer to pay") },
  awaiting_fixer_confirmation: { status: "Paid", customer: waiting("Waiting for the fixer to confirm the slot"), fixer: yours("Confirm or decline the slot") },
  booked: { status: "Booked", customer: waiting("Wait for the fixer on the day"), fixer: yours("Mark as done when the work is finished") },
  done_marked: { status: "Marked done", customer: yours("Confirm the work, or report a problem"), fixer: waiting("Waiting for the customer") },
  disputed: { status: "Problem reported", customer: waiting("Waiting for FixiT staff to decide"), fixer: waiting("Waiting for FixiT staff to decide") },
  staff_review: { status: "With FixiT staff", customer: waiting("Waiting for FixiT staff to decide"), fixer: waiting("Waiting for FixiT staff to decide") },
  released: { status: "Completed", customer: waiting("Nothing: the work is confirmed"), fixer: waiting("Nothing: the payment is released to you") },
  partly_released: { status: "Settled by staff", customer: waiting("Nothing: FixiT staff settled it"), fixer: waiting("Nothing: FixiT staff settled it") },
  refunded: { status: "Refunded", customer: waiting("Nothing: you were refunded"), fixer: waiting("Nothing: the customer was refunded") },
  cancelled_by_customer: { status: "Cancelled", customer: waiting("Nothing: you cancelled"), fixer: waiting("Nothing: the customer cancelled") },
  cancelled_late: { status: "Cancelled late", customer: waiting("Nothing: you cancelled"), fixer: waiting("Nothing: the customer cancelled") },
  cancelled_by_fixer: { status: "Cancelled by the fixer", customer: waiting("Nothing: the fixer cancelled"), fixer: waiting("Nothing: you cancelled") },
  slot_declined: { status: "Slot declined", customer: yours("Book another slot from your job"), fixer: waiting("Nothing: you declined the slot") },
  claim_open: { status: "Claim made", customer: waiting("Waiting for the fixer to answer your claim"), fixer: yours("Answer the customer's claim") },
  claim_contested: { status: "Contested", customer: waiting("Waiting for FixiT staff to decide"), fixer: waiting("Waiting for FixiT staff to decide") },
  no_show: { status: "No-show", customer: waiting("Nothing: you were refunded"), fixer: waiting("Nothing: the booking closed") },
  lapsed: { status: "Lapsed", customer: yours("Book another slot from your job"), fixer: waiting("Nothing: the slot was not confirmed in time") },
  expired: { status: "Not paid", customer: waiting("Nothing: it was not paid in time"), fixer: waiting("Nothing: it was not paid") },
  chargeback_lost: { status: "Card dispute", customer: waiting("Nothing: your bank returned the payment"), fixer: waiting("Nothing: the customer's bank returned the payment") },
};

/** Paid and not yet settled: the job is booked, and cannot be closed behind the booking's back. */
export const PAID_UNSETTLED_STATES: readonly BookingState[] = ["awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "claim_open", "claim_contested"];
/** The work was paid for: the job is completed. */
export const COMPLETED_STATES: readonly BookingState[] = ["released", "partly_released"];

/** The job's state as its booking makes it ("Booked", "Completed"); null when the booking says nothing about the job. */
export function jobStateFromBooking(state: BookingState | null | undefined): "Booked" | "Completed" | null {
  if (!state) return null;
  if (PAID_UNSETTLED_STATES.includes(state)) return "Booked";
  if (COMPLETED_STATES.includes(state)) return "Completed";
  return null;
}
