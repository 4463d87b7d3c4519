import { BOOKING_STATES, type BookingState } from "#server/db/schema/bookings.ts";
import { RefusalError } from "~/lib/forms/refusal-error";

export type { BookingState } from "#server/db/schema/bookings.ts";

/**
 * The one definition of how a booking moves (drawn in docs/decisions/044-booking-state-machine.md).
 * A transition names the states it may start from, the states it may lead to, and who may take it.
 * Everything that changes a booking's state goes through {@link nextState}; the services take the row
 * lock first, so of two transitions racing for one booking the second sees the first's result.
 */

export type Actor = "customer" | "fixer" | "staff" | "system" | "provider";

type TransitionRule = { from: readonly BookingState[]; to: readonly BookingState[]; by: readonly Actor[]; label: string };

export const TRANSITIONS = {
  /** The checkout is paid: straight to booked for one of the fixer's slots, else the fixer confirms the customer's slot. */
  pay: { from: ["pending_payment"], to: ["booked", "awaiting_fixer_confirmation"], by: ["provider", "system"], label: "pay for" },
  /** Nobody paid in time. */
  expire_payment: { from: ["pending_payment"], to: ["expired"], by: ["system"], label: "expire" },
  confirm_slot: { from: ["awaiting_fixer_confirmation"], to: ["booked"], by: ["fixer"], label: "confirm the slot of" },
  decline_slot: { from: ["awaiting_fixer_confirmation"], to: ["slot_declined"], by: ["fixer"], label: "decline the slot of" },
  /** The fixer did not answer the customer's slot within 24 hours: full refund. */
  lapse: { from: ["awaiting_fixer_confirmation"], to: ["lapsed"], by: ["system"], label: "lapse" },
  mark_done: { from: ["booked"], to: ["done_marked"], by: ["fixer"], label: "mark as done" },
  confirm_done: { from: ["done_marked"], to: ["released"], by: ["customer"], label: "confirm" },
  report_problem: { from: ["done_marked"], to: ["disputed"], by: ["customer"], label: "report a problem with" },
  /** Seven days without the customer's answer: staff review (funds stay held). */
  escalate: { from: ["done_marked"], to: ["staff_review"], by: ["system"], label: "send to staff review" },
  staff_release: { from: ["disputed", "staff_review", "claim_contested"], to: ["released"], by: ["staff"], label: "release" },
  staff_release_part: { from: ["disputed", "staff_review", "claim_contested"], to: ["partly_released"], by: ["staff"], label: "release part of" },
  staff_refund: { from: ["disputed", "staff_review", "claim_contested"], to: ["refunded"], by: ["staff"], label: "refund" },
  /** Before paying, or 24 hours or more before the slot: nothing charged, or a full refund. */
  cancel_by_customer: {
    from: ["pending_payment", "awaiting_fixer_confirmation", "booked"],
    to: ["cancelled_by_customer"],
    by: ["customer"],
    label: "cancel",
  },
  /** Less than 24 hours before the slot: refund minus the late-cancellation fee, which goes to the fixer. */
  cancel_late_by_customer: { from: ["booked"], to: ["cancelled_late"], by: ["customer"], label: "cancel" },
  /** Full refund including the fee, and a strike on the fixer. */
  cancel_by_fixer: { from: ["awaiting_fixer_confirmation", "booked"], to: ["cancelled_by_fixer"], by: ["fixer"], label: "cancel" },
  /** From the slot's start: opens a case (decision 064), the money stays held while the fixer answers. */
  report_no_show: { from: ["booked"], to: ["claim_open"], by: ["customer"], label: "report a no-show for" },
  /** A cancellation after the slot started: a case too, settled on late-cancellation terms if the fixer agrees. */
  cancel_after_start: { from: ["booked"], to: ["claim_open"], by: ["customer"], label: "cancel" },
  /** The fixer agrees with the claim: settled as claimed (full refund for a no-show, late-cancellation terms for a late cancel). */
  agree_claim: { from: ["claim_open"], to: ["no_show", "cancelled_late"], by: ["fixer"], label: "agree to the claim on" },
  /** The fixer contests with a written answer: FixiT staff decide. */
  contest_claim: { from: ["claim_open"], to: ["claim_contested"], by: ["fixer"], label: "contest the claim on" },
  /** No answer within 48 hours: settled as claimed. */
  claim_unanswered: { from: ["claim_open"], to: ["no_show", "cancelled_late"], by: ["system"], label: "settle the claim on" },
  /** The bank decided a card dispute for the customer while the money was held: it went back to the card, the fixer is not paid (decision 078). */
  lose_chargeback: {
    from: ["awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "claim_open", "claim_contested"],
    to: ["chargeback_lost"],
    by: ["provider"],
    label: "close after a chargeback",
  },
  /** FixiT staff refunded the whole charge in the Stripe dashboard while the money was held: settled as a staff refund (decision 078). */
  dashboard_refund: {
    from: ["awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "claim_open", "claim_contested"],
    to: ["refunded"],
    by: ["provider"],
    label: "refund",
  },
} as const satisfies Record<string, TransitionRule>;

export type TransitionName = keyof typeof TRANSITIONS;

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

export function canTake(name: TransitionName, state: BookingState, actor: Actor): boolean {
  const rule: TransitionRule = TRANSITIONS[name];
  return rule.from.includes(state) && rule.by.includes(actor);
}

/**
 * The state `name` leads to from `state` (`to` chooses when the transition has several), or an
 * {@link IllegalTransitionError} with a sentence a person can read.
 */
export function nextState(name: TransitionName, state: BookingState, actor: Actor, to?: BookingState): BookingState {
  const rule: TransitionRule = TRANSITIONS[name];
  if (!rule.by.includes(actor)) throw new IllegalTransitionError(name, state, `Only ${rule.by.join(" or ")} can ${rule.label} a booking.`);
  if (!rule.from.includes(state)) {
    throw new IllegalTransitionError(name, state, `This booking cannot be changed that way: it is ${STATE_LABELS[state]}.`);
  }
  const target = to ?? rule.to[0]!;
  if (!rule.to.includes(target)) throw new Error(`transition ${name} cannot lead to ${target}`);
  return target;
}

/** Every state the machine can reach from pending_payment (the decision record's drawing is checked against it). */
export function reachableStates(): Set<BookingState> {
  const seen = new Set<BookingState>(["pending_payment"]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const rule of Object.values(TRANSITIONS) as TransitionRule[]) {
      if (!rule.from.some((s) => seen.has(s))) continue;
      for (const to of rule.to) {
        if (seen.has(to)) continue;
        seen.add(to);
        grew = true;
      }
    }
  }
  return seen;
}
