import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordStaffAction } from "#server/audit-log.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { bookingDonePhotos, bookings, quoteBookingTerms, referrals, type Booking, type BookingState } from "#server/db/schema/bookings.ts";
import { fixerProfiles, jobs, quotes } from "#server/db/schema/quotes.ts";
import { company } from "~/content/company";
import { confirmationTimeline, formatGBP, freeCancellationHours, vipPromotions } from "~/content/prices";
import { photoRow, type StoredPhoto } from "~/lib/photos/photos.server";
import { moneyText } from "./emails.server";
import { cancellationWords, customerCancellation } from "./cancellation";
import { BookingError } from "./errors";
import { assertNoExtraWaiting, releasedExtrasNet } from "./extras.server";
import { donePhotoLimit, tooManyDonePhotos } from "./form-limits";
import { ACCOUNTS, accountBalance, paymentReceivedKey, postLedgerEvent, postUnusedPayment } from "./ledger.server";
import { recordProviderFee } from "./provider-events.server";
import { queueRefund, settleBooking } from "./money.server";
import { priceBooking } from "./pricing";
import { saveBookingAddress } from "./address.server";
import { completeJobOf } from "./job-bookings.server";
import { receiptLines } from "./receipt";
import { slotSchema, type JobAddress } from "./schemas";
import { bookingSlotOf, isCallOutSlot, sameSlot, slotIsBookable, slotStartsAt, type Slot } from "./slots";
import { callOutArrivalOnPayment, callOutPaidMessages, tellCallOutClosedUnpaid } from "./emergency-booking.server";
import { closeContestedCase, openCase, runClaimDeadline } from "./cases.server";
import { addStrike, STRIKE_WINDOW_DAYS } from "./strikes.server";
import { PAYMENT_WINDOW_MS, paymentWindowEnd, pendingCheckoutOf } from "./checkout-window.server";
import { earlyBirdOffered, takeEarlyBirdPlace, withdrawEarlyBird } from "./early-bird.server";
import { lockBooking, move, nowOf, recordOnTimeline, scheduleTimer, tell, type ActorRef, type BookingDeps } from "./transition.server";
import { LIVE_STATES } from "./state-machine";

export type { BookingDeps } from "./transition.server";

/**
 * Booking services (decision 044): each transition locks the booking, asks the state machine, and
 * writes the new state, its timeline row, its ledger event, its provider operations, its emails and
 * its timers in one transaction. Plain inputs; the routes parse forms and map errors to answers.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export { PAYMENT_WINDOW_MS } from "./checkout-window.server";
/** The fixer confirms a slot the customer proposed within this, or the booking lapses with a full refund. */
export const SLOT_CONFIRMATION_MS = DAY;
/** The pages and terms say the same days (app/content/prices.ts). */
export const REMINDER_AFTER_DAYS = confirmationTimeline.reminderDays;
export const STAFF_REVIEW_AFTER_DAYS = confirmationTimeline.staffReviewDays;
export const TEXT_LIMIT = 2000;

/** Bookings that hold a quote (and count towards an early-bird customer's three): one list, in state-machine.ts. */
export { LIVE_STATES };

function checkText(value: string | null | undefined, what: string, { required = false, min = 0 } = {}): string | null {
  const text = (value ?? "").trim();
  if (!text) {
    if (required) throw new BookingError("invalid", `Please write ${what}.`);
    return null;
  }
  if (text.length < min) throw new BookingError("invalid", `Please write ${what} in at least ${min} characters.`);
  if (text.length > TEXT_LIMIT) throw new BookingError("invalid", `Please keep ${what} under ${TEXT_LIMIT} characters.`);
  return text;
}

const customer = (userId: string): ActorRef => ({ role: "customer", userId });
const fixer = (userId: string): ActorRef => ({ role: "fixer", userId });
const system: ActorRef = { role: "system", userId: null };

/** `address`: where the work happens (the booking form requires it; seeding in tests may leave it out). */
export type CreateBookingInput = { quoteId: number; slot: Slot; address?: JobAddress };

/**
 * A booking of the customer's accepted quote, waiting for payment. The slot is one the fixer proposed
 * (then paying books it) or the customer's own (then the fixer confirms it within 24 hours). A range
 * quote needs the price the fixer fixed. The price, fee, promotions and late fee are fixed now and shown
 * before paying. Booking the same quote again while the first waits for payment answers that booking.
 */
