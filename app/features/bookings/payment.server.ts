import { and, eq } from "drizzle-orm";
import { bookings } from "#server/db/schema/bookings.ts";
import { users } from "#server/db/schema/auth.ts";
import type { AppServices } from "~/features/services.server.ts";
import { createCheckout, type FulfilmentHandler } from "~/features/payments/payments.server.ts";
import { recordBookingPayment } from "./bookings.server";
import { BookingError } from "./errors";
import { bookingPaths } from "./paths";
import { transferGroupOf } from "./provider.server";

/**
 * Paying for a booking through the payments service (decision 008): a checkout of the booking's
 * total (TEST MODE or Stripe), whose fulfilment books it (`recordBookingPayment`), exactly once.
 */

/** Opens a checkout for the customer's booking that waits for payment; answers the page to open. */
export async function startBookingCheckout(services: AppServices, customerUserId: string, bookingId: number): Promise<{ url: string; paymentId: string }> {
  const [booking] = await services.db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.customerUserId, customerUserId)));
  if (!booking) throw new BookingError("not_found", "There is no such booking.");
  if (booking.state !== "pending_payment") throw new BookingError("conflict", "This booking is not waiting for a payment.");
  const [buyer] = await services.db.select({ email: users.email }).from(users).where(eq(users.id, customerUserId));
  return createCheckout(services, {
    product: "booking",
    amountPence: booking.totalPence,
    userId: customerUserId,
    email: buyer?.email ?? null,
    reference: { bookingId },
    returnPath: bookingPaths.customer(bookingId),
    transferGroup: transferGroupOf(bookingId),
  });
}

/** The payments service's fulfilment of a booking checkout. */
export const fulfilBookingPayment: FulfilmentHandler = async (tx, payment, services) => {
  const result = await recordBookingPayment(tx, services.config.publicUrl, payment);
  return { bookingId: result.bookingId, outcome: result.outcome };
};
