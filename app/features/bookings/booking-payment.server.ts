import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, type Booking } from "#server/db/schema/bookings.ts";
import { formatGBP } from "~/content/prices";
import { moneyText } from "./booking-copy";
import { takeEarlyBirdPlace, withdrawEarlyBird } from "./early-bird.server";
import { callOutArrivalOnPayment } from "./emergency-booking.server";
import { ACCOUNTS, paymentReceivedKey, postLedgerEvent, postUnusedPayment } from "./ledger.server";
import { queueRefund } from "./money.server";
import { move } from "./process.server";
import { recordProviderFee } from "./provider-events.server";
import { receiptLines } from "./receipt";
import { LIVE_STATES } from "./state-machine";
import { lockBooking, recordOnTimeline, tell } from "./transition.server";

/**
 * A booking's payment arriving (the `pay` row of the process table, decision 044): the payment's
 * fulfilment books it, or records and refunds a payment the booking cannot use.
 */

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
    await refundUnusedPayment(tx, booking, payment, publicUrl, repriced ? latePaymentWithoutPlaceWords(repriced, payment.amountPence) : unusedPaymentWords(booking, payment.amountPence));
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
  // The process table's `pay` row: booked for one of the fixer's slots (the reminder), else the fixer confirms the customer's (the lapse timer).
  await move(tx, booking, "pay", { role: "provider", userId: null }, { to: awaitingFixer ? "awaiting_fixer_confirmation" : "booked", set, now, publicUrl });
  return { bookingId, outcome: "booked" };
}

/**
 * A payment that cannot be used (the booking or extra moved on, the amount differs, the early-bird
 * place went): refunded in full, on the booking's timeline, and the customer told why in `words`.
 * The caller has posted it to the ledger as unused (postUnusedPayment) in the same transaction.
 */
export async function refundUnusedPayment(
  tx: DbOrTx,
  booking: Booking,
  payment: { id: string; amountPence: number },
  publicUrl: string,
  words: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await queueRefund(tx, { bookingId: booking.id, paymentId: payment.id, idempotencyKey: `payment-${payment.id}-unused-refund`, amountPence: payment.amountPence });
  await recordOnTimeline(tx, booking, "payment_refunded_unused", { role: "provider", userId: null }, { key: `payment-${payment.id}-unused`, details: { paymentId: payment.id, amountPence: payment.amountPence, ...details } });
  await tell(tx, booking, publicUrl, { customer: { subject: "Your payment is being refunded", heading: "We are refunding your payment", paragraphs: [words] } });
}
