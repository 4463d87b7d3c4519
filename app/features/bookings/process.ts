import type { BookingState } from "#server/db/schema/bookings.ts";
import { caseAnswerHours, confirmationTimeline } from "~/content/prices";
import type { Flash } from "~/lib/flash";
import type { MoveRule, StartRule } from "~/lib/machine";
import type { BookingNotice } from "./booking-copy";

/**
 * The booking's process, described once (decision 087; the Sharetribe web template's process.edn is
 * the model). Each row is one transition: who takes it, from and to which states, the conditions it
 * waits for, what it does with the money, the timers it starts and ends, whom it tells (keys into
 * booking-copy.ts), and the words people see: the timeline's label, the flash, and the booking page's
 * button when a person takes it there. `take`/`move` (process.server.ts) executes a row; the state
 * machine (state-machine.ts), the page's actions (pages.server.ts) and the drawing in decision 087
 * (process-diagrams.ts) are derived from it. Adding a transition is adding a row and its copy.
 */

export type Actor = "customer" | "fixer" | "staff" | "system" | "provider";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The fixer confirms a slot the customer proposed within this, or the booking lapses with a full refund. */
export const SLOT_CONFIRMATION_MS = DAY;
/** The pages and terms say the same days (app/content/prices.ts). */
export const REMINDER_AFTER_DAYS = confirmationTimeline.reminderDays;
export const STAFF_REVIEW_AFTER_DAYS = confirmationTimeline.staffReviewDays;
export const CASE_ANSWER_MS = caseAnswerHours * HOUR;

/**
 * The instants a guard or a timer is measured from (process.server.ts computes them for a booking):
 * - now: when the transition runs;
 * - slot_start: the slot's window starts (a call-out: the time the fixer said they would arrive by);
 * - free_cancellation_end: 24 hours before the slot (a call-out: always passed);
 * - no_show_opens: a call-out's arrival time plus the grace period (decision 083);
 * - payment_window_end: made + the payment window, or the open checkout's end (decision 075);
 * - case_answer_due: the end of the fixer's time to answer a case (decision 064).
 */
export type Moment = "now" | "slot_start" | "free_cancellation_end" | "no_show_opens" | "payment_window_end" | "case_answer_due";

/** The refusals a guard answers with (their words: booking-copy.ts). */
export type GuardRefusal = "before_slot_start" | "no_show_before_slot_start" | "no_show_too_early" | "case_answer_ended";

/**
 * A condition a transition waits for, beside its from-states and actors:
 * - a time window: `from` (now ≥ moment), `after` (now > moment), `until` (now ≤ moment), `before` (now < moment);
 *   `slot` limits it to bookings of a visit slot or to call-outs; `in` to some of the from-states;
 *   a window that has not opened yet is shown on the page as "opens later" (`from`/`after`);
 * - `requires`: the named transition (a row of this table: process.test.ts checks) was taken while the booking was in its current state (read from the timeline);
 * - `check`: a named condition read from the database (an extra charge waiting; a card dispute freezing payouts).
 */
export type Guard =
  | { at: "from" | "after" | "until" | "before"; moment: Exclude<Moment, "now">; slot?: "visit" | "call_out"; in?: readonly BookingState[]; refusal?: GuardRefusal }
  | { requires: string }
  | { check: "no_extra_waiting" | "payouts_not_frozen" };

/**
 * What a transition does with the money held for the booking (decision 044's ledger; pricing.ts `settle`):
 * - none; hold: the payment is taken into held funds (the payment's fulfilment posts it);
 * - return_credit: nothing was paid, the credit set aside goes back;
 * - full_refund: everything back (before payment: the credit set aside goes back);
 * - late_cancel_split: everything back but the late-cancellation fee, which goes to the fixer;
 * - release / release_part: the fixer is paid all, or the part staff chose and the rest refunded;
 * - by_provider: the payment provider already moved it (a chargeback, a dashboard refund: decision 078).
 */
export type Settlement = "none" | "hold" | "return_credit" | "full_refund" | "late_cancel_split" | "release" | "release_part" | "by_provider";

/** Work a transition does beside its state and money, named here and done in process.server.ts. */
export type Effect = "complete_job" | "reward_referral" | "strike_fixer" | "close_contested_case";

/** A form field of a page action the booking page renders from this table (text, trimmed, bounded; required when `min` > 0). `what`: how a refusal names it ("a reason"). */
export type PageField = { name: string; label: string; what: string; multiline?: boolean; min?: number; hint?: string };

