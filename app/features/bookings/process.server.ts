import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, bookingSlotProposals, bookingTransitions, type Booking, type BookingState } from "#server/db/schema/bookings.ts";
import { BOOKING_NOTICES, GUARD_REFUSALS, type NoticeFacts } from "./booking-copy";
import { closeContestedCase, caseOf } from "./case-records.server";
import { freeCancellationEndsAt } from "./cancellation";
import { noShowOpensAt } from "./call-out";
import { paymentWindowEnd, pendingCheckoutOf } from "./checkout-window.server";
import { BookingError } from "./errors";
import { assertNoExtraWaiting, releasedExtrasNet } from "./extras.server";
import { completeJobOf } from "./job-bookings.server";
import { ACCOUNTS, postLedgerEvent } from "./ledger.server";
import { settleBooking } from "./money.server";
import type { Settlement as Split } from "./pricing";
import { BOOKING_TIMERS, processRow, type BookingTimer, type Effect, type Guard, type Moment, type Settlement, type TransitionName, type TransitionRow } from "./process";
import { rewardReferral } from "./referrals.server";
import { bookingSlotOf, isCallOutSlot, slotStartsAt } from "./slots";
import { IllegalTransitionError, nextState, RESCHEDULABLE_STATES, STATE_LABELS } from "./state-machine";
import { addStrike } from "./strikes.server";
import { lockBooking, nowOf, recordOnTimeline, scheduleTimer, slotKey, tell, type ActorRef, type BookingDeps } from "./transition.server";

/**
 * The executor of the process table (process.ts, decision 087). `move` takes one row on a locked
 * booking in the caller's transaction: the row's guards, the state write and its timeline row (once
 * per idempotency key), the slot proposal closed, the settlement (ledger event, provider operations),
 * the effects, the timers, then the notifications. `take` is the same in a transaction of its own,
 * the row lock first: what the booking page's actions and the timers call.
 */

export type MoveOptions = {
  now: Date;
  publicUrl: string;
  to?: BookingState;
  reason?: string | null;
  details?: Record<string, unknown>;
  set?: Partial<Pick<Booking, "doneNote" | "doneMarkedAt" | "paidAt" | "settledAt" | "paymentId" | "arriveBy" | "slotDate">>;
  /** `release_part`: the part of the price staff release to the fixer. */
  releasePricePence?: number;
  /** What the notifications may say beside the booking (a note, a photo count, an amount). */
  input?: NoticeFacts["input"];
  /** false: the caller tells both sides in its own words (a moved slot that also confirms it). */
  tells?: false;
};

export type Moved = { booking: Booking; split: Split | null };

/** The settlement a row makes when it leads to `to`. */
export function settlementOf(row: TransitionRow, to: BookingState): Settlement {
  return typeof row.settlement === "string" ? row.settlement : (row.settlement[to] ?? "none");
}

/** Settlements that move the held money (the booking is then settled). */
const SETTLES: ReadonlySet<Settlement> = new Set(["full_refund", "late_cancel_split", "release", "release_part"]);

/** What a guard measures against: the instants of process.ts's `Moment`, and what the database says. */
export type GuardFacts = {
  now: Date;
  /** The transitions recorded while the booking was in its current state (for `requires`). */
  takenInState: ReadonlySet<string>;
  caseAnswerDue: Date | null;
  paymentWindowEnd: Date | null;
  /** An extra charge waits for the customer's answer or payment (decision 084). */
  extraWaiting: boolean;
};

export function momentOf(moment: Moment, booking: Booking, facts: Pick<GuardFacts, "now" | "caseAnswerDue" | "paymentWindowEnd">): Date | null {
  const slot = bookingSlotOf(booking);
  switch (moment) {
    case "now":
      return facts.now;
    case "slot_start":
      return isCallOutSlot(slot) && !booking.arriveBy ? null : slotStartsAt(slot);
    case "free_cancellation_end":
      return freeCancellationEndsAt(slot);
    case "no_show_opens":
      return isCallOutSlot(slot) ? noShowOpensAt(slot) : null;
    case "payment_window_end":
      return facts.paymentWindowEnd;
    case "case_answer_due":
      return facts.caseAnswerDue;
  }
}

/** How a time guard stands: met, not yet (a window that opens later), or not any more. */
export type GuardState = "met" | "later" | "closed";

export function guardState(guard: Guard, booking: Booking, facts: GuardFacts): GuardState {
  if ("requires" in guard) return facts.takenInState.has(guard.requires) ? "met" : "closed";
  if ("check" in guard) return guard.check === "no_extra_waiting" && facts.extraWaiting ? "closed" : guard.check === "payouts_not_frozen" && booking.releaseFrozenAt ? "closed" : "met";
  if (guard.in && !guard.in.includes(booking.state)) return "met";
  if (guard.slot && (guard.slot === "call_out") !== isCallOutSlot(bookingSlotOf(booking))) return "met";
  const at = momentOf(guard.moment, booking, facts);
  if (!at) return "met";
  const now = facts.now.getTime();
  const t = at.getTime();
  switch (guard.at) {
    case "from":
      return now >= t ? "met" : "later";
    case "after":
      return now > t ? "met" : "later";
    case "until":
      return now <= t ? "met" : "closed";
    case "before":
      return now < t ? "met" : "closed";
  }
}