export async function createBooking(deps: BookingDeps, customerUserId: string, input: CreateBookingInput): Promise<{ bookingId: number }> {
  checkBookingInput(input, nowOf(deps));
  return deps.db.transaction((tx) => createBookingIn(tx, deps, customerUserId, input));
}

/** The slot and quote id a booking may be made with (checked before any transaction): a refusal is a 400 or 404 that writes nothing. */
export function checkBookingInput(input: CreateBookingInput, now: Date): Slot {
  const slot = slotSchema.safeParse(input.slot);
  if (!slot.success) throw new BookingError("invalid", slot.error.issues[0]?.message ?? "Choose a date and a time of day.");
  if (!slotIsBookable(slot.data, now)) throw new BookingError("invalid", "Choose a date from tomorrow onwards, within a year.");
  if (!Number.isSafeInteger(input.quoteId) || input.quoteId <= 0) throw new BookingError("not_found", "There is no such quote on your jobs.");
  return slot.data;
}

/** createBooking inside the caller's transaction (accepting a quote and booking it are one). */
export async function createBookingIn(tx: DbOrTx, deps: BookingDeps, customerUserId: string, input: CreateBookingInput): Promise<{ bookingId: number }> {
  const now = nowOf(deps);
  const slot = { data: checkBookingInput(input, now) };
  const [found] = await tx
    .select({ jobId: jobs.id, district: jobs.district })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(and(eq(quotes.id, input.quoteId), eq(jobs.customerUserId, customerUserId)));
  if (!found) throw new BookingError("not_found", "There is no such quote on your jobs.");
  // The job's row lock orders this booking after any change the quotes services make to the job.
  await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, found.jobId)).for("update");
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, input.quoteId));
  if (quote!.status !== "accepted") throw new BookingError("conflict", "Accept this quote before booking it.");

  const [live] = await tx.select().from(bookings).where(and(eq(bookings.quoteId, input.quoteId), inArray(bookings.state, LIVE_STATES)));
  if (live) {
    if (live.state === "pending_payment") {
      if (input.address) await saveBookingAddress(tx, live.id, found.district, input.address, now);
      return { bookingId: live.id };
    }
    throw new BookingError("conflict", "This quote is already booked.");
  }

  const [fixerRow] = await tx
    .select({ leadsDisabledAt: fixerProfiles.leadsDisabledAt, disabledAt: users.disabledAt })
    .from(fixerProfiles)
    .innerJoin(users, eq(users.id, fixerProfiles.userId))
    .where(eq(fixerProfiles.userId, quote!.fixerUserId));
  if (!fixerRow || fixerRow.disabledAt || fixerRow.leadsDisabledAt) throw new BookingError("conflict", "This fixer is not taking bookings at the moment.");

  const [terms] = await tx.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, input.quoteId));
  const pricePence = quote!.priceKind === "fixed" ? quote!.amountPence : terms?.fixedPricePence;
  if (!pricePence) throw new BookingError("conflict", "The fixer has not fixed a price for this quote yet. Ask them to, then book.");
  const proposedByFixer = (terms?.slots ?? []).some((s) => sameSlot(s, slot.data));

  // One customer's bookings take their credit one after another.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-credit:${customerUserId}`}))`);
  // The discount shown now: paid bookings and open checkouts count, unpaid bookings do not; Pay holds it, payment takes it (decision 075).
  const earlyBird = await earlyBirdOffered(tx, customerUserId, now);
  const creditAvailablePence = Math.max(0, await accountBalance(tx, ACCOUNTS.customerCredit(customerUserId)));
  const price = priceBooking({ pricePence, earlyBird, creditAvailablePence });

  const [booking] = await tx
    .insert(bookings)
    .values({
      quoteId: quote!.id,
      jobId: quote!.jobId,
      customerUserId,
      fixerUserId: quote!.fixerUserId,
      slotDate: slot.data.date,
      slotWindow: slot.data.window,
      slotProposedBy: proposedByFixer ? "fixer" : "customer",
      ...price,
      state: "pending_payment",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.address) await saveBookingAddress(tx, booking!.id, found.district, input.address, now);
  await recordOnTimeline(tx, booking!, "create", customer(customerUserId), { key: `booking-${booking!.id}-create`, details: { ...price } });
  if (price.creditPence > 0) {
    await postLedgerEvent(tx, {
      kind: "credit_reserved",
      bookingId: booking!.id,
      idempotencyKey: `booking-${booking!.id}-credit-reserved`,
      entries: [
        { account: ACCOUNTS.customerCredit(customerUserId), amountPence: -price.creditPence },
        { account: ACCOUNTS.creditReserved, amountPence: price.creditPence },
      ],
    });
  }
  await scheduleTimer(tx, booking!.id, "expire_payment", new Date(now.getTime() + PAYMENT_WINDOW_MS));
  return { bookingId: booking!.id };
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

/**
 * Why a payment the booking did not use is refunded, truthfully: a second payment of a booking that
 * is already paid (another tab's checkout) leaves that booking as it stands; otherwise nothing was booked.
 */
export function unusedPaymentWords(booking: Pick<Booking, "state" | "paymentId">, amountPence: number): string {
  const refund = `This payment of ${formatGBP(amountPence)} is refunded to your card.`;
  if (booking.paymentId && booking.state !== "pending_payment") {
    return LIVE_STATES.includes(booking.state)
      ? `This booking was already paid, so this second payment is not needed. ${refund} Your booking stands, paid once.`
      : `This booking was already paid and has since closed, so this second payment is not needed. ${refund}`;
  }
  return `This booking was no longer waiting for a payment, so nothing was booked. ${refund}`;
}

/** A discounted payment that arrived after its checkout stopped holding the discount, when the places had gone: refunded, the booking repriced. */
export function latePaymentWithoutPlaceWords(repriced: Pick<Booking, "totalPence">, amountPence: number): string {
  return `Your payment of ${formatGBP(amountPence)} arrived after this booking's early-bird discount stopped being held for it, and the discount is no longer available. The payment is refunded to your card in full, and nothing was booked. The booking waits for payment at its full total of ${formatGBP(repriced.totalPence)}.`;
}

/**
 * What a taken payment does to its booking, inside the payment's fulfilment transaction: the first
 * payment of the booking's amount while it waits books it (held funds in the ledger). Any other
 * payment (after expiry or cancellation, a second checkout, a different amount) changes no state:
 * it is recorded and refunded in full.
 */
export async function recordBookingPayment(
  tx: DbOrTx,
  publicUrl: string,
  payment: { id: string; amountPence: number; reference: Record<string, unknown> | null; providerFeePence?: number | null; providerFeeTransactionId?: string | null },
  now: Date = new Date(),
): Promise<{ bookingId: number; outcome: "booked" | "refunded" }> {
  const bookingId = Number(payment.reference?.bookingId);
  const booking = await lockBooking(tx, bookingId);
  // Stripe's fee on the charge (decision 078): FixiT's cost whether the payment books the booking or is refunded as unused.
  if (payment.providerFeeTransactionId) await recordProviderFee(tx, bookingId, "charge_fee", { id: payment.providerFeeTransactionId, fee: payment.providerFeePence });
  let usable = booking.state === "pending_payment" && payment.amountPence === booking.totalPence;
  // The discount paid for takes its early-bird place now, in the payment's transaction (decision 075).
  const placeGone = usable && booking.discountPence > 0 && !(await takeEarlyBirdPlace(tx, booking, now));
  if (placeGone) usable = false;
  if (!usable) {
    await postUnusedPayment(tx, bookingId, payment);
    await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, bookingId));
    const repriced = placeGone ? await withdrawEarlyBird(tx, booking, { role: "provider", userId: null }, now) : null;
    await queueRefund(tx, { bookingId, paymentId: payment.id, idempotencyKey: `payment-${payment.id}-unused-refund`, amountPence: payment.amountPence });
    await recordOnTimeline(tx, booking, "payment_refunded_unused", { role: "provider", userId: null }, { key: `payment-${payment.id}-unused`, details: { paymentId: payment.id, amountPence: payment.amountPence } });
    await tell(tx, booking, publicUrl, {
      customer: { subject: "Your payment is being refunded", heading: "We are refunding your payment", paragraphs: [repriced ? latePaymentWithoutPlaceWords(repriced, payment.amountPence) : unusedPaymentWords(booking, payment.amountPence)] },
    });
    return { bookingId, outcome: "refunded" };
  }

  await postLedgerEvent(tx, {
    kind: "payment",
    bookingId,
    idempotencyKey: paymentReceivedKey(payment.id),
    entries: [
      { account: ACCOUNTS.customerPayments, amountPence: -booking.totalPence },
      { account: ACCOUNTS.promotions, amountPence: -booking.discountPence },
      { account: ACCOUNTS.creditReserved, amountPence: -booking.creditPence },
      { account: ACCOUNTS.heldFunds, amountPence: booking.pricePence + booking.customerFeePence },
    ],
  });
  const awaitingFixer = booking.slotProposedBy === "customer";
  // The itemised receipt: a record of a payment, sent whatever the customer chose for booking updates.
  await tell(tx, booking, publicUrl, {
    customer: { subject: "Your receipt", heading: `Receipt: ${formatGBP(booking.totalPence)} paid`, required: true, paragraphs: [...receiptLines({ ...booking, paymentId: payment.id, paidAt: now }), moneyText.held(booking.totalPence)] },
  });
  const set = { paymentId: payment.id, paidAt: now, ...callOutArrivalOnPayment(booking, now) };
  const paid = await move(tx, booking, "pay", { role: "provider", userId: null }, { to: awaitingFixer ? "awaiting_fixer_confirmation" : "booked", set, now });
  if (awaitingFixer) {
    await scheduleTimer(tx, bookingId, "lapse", new Date(now.getTime() + SLOT_CONFIRMATION_MS));
    await tell(tx, paid, publicUrl, {
      customer: { subject: "Payment received", heading: "Waiting for the fixer to confirm your slot", paragraphs: [moneyText.held(booking.totalPence), "The fixer has 24 hours to confirm the slot you proposed. If they do not, you get a full refund."] },
      fixer: { subject: "Please confirm a slot", heading: "A customer booked you for a slot they proposed", paragraphs: ["Confirm or decline the slot within 24 hours. Without an answer the booking lapses and the customer is refunded."] },
    });
  } else if (booking.slotWindow === "now") {
    await tell(tx, paid, publicUrl, callOutPaidMessages(paid));
  } else {
    await scheduleSlotReminder(tx, paid, now);
    await tell(tx, paid, publicUrl, bookedMessages(paid));
  }
  return { bookingId, outcome: "booked" };
}

