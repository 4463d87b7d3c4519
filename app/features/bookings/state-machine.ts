import { BOOKING_STATES, type BookingState } from "#server/db/schema/bookings.ts";
import { RefusalError } from "~/lib/forms/refusal-error";
import { canMakeMove, checkMove, reachable, type MoveRule } from "~/lib/machine";
import { BOOKING_PROCESS, BOOKING_STARTS, type Actor, type TransitionName } from "./process";

export type { BookingState } from "#server/db/schema/bookings.ts";

/**
 * Who may take which transition from which state, read from the process table (process.ts; drawn in
 * docs/decisions/087-the-booking-process-as-one-table.md). Everything that changes a booking's state
 * goes through {@link nextState}; the executor takes the row lock first, so of two transitions racing
 * for one booking the second sees the first's result.
 */

/** The transitions' rules are the process table's rows (process.ts): this module answers who may take which, from where. */
export const TRANSITIONS = BOOKING_PROCESS;
export type { Actor, TransitionName };

type TransitionRule = MoveRule<BookingState, Actor>;

/** The states in which a booking holds its quote or emergency request (the unique indexes' lists in the schema). */
export const LIVE_STATES: readonly BookingState[] = ["pending_payment", "awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "released", "partly_released", "claim_open", "claim_contested"];

/** States a booking never leaves: derived from the one list of states (the schema's) and the transitions, never written out again. */
/** The states in which a slot may still move: paid, and the work not yet started. */
export const RESCHEDULABLE_STATES: readonly BookingState[] = ["awaiting_fixer_confirmation", "booked"];

export const FINAL_STATES: readonly BookingState[] = BOOKING_STATES.filter((state) => !Object.values(TRANSITIONS).some((rule) => (rule.from as readonly BookingState[]).includes(state)));

/** How a state reads in a sentence: "This booking is already released." */
export const STATE_LABELS: Record<BookingState, string> = {
  pending_payment: "waiting for payment",
  awaiting_fixer_confirmation: "waiting for the fixer to confirm the slot",
  booked: "booked",
  done_marked: "marked done by the fixer",
  disputed: "under dispute",
  staff_review: "with FixiT staff for review",
  // Released is owed to the fixer, not yet transferred: the booking page says where the money is (from the ledger).
  released: "already released to the fixer",
  partly_released: "already settled by FixiT staff",
  refunded: "already refunded",
  cancelled_by_customer: "cancelled",
  cancelled_late: "cancelled",
  cancelled_by_fixer: "cancelled by the fixer",
  slot_declined: "closed: the fixer declined the slot",
  no_show: "closed after a no-show",
  lapsed: "closed: the fixer did not confirm the slot in time",
  claim_open: "waiting for the fixer's answer to the customer's claim",
  claim_contested: "contested: with FixiT staff to decide",
  expired: "closed: it was not paid in time",
  chargeback_lost: "closed: the customer's bank took the payment back (a card dispute)",
};

/** A transition the booking's state (or the actor) does not allow. Answered with 409; nothing changes. */
export class IllegalTransitionError extends RefusalError<"conflict"> {
  constructor(
    readonly transition: TransitionName,
    readonly state: BookingState,
    message: string,
  ) {
    super("conflict", message);
    this.name = "IllegalTransitionError";
  }
}

export const isIllegalTransitionError = (error: unknown): error is IllegalTransitionError => error instanceof IllegalTransitionError;

export const canTake = (name: TransitionName, state: BookingState, actor: Actor): boolean => canMakeMove<BookingState, Actor>(TRANSITIONS[name], state, actor);

/**
 * The state `name` leads to from `state` (`to` chooses when the transition has several), or an
 * {@link IllegalTransitionError} with a sentence a person can read.
 */
export function nextState(name: TransitionName, state: BookingState, actor: Actor, to?: BookingState): BookingState {
  const rule: TransitionRule = TRANSITIONS[name];
  return checkMove(
    rule,
    state,
    actor,
    (why) => new IllegalTransitionError(name, state, why === "actor" ? `Only ${rule.by.join(" or ")} can ${rule.label} a booking.` : `This booking cannot be changed that way: it is ${STATE_LABELS[state]}.`),
    to,
  );
}

/** Every state the machine can reach from pending_payment (the decision record's drawing is checked against it). */
export const reachableStates = (): Set<BookingState> => reachable<BookingState, Actor>(BOOKING_STARTS, TRANSITIONS);
