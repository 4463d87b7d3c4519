import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingExtras, type BookingExtra } from "#server/db/schema/booking-extras.ts";
import type { Booking } from "#server/db/schema/bookings.ts";
import { formatGBP } from "~/content/prices";
import { expireOpenCheckout, pendingPayment, type Payment } from "~/features/payments/booking-payments.server.ts";
import { BookingError } from "./errors";
import { assertExtraMove, EXTRA_STATE_LABELS, extraMove, extraStart } from "./extras-machine";
import { extraLabel, MAX_EXTRA_HOURS, MAX_EXTRA_PRICE_PENCE, MAX_EXTRAS_PER_BOOKING, extrasCopy, type ExtrasPanel, type ExtraView } from "./extras";
import { priceBooking } from "./pricing";
import { STATE_LABELS, type BookingState } from "./state-machine";
import { lockBooking, nowOf, recordOnTimeline, tell, type ActorRef, type BookingDeps } from "./transition.server";

/**
 * Extra charges on a booking (decision 084): the fixer asks, the customer accepts and pays through its
 * own checkout (its own payments row and idempotency key: ./extras-payment.server.ts) or declines with a reason. A paid extra's
 * money is held with the booking's (the ledger event in the payment's fulfilment transaction) and
 * settled with it by `settleBooking` (money.server.ts): released with the booking, refunded with it.
 * Every change takes the booking's row lock first, so two presses (or two instances) run one after the other.
 */

/** The booking states in which an extra may be asked for, accepted or paid: paid for, work not yet confirmed. */
export const EXTRA_BOOKING_STATES: readonly BookingState[] = ["booked", "done_marked"];
/** The outbox job that closes an accepted extra whose checkout window ended unpaid. */
export const EXTRA_EXPIRY_JOB = "booking_extra_expiry";
export type ExtraExpiryPayload = { extraId: number };

export type ExtraOffer = { kind: "hours"; hours: number } | { kind: "amount"; description: string; pricePence: number };

const fixerActor = (userId: string): ActorRef => ({ role: "fixer", userId });
export const customerActor = (userId: string): ActorRef => ({ role: "customer", userId });
const system: ActorRef = { role: "system", userId: null };

export function assertOpenForExtras(booking: Booking): void {
  if (!EXTRA_BOOKING_STATES.includes(booking.state)) throw new BookingError("conflict", `This booking cannot take an extra charge: it is ${STATE_LABELS[booking.state]}.`);
  if (booking.releaseFrozenAt) throw new BookingError("conflict", "A card payment dispute is open with the bank for this booking: no extra charge can be taken until it is settled.");
}

/** The extra of this booking, locked for the rest of the transaction; another booking's is "not found". */
export async function lockExtra(tx: DbOrTx, bookingId: number, extraId: number): Promise<BookingExtra> {
  if (!Number.isSafeInteger(extraId) || extraId <= 0) throw new BookingError("not_found", "There is no such extra charge on this booking.");
  const [extra] = await tx
    .select()
    .from(bookingExtras)
    .where(and(eq(bookingExtras.id, extraId), eq(bookingExtras.bookingId, bookingId)))
    .for("update");
  if (!extra) throw new BookingError("not_found", "There is no such extra charge on this booking.");
  return extra;
}