/** The booked emails to both sides, each with the calendar invite for the booking's (current) slot. */
export function bookedMessages(booking: Booking) {
  return {
    customer: {
      subject: "Booking confirmed",
      heading: "Your booking is confirmed",
      paragraphs: [
        moneyText.held(booking.totalPence),
        `Free cancellation up to ${freeCancellationHours} hours before the slot; after that, ${formatGBP(booking.lateFeePence)} goes to the fixer.`,
      ],
      calendarInvite: true,
    },
    fixer: {
      subject: "New booking",
      heading: "You have a new booking",
      paragraphs: [moneyText.payout(booking.fixerNetPence), "Mark the job done on the booking's page once the work is finished."],
      calendarInvite: true,
    },
  };
}

/** The reminder 24 hours before the booking's slot, for that slot: once the slot moves, this timer finds it changed and does nothing. */
export async function scheduleSlotReminder(tx: DbOrTx, booking: Booking, now: Date): Promise<void> {
  const slot = bookingSlotOf(booking);
  if (isCallOutSlot(slot)) return;
  const remindAt = slotStartsAt(slot).getTime() - DAY;
  if (remindAt > now.getTime()) await scheduleTimer(tx, booking.id, "slot_reminder", new Date(remindAt), { slot: slotKey(booking) });
}