/**
 * The button a person presses on the booking page. Several rows may share one intent (the customer's
 * "cancel": free, late, or after the slot started): the first row whose state and guards allow it runs.
 * `form: "own"`: the page has its own form for it (photos, previews); otherwise `fields` are rendered.
 */
export type PageAction = {
  intent: string;
  label: string;
  variant?: "outline" | "destructive";
  form?: "own";
  fields?: readonly PageField[];
  /** A sentence shown above the button (what taking it does). */
  hint?: string;
};

export type TransitionRow = MoveRule<BookingState, Actor> & {
  guards?: readonly Guard[];
  /** One settlement, or one per state the transition leads to. */
  settlement: Settlement | Partial<Record<BookingState, Settlement>>;
  /** Timers queued with the move (only those whose state the booking is then in). */
  starts?: readonly BookingTimer[];
  /** Timers the move makes moot: they find the booking in another state and do nothing. */
  cancels?: readonly BookingTimer[];
  notify?: readonly BookingNotice[];
  effects?: readonly Effect[];
  /** The booking's timeline. */
  timeline: string;
  flash?: Flash;
  page?: PageAction;
};

/** States in which the money is held (the provider's own moves start from these). */
const HELD: readonly BookingState[] = ["awaiting_fixer_confirmation", "booked", "done_marked", "disputed", "staff_review", "claim_open", "claim_contested"];

/** How a booking begins: waiting for its payment, whose window's timer starts with it. */
export const BOOKING_STARTS = {
  /** A booking of an accepted quote (the customer's), or of an accepted emergency request (the fixer's accept, decision 086). */
  create: { to: ["pending_payment"], by: ["customer", "fixer"], starts: ["expire_payment"], timeline: "Booking started" },
} as const satisfies Record<string, StartRule<BookingState, Actor> & { starts: readonly BookingTimer[]; timeline: string }>;

