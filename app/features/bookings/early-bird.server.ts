import { and, count, eq, inArray, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, earlyBirdCustomers, type Booking } from "#server/db/schema/bookings.ts";
import { bookingCheckoutHoldsSql } from "~/features/payments/booking-payments.server.ts";
import { formatGBP, vipPromotions } from "~/content/prices";
import { priceBooking } from "./pricing";
import { COMPLETED_STATES, PAID_UNSETTLED_STATES } from "./next-steps";
import { recordOnTimeline, type ActorRef } from "./transition.server";

/**
 * The early-bird offer (decision 075): the first `firstUsers` customers whose discounted booking is
 * PAID get a place, and a place gives the discount until `bookings` of the customer's bookings are
 * completed. Only paid bookings take places and count towards the three, and an open checkout
 * holds what its payment would take, so the discount shown when the checkout opens is the one paid:
 *
 * - shown (a booking is made): if the offer would apply now, counting paid bookings and open checkouts;
 * - held (Pay opens the checkout): decided again under one lock and held by the checkout's payments
 *   row (pending, until its `expires_at`, the booking's payment window) — or, when nothing is left,
 *   the discount is taken off the booking before any card is asked for, and the customer is told;
 * - taken (the payment's fulfilment, in its transaction): the place is numbered then, under the same
 *   lock, never past `firstUsers`.
 * An expired, abandoned (cancelled) or refused checkout holds nothing from that moment.
 */

const { firstUsers: PLACES, bookings: PER_CUSTOMER } = vipPromotions.earlyBird;

/** One lock orders every decision about places: holding one at Pay and numbering one at payment. */
const lockPlaces = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('early-bird-places'))`);

/**
 * A discounted booking whose checkout holds its discount: waiting for payment with a checkout still
 * open (pending, before its end: older rows without one end with the 2-hour window), or paid and
 * not yet fulfilled (the fulfilment takes the place in a moment).
 */
function holdsDiscount(now: Date): SQL {
  return sql`${bookings.state} = 'pending_payment' and ${bookings.discountPence} > 0 and ${bookingCheckoutHoldsSql(bookings.id, now)}`;
}

async function hasPlace(tx: DbOrTx, customerUserId: string): Promise<boolean> {
  const [row] = await tx.select({ position: earlyBirdCustomers.position }).from(earlyBirdCustomers).where(eq(earlyBirdCustomers.customerUserId, customerUserId));
  return Boolean(row);
}

/** Places numbered (paid), plus other customers' open checkouts that would take one. */
async function placesTaken(tx: DbOrTx, exceptCustomerUserId: string, now: Date): Promise<number> {
  const [paid] = await tx.select({ n: count() }).from(earlyBirdCustomers);
  const [held] = await tx
    .select({ n: sql<number>`count(distinct ${bookings.customerUserId})::int` })
    .from(bookings)
    .where(
      and(
        holdsDiscount(now),
        ne(bookings.customerUserId, exceptCustomerUserId),
        sql`not exists (select 1 from ${earlyBirdCustomers} where ${earlyBirdCustomers.customerUserId} = ${bookings.customerUserId})`,
      ),
    );
  return (paid?.n ?? 0) + Number(held?.n ?? 0);
}

/**
 * The customer's bookings that use one of their three: completed ones (released, whatever their
 * discount), discounted ones paid and on their way, and (unless `paidOnly`) discounted ones whose
 * open checkout holds the discount. `exceptBookingId`: the booking being decided.
 */
async function usedOfThree(tx: DbOrTx, customerUserId: string, now: Date, options: { exceptBookingId?: number; paidOnly?: boolean } = {}): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerUserId, customerUserId),
        options.exceptBookingId ? ne(bookings.id, options.exceptBookingId) : undefined,
        or(
          inArray(bookings.state, [...COMPLETED_STATES]),
          and(sql`${bookings.discountPence} > 0`, inArray(bookings.state, [...PAID_UNSETTLED_STATES])),
          options.paidOnly ? undefined : holdsDiscount(now),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Would the offer apply to a booking the customer makes or pays now? (Paid bookings and open checkouts count; unpaid bookings without one do not.) */
export async function earlyBirdOffered(tx: DbOrTx, customerUserId: string, now: Date, exceptBookingId?: number): Promise<boolean> {
  if ((await usedOfThree(tx, customerUserId, now, { exceptBookingId })) >= PER_CUSTOMER) return false;
  return (await hasPlace(tx, customerUserId)) || (await placesTaken(tx, customerUserId, now)) < PLACES;
}

/**
 * At Pay, before the checkout is recorded: takes the places lock (held until the caller's
 * transaction commits, with the checkout's payments row that then holds the discount) and answers
 * whether the booking's discount can be held. The caller takes the discount off when it cannot.
 */
export async function canHoldEarlyBird(tx: DbOrTx, booking: Pick<Booking, "id" | "customerUserId">, now: Date): Promise<boolean> {
  await lockPlaces(tx);
  return earlyBirdOffered(tx, booking.customerUserId, now, booking.id);
}

/**
 * In the payment's fulfilment transaction, for a discounted booking: the customer's place, numbered
 * now if they had none, and one of their three. False when the places ran out or the three are used
 * (only a payment that arrived after its checkout stopped holding the discount can find that).
 */
export async function takeEarlyBirdPlace(tx: DbOrTx, booking: Pick<Booking, "id" | "customerUserId">, now: Date): Promise<boolean> {
  await lockPlaces(tx);
  if ((await usedOfThree(tx, booking.customerUserId, now, { exceptBookingId: booking.id, paidOnly: true })) >= PER_CUSTOMER) return false;
  if (await hasPlace(tx, booking.customerUserId)) return true;
  const [last] = await tx.select({ position: max(earlyBirdCustomers.position) }).from(earlyBirdCustomers);
  const next = (last?.position ?? 0) + 1;
  if (next > PLACES) return false;
  await tx.insert(earlyBirdCustomers).values({ customerUserId: booking.customerUserId, position: next });
  return true;
}

/** What the customer is told when the discount was taken off before they paid. */
export function discountWithdrawnWords(booking: Pick<Booking, "discountPence" | "totalPence">): string {
  return `The early-bird discount is no longer available for this booking: its places were taken, or your three discounted bookings are used, by payments made since it was shown. Nothing was charged. The new total is ${formatGBP(booking.totalPence)}; press Pay again to pay it, or cancel the booking at no cost.`;
}

/**
 * Takes the early-bird discount off a booking waiting for payment, before any card is asked for:
 * the fee is worked out again on the full price; the referral credit already set aside stays as it was.
 */
export async function withdrawEarlyBird(tx: DbOrTx, booking: Booking, actor: ActorRef, now: Date): Promise<Booking> {
  const price = priceBooking({ pricePence: booking.pricePence, earlyBird: false, creditAvailablePence: booking.creditPence });
  const [repriced] = await tx
    .update(bookings)
    .set({ discountPence: price.discountPence, customerFeePence: price.customerFeePence, creditPence: price.creditPence, totalPence: price.totalPence, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  await recordOnTimeline(tx, booking, "early_bird_withdrawn", actor, {
    key: `booking-${booking.id}-early-bird-withdrawn`,
    details: { discountPence: booking.discountPence, totalPence: price.totalPence, previousTotalPence: booking.totalPence },
  });
  return repriced!;
}