/** A booking's slot as a slot reminder names it ("2026-12-01|morning"). */
const slotKey = (booking: Pick<Booking, "slotDate" | "slotWindow">) => `${booking.slotDate}|${booking.slotWindow}`;

/** The fixer confirms a slot the customer proposed. */
export async function confirmSlot(deps: BookingDeps, fixerUserId: string, bookingId: number): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await move(tx, await lockBooking(tx, bookingId, fixer(fixerUserId)), "confirm_slot", fixer(fixerUserId), { now });
    await scheduleSlotReminder(tx, booking, now);
    await tell(tx, booking, deps.publicUrl, bookedMessages(booking));
  });
}

/** The fixer declines a slot the customer proposed: full refund, no strike. */
export async function declineSlot(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { reason?: string | null } = {}): Promise<void> {
  const reason = checkText(input.reason, "a reason");
  await refundingMove(deps, bookingId, "decline_slot", fixer(fixerUserId), reason, {
    subject: "Slot declined",
    heading: "The fixer cannot make the slot you proposed",
  });
}

/** Moves a paid booking to a state that refunds it in full, with the emails that say so. */
async function refundingMove(
  deps: BookingDeps,
  bookingId: number,
  name: "decline_slot" | "cancel_by_fixer" | "lapse",
  actor: ActorRef,
  reason: string | null,
  customerMessage: { subject: string; heading: string },
  after?: (tx: DbOrTx, booking: Booking) => Promise<void>,
): Promise<{ refundPence: number }> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, actor);
    const booking = await move(tx, before, name, actor, { reason, now, set: { settledAt: now } });
    const split = await settleBooking(tx, booking, name, { kind: "refund" });
    // Only a booked slot was sent as a calendar invite: its cancellation withdraws it.
    const calendarCancel = before.state === "booked";
    await tell(tx, booking, deps.publicUrl, {
      customer: { ...customerMessage, paragraphs: [cancellationWords.refund(split.refundPence), ...(reason ? [`Reason: ${reason}`] : [])], calendarCancel },
      fixer: {
        subject: "Booking closed",
        heading: "This booking is closed",
        paragraphs: [
          cancellationWords.fixerCancelled(split.refundPence),
          ...(reason ? [`Reason: ${reason}`] : []),
          // The fixer is told of every strike and why (decision 064): their own cancellation counts at once.
          ...(name === "cancel_by_fixer" ? [`A strike is recorded on your account for this cancellation. Three in ${STRIKE_WINDOW_DAYS} days pause new jobs.`] : []),
        ],
        calendarCancel,
      },
    });
    if (after) await after(tx, booking);
    return { refundPence: split.refundPence };
  });
}

