import { createBooking } from "~/features/quotes/accept-and-book.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import type { JobAddress } from "~/features/bookings/schemas";
import { ukDate, type Slot } from "~/features/bookings/slots";
import { seedQuoteSlots, seedSlotStartedYesterday } from "~/features/bookings/test-mode.server";
import { markPaidAndFulfil, type PaymentDeps } from "~/features/payments/payments.server";
import { recordAcceptedQuote } from "~/features/quotes/accepted-quote.server";
import type { InfraServices } from "#server/services.ts";

/**
 * Jobs, quotes and bookings seeded through the bookings' and payments' own services (the way the
 * bookings bench seeds them), for tests about what happens to a booking rather than about getting
 * there: the integration tests (tests/helpers/done-bookings.ts) and the browser tests' seeding endpoint.
 */

let seededJobs = 0;

/** Three days ahead (UK), in the morning, unless `daysAhead` says otherwise. */
export const seededSlot = (daysAhead = 3): Slot => ({ date: ukDate(new Date(Date.now() + daysAhead * 86_400_000)), window: "morning" });

/** A customer's job at SW1A 1AA (in progress) with the fixer's accepted fixed-price quote offering `slot` (three days ahead unless given), waiting to be booked. */
export async function acceptedSeededQuote(services: Pick<InfraServices, "db">, customerId: string, fixerId: string, options: { pricePence?: number; slot?: Slot; title?: string } = {}) {
  const { db } = services;
  const slot: Slot = options.slot ?? seededSlot();
  const { jobId, title, quoteId } = await recordAcceptedQuote(db, {
    customerId,
    fixerId,
    title: options.title ?? `Seeded booking ${++seededJobs}`,
    pricePence: options.pricePence ?? 6_000,
    earliestStart: slot.date,
  });
  await seedQuoteSlots(db, quoteId, [slot]);
  return { quoteId, jobId, title, slot };
}

/**
 * A booking of a seeded accepted quote: waiting for payment, or (`paid`) paid through the TEST MODE
 * checkout and booked on the fixer's slot; `started` then moves its slot to yesterday, as if it had begun.
 */
export async function seededBooking(
  services: PaymentDeps,
  publicUrl: string,
  customerId: string,
  fixerId: string,
  options: { pricePence?: number; slot?: Slot; title?: string; paid?: boolean; started?: boolean; address?: JobAddress } = {},
) {
  const quote = await acceptedSeededQuote(services, customerId, fixerId, options);
  const { bookingId } = await createBooking({ db: services.db, publicUrl }, customerId, { quoteId: quote.quoteId, slot: quote.slot, address: options.address });
  if (!options.paid) return { ...quote, bookingId, paymentId: null };
  const { paymentId } = await startBookingCheckout(services, customerId, bookingId);
  await markPaidAndFulfil(services, paymentId, "test-checkout");
  if (options.started) await seedSlotStartedYesterday(services.db, bookingId);
  return { ...quote, bookingId, paymentId };
}