export const BOOKING_PROCESS = {
  /** The checkout is paid: straight to booked for one of the fixer's slots, else the fixer confirms the customer's slot. */
  pay: {
    from: ["pending_payment"],
    to: ["booked", "awaiting_fixer_confirmation"],
    by: ["provider", "system"],
    label: "pay for",
    settlement: "hold",
    starts: ["lapse", "slot_reminder"],
    cancels: ["expire_payment"],
    notify: ["paid"],
    timeline: "Paid: money held by FixiT",
  },
  /** Nobody paid in time. */
  expire_payment: {
    from: ["pending_payment"],
    to: ["expired"],
    by: ["system"],
    label: "expire",
    guards: [{ at: "from", moment: "payment_window_end" }],
    settlement: "return_credit",
    cancels: ["expire_payment"],
    notify: ["call_out_expired"],
    timeline: "Not paid in time",
  },
  confirm_slot: {
    from: ["awaiting_fixer_confirmation"],
    to: ["booked"],
    by: ["fixer"],
    label: "confirm the slot of",
    settlement: "none",
    starts: ["slot_reminder"],
    cancels: ["lapse"],
    notify: ["booked"],
    timeline: "Fixer confirmed the slot",
    flash: { kind: "success", title: "Slot confirmed", text: "The booking is confirmed." },
    page: { intent: "confirm_slot", label: "Confirm this slot", form: "own" },
  },
  decline_slot: {
    from: ["awaiting_fixer_confirmation"],
    to: ["slot_declined"],
    by: ["fixer"],
    label: "decline the slot of",
    settlement: "full_refund",
    cancels: ["lapse"],
    notify: ["slot_declined"],
    timeline: "Fixer declined the slot",
    flash: { kind: "success", title: "Slot declined", text: "The customer is refunded in full." },
    page: { intent: "decline_slot", label: "Decline this slot", variant: "outline", form: "own" },
  },
  /** The fixer did not answer the customer's slot within 24 hours: full refund. */
  lapse: {
    from: ["awaiting_fixer_confirmation"],
    to: ["lapsed"],
    by: ["system"],
    label: "lapse",
    settlement: "full_refund",
    cancels: ["lapse"],
    notify: ["lapsed"],
    timeline: "Fixer did not confirm the slot in time",
  },
  /** From the slot's start (a call-out: once paid). */
  mark_done: {
    from: ["booked"],
    to: ["done_marked"],
    by: ["fixer"],
    label: "mark as done",
    guards: [{ at: "from", moment: "slot_start", slot: "visit", refusal: "before_slot_start" }],
    settlement: "none",
    starts: ["remind_2", "remind_5", "escalate"],
    cancels: ["slot_reminder"],
    notify: ["marked_done"],
    timeline: "Fixer marked the job done",
    flash: { kind: "success", title: "Marked done", text: "The customer has been asked to confirm." },
    page: { intent: "mark_done", label: "Mark the job done", form: "own" },
  },
  confirm_done: {
    from: ["done_marked"],
    to: ["released"],
    by: ["customer"],
    label: "confirm",
    // An extra charge waiting for the customer's answer or payment is answered first (decision 084).
    guards: [{ check: "no_extra_waiting" }, { check: "payouts_not_frozen" }],
    settlement: "release",
    cancels: ["remind_2", "remind_5", "escalate"],
    notify: ["released_by_customer"],
    effects: ["complete_job", "reward_referral"],
    timeline: "Customer confirmed the job",
    flash: { kind: "success", title: "Thanks for confirming", text: "The fixer is being paid." },
    page: { intent: "confirm_done", label: "Confirm the job is done", form: "own" },
  },
  report_problem: {
    from: ["done_marked"],
    to: ["disputed"],
    by: ["customer"],
    label: "report a problem with",
    settlement: "none",
    cancels: ["remind_2", "remind_5", "escalate"],
    notify: ["problem_reported"],
    timeline: "Customer reported a problem",
    flash: { kind: "success", title: "Problem reported", text: "The money stays held while our staff look into it." },
    page: { intent: "report_problem", label: "Report a problem", variant: "outline", form: "own" },
  },
  /** Seven days without the customer's answer: staff review (funds stay held). */
  escalate: {
    from: ["done_marked"],
    to: ["staff_review"],
    by: ["system"],
    label: "send to staff review",
    settlement: "none",
    cancels: ["remind_2", "remind_5", "escalate"],
    notify: ["escalated"],
    timeline: "Sent to FixiT staff review",
  },
  staff_release: {
    from: ["disputed", "staff_review", "claim_contested"],
    to: ["released"],
    by: ["staff"],
    label: "release",
    guards: [{ check: "payouts_not_frozen" }],
    settlement: "release",
    notify: ["staff_decided"],
    effects: ["close_contested_case", "complete_job"],
    timeline: "FixiT staff released the payment",
  },
  staff_release_part: {
    from: ["disputed", "staff_review", "claim_contested"],
    to: ["partly_released"],
    by: ["staff"],
    label: "release part of",
    guards: [{ check: "payouts_not_frozen" }],
    settlement: "release_part",
    notify: ["staff_decided"],
    effects: ["close_contested_case", "complete_job"],
    timeline: "FixiT staff released part of the payment",
  },
  staff_refund: {
    from: ["disputed", "staff_review", "claim_contested"],
    to: ["refunded"],
    by: ["staff"],
    label: "refund",
    settlement: "full_refund",
    notify: ["staff_decided"],
    effects: ["close_contested_case"],
    timeline: "FixiT staff refunded the payment",
  },
  /** Before paying, waiting for the fixer, or 24 hours or more before the slot: nothing charged, or a full refund. */
  cancel_by_customer: {
    from: ["pending_payment", "awaiting_fixer_confirmation", "booked"],
    to: ["cancelled_by_customer"],
    by: ["customer"],
    label: "cancel",
    guards: [{ at: "until", moment: "free_cancellation_end", in: ["booked"] }],
    settlement: "full_refund",
    cancels: ["expire_payment", "lapse", "slot_reminder"],
    notify: ["cancelled_by_customer"],
    timeline: "Cancelled by the customer",
    // The text is the cancellation's own outcome (cancellationWords), the words its email uses.
    flash: { kind: "success", title: "Booking cancelled", text: "" },
    page: { intent: "cancel", label: "Cancel the booking", variant: "destructive", form: "own" },
  },
  /** Less than 24 hours before the slot: refund minus the late-cancellation fee, which goes to the fixer. */
  cancel_late_by_customer: {
    from: ["booked"],
    to: ["cancelled_late"],
    by: ["customer"],
    label: "cancel",
    guards: [{ at: "after", moment: "free_cancellation_end" }, { at: "before", moment: "slot_start" }],
    settlement: "late_cancel_split",
    cancels: ["slot_reminder"],
    notify: ["cancelled_by_customer"],
    timeline: "Cancelled late by the customer",
    flash: { kind: "success", title: "Booking cancelled", text: "" },
    page: { intent: "cancel", label: "Cancel the booking", variant: "destructive", form: "own" },
  },
  /** Full refund including the fee, and a strike on the fixer (their own act: not contested, decision 064). */
  cancel_by_fixer: {
    from: ["awaiting_fixer_confirmation", "booked"],
    to: ["cancelled_by_fixer"],
    by: ["fixer"],
    label: "cancel",
    settlement: "full_refund",
    cancels: ["lapse", "slot_reminder"],
    notify: ["cancelled_by_fixer"],
    effects: ["strike_fixer"],
    timeline: "Cancelled by the fixer",
    flash: { kind: "success", title: "Booking cancelled", text: "" },
    page: { intent: "cancel", label: "Cancel the booking", variant: "destructive", form: "own" },
  },
  /** From the slot's start (a call-out: from its arrival time plus 30 minutes): opens a case (decision 064), the money stays held while the fixer answers. */
  report_no_show: {
    from: ["booked"],
    to: ["claim_open"],
    by: ["customer"],
    label: "report a no-show for",
    guards: [
      { at: "from", moment: "slot_start", slot: "visit", refusal: "no_show_before_slot_start" },
      { at: "from", moment: "no_show_opens", slot: "call_out", refusal: "no_show_too_early" },
    ],
    settlement: "none",
    starts: ["claim_deadline"],
    cancels: ["slot_reminder"],
    notify: ["case_opened"],
    timeline: "Customer said the fixer did not come: the fixer may answer",
    flash: { kind: "success", title: "No-show reported", text: "The money stays held while the fixer answers; we have told them." },
    page: { intent: "report_no_show", label: "Send to the fixer", variant: "outline", form: "own" },
  },
  /** A cancellation after the slot started: a case too, settled on late-cancellation terms if the fixer agrees. */
  cancel_after_start: {
    from: ["booked"],
    to: ["claim_open"],
    by: ["customer"],
    label: "cancel",
    guards: [{ at: "from", moment: "slot_start" }],
    settlement: "none",
    starts: ["claim_deadline"],
    cancels: ["slot_reminder"],
    notify: ["case_opened"],
    timeline: "Customer cancelled after the slot started: the fixer may answer",
    flash: { kind: "success", title: "Cancellation sent to the fixer", text: "The slot had started: the money stays held while the fixer answers." },
    page: { intent: "cancel", label: "Cancel the booking", variant: "destructive", form: "own" },
  },
  /** The fixer agrees with the claim: settled as claimed (full refund for a no-show, late-cancellation terms for a late cancel). */
  agree_claim: {
    from: ["claim_open"],
    to: ["no_show", "cancelled_late"],
    by: ["fixer"],
    label: "agree to the claim on",
    settlement: { no_show: "full_refund", cancelled_late: "late_cancel_split" },
    cancels: ["claim_deadline"],
    notify: ["claim_settled"],
    timeline: "Fixer agreed with the customer's claim",
    flash: { kind: "success", title: "Claim settled", text: "Settled as the customer claimed." },
    page: { intent: "agree_claim", label: "Agree: settle it as claimed", variant: "outline", form: "own" },
  },
  /** The fixer contests with a written answer before the deadline: FixiT staff decide. */
  contest_claim: {
    from: ["claim_open"],
    to: ["claim_contested"],
    by: ["fixer"],
    label: "contest the claim on",
    guards: [{ at: "before", moment: "case_answer_due", refusal: "case_answer_ended" }],
    settlement: "none",
    cancels: ["claim_deadline"],
    notify: ["claim_contested"],
    timeline: "Fixer contested the claim: FixiT staff decide",
    flash: { kind: "success", title: "Answer sent", text: "FixiT staff will look at both sides and decide; the money stays held until then." },
    page: { intent: "contest_claim", label: "Contest it", form: "own" },
  },
  /** No answer within 48 hours: settled as claimed. */
  claim_unanswered: {
    from: ["claim_open"],
    to: ["no_show", "cancelled_late"],
    by: ["system"],
    label: "settle the claim on",
    guards: [{ at: "from", moment: "case_answer_due" }],
    settlement: { no_show: "full_refund", cancelled_late: "late_cancel_split" },
    cancels: ["claim_deadline"],
    notify: ["claim_settled"],
    timeline: "Fixer did not answer in time: settled as claimed",
  },
  /** The fixer tells the customer they will be late (when they can be there, or why): the booking stays booked, and the customer may now cancel without a fee. */
  report_running_late: {
    from: ["booked"],
    to: ["booked"],
    by: ["fixer"],
    label: "report running late on",
    settlement: "none",
    notify: ["running_late"],
    timeline: "Fixer said they are running late",
    flash: { kind: "success", title: "Customer told", text: "We have told the customer you are running late; they may now cancel without a fee." },
    page: {
      intent: "report_running_late",
      label: "Tell the customer you are running late",
      variant: "outline",
      hint: "The customer may then cancel without a fee.",
      fields: [{ name: "reason", label: "When can you be there, or why are you late? (the customer sees this)", what: "when you can be there, or why you are late", multiline: true, min: 1 }],
    },
  },
  /** Once the fixer said they are running late, the customer may cancel for nothing: everything back, no late fee. */
  cancel_free_after_late: {
    from: ["booked"],
    to: ["cancelled_by_customer"],
    by: ["customer"],
    label: "cancel",
    guards: [{ requires: "report_running_late" }],
    settlement: "full_refund",
    cancels: ["slot_reminder"],
    notify: ["cancelled_free_after_late"],
    timeline: "Cancelled by the customer without a fee: the fixer was running late",
    flash: { kind: "success", title: "Booking cancelled", text: "The fixer was running late, so there is no fee: everything you paid is refunded to your card." },
    page: {
      intent: "cancel_free_after_late",
      label: "Cancel without a fee",
      variant: "destructive",
      hint: "The fixer said they are running late: you may cancel now and get everything you paid back.",
      fields: [{ name: "reason", label: "Why are you cancelling? (optional)", what: "a reason", multiline: true }],
    },
  },
  /** The bank decided a card dispute for the customer while the money was held: it went back to the card, the fixer is not paid (decision 078). */
  lose_chargeback: {
    from: HELD,
    to: ["chargeback_lost"],
    by: ["provider"],
    label: "close after a chargeback",
    settlement: "by_provider",
    cancels: ["lapse", "slot_reminder", "remind_2", "remind_5", "escalate", "claim_deadline"],
    notify: ["chargeback_lost"],
    timeline: "Closed after a card dispute: the bank returned the payment",
  },
  /** FixiT staff refunded the whole charge in the Stripe dashboard while the money was held: settled as a staff refund (decision 078). */
  dashboard_refund: {
    from: HELD,
    to: ["refunded"],
    by: ["provider"],
    label: "refund",
    settlement: "by_provider",
    cancels: ["lapse", "slot_reminder", "remind_2", "remind_5", "escalate", "claim_deadline"],
    notify: ["dashboard_refunded"],
    timeline: "Refund reported by the payment provider",
  },
} as const satisfies Record<string, TransitionRow>;