/** The fixer cancels: full refund including the fee, and a strike (their own act: not contested, decision 064). */
export async function cancelByFixer(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { reason: string }): Promise<{ refundPence: number }> {
  const reason = checkText(input.reason, "a reason", { required: true, min: 5 });
  return refundingMove(deps, bookingId, "cancel_by_fixer", fixer(fixerUserId), reason, { subject: "Booking cancelled", heading: "The fixer cancelled your booking" }, (tx, booking) =>
    addStrike(tx, booking, "fixer_cancelled", "not_contested", deps.publicUrl, nowOf(deps)),
  );
}

/**
 * The customer reports that the fixer did not come (from the slot's start), with optional words and
 * up to 3 photos already stored by the photo pipeline: a case opens (decision 064), nothing is refunded yet.
 */
export async function reportNoShow(deps: BookingDeps, customerUserId: string, bookingId: number, input: { reason?: string | null; photos?: readonly StoredPhoto[] } = {}): Promise<void> {
  const claim = checkText(input.reason, "what happened");
  await deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, customer(customerUserId));
    await openCase(tx, deps, before, "no_show", customer(customerUserId), { claim, photos: input.photos ?? [] });
  });
}

/**
 * The customer cancels. Before paying: nothing to refund. Waiting for the fixer's confirmation, or 24
 * hours or more before the slot: a full refund. Later: a refund minus the late-cancellation fee, which
 * goes to the fixer. After the fixer marked the job done: refused (report a problem instead).
 */
export async function cancelByCustomer(
  deps: BookingDeps,
  customerUserId: string,
  bookingId: number,
  input: { reason?: string | null } = {},
): Promise<{ state: BookingState; refundPence: number; late: boolean; feePence: number }> {
  const reason = checkText(input.reason, "a reason");
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, customer(customerUserId));
    if (before.state === "pending_payment") {
      const booking = await move(tx, before, "cancel_by_customer", customer(customerUserId), { reason, now });
      await returnReservedCredit(tx, booking, "cancel_by_customer");
      await tellCallOutClosedUnpaid(tx, booking, deps.publicUrl, "cancelled");
      return { state: booking.state, refundPence: 0, late: false, feePence: 0 };
    }
    // After the slot started, a cancellation is a claim the fixer may answer (decision 064): nothing settles yet.
    const slot = bookingSlotOf(before);
    if (before.state === "booked" && now >= slotStartsAt(slot)) {
      const opened = await openCase(tx, deps, before, "late_cancel", customer(customerUserId), { claim: reason, photos: [] });
      return { state: opened.state, refundPence: 0, late: true, feePence: 0 };
    }
    const terms = customerCancellation({ ...before, slot }, now);
    const late = terms.late;
    const name = late ? "cancel_late_by_customer" : "cancel_by_customer";
    const booking = await move(tx, before, name, customer(customerUserId), { reason, now, set: { settledAt: now } });
    const split = await settleBooking(tx, booking, name, late ? { kind: "late_cancel", lateFeePence: booking.lateFeePence } : { kind: "refund" });
    // Only a booked slot was sent as a calendar invite: its cancellation withdraws it.
    const calendarCancel = before.state === "booked";
    await tell(tx, booking, deps.publicUrl, {
      customer: {
        subject: "Booking cancelled",
        heading: "Your booking is cancelled",
        paragraphs: [cancellationWords.customer({ late, feePence: booking.lateFeePence, refundPence: split.refundPence })],
        calendarCancel,
      },
      fixer: {
        subject: "Booking cancelled",
        heading: "The customer cancelled",
        paragraphs: [cancellationWords.toFixer({ callOut: isCallOutSlot(slot), late, feePence: booking.lateFeePence })],
        calendarCancel,
      },
    });
    return { state: booking.state, refundPence: split.refundPence, late, feePence: late ? booking.lateFeePence : 0 };
  });
}

