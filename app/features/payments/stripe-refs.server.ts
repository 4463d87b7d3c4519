import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { DbOrTx } from "#server/db/client.ts";
import { payments } from "#server/db/schema/payments.ts";

/**
 * A Stripe payment's PaymentIntent and charge ids (decision 076): read once from Stripe when the
 * payment is marked paid and kept on the payments row, so refunds, transfers (source_transaction) and
 * the reconciliation never read the Checkout Session again. A row paid before the ids were kept (or
 * whose read failed at fulfilment) gets them on first use, once.
 */

export type StripePaymentRefs = {
  paymentIntentId: string;
  chargeId: string | null;
  /** The charge's processing fee, from its balance transaction (decision 078): read at fulfilment only. */
  fee?: { transactionId: string; pence: number } | null;
};

/** The slice of the Stripe client these reads use; a test passes a fake with the same shape. */
export type StripeRefsClient = {
  checkout: { sessions: { retrieve(id: string, params?: Stripe.Checkout.SessionRetrieveParams): Promise<Pick<Stripe.Checkout.Session, "payment_intent">> } };
  paymentIntents: { retrieve(id: string, params?: Stripe.PaymentIntentRetrieveParams): Promise<Pick<Stripe.PaymentIntent, "id" | "latest_charge">> };
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The charge of a PaymentIntent (its latest_charge: the one that succeeded once the intent did). */
export async function chargeOfIntent(stripe: Pick<StripeRefsClient, "paymentIntents">, paymentIntentId: string): Promise<string | null> {
  return idOf((await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge);
}

/**
 * A paid PaymentIntent's charge and that charge's processing fee, in one read (the charge's balance
 * transaction expanded): what fulfilment keeps with the payment (decision 078).
 */
export async function paidIntentRefs(stripe: Pick<StripeRefsClient, "paymentIntents">, paymentIntentId: string): Promise<StripePaymentRefs> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge.balance_transaction"] });
  const charge = intent.latest_charge;
  const txn = charge && typeof charge === "object" ? charge.balance_transaction : null;
  const fee = txn && typeof txn === "object" && Number.isSafeInteger(txn.fee) ? { transactionId: txn.id, pence: txn.fee } : null;
  return { paymentIntentId, chargeId: idOf(charge), fee };
}

/**
 * The stored ids of `paymentId`, completing what is missing from Stripe (the PaymentIntent's
 * latest_charge; with no PaymentIntent either, the session's) and storing it. Null when Stripe has no
 * PaymentIntent for the payment (never paid).
 */
export async function stripePaymentRefs(db: DbOrTx, stripe: StripeRefsClient, paymentId: string): Promise<StripePaymentRefs | null> {
  const [row] = await db
    .select({ sessionId: payments.providerSessionId, paymentIntentId: payments.providerPaymentIntentId, chargeId: payments.providerChargeId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  if (row.paymentIntentId && row.chargeId) return { paymentIntentId: row.paymentIntentId, chargeId: row.chargeId };
  let paymentIntentId = row.paymentIntentId;
  if (!paymentIntentId) {
    if (!row.sessionId) return null;
    paymentIntentId = idOf((await stripe.checkout.sessions.retrieve(row.sessionId)).payment_intent);
    if (!paymentIntentId) return null;
  }
  const chargeId = await chargeOfIntent(stripe, paymentIntentId);
  await db.update(payments).set({ providerPaymentIntentId: paymentIntentId, providerChargeId: chargeId }).where(eq(payments.id, paymentId));
  return { paymentIntentId, chargeId };
}
