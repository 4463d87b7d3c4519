import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { payments } from "#server/db/schema/payments.ts";
import { testProviderObjects } from "#server/db/schema/bookings.ts";
import { inSpan } from "#server/spans.ts";
import { createStripeClient } from "~/features/payments/stripe.server.ts";

/**
 * Where booking money moves after the charge: transfers to fixers' connected accounts and refunds to
 * customers' cards. Every call carries the operation's idempotency key (booking id + transition +
 * kind): the provider answers a repeated key with the first call's object, never a second one.
 */
export type TransferInput = { idempotencyKey: string; amountPence: number; destinationAccountId: string; transferGroup: string; bookingId: number };
export type RefundInput = { idempotencyKey: string; amountPence: number; paymentId: string; bookingId: number };

export type BookingMoneyProvider = {
  readonly name: "test" | "stripe";
  transfer(input: TransferInput): Promise<{ id: string }>;
  refund(input: RefundInput): Promise<{ id: string }>;
};

export const transferGroupOf = (bookingId: number) => `booking-${bookingId}`;

/**
 * TEST MODE: the provider's books are a table of this database, written outside the caller's
 * transaction as a real provider's would be, and keyed by idempotency key like Stripe's.
 */
export function testMoneyProvider(db: Db): BookingMoneyProvider {
  async function record(kind: "transfer" | "refund", prefix: string, key: string, amountPence: number, destination: string | null, reference: string) {
    await db
      .insert(testProviderObjects)
      .values({ id: `${prefix}_test_${randomUUID().replaceAll("-", "").slice(0, 24)}`, idempotencyKey: key, kind, amountPence, destination, reference })
      .onConflictDoNothing({ target: testProviderObjects.idempotencyKey });
    const [row] = await db.select().from(testProviderObjects).where(eq(testProviderObjects.idempotencyKey, key));
    if (!row || row.kind !== kind || row.amountPence !== amountPence) throw new Error(`idempotency key ${key} was used for a different ${row?.kind ?? "request"}`);
    return { id: row.id };
  }
  return {
    name: "test",
    transfer: (input) => record("transfer", "tr", input.idempotencyKey, input.amountPence, input.destinationAccountId, input.transferGroup),
    refund: (input) => record("refund", "re", input.idempotencyKey, input.amountPence, null, input.paymentId),
  };
}

/** The slice of the Stripe client booking money uses; a test passes a fake with the same shape. */
export type StripeMoneyClient = {
  transfers: { create(params: Stripe.TransferCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  refunds: { create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  checkout: { sessions: { retrieve(id: string): Promise<Pick<Stripe.Checkout.Session, "payment_intent">> } };
};

/** Stripe: separate charges and transfers (one transfer group per booking); refunds against the checkout's PaymentIntent. */
export function stripeMoneyProvider(db: Db, client: () => Promise<StripeMoneyClient>): BookingMoneyProvider {
  return {
    name: "stripe",
    async transfer(input) {
      const stripe = await client();
      return stripe.transfers.create(
        {
          amount: input.amountPence,
          currency: "gbp",
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          metadata: { booking_id: String(input.bookingId) },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    },
    async refund(input) {
      const [payment] = await db.select({ sessionId: payments.providerSessionId }).from(payments).where(eq(payments.id, input.paymentId));
      if (!payment?.sessionId) throw new Error(`payment ${input.paymentId} has no Stripe session`);
      const stripe = await client();
      const session = await stripe.checkout.sessions.retrieve(payment.sessionId);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${payment.sessionId} has no PaymentIntent`);
      return stripe.refunds.create(
        { payment_intent: intent, amount: input.amountPence, metadata: { booking_id: String(input.bookingId), payment_id: input.paymentId } },
        { idempotencyKey: input.idempotencyKey },
      );
    },
  };
}

const providers = new WeakMap<Db, BookingMoneyProvider>();

/** The provider the settings name (Stripe when STRIPE_SECRET_KEY is set), one per database handle. */
export function moneyProviderFor(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">, db: Db): BookingMoneyProvider {
  let provider = providers.get(db);
  if (!provider) {
    let client: Promise<StripeMoneyClient> | undefined;
    provider = traced(
      config.STRIPE_SECRET_KEY
        ? stripeMoneyProvider(db, () => (client ??= createStripeClient(config) as Promise<unknown> as Promise<StripeMoneyClient>))
        : testMoneyProvider(db),
    );
    providers.set(db, provider);
  }
  return provider;
}

/** Each movement of money in its own span (when traces are on): which provider, which booking, how much. */
function traced(provider: BookingMoneyProvider): BookingMoneyProvider {
  const attributes = (input: TransferInput | RefundInput) => ({ "fixit.payment_provider": provider.name, "fixit.booking.id": input.bookingId, "fixit.amount_pence": input.amountPence });
  return {
    name: provider.name,
    transfer: (input) => inSpan("payment-provider transfer", attributes(input), () => provider.transfer(input)),
    refund: (input) => inSpan("payment-provider refund", attributes(input), () => provider.refund(input)),
  };
}