/**
 * The fixer marks the job done (from the slot's start), with an optional note and up to 3 photos
 * already checked and stored by the photo pipeline (pages.server.ts deletes their files again when
 * this throws). The photo rows are written in the transition's transaction: a refused transition
 * leaves none. The customer's 2, 5 and 7-day timers start.
 */
export async function markDone(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { note?: string | null; photos?: readonly StoredPhoto[] } = {}): Promise<void> {
  const note = checkText(input.note, "a note");
  const photos = input.photos ?? [];
  if (photos.length > donePhotoLimit) throw new BookingError("invalid", tooManyDonePhotos);
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, fixer(fixerUserId));
    // A call-out's fixer may finish before the time they said they would arrive by.
    const slot = bookingSlotOf(before);
    if (before.state === "booked" && !isCallOutSlot(slot) && now < slotStartsAt(slot)) {
      throw new BookingError("conflict", "You can mark the job done once its slot has started.");
    }
    const booking = await move(tx, before, "mark_done", fixer(fixerUserId), { now, set: { doneNote: note, doneMarkedAt: now } });
    if (photos.length) {
      await tx.insert(bookingDonePhotos).values(
        photos.map((p) => ({ bookingId: booking.id, ...photoRow(p), createdAt: now })),
      );
    }
    for (const days of REMINDER_AFTER_DAYS) await scheduleTimer(tx, booking.id, days === 2 ? "remind_2" : "remind_5", new Date(now.getTime() + days * DAY));
    await scheduleTimer(tx, booking.id, "escalate", new Date(now.getTime() + STAFF_REVIEW_AFTER_DAYS * DAY));
    await tell(tx, booking, deps.publicUrl, {
      customer: {
        subject: "Is the job done?",
        heading: "The fixer has marked the job done",
        paragraphs: [
          ...(note ? [`The fixer's note: ${note}`] : []),
          ...(photos.length ? [photos.length === 1 ? "The fixer added a photo: you can see it on the booking's page." : `The fixer added ${photos.length} photos: you can see them on the booking's page.`] : []),
          "Confirm it, and the fixer is paid; or report a problem, and we hold the money while we look into it.",
          `Without an answer in ${STAFF_REVIEW_AFTER_DAYS} days, ${company.brand} staff review the booking; the money stays held until then.`,
        ],
      },
    });
  });
}

/** When the referred customer's first booking is released, both they and their referrer get the credit (once). */
async function rewardReferral(tx: DbOrTx, booking: Booking, now: Date): Promise<void> {
  const [rewarded] = await tx
    .update(referrals)
    .set({ rewardedAt: now })
    .where(and(eq(referrals.referredUserId, booking.customerUserId), isNull(referrals.rewardedAt)))
    .returning({ referrerUserId: referrals.referrerUserId });
  if (!rewarded) return;
  const credit = vipPromotions.referral.creditPence;
  await postLedgerEvent(tx, {
    kind: "referral_credit",
    bookingId: booking.id,
    idempotencyKey: `referral-${booking.customerUserId}-reward`,
    entries: [
      { account: ACCOUNTS.promotions, amountPence: -2 * credit },
      { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: credit },
      { account: ACCOUNTS.customerCredit(rewarded.referrerUserId), amountPence: credit },
    ],
  });
}