/** The fixer asks for an extra: hours at the booking's hourly rate (a booking priced by the hour), else an amount. */
export async function offerExtra(deps: BookingDeps, fixerUserId: string, bookingId: number, offer: ExtraOffer): Promise<{ extraId: number }> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, fixerActor(fixerUserId));
    assertOpenForExtras(booking);
    const [asked] = await tx.select({ n: count() }).from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId));
    if ((asked?.n ?? 0) >= MAX_EXTRAS_PER_BOOKING) throw new BookingError("conflict", extrasCopy.limitReached);
    let priced: { pricePence: number; hours: number | null; hourlyRatePence: number | null; description: string | null };
    if (offer.kind === "hours") {
      if (booking.hourlyRatePence === null) throw new BookingError("invalid", "This booking is not priced by the hour: ask for an extra amount instead.");
      if (!Number.isSafeInteger(offer.hours) || offer.hours < 1 || offer.hours > MAX_EXTRA_HOURS) throw new BookingError("invalid", `Enter a whole number of hours from 1 to ${MAX_EXTRA_HOURS}.`);
      priced = { pricePence: offer.hours * booking.hourlyRatePence, hours: offer.hours, hourlyRatePence: booking.hourlyRatePence, description: null };
    } else {
      if (!Number.isSafeInteger(offer.pricePence) || offer.pricePence <= 0 || offer.pricePence > MAX_EXTRA_PRICE_PENCE) {
        throw new BookingError("invalid", `Enter an amount above £0 and at most ${formatGBP(MAX_EXTRA_PRICE_PENCE)}.`);
      }
      priced = { pricePence: offer.pricePence, hours: null, hourlyRatePence: null, description: offer.description };
    }
    // The booking's own rules: the customer's 5% fee on what they pay, the fixer's 10% charge on the price (no promotions on an extra).
    const price = priceBooking({ pricePence: priced.pricePence, earlyBird: false, creditAvailablePence: 0 });
    const [extra] = await tx
      .insert(bookingExtras)
      .values({
        bookingId,
        kind: offer.kind,
        ...priced,
        customerFeePence: price.customerFeePence,
        totalPence: price.totalPence,
        fixerChargePence: price.fixerChargePence,
        fixerNetPence: price.fixerNetPence,
        state: extraStart("offer", "fixer"),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const label = extraLabel(extra!);
    await recordOnTimeline(tx, booking, "extra_offered", fixerActor(fixerUserId), { key: `extra-${extra!.id}-offered`, details: { extraId: extra!.id, totalPence: extra!.totalPence } });
    await tell(tx, booking, deps.publicUrl, {
      customer: {
        subject: "The fixer asked for an extra charge",
        heading: `Extra charge: ${formatGBP(extra!.totalPence)}`,
        paragraphs: [`${label}: ${extrasCopy.feeLine(extra!)}.`, "Accept and pay it on your booking page, or decline it and tell the fixer why. You can confirm the job once you have answered."],
      },
    });
    return { extraId: extra!.id };
  });
}

/** The customer declines an extra with a reason: the booking stays as it was; the fixer is told why. */
export async function declineExtra(deps: BookingDeps, customerUserId: string, bookingId: number, extraId: number, input: { reason: string }): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, customerActor(customerUserId));
    const extra = await lockExtra(tx, bookingId, extraId);
    assertExtraMove("decline", extra.state, "customer");
    const decline = extraMove("decline", "customer");
    await tx
      .update(bookingExtras)
      .set({ state: decline.to, declineReason: input.reason, answeredAt: now, updatedAt: now })
      .where(and(eq(bookingExtras.id, extra.id), inArray(bookingExtras.state, decline.from)));
    await recordOnTimeline(tx, booking, "extra_declined", customerActor(customerUserId), { key: `extra-${extra.id}-declined`, reason: input.reason, details: { extraId: extra.id } });
    await tell(tx, booking, deps.publicUrl, {
      fixer: { subject: "The customer declined an extra charge", heading: "Extra charge declined", paragraphs: [`${extraLabel(extra)} (${formatGBP(extra.totalPence)}) was declined. The customer's reason: ${input.reason}`, "The booking stays as it was."] },
    });
  });
}

/** The extra's checkout that is still pending (at most one: the unique index), if any. */
export async function pendingExtraCheckoutOf(tx: DbOrTx, extra: BookingExtra): Promise<Payment | null> {
  if (!extra.paymentId) return null;
  return pendingPayment(tx, extra.paymentId);
}

