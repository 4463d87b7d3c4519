import { and, eq, inArray } from "drizzle-orm";
import { accountsView } from "~/features/auth/projections.server";
import { bookingExtras } from "#server/db/schema/booking-extras.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { formatGBP } from "~/content/prices";
import {
  CHECKOUT_OPENING_MS,
  openRecordedCheckout,
  recordedCheckoutOf,
  recordCheckout,
  waitForCheckoutUrl,
  type FulfilmentHandler,
  type PaymentDeps,
  type RecordedCheckout,
} from "~/features/payments/payments.server.ts";
import { BookingError } from "./errors";
import { EXTRA_PAYMENT_WINDOW_MS, extraLabel, extrasCopy } from "./extras";
import { assertExtraMove, extraMove } from "./extras-machine";
import { assertOpenForExtras, customerActor, EXTRA_BOOKING_STATES, EXTRA_EXPIRY_JOB, lockExtra, pendingExtraCheckoutOf, type ExtraExpiryPayload } from "./extras.server";
import { ACCOUNTS, paymentReceivedKey, postLedgerEvent, postUnusedPayment } from "./ledger.server";
import { refundUnusedPayment } from "./booking-payment.server";
import { bookingPaths } from "./paths";
import { recordProviderFee } from "./provider-events.server";
import { transferGroupOf } from "./provider.server";
import { lockBooking, recordOnTimeline, tell, type ActorRef } from "./transition.server";

/**
 * Paying for an extra charge (decision 084) through the payments service, as payment.server.ts pays
 * for a booking: "Accept and pay" records its own checkout, and the fulfilment holds its money with
 * the booking's, exactly once. Apart from extras.server.ts because the job handlers import that one,
 * and the payments service's module must not be in their imports.
 */

const provider: ActorRef = { role: "provider", userId: null };

type PayDecision = { kind: "reuse"; paymentId: string } | { kind: "open"; recorded: RecordedCheckout };

/**
 * "Accept and pay": the extra is accepted and its checkout recorded (its own payments row: its id is the
 * provider's idempotency key), or, accepted already, its open checkout's page is reused. Presses at once
 * run one after another under the booking's lock: one checkout, one charge.
 */
export async function startExtraCheckout(services: PaymentDeps, customerUserId: string, bookingId: number, extraId: number, now = new Date()): Promise<{ url: string; paymentId: string }> {
  const decision = await services.db.transaction(async (tx): Promise<PayDecision> => {
    const booking = await lockBooking(tx, bookingId, customerActor(customerUserId));
    const extra = await lockExtra(tx, bookingId, extraId);
    assertOpenForExtras(booking);
    if (extra.state === "pending_payment") {
      const open = await pendingExtraCheckoutOf(tx, extra);
      if (open && (open.expiresAt?.getTime() ?? 0) > now.getTime()) {
        // Recorded by a request that died before Stripe answered: opened again, with the same idempotency key.
        const stranded = !open.checkoutUrl && now.getTime() - open.createdAt.getTime() > CHECKOUT_OPENING_MS ? recordedCheckoutOf(open, transferGroupOf(bookingId)) : null;
        return stranded ? { kind: "open", recorded: stranded } : { kind: "reuse", paymentId: open.id };
      }
      throw new BookingError("conflict", "The time to pay for this extra charge has ended. The fixer may ask for it again.");
    }
    assertExtraMove("accept", extra.state, "customer");
    const expiresAt = new Date(now.getTime() + EXTRA_PAYMENT_WINDOW_MS);
    const [buyer] = await tx.select({ email: accountsView.email }).from(accountsView).where(eq(accountsView.id, customerUserId));
    const recorded = await recordCheckout(
      tx,
      services.config,
      {
        product: "bookingExtra",
        amountPence: extra.totalPence,
        userId: customerUserId,
        email: buyer?.email ?? null,
        reference: { bookingId, extraId: extra.id },
        returnPath: bookingPaths.customer(bookingId),
        transferGroup: transferGroupOf(bookingId),
        expiresAt,
      },
      now,
    );
    const accept = extraMove("accept", "customer");
    await tx
      .update(bookingExtras)
      .set({ state: accept.to, paymentId: recorded.paymentId, answeredAt: now, updatedAt: now })
      .where(and(eq(bookingExtras.id, extra.id), inArray(bookingExtras.state, accept.from)));
    await enqueueJob(tx, EXTRA_EXPIRY_JOB, { extraId: extra.id } satisfies ExtraExpiryPayload, { runAt: expiresAt, maxAttempts: 20 });
    await recordOnTimeline(tx, booking, "extra_accepted", customerActor(customerUserId), { key: `extra-${extra.id}-accepted`, details: { extraId: extra.id, paymentId: recorded.paymentId } });
    return { kind: "open", recorded };
  });
  if (decision.kind === "reuse") return waitForCheckoutUrl(services, decision.paymentId);
  return openRecordedCheckout(services, decision.recorded);
}