/** The customer confirms the job is done: released, the fixer is paid the price less 10%. */
export async function confirmDone(deps: BookingDeps, customerUserId: string, bookingId: number): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const locked = await lockBooking(tx, bookingId, customer(customerUserId));
    // An extra charge waiting for the customer's answer or payment is answered first (decision 084).
    await assertNoExtraWaiting(tx, locked.id);
    const booking = await move(tx, locked, "confirm_done", customer(customerUserId), { now, set: { settledAt: now } });
    await settleBooking(tx, booking, "confirm_done", { kind: "release" });
    await completeJobOf(tx, booking, now);
    await rewardReferral(tx, booking, now);
    await tell(tx, booking, deps.publicUrl, {
      customer: { subject: "Thanks for confirming", heading: "You confirmed the job is done", paragraphs: ["The fixer is being paid. You can leave a review on your job's page."] },
      fixer: { subject: "Payment released", heading: "The customer confirmed the job", paragraphs: [moneyText.payout(booking.fixerNetPence + (await releasedExtrasNet(tx, booking.id)))] },
    });
  });
}

/** The customer reports a problem with work marked done: the money stays held, staff decide. */
export async function reportProblem(deps: BookingDeps, customerUserId: string, bookingId: number, input: { reason: string }): Promise<void> {
  const reason = checkText(input.reason, "what went wrong", { required: true, min: 10 });
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await move(tx, await lockBooking(tx, bookingId, customer(customerUserId)), "report_problem", customer(customerUserId), { reason, now });
    await tell(tx, booking, deps.publicUrl, {
      customer: { subject: "Problem reported", heading: "We have your report", paragraphs: [`The money stays held by ${company.brand} while our staff look into it. Both of you will see their decision and its reason.`] },
      fixer: { subject: "The customer reported a problem", heading: "The customer reported a problem", paragraphs: [`Their report: ${reason}`, `The money stays held while ${company.brand} staff look into it.`] },
    });
  });
}

export type StaffDecision = { kind: "release" } | { kind: "refund" } | { kind: "partial"; releasePricePence: number };
export type StaffMember = { userId: string; email: string };

/** Staff decide a disputed (or unanswered) booking: release all, release part and refund the rest, or refund all, with a reason both sides see. Audited. */
export async function staffDecide(deps: BookingDeps, staff: StaffMember, bookingId: number, decision: StaffDecision, input: { reason: string }): Promise<void> {
  const reason = checkText(input.reason, "the reason for the decision", { required: true, min: 5 })!;
  const now = nowOf(deps);
  const actor: ActorRef = { role: "staff", userId: staff.userId };
  await deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId);
    // The bank, not FixiT, returns a disputed charge: a refund beside it would pay the customer twice (decision 078).
    if (before.state === "chargeback_lost") {
      throw new BookingError("conflict", "The customer's bank took this payment back through a card dispute (chargeback): there is nothing left to refund or release.");
    }
    if (before.releaseFrozenAt && decision.kind !== "release") {
      throw new BookingError("conflict", "A card dispute is open with the bank for this payment: it cannot be refunded while the bank decides. If the customer wins, the bank returns the money to them.");
    }
    if (decision.kind === "partial") {
      const part = decision.releasePricePence;
      if (!Number.isSafeInteger(part) || part <= 0 || part >= before.pricePence) {
        throw new BookingError("invalid", `The part to release must be more than £0 and less than the price of ${formatGBP(before.pricePence)}.`);
      }
    }
    const name = decision.kind === "release" ? "staff_release" : decision.kind === "refund" ? "staff_refund" : "staff_release_part";
    const booking = await move(tx, before, name, actor, { reason, now, set: { settledAt: now }, details: { decision } });
    const split = await settleBooking(tx, booking, name, decision.kind === "partial" ? { kind: "partial", releasePricePence: decision.releasePricePence } : { kind: decision.kind });
    if (before.state === "claim_contested") await closeContestedCase(tx, booking, name, deps.publicUrl, now);
    await recordStaffAction(tx, staff, { action: "booking.decide", targetType: "booking", targetId: bookingId, details: { decision, reason, ...split } });
    if (decision.kind !== "refund") await completeJobOf(tx, booking, now);
    const decided = `${company.brand} staff decided: ${decision.kind === "release" ? "the fixer is paid in full" : decision.kind === "refund" ? "the customer is refunded in full" : "part is paid to the fixer and the rest refunded"}. Reason: ${reason}`;
    await tell(tx, booking, deps.publicUrl, {
      customer: { subject: "Decision on your booking", heading: "Our staff have decided", paragraphs: [decided, ...(split.refundPence > 0 ? [moneyText.refund(split.refundPence)] : [])] },
      fixer: { subject: "Decision on your booking", heading: "Our staff have decided", paragraphs: [decided, ...(split.fixerPayablePence > 0 ? [`${formatGBP(split.fixerPayablePence)} will be paid to you.`] : [])] },
    });
  });
}