/** The facts a row's guards need, read in the caller's transaction (only what they name). */
export async function guardFactsOf(tx: DbOrTx, booking: Booking, row: TransitionRow, now: Date): Promise<GuardFacts> {
  const guards = row.guards ?? [];
  const usesMoment = (moment: Moment) => guards.some((g) => "moment" in g && g.moment === moment);
  const taken = guards.some((g) => "requires" in g)
    ? await tx
        .select({ transition: bookingTransitions.transition })
        .from(bookingTransitions)
        .where(and(eq(bookingTransitions.bookingId, booking.id), eq(bookingTransitions.fromState, booking.state), eq(bookingTransitions.toState, booking.state)))
    : [];
  const openCase = usesMoment("case_answer_due") ? await caseOf(tx, booking.id) : null;
  const paymentWindow = usesMoment("payment_window_end") ? paymentWindowEnd(booking, await pendingCheckoutOf(tx, booking.id)) : null;
  // An extra charge waiting is asked of the extras themselves when the row is taken (their refusal names the charge).
  return { now, takenInState: new Set(taken.map((t) => t.transition)), caseAnswerDue: openCase?.answerDueAt ?? null, paymentWindowEnd: paymentWindow, extraWaiting: false };
}

/** The row's guards on the locked booking, or the refusal a person reads (409): nothing has changed yet. */
async function checkGuards(tx: DbOrTx, booking: Booking, name: TransitionName, row: TransitionRow, now: Date): Promise<void> {
  const facts = await guardFactsOf(tx, booking, row, now);
  for (const guard of row.guards ?? []) {
    if ("check" in guard) {
      // The extras' own refusal says which charge waits and what to do.
      if (guard.check === "no_extra_waiting") await assertNoExtraWaiting(tx, booking.id);
      else if (booking.releaseFrozenAt) {
        throw new BookingError("conflict", "A card payment dispute is open with the bank for this booking: nothing can be paid out until it is settled. FixiT staff will be in touch.");
      }
      continue;
    }
    if (guardState(guard, booking, facts) === "met") continue;
    const refusal = "refusal" in guard ? guard.refusal : undefined;
    if (refusal) throw new BookingError("conflict", GUARD_REFUSALS[refusal](booking, facts.caseAnswerDue));
    throw new IllegalTransitionError(name, booking.state, `This booking cannot be changed that way: it is ${STATE_LABELS[booking.state]}.`);
  }
}

/** Credit set aside for a booking that will never be paid goes back to the customer. */
async function returnReservedCredit(tx: DbOrTx, booking: Booking, transition: string): Promise<void> {
  if (booking.creditPence <= 0) return;
  await postLedgerEvent(tx, {
    kind: "credit_returned",
    bookingId: booking.id,
    idempotencyKey: `booking-${booking.id}-${transition}-credit-returned`,
    entries: [
      { account: ACCOUNTS.creditReserved, amountPence: -booking.creditPence },
      { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: booking.creditPence },
    ],
  });
}

/** The row's settlement: the ledger event and the provider operations it needs (money.server.ts), in this transaction. */
async function runSettlement(tx: DbOrTx, before: Booking, booking: Booking, name: TransitionName, kind: Settlement, options: MoveOptions): Promise<Split | null> {
  switch (kind) {
    case "none":
    case "hold":
    case "by_provider":
      return null;
    case "return_credit":
      await returnReservedCredit(tx, booking, name);
      return null;
    case "full_refund":
      // Nothing was paid yet: nothing to refund, the credit set aside goes back.
      if (before.state === "pending_payment") {
        await returnReservedCredit(tx, booking, name);
        return null;
      }
      return settleBooking(tx, booking, name, { kind: "refund" });
    case "late_cancel_split":
      return settleBooking(tx, booking, name, { kind: "late_cancel", lateFeePence: booking.lateFeePence });
    case "release":
      return settleBooking(tx, booking, name, { kind: "release" });
    case "release_part":
      if (options.releasePricePence === undefined) throw new Error(`${name} needs the part to release`);
      return settleBooking(tx, booking, name, { kind: "partial", releasePricePence: options.releasePricePence });
  }
}

const EFFECTS: Record<Effect, (tx: DbOrTx, before: Booking, booking: Booking, name: TransitionName, options: MoveOptions) => Promise<void>> = {
  complete_job: (tx, _before, booking, _name, { now }) => completeJobOf(tx, booking, now),
  reward_referral: (tx, _before, booking, _name, { now }) => rewardReferral(tx, booking, now),
  strike_fixer: (tx, _before, booking, _name, { now, publicUrl }) => addStrike(tx, booking, "fixer_cancelled", "not_contested", publicUrl, now),
  close_contested_case: async (tx, before, booking, name, { now, publicUrl }) => {
    if (before.state === "claim_contested") await closeContestedCase(tx, booking, name as "staff_release" | "staff_release_part" | "staff_refund", publicUrl, now);
  },
};

