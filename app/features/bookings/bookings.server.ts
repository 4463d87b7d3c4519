import { and, eq, inArray, sql } from "drizzle-orm";
import { recordStaffAction } from "#server/audit-log.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingDonePhotos, bookings, quoteBookingTerms, type BookingState } from "#server/db/schema/bookings.ts";
import { formatGBP } from "~/content/prices";
import { photoRow, type StoredPhoto } from "~/lib/photos/photos.server";
import { saveBookingAddress } from "./address.server";
import { customerCancellation } from "./cancellation";
import { openCase } from "./cases.server";
import { earlyBirdOffered } from "./early-bird.server";
import { BookingError } from "./errors";
import { donePhotoLimit, tooManyDonePhotos } from "./form-limits";
import { ACCOUNTS, accountBalance, postLedgerEvent } from "./ledger.server";
import { priceBooking } from "./pricing";
import { BOOKING_STARTS } from "./process";
import { move, moveWithSplit, startTimers, take } from "./process.server";
import { slotSchema, type JobAddress } from "./schemas";
import { bookingSlotOf, sameSlot, slotIsBookable, slotStartsAt, type Slot } from "./slots";
import { LIVE_STATES } from "./state-machine";
import type { BookingQuoteReads, QuoteOfBooking } from "./quote-reads.server";
import { lockBooking, nowOf, recordOnTimeline, type ActorRef, type BookingDeps } from "./transition.server";

export type { BookingDeps } from "./transition.server";

/**
 * The booking services people call (decision 044): a booking made from a quote (the quotes feature
 * reads and locks the quote, then calls bookQuoteIn), and each person's transition. Each checks its
 * input, then takes the process table's row (process.ts) through the executor (process.server.ts),
 * which writes the state, its timeline row, its ledger event, its provider operations, its emails
 * and its timers in one transaction. Plain inputs; the routes parse
 * forms and map errors to answers.
 */

export const TEXT_LIMIT = 2000;

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

/** `address`: where the work happens (the booking form requires it; seeding in tests may leave it out). */
export type CreateBookingInput = { quoteId: number; slot: Slot; address?: JobAddress };

/** The slot and quote id a booking may be made with (checked before any transaction): a refusal is a 400 or 404 that writes nothing. */
export function checkBookingInput(input: CreateBookingInput, now: Date): Slot {
  const slot = slotSchema.safeParse(input.slot);
  if (!slot.success) throw new BookingError("invalid", slot.error.issues[0]?.message ?? "Choose a date and a time of day.");
  if (!slotIsBookable(slot.data, now)) throw new BookingError("invalid", "Choose a date from tomorrow onwards, within a year.");
  if (!Number.isSafeInteger(input.quoteId) || input.quoteId <= 0) throw new BookingError("not_found", "There is no such quote on your jobs.");
  return slot.data;
}

/**
 * What booking an accepted quote takes: the quote, locked after its job by the quotes feature
 * (quotes' createBookingIn, which reads and checks it), the job's district, the checked slot.
 */
export type QuoteBookingInput = { customerUserId: string; quote: QuoteOfBooking; district: string; slot: Slot; address?: JobAddress };

/**
 * A booking of the customer's accepted quote, waiting for payment, in the caller's transaction. The
 * slot is one the fixer proposed (then paying books it) or the customer's own (then the fixer
 * confirms it within 24 hours). A range quote needs the price the fixer fixed. The price, fee,
 * promotions and late fee are fixed now and shown before paying. Booking the same quote again while
 * the first waits for payment answers that booking.
 */
export async function bookQuoteIn(tx: DbOrTx, deps: BookingDeps, reads: Pick<BookingQuoteReads, "fixerTakesBookings">, input: QuoteBookingInput): Promise<{ bookingId: number }> {
  const now = nowOf(deps);
  const { customerUserId, quote, slot } = input;
  const [live] = await tx.select().from(bookings).where(and(eq(bookings.quoteId, quote.id), inArray(bookings.state, LIVE_STATES)));
  if (live) {
    if (live.state === "pending_payment") {
      if (input.address) await saveBookingAddress(tx, live.id, input.district, input.address, now);
      return { bookingId: live.id };
    }
    throw new BookingError("conflict", "This quote is already booked.");
  }

  if (!(await reads.fixerTakesBookings(tx, quote.fixerUserId))) throw new BookingError("conflict", "This fixer is not taking bookings at the moment.");

  const [terms] = await tx.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, quote.id));
  const pricePence = quote.priceKind === "fixed" ? quote.amountPence : terms?.fixedPricePence;
  if (!pricePence) throw new BookingError("conflict", "The fixer has not fixed a price for this quote yet. Ask them to, then book.");
  const proposedByFixer = (terms?.slots ?? []).some((s) => sameSlot(s, slot));

  // One customer's bookings take their credit one after another.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-credit:${customerUserId}`}))`);
  // The discount shown now: paid bookings and open checkouts count, unpaid bookings do not; Pay holds it, payment takes it (decision 075).
  const earlyBird = await earlyBirdOffered(tx, customerUserId, now);
  const creditAvailablePence = Math.max(0, await accountBalance(tx, ACCOUNTS.customerCredit(customerUserId)));
  const price = priceBooking({ pricePence, earlyBird, creditAvailablePence });

  const [booking] = await tx
    .insert(bookings)
    .values({
      quoteId: quote.id,
      jobId: quote.jobId,
      customerUserId,
      fixerUserId: quote.fixerUserId,
      slotDate: slot.date,
      slotWindow: slot.window,
      slotProposedBy: proposedByFixer ? "fixer" : "customer",
      ...price,
      state: "pending_payment",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.address) await saveBookingAddress(tx, booking!.id, input.district, input.address, now);
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
  await startTimers(tx, booking!, BOOKING_STARTS.create.starts, now);
  return { bookingId: booking!.id };
}