/**
 * The payments service's fulfilment of an extra's checkout (exactly once per payment): the extra is
 * paid and its money held with the booking's, in one transaction. A payment the extra can no longer
 * take (its window ended, the booking was settled first, another amount) is recorded and refunded in full.
 */
export const fulfilExtraPayment: FulfilmentHandler = async (tx, payment, services) => {
  const now = new Date();
  const bookingId = Number(payment.reference?.bookingId);
  const extraId = Number(payment.reference?.extraId);
  const booking = await lockBooking(tx, bookingId);
  if (payment.providerFeeTransactionId) await recordProviderFee(tx, bookingId, "charge_fee", { id: payment.providerFeeTransactionId, fee: payment.providerFeePence });
  const [extra] = await tx
    .select()
    .from(bookingExtras)
    .where(and(eq(bookingExtras.id, Number.isSafeInteger(extraId) ? extraId : 0), eq(bookingExtras.bookingId, bookingId)))
    .for("update");
  const usable =
    extra !== undefined &&
    extra.state === "pending_payment" &&
    extra.paymentId === payment.id &&
    payment.amountPence === extra.totalPence &&
    EXTRA_BOOKING_STATES.includes(booking.state) &&
    !booking.releaseFrozenAt;
  const publicUrl = services.config.publicUrl;
  if (!usable) {
    await postUnusedPayment(tx, bookingId, payment);
    if (extra?.state === "pending_payment" && extra.paymentId === payment.id) {
      const withdraw = extraMove("withdraw", "system");
      await tx.update(bookingExtras).set({ state: withdraw.to, updatedAt: now }).where(and(eq(bookingExtras.id, extra.id), inArray(bookingExtras.state, withdraw.from)));
    }
    await refundUnusedPayment(tx, booking, payment, publicUrl, `The extra charge could no longer be paid, so your payment of ${formatGBP(payment.amountPence)} is being refunded in full.`, { extraId });
    return { bookingId, extraId, outcome: "refunded" };
  }
  await postLedgerEvent(tx, {
    kind: "payment",
    bookingId,
    idempotencyKey: paymentReceivedKey(payment.id),
    entries: [
      { account: ACCOUNTS.customerPayments, amountPence: -extra.totalPence },
      { account: ACCOUNTS.heldFunds, amountPence: extra.totalPence },
    ],
  });
  const pay = extraMove("pay", "provider");
  await tx
    .update(bookingExtras)
    .set({ state: pay.to, paidAt: now, updatedAt: now })
    .where(and(eq(bookingExtras.id, extra.id), inArray(bookingExtras.state, pay.from)));
  await recordOnTimeline(tx, booking, "extra_paid", provider, { key: `extra-${extra.id}-paid`, details: { extraId: extra.id, paymentId: payment.id, amountPence: extra.totalPence } });
  const label = extraLabel(extra);
  await tell(tx, booking, publicUrl, {
    customer: {
      subject: "Your receipt",
      heading: `Receipt: ${formatGBP(extra.totalPence)} paid`,
      required: true,
      paragraphs: [`${label}: ${extrasCopy.feeLine(extra)}.`, `Payment reference: ${payment.id}.`, `It is held by FixiT with the booking's payment until you confirm the job is done.`],
    },
    fixer: { subject: "The customer paid an extra charge", heading: `Extra charge paid: ${label}`, paragraphs: [`${extrasCopy.fixerLine(extra)}, with the booking's payment when the customer confirms the job.`] },
  });
  return { bookingId, extraId, outcome: "paid" };
};
