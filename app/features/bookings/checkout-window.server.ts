import type { DbOrTx } from "#server/db/client.ts";
import { pendingBookingCheckout, type Payment } from "~/features/payments/booking-payments.server.ts";
import { CALL_OUT_PAYMENT_WINDOW_MS } from "./call-out";

/**
 * A booking's payment window and its one open checkout (decision 075), apart from the booking
 * services so both the Pay action and the expiry timer read them.
 */

/** How long a booking waits for its payment before it expires (a payment after that is refunded). */
export const PAYMENT_WINDOW_MS = 2 * 3_600_000;

/** When a booking's payment window ends: made + 2 hours (a call-out: 15 minutes, decision 083), or later when its checkout was opened in the window's last half hour. */
export function paymentWindowEnd(booking: { createdAt: Date; slotWindow?: string }, openCheckout?: Pick<Payment, "expiresAt"> | null): Date {
  const made = booking.createdAt.getTime() + paymentWindowMs(booking);
  return new Date(Math.max(made, openCheckout?.expiresAt?.getTime() ?? 0));
}

/** How long the booking waits for its payment from when it was made. */
export const paymentWindowMs = (booking: { slotWindow?: string }) => (booking.slotWindow === "now" ? CALL_OUT_PAYMENT_WINDOW_MS : PAYMENT_WINDOW_MS);

/** The booking's checkout that is still pending (at most one: the unique index), if any. */
export function pendingCheckoutOf(tx: DbOrTx, bookingId: number): Promise<Payment | null> {
  return pendingBookingCheckout(tx, bookingId);
}
