import { eq } from "drizzle-orm";
import { accountsView } from "~/features/auth/projections.server";
import { expireOpenCheckout } from "~/features/payments/booking-payments.server.ts";
import {
  CHECKOUT_EXPIRY_LIMITS,
  CHECKOUT_OPENING_MS,
  openRecordedCheckout,
  recordedCheckoutOf,
  recordCheckout,
  waitForCheckoutUrl,
  type FulfilmentHandler,
  type PaymentDeps,
  type RecordedCheckout,
} from "~/features/payments/payments.server.ts";
import { recordBookingPayment } from "./booking-payment.server";
import { callOutWords } from "./call-out";
import { paymentWindowEnd, pendingCheckoutOf } from "./checkout-window.server";
import { saveCallOutAddress } from "./emergency-booking.server";
import type { JobAddress } from "./schemas";
import { canHoldEarlyBird, discountWithdrawnWords, withdrawEarlyBird } from "./early-bird.server";
import { BookingError } from "./errors";
import { bookingPaths } from "./paths";
import { transferGroupOf } from "./provider.server";
import { lockBooking, scheduleTimer } from "./transition.server";

/**
 * Paying for a booking through the payments service (decision 008): a checkout of the booking's
 * total (TEST MODE or Stripe), whose fulfilment books it (`recordBookingPayment`), exactly once.
 *
 * One open checkout per booking (decision 075): "Pay" locks the booking's row, so presses at once
 * (any instance) run one after another; the first records the checkout, the others are sent to its
 * page. The database holds it too: a unique index allows one pending booking payment per booking.
 * The checkout ends with the booking's payment window (Stripe's `expires_at`).
 */

/** The early-bird discount could not be held when Pay was pressed: it was taken off, nothing was charged (the message says the new total). */
export class EarlyBirdWithdrawnError extends BookingError {
  constructor(message: string) {
    super("conflict", message);
    this.name = "EarlyBirdWithdrawnError";
  }
}

/**
 * The checkout's end: the booking's payment window, but never less than Stripe's 30 minutes ahead.
 * A Pay in the window's last half hour gets a checkout that runs 31 minutes, and the booking waits
 * for it (its expiry timer runs again then): the customer pressed Pay in time (decision 075).
 */
export function checkoutEnd(windowEnd: Date, now: Date): Date {
  return new Date(Math.max(windowEnd.getTime(), now.getTime() + CHECKOUT_EXPIRY_LIMITS.minMs));
}

type PayDecision = { kind: "reuse"; paymentId: string } | { kind: "open"; recorded: RecordedCheckout } | { kind: "withdrawn"; message: string };

/**
 * The page to pay the customer's booking that waits for payment: its open checkout's, or a new one's.
 * Throws {@link EarlyBirdWithdrawnError} when the early-bird discount shown can no longer be held
 * (the booking's total is raised before any card is asked for; Pay again pays the new total).
 */
export async function startBookingCheckout(
  services: PaymentDeps,
  customerUserId: string,
  bookingId: number,
  now = new Date(),
  options: { address?: JobAddress } = {},
): Promise<{ url: string; paymentId: string }> {
  const decision = await services.db.transaction(async (tx): Promise<PayDecision> => {
    const booking = await lockBooking(tx, bookingId, { role: "customer", userId: customerUserId });
    if (booking.state !== "pending_payment") throw new BookingError("conflict", "This booking is not waiting for a payment.");
    // A call-out is paid with the address the fixer comes to (decision 083).
    if (booking.slotWindow === "now") await saveCallOutAddress(tx, booking, options.address ?? null, now);
    const open = await pendingCheckoutOf(tx, bookingId);
    if (open) {
      if (paymentWindowEnd(booking, open).getTime() > now.getTime()) {
        // Recorded by a request that died before Stripe answered: opened again, with the same idempotency key.
        const stranded = !open.checkoutUrl && now.getTime() - open.createdAt.getTime() > CHECKOUT_OPENING_MS ? recordedCheckoutOf(open, transferGroupOf(bookingId)) : null;
        return stranded ? { kind: "open", recorded: stranded } : { kind: "reuse", paymentId: open.id };
      }
      // Past its end: the provider takes no more money on it, so it is closed here too.
      await expireOpenCheckout(tx, open.id, now, "pay-again");
    }
    const windowEnd = paymentWindowEnd(booking, open);
    if (windowEnd.getTime() <= now.getTime()) {
      throw new BookingError("conflict", booking.slotWindow === "now" ? callOutWords.paymentWindowOver : "The time to pay for this booking has ended. Book the quote again to pay for it.");
    }
    if (booking.discountPence > 0 && !(await canHoldEarlyBird(tx, booking, now))) {
      return { kind: "withdrawn", message: discountWithdrawnWords(await withdrawEarlyBird(tx, booking, { role: "customer", userId: customerUserId }, now)) };
    }
    const expiresAt = checkoutEnd(windowEnd, now);
    if (expiresAt.getTime() > windowEnd.getTime()) await scheduleTimer(tx, bookingId, "expire_payment", expiresAt);
    const [buyer] = await tx.select({ email: accountsView.email }).from(accountsView).where(eq(accountsView.id, customerUserId));
    const recorded = await recordCheckout(
      tx,
      services.config,
      {
        product: "booking",
        amountPence: booking.totalPence,
        userId: customerUserId,
        email: buyer?.email ?? null,
        reference: { bookingId },
        returnPath: bookingPaths.customer(bookingId),
        transferGroup: transferGroupOf(bookingId),
        expiresAt,
      },
      now,
    );
    return { kind: "open", recorded };
  });
  if (decision.kind === "withdrawn") throw new EarlyBirdWithdrawnError(decision.message);
  if (decision.kind === "reuse") return waitForCheckoutUrl(services, decision.paymentId);
  return openRecordedCheckout(services, decision.recorded);
}

/** The payments service's fulfilment of a booking checkout. */
export const fulfilBookingPayment: FulfilmentHandler = async (tx, payment, services) => {
  const result = await recordBookingPayment(tx, services.config.publicUrl, payment);
  return { bookingId: result.bookingId, outcome: result.outcome };
};