/** What each timer does, only from the state it expects (a timer whose moment has passed does nothing). */
export async function runBookingTimer(deps: BookingDeps, payload: { bookingId: number; timer: string; slot?: string }): Promise<void> {
  const now = nowOf(deps);
  const { bookingId, timer } = payload;
  const [current] = await deps.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, bookingId));
  if (!current) return;
  switch (timer) {
    case "expire_payment":
      if (current.state !== "pending_payment") return;
      await deps.db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId);
        if (booking.state !== "pending_payment") return;
        // A checkout opened in the window's last half hour runs on (Stripe's minimum); its own timer expires the booking then.
        if (paymentWindowEnd(booking, await pendingCheckoutOf(tx, bookingId)).getTime() > now.getTime()) return;
        const expired = await move(tx, booking, "expire_payment", system, { now });
        await returnReservedCredit(tx, expired, "expire_payment");
        await tellCallOutClosedUnpaid(tx, expired, deps.publicUrl, "expired");
      });
      return;
    case "lapse":
      if (current.state !== "awaiting_fixer_confirmation") return;
      await refundingMove(deps, bookingId, "lapse", system, null, { subject: "Booking lapsed", heading: "The fixer did not confirm your slot in time" }).catch(ignoreIfMoved);
      return;
    case "escalate":
      if (current.state !== "done_marked") return;
      await deps.db
        .transaction(async (tx) => {
          const booking = await move(tx, await lockBooking(tx, bookingId), "escalate", system, { now });
          const message = {
            subject: "Booking sent to staff review",
            heading: `${company.brand} staff will review this booking`,
            paragraphs: [`The customer has not confirmed the job or reported a problem within ${STAFF_REVIEW_AFTER_DAYS} days. The money stays held until our staff have reviewed it; both of you will see their decision.`],
          };
          await tell(tx, booking, deps.publicUrl, { customer: message, fixer: message });
        })
        .catch(ignoreIfMoved);
      return;
    case "claim_deadline":
      if (current.state !== "claim_open") return;
      await runClaimDeadline(deps, bookingId).catch(ignoreIfMoved);
      return;
    case "remind_2":
    case "remind_5":
    case "slot_reminder": {
      const expected = timer === "slot_reminder" ? "booked" : "done_marked";
      if (current.state !== expected) return;
      await deps.db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId);
        if (booking.state !== expected) return;
        // A slot moved earlier since the reminder was queued (TEST MODE's slot-passed) has no "tomorrow" left to remind of.
        if (timer === "slot_reminder" && slotStartsAt(bookingSlotOf(booking)) <= now) return;
        // A reminder for a slot the booking has since moved from (decision 054) does nothing; the new slot has its own, keyed by that slot.
        if (timer === "slot_reminder" && payload.slot !== undefined && payload.slot !== slotKey(booking)) return;
        const key = timer === "slot_reminder" ? `booking-${bookingId}-${timer}-${slotKey(booking)}` : `booking-${bookingId}-${timer}`;
        if (!(await recordOnTimeline(tx, booking, timer, system, { key }))) return;
        if (timer === "slot_reminder") {
          const message = { subject: "Reminder: booking tomorrow", heading: "Your booking is tomorrow", paragraphs: ["This is a reminder of your booking in 24 hours."] };
          await tell(tx, booking, deps.publicUrl, { customer: message, fixer: message });
        } else {
          await tell(tx, booking, deps.publicUrl, {
            customer: { subject: "Reminder: is the job done?", heading: "Please confirm the job or report a problem", paragraphs: [`The fixer marked the job done. Without an answer by ${STAFF_REVIEW_AFTER_DAYS} days after that, ${company.brand} staff review the booking.`] },
          });
        }
      });
      return;
    }
    default:
      throw new Error(`unknown booking timer ${timer}`);
  }
}

/** A timer that lost a race to a person's action (the state moved on under the lock) has nothing left to do. */
function ignoreIfMoved(error: unknown): void {
  if (error instanceof Error && error.name === "IllegalTransitionError") return;
  throw error;
}

/** The booking's timeline and its fields for one of its two people (or staff): null when it is not theirs. */
export async function findBookingFor(db: DbOrTx, bookingId: number, viewer: ActorRef): Promise<Booking | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return null;
  if (viewer.role === "customer" && booking.customerUserId !== viewer.userId) return null;
  if (viewer.role === "fixer" && booking.fixerUserId !== viewer.userId) return null;
  return booking;
}