/** Queues the timers for the booking's state (those for another state, or without a moment yet, or past: none). */
export async function startTimers(tx: DbOrTx, booking: Booking, timers: readonly BookingTimer[], now: Date): Promise<void> {
  for (const timer of timers) {
    const rule = BOOKING_TIMERS[timer];
    if (rule.in !== booking.state) continue;
    const paymentWindow = rule.runs.moment === "payment_window_end" ? paymentWindowEnd(booking, null) : null;
    const at = momentOf(rule.runs.moment, booking, { now, caseAnswerDue: null, paymentWindowEnd: paymentWindow });
    if (!at || (timer === "slot_reminder" && isCallOutSlot(bookingSlotOf(booking)))) continue;
    const runAt = new Date(at.getTime() + rule.runs.plusMs);
    if (rule.runs.moment !== "now" && runAt.getTime() <= now.getTime()) continue;
    await scheduleTimer(tx, booking.id, timer, runAt, timer === "slot_reminder" ? { slot: slotKey(booking) } : {});
  }
}

/** Takes a row of the process table on a locked booking: the new booking, or a refusal (409) that changed nothing. */
export async function move(tx: DbOrTx, before: Booking, name: TransitionName, actor: ActorRef, options: MoveOptions): Promise<Booking> {
  return (await moveWithSplit(tx, before, name, actor, options)).booking;
}

/** {@link move}, answering also how the money was split (null when the row moves none). */
export async function moveWithSplit(tx: DbOrTx, before: Booking, name: TransitionName, actor: ActorRef, options: MoveOptions): Promise<Moved> {
  const row = processRow(name);
  const to = nextState(name, before.state, actor.role, options.to);
  await checkGuards(tx, before, name, row, options.now);
  const settlement = settlementOf(row, to);
  const settles = SETTLES.has(settlement) && before.state !== "pending_payment";
  const [booking] = await tx
    .update(bookings)
    .set({ state: to, updatedAt: options.now, ...(settles ? { settledAt: options.now } : {}), ...options.set })
    .where(eq(bookings.id, before.id))
    .returning();
  // A transition that keeps the state (a report on the booking) may be taken again: each is its own timeline row.
  const key = to === before.state ? `booking-${before.id}-${name}-${options.now.getTime()}` : `booking-${before.id}-${name}`;
  await recordOnTimeline(tx, booking!, name, actor, { from: before.state, reason: options.reason, details: options.details, key });
  // A slot proposal still waiting for an answer when the booking can no longer move is closed with it.
  if (RESCHEDULABLE_STATES.includes(before.state) && !RESCHEDULABLE_STATES.includes(to)) {
    await tx
      .update(bookingSlotProposals)
      .set({ status: "closed", answeredAt: options.now })
      .where(and(eq(bookingSlotProposals.bookingId, before.id), eq(bookingSlotProposals.status, "open")));
  }
  const split = await runSettlement(tx, before, booking!, name, settlement, options);
  await startTimers(tx, booking!, row.starts ?? [], options.now);
  const facts: NoticeFacts = {
    name,
    before,
    booking: booking!,
    reason: options.reason ?? null,
    now: options.now,
    split,
    extrasNetPence: settlement === "release" ? await releasedExtrasNet(tx, before.id) : 0,
    input: options.input ?? {},
  };
  for (const notice of options.tells === false ? [] : (row.notify ?? [])) {
    const messages = BOOKING_NOTICES[notice](facts);
    if (messages.customer || messages.fixer) await tell(tx, booking!, options.publicUrl, messages);
  }
  for (const effect of row.effects ?? []) await EFFECTS[effect](tx, before, booking!, name, options);
  return { booking: booking!, split };
}

/** A row taken in a transaction of its own, under the booking's row lock (the booking must be the person's own). */
export async function take(
  deps: BookingDeps,
  bookingId: number,
  name: TransitionName,
  actor: ActorRef,
  options: Omit<MoveOptions, "now" | "publicUrl"> = {},
): Promise<Moved> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => moveWithSplit(tx, await lockBooking(tx, bookingId, actor), name, actor, { ...options, now, publicUrl: deps.publicUrl }));
}

/**
 * A page action several rows share (the customer's "cancel"): the first of `names` the booking's
 * state, the person and the guards allow is taken; when none is, the first is tried, for its refusal.
 */
export async function takeFirstAllowed(deps: BookingDeps, bookingId: number, names: readonly TransitionName[], actor: ActorRef, options: Omit<MoveOptions, "now" | "publicUrl"> = {}): Promise<TransitionName> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, actor);
    let chosen = names[0]!;
    for (const name of names) {
      const row = processRow(name);
      if (!row.from.includes(before.state) || !row.by.includes(actor.role)) continue;
      const facts = await guardFactsOf(tx, before, row, now);
      if ((row.guards ?? []).every((g) => guardState(g, before, facts) === "met")) {
        chosen = name;
        break;
      }
    }
    await move(tx, before, chosen, actor, { ...options, now, publicUrl: deps.publicUrl });
    return chosen;
  });
}
