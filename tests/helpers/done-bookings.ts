import { eq } from "drizzle-orm";
import { bookings, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { confirmDone, markDone } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { bookingSlotOf, slotStartsAt, ukDate, type Slot } from "~/features/bookings/slots";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import type { AppServices } from "~/app-services.server.ts";
import { seededBooking, seededSlot } from "~/features/seeding/bookings.server";

/**
 * People and bookings seeded through a running server's own services (the way the bookings bench
 * seeds them), for tests about what a request does to a booking rather than about getting there.
 */
export { SEEDED_PASSWORD, signedInFixer, signedInPerson, type SignedInPerson } from "~/features/seeding/people.server";
export { acceptedSeededQuote, seededBooking } from "~/features/seeding/bookings.server";

/** The customer's accepted quote booked for its slot and paid through the TEST MODE checkout: booked. */
export async function payQuote(services: AppServices, publicUrl: string, customerId: string, quoteId: number, slot: Slot = seededSlot()): Promise<number> {
  const { db } = services;
  await db.insert(quoteBookingTerms).values({ quoteId, slots: [slot] }).onConflictDoNothing();
  const { bookingId } = await createBooking({ db, publicUrl }, customerId, { quoteId, slot });
  const { paymentId } = await startBookingCheckout(services, customerId, bookingId);
  await markPaidAndFulfil(services, paymentId, "test-checkout");
  return bookingId;
}

/** A booking paid through the TEST MODE checkout, on the fixer's slot (booked); `started`: its slot began yesterday. */
export const paidBooking = (services: AppServices, publicUrl: string, customerId: string, fixerId: string, options: { pricePence?: number; slot?: Slot; title?: string; started?: boolean } = {}) =>
  seededBooking(services, publicUrl, customerId, fixerId, { ...options, paid: true });

/** A booking paid through the TEST MODE checkout and marked done by its fixer: it waits for the customer's confirmation. */
export async function doneBooking(services: AppServices, publicUrl: string, customerId: string, fixerId: string, pricePence = 6_000): Promise<number> {
  const { bookingId, slot } = await paidBooking(services, publicUrl, customerId, fixerId, { pricePence });
  const afterSlot = new Date(slotStartsAt(slot).getTime() + 2 * 3_600_000);
  await markDone({ db: services.db, publicUrl, now: () => afterSlot }, fixerId, bookingId, { note: "All done." });
  return bookingId;
}

/**
 * The accepted quote's work done and paid for: booked, paid, marked done by its fixer and confirmed
 * by the customer (released). Reviews are only for such work (decision 064).
 */
export async function releasedQuote(services: AppServices, publicUrl: string, customerId: string, quoteId: number): Promise<number> {
  const bookingId = await payQuote(services, publicUrl, customerId, quoteId);
  const [row] = await services.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const afterSlot = new Date(slotStartsAt(bookingSlotOf(row!)).getTime() + 2 * 3_600_000);
  await markDone({ db: services.db, publicUrl, now: () => afterSlot }, row!.fixerUserId, bookingId, { note: "All done." });
  await confirmDone({ db: services.db, publicUrl }, customerId, bookingId);
  return bookingId;
}

/**
 * A released booking of the accepted quote written straight into the table (settled two days ago),
 * for tests about reviews rather than bookings: reviews are only for paid work (decision 064).
 */
export async function recordReleasedBooking(db: AppServices["db"], quoteId: number): Promise<number> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  const [job] = await db.select({ customerUserId: jobs.customerUserId }).from(jobs).where(eq(jobs.id, quote!.jobId));
  const price = quote!.amountPence;
  const fee = Math.round(price * 0.05);
  const charge = Math.round(price * 0.1);
  const [row] = await db
    .insert(bookings)
    .values({
      quoteId,
      jobId: quote!.jobId,
      customerUserId: job!.customerUserId,
      fixerUserId: quote!.fixerUserId,
      slotDate: ukDate(new Date(Date.now() - 3 * 86_400_000)),
      slotWindow: "morning",
      slotProposedBy: "fixer",
      pricePence: price,
      customerFeePence: fee,
      totalPence: price + fee,
      fixerChargePence: charge,
      fixerNetPence: price - charge,
      lateFeePence: 0,
      state: "released",
      settledAt: new Date(Date.now() - 2 * 86_400_000),
    })
    .returning({ id: bookings.id });
  return row!.id;
}