/** The expiry job: an accepted extra still unpaid when its checkout window ended is closed, and its checkout too. */
export async function runExtraExpiry(deps: BookingDeps, payload: ExtraExpiryPayload): Promise<void> {
  const now = nowOf(deps);
  const [current] = await deps.db.select({ bookingId: bookingExtras.bookingId, state: bookingExtras.state }).from(bookingExtras).where(eq(bookingExtras.id, payload.extraId));
  if (current?.state !== "pending_payment") return;
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, current.bookingId);
    const extra = await lockExtra(tx, booking.id, payload.extraId);
    if (extra.state !== "pending_payment") return;
    const open = await pendingExtraCheckoutOf(tx, extra);
    if (open && (open.expiresAt?.getTime() ?? 0) > now.getTime()) return;
    if (open) {
      // Closed with its own log entry (payments' booking module: the service's module is not imported here, the job handlers would import it in a circle).
      await expireOpenCheckout(tx, open.id, now, "extra-window");
    }
    const expire = extraMove("expire", "system");
    await tx.update(bookingExtras).set({ state: expire.to, updatedAt: now }).where(and(eq(bookingExtras.id, extra.id), inArray(bookingExtras.state, expire.from)));
    await recordOnTimeline(tx, booking, "extra_expired", system, { key: `extra-${extra.id}-expired`, details: { extraId: extra.id } });
    await tell(tx, booking, deps.publicUrl, {
      fixer: { subject: "An extra charge was not paid", heading: "Extra charge not paid in time", paragraphs: [`${extraLabel(extra)} was accepted but not paid within its time. You may ask for it again.`] },
    });
  });
}

/** The extras of a booking, oldest first. */
export async function extrasOf(db: DbOrTx, bookingId: number): Promise<BookingExtra[]> {
  return db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId)).orderBy(asc(bookingExtras.id));
}

/** An extra as the pages show it. */
export const extraView = (extra: BookingExtra): ExtraView => ({
  id: extra.id,
  label: extraLabel(extra),
  state: extra.state,
  stateLabel: EXTRA_STATE_LABELS[extra.state],
  pricePence: extra.pricePence,
  customerFeePence: extra.customerFeePence,
  totalPence: extra.totalPence,
  fixerChargePence: extra.fixerChargePence,
  fixerNetPence: extra.fixerNetPence,
  declineReason: extra.declineReason,
});

/** The states of an extra that wait for the customer (their answer, or their payment): the job cannot be confirmed meanwhile. */
const WAITING: readonly BookingExtra["state"][] = ["offered", "pending_payment"];

/** The booking page's extras panel. */
export async function extrasPanelOf(db: DbOrTx, booking: Booking, role: "customer" | "fixer"): Promise<ExtrasPanel> {
  const extras = await extrasOf(db, booking.id);
  const open = EXTRA_BOOKING_STATES.includes(booking.state) && !booking.releaseFrozenAt;
  const full = extras.length >= MAX_EXTRAS_PER_BOOKING;
  return {
    extras: extras.map(extraView),
    canAdd: role === "fixer" && open && !full ? (booking.hourlyRatePence !== null ? { kind: "hours", hourlyRatePence: booking.hourlyRatePence } : { kind: "amount" }) : null,
    addRefusal: role === "fixer" && open && full ? extrasCopy.limitReached : null,
    blocksConfirm: extras.some((e) => WAITING.includes(e.state)),
  };
}

/** Confirming the job waits for every extra the customer has not answered or paid: refused (409) with why. */
export async function assertNoExtraWaiting(tx: DbOrTx, bookingId: number): Promise<void> {
  const [waiting] = await tx
    .select({ id: bookingExtras.id })
    .from(bookingExtras)
    .where(and(eq(bookingExtras.bookingId, bookingId), inArray(bookingExtras.state, [...WAITING])))
    .limit(1);
  if (waiting) throw new BookingError("conflict", extrasCopy.confirmBlocked);
}

/** What the booking's released extras pay the fixer (their nets): the release email's figure adds it to the booking's. */
export async function releasedExtrasNet(tx: DbOrTx, bookingId: number): Promise<number> {
  const released = await tx
    .select({ net: bookingExtras.fixerNetPence })
    .from(bookingExtras)
    .where(and(eq(bookingExtras.bookingId, bookingId), eq(bookingExtras.state, "released")));
  return released.reduce((sum, e) => sum + e.net, 0);
}
