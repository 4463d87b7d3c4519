import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, type Booking } from "#server/db/schema/bookings.ts";
import { ARRIVAL_MINUTES, callOutWords, priceCallOut } from "./call-out";
import { bookingAddressOf, saveBookingAddress } from "./address.server";
import { callOutRequestOf } from "./call-out-request.server";
import { BookingError } from "./errors";
import { LIVE_STATES } from "./state-machine";
import { MAX_PRICE_PENCE } from "./pricing";
import type { JobAddress } from "./schemas";
import { ukDate } from "./slots";
import { BOOKING_STARTS } from "./process";
import { startTimers } from "./process.server";
import type { BookingQuoteReads } from "./quote-reads.server";
import { nowOf, recordOnTimeline, type BookingDeps } from "./transition.server";

/**
 * Emergency call-out bookings (issue 51, item 4; decision 083). The emergency feature's dispatch
 * calls {@link bookEmergencyCallOutIn} in the transaction that gives the request to the fixer who
 * accepted it; from there the booking is an ordinary booking of the one state machine (pay, done,
 * confirm, payout, disputes, cases), with the slot "now" and the fixer's arrival estimate.
 */


export type EmergencyCallOutInput = {
  emergencyRequestId: number;
  customerUserId: string;
  fixerUserId: string;
  service: string;
  /** The accepting fixer's emergency rate for the service, pence an hour. */
  ratePence: number;
  /** The fixer's arrival estimate, minutes from when they set off (15–90). */
  arrivalMinutes: number;
};

const invalid = (message: string) => new BookingError("invalid", message);

/**
 * A booking of the accepted emergency request, waiting for the customer's payment, in the caller's
 * transaction. Paying books it at once (the slot counts as proposed by the fixer); unpaid after
 * `CALL_OUT_PAYMENT_WINDOW_MINUTES` minutes it expires and the fixer is told not to go. One live
 * booking per request: a second call answers 409 (and the unique index holds it under any race).
 * `reads`: whether the fixer takes bookings, read from the quotes feature's rows (dispatch hands it in).
 */
export async function bookEmergencyCallOutIn(tx: DbOrTx, deps: BookingDeps, reads: Pick<BookingQuoteReads, "fixerTakesBookings">, input: EmergencyCallOutInput): Promise<{ bookingId: number }> {
  const now = nowOf(deps);
  if (!Number.isSafeInteger(input.emergencyRequestId) || input.emergencyRequestId <= 0) throw new BookingError("not_found", "There is no such emergency request.");
  if (!Number.isSafeInteger(input.ratePence) || input.ratePence <= 0 || input.ratePence > MAX_PRICE_PENCE) throw invalid("The emergency rate must be a whole number of pence above £0.");
  if (!Number.isInteger(input.arrivalMinutes) || input.arrivalMinutes < ARRIVAL_MINUTES.min || input.arrivalMinutes > ARRIVAL_MINUTES.max) {
    throw invalid(`The arrival estimate must be between ${ARRIVAL_MINUTES.min} and ${ARRIVAL_MINUTES.max} minutes.`);
  }
  if (input.customerUserId === input.fixerUserId) throw new BookingError("conflict", "A fixer cannot take their own emergency request.");

  const request = await callOutRequestOf(tx, input.emergencyRequestId);
  if (!request || request.customerUserId !== input.customerUserId) throw new BookingError("not_found", "There is no such emergency request.");
  if (request.service !== input.service) throw invalid("The service is not the one the customer asked for.");

  if (!(await reads.fixerTakesBookings(tx, input.fixerUserId))) throw new BookingError("conflict", "This fixer is not taking bookings at the moment.");

  const [live] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.emergencyRequestId, input.emergencyRequestId), inArray(bookings.state, LIVE_STATES)));
  if (live) throw new BookingError("conflict", "This emergency request already has a booking.");

  const price = priceCallOut(input.ratePence);
  const arriveBy = new Date(now.getTime() + input.arrivalMinutes * 60_000);
  const [booking] = await tx
    .insert(bookings)
    .values({
      emergencyRequestId: input.emergencyRequestId,
      customerUserId: input.customerUserId,
      fixerUserId: input.fixerUserId,
      slotDate: ukDate(arriveBy),
      slotWindow: "now",
      arrivalMinutes: input.arrivalMinutes,
      arriveBy,
      slotProposedBy: "fixer",
      // Priced by the hour: hours beyond the first are the fixer's extra charges at this rate (decision 084).
      hourlyRatePence: input.ratePence,
      ...price,
      state: "pending_payment",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordOnTimeline(tx, booking!, "create", { role: "fixer", userId: input.fixerUserId }, {
    key: `booking-${booking!.id}-create`,
    details: { ...price, emergencyRequestId: input.emergencyRequestId, arrivalMinutes: input.arrivalMinutes },
  });
  await startTimers(tx, booking!, BOOKING_STARTS.create.starts, now);
  return { bookingId: booking!.id };
}

/**
 * The address the fixer comes to, given when the customer pays the call-out: it must be in the request's
 * postcode district (the one the fixers on call cover). Pressing Pay again may leave it out once stored.
 */
export async function saveCallOutAddress(tx: DbOrTx, booking: Booking, address: JobAddress | null, now: Date): Promise<void> {
  if (!address) {
    if (!(await bookingAddressOf(tx, booking.id))) throw new BookingError("invalid", callOutWords.needsAddress);
    return;
  }
  const request = await callOutRequestOf(tx, booking.emergencyRequestId);
  if (!request) throw new BookingError("conflict", "This call-out's request no longer exists.");
  await saveBookingAddress(tx, booking.id, request.district, address, now);
}

/** When paid, the fixer sets off: they arrive by payment + their estimate (the accept-time figure was only a guide until then). Nothing for a booking of a quote. */
export function callOutArrivalOnPayment(booking: Pick<Booking, "arrivalMinutes" | "slotWindow">, paidAt: Date): Partial<Pick<Booking, "arriveBy" | "slotDate">> {
  if (booking.slotWindow !== "now") return {};
  const arriveBy = new Date(paidAt.getTime() + (booking.arrivalMinutes ?? ARRIVAL_MINUTES.max) * 60_000);
  return { arriveBy, slotDate: ukDate(arriveBy) };
}

/**
 * The booking of an accepted emergency request as its customer's request page links to it: the
 * latest one (an unpaid one that expired stays, so the page can say so). Read by the emergency feature.
 */
export async function callOutBookingOf(db: DbOrTx, emergencyRequestId: number): Promise<{ id: number; state: Booking["state"]; totalPence: number } | null> {
  const [row] = await db
    .select({ id: bookings.id, state: bookings.state, totalPence: bookings.totalPence })
    .from(bookings)
    .where(eq(bookings.emergencyRequestId, emergencyRequestId))
    .orderBy(desc(bookings.id))
    .limit(1);
  return row ?? null;
}

/**
 * Of `fixerUserIds`, those on a call-out now: accepted and not yet marked done (waiting for the
 * payment, or paid and on the way or at work). Dispatch offers them no other call-out meanwhile.
 */
export async function fixersOnCallOut(db: DbOrTx, fixerUserIds: readonly string[]): Promise<Set<string>> {
  if (fixerUserIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ fixerUserId: bookings.fixerUserId })
    .from(bookings)
    .where(and(inArray(bookings.fixerUserId, [...fixerUserIds]), eq(bookings.slotWindow, "now"), inArray(bookings.state, ["pending_payment", "booked"])));
  return new Set(rows.map((r) => r.fixerUserId));
}