/** The fixer confirms a slot the customer proposed. */
export async function confirmSlot(deps: BookingDeps, fixerUserId: string, bookingId: number): Promise<void> {
  await take(deps, bookingId, "confirm_slot", fixer(fixerUserId));
}

/** The fixer declines a slot the customer proposed: full refund, no strike. */
export async function declineSlot(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { reason?: string | null } = {}): Promise<void> {
  await take(deps, bookingId, "decline_slot", fixer(fixerUserId), { reason: checkText(input.reason, "a reason") });
}

/** The fixer cancels: full refund including the fee, and a strike (their own act: not contested, decision 064). */
export async function cancelByFixer(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { reason: string }): Promise<{ refundPence: number }> {
  const reason = checkText(input.reason, "a reason", { required: true, min: 5 });
  const { split } = await take(deps, bookingId, "cancel_by_fixer", fixer(fixerUserId), { reason });
  return { refundPence: split?.refundPence ?? 0 };
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
 * goes to the fixer. After the slot started: a case the fixer may answer (decision 064). After the
 * fixer marked the job done: refused (report a problem instead). The rows' guards say the same.
 */
export async function cancelByCustomer(
  deps: BookingDeps,
  customerUserId: string,
  bookingId: number,
  input: { reason?: string | null } = {},
): Promise<{ state: BookingState; refundPence: number; late: boolean; feePence: number }> {
  const reason = checkText(input.reason, "a reason");
  const now = nowOf(deps);
  const actor = customer(customerUserId);
  return deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, actor);
    const slot = bookingSlotOf(before);
    if (before.state === "booked" && now >= slotStartsAt(slot)) {
      const opened = await openCase(tx, deps, before, "late_cancel", actor, { claim: reason, photos: [] });
      return { state: opened.state, refundPence: 0, late: true, feePence: 0 };
    }
    const late = customerCancellation({ ...before, slot }, now).late;
    const { booking, split } = await moveWithSplit(tx, before, late ? "cancel_late_by_customer" : "cancel_by_customer", actor, { reason, now, publicUrl: deps.publicUrl });
    return { state: booking.state, refundPence: split?.refundPence ?? 0, late, feePence: late ? booking.lateFeePence : 0 };
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
    const booking = await move(tx, before, "mark_done", fixer(fixerUserId), { now, publicUrl: deps.publicUrl, set: { doneNote: note, doneMarkedAt: now }, input: { note, photoCount: photos.length } });
    if (photos.length) await tx.insert(bookingDonePhotos).values(photos.map((p) => ({ bookingId: booking.id, ...photoRow(p), createdAt: now })));
  });
}

/** The customer confirms the job is done: released, the fixer is paid the price less 10%. */
export async function confirmDone(deps: BookingDeps, customerUserId: string, bookingId: number): Promise<void> {
  await take(deps, bookingId, "confirm_done", customer(customerUserId));
}

/** The customer reports a problem with work marked done: the money stays held, staff decide. */
export async function reportProblem(deps: BookingDeps, customerUserId: string, bookingId: number, input: { reason: string }): Promise<void> {
  const reason = checkText(input.reason, "what went wrong", { required: true, min: 10 });
  await take(deps, bookingId, "report_problem", customer(customerUserId), { reason });
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
    const part = decision.kind === "partial" ? decision.releasePricePence : undefined;
    if (part !== undefined && (!Number.isSafeInteger(part) || part <= 0 || part >= before.pricePence)) {
      throw new BookingError("invalid", `The part to release must be more than £0 and less than the price of ${formatGBP(before.pricePence)}.`);
    }
    const name = decision.kind === "release" ? "staff_release" : decision.kind === "refund" ? "staff_refund" : "staff_release_part";
    const { split } = await moveWithSplit(tx, before, name, actor, { reason, now, publicUrl: deps.publicUrl, details: { decision }, releasePricePence: part });
    await recordStaffAction(tx, staff, { action: "booking.decide", targetType: "booking", targetId: bookingId, details: { decision, reason, ...split } });
  });
}

/** The booking's timeline and its fields for one of its two people (or staff): null when it is not theirs. */
export async function findBookingFor(db: DbOrTx, bookingId: number, viewer: ActorRef) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return null;
  if (viewer.role === "customer" && booking.customerUserId !== viewer.userId) return null;
  if (viewer.role === "fixer" && booking.fixerUserId !== viewer.userId) return null;
  return booking;
}