export type TransitionName = keyof typeof BOOKING_PROCESS;

/** The rows as one type (the table keeps its literal types for the names). */
export const processRow = (name: TransitionName): TransitionRow => BOOKING_PROCESS[name];
export const PROCESS_ROWS = Object.entries(BOOKING_PROCESS) as [TransitionName, TransitionRow][];

/**
 * The timers: each runs while the booking is in its state (`in`) and does nothing once the booking
 * left it (that is how a move cancels one), and either takes a transition as the system or tells
 * people something. `runs`: the moment it is due, plus `plusMs`.
 */
export type TimerRow = { in: BookingState; runs: { moment: Moment; plusMs: number }; takes?: TransitionName; notify?: BookingNotice };

export type BookingTimer = "expire_payment" | "lapse" | "remind_2" | "remind_5" | "escalate" | "slot_reminder" | "claim_deadline";

export const BOOKING_TIMERS = {
  expire_payment: { in: "pending_payment", runs: { moment: "payment_window_end", plusMs: 0 }, takes: "expire_payment" },
  lapse: { in: "awaiting_fixer_confirmation", runs: { moment: "now", plusMs: SLOT_CONFIRMATION_MS }, takes: "lapse" },
  remind_2: { in: "done_marked", runs: { moment: "now", plusMs: REMINDER_AFTER_DAYS[0] * DAY }, notify: "remind_done" },
  remind_5: { in: "done_marked", runs: { moment: "now", plusMs: REMINDER_AFTER_DAYS[1] * DAY }, notify: "remind_done" },
  escalate: { in: "done_marked", runs: { moment: "now", plusMs: STAFF_REVIEW_AFTER_DAYS * DAY }, takes: "escalate" },
  /** 24 hours before the slot, for that slot: once the slot moves, the reminder finds it changed and does nothing. */
  slot_reminder: { in: "booked", runs: { moment: "slot_start", plusMs: -DAY }, notify: "slot_reminder" },
  claim_deadline: { in: "claim_open", runs: { moment: "now", plusMs: CASE_ANSWER_MS }, takes: "claim_unanswered" },
} as const satisfies Record<BookingTimer, TimerRow>;

export const isBookingTimer = (name: string): name is BookingTimer => Object.hasOwn(BOOKING_TIMERS, name);

/** The rows a person in `role` may take from the booking page with `intent`, in the table's order. */
export const pageRowsFor = (role: "customer" | "fixer", intent: string): TransitionName[] =>
  PROCESS_ROWS.filter(([, row]) => row.page?.intent === intent && row.by.includes(role)).map(([name]) => name);
