import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { paymentColumns } from "~/features/payments/booking-payments.server.ts";
import { testProviderObjects } from "#server/db/schema/bookings.ts";
import { inSpan } from "#server/spans.ts";
import { createStripeClient } from "~/features/payments/stripe.server.ts";
import { stripePaymentRefs, type StripeRefsClient } from "~/features/payments/stripe-refs.server.ts";

/**
 * Where booking money moves after the charge: transfers to fixers' connected accounts and refunds to
 * customers' cards. Every call carries the operation's provider key (`idempotencyKey`): a random UUID
 * stored with the operation before its first call and sent again on every retry, so the provider
 * answers a repeated call with the first call's object, never a second one, and two databases sharing
 * one Stripe account never send the same key (decision 076).
 */
export type TransferInput = {
  /** The Idempotency-Key sent to the provider (provider_operations.provider_idempotency_key). */
  idempotencyKey: string;
  /** FixiT's own name for the operation (booking id + transition + kind). */
  operationKey: string;
  amountPence: number;
  destinationAccountId: string;
  transferGroup: string;
  bookingId: number;
  /** The booking's payment: the transfer is made from its charge (Stripe's source_transaction). */
  paymentId: string | null;
};
export type RefundInput = { idempotencyKey: string; operationKey: string; amountPence: number; paymentId: string; bookingId: number };

/** A transfer made; `fundsPendingUntil` is when the charge's funds are expected, while they are not available yet. */
export type TransferDone = { id: string; fundsPendingUntil: Date | null };

export type BookingMoneyProvider = {
  readonly name: "test" | "stripe";
  transfer(input: TransferInput): Promise<TransferDone>;
  refund(input: RefundInput): Promise<{ id: string }>;
  /** When the funds of the charge a transfer was made from are expected, or null once they are available. */
  fundsPendingUntil(input: { paymentId: string | null }): Promise<Date | null>;
};

export const transferGroupOf = (bookingId: number) => `booking-${bookingId}`;

/**
 * TEST MODE: the provider's books are a table of this database, written outside the caller's
 * transaction as a real provider's would be, and keyed by the operation's key like Stripe's by its
 * Idempotency-Key (a table of this database cannot be shared by another). Its money is available at once.
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
    transfer: async (input) => ({ ...(await record("transfer", "tr", input.operationKey, input.amountPence, input.destinationAccountId, input.transferGroup)), fundsPendingUntil: null }),
    refund: (input) => record("refund", "re", input.operationKey, input.amountPence, null, input.paymentId),
    fundsPendingUntil: async () => null,
  };
}

/** The slice of the Stripe client booking money uses; a test passes a fake with the same shape. */
export type StripeMoneyClient = StripeRefsClient & {
  transfers: { create(params: Stripe.TransferCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  refunds: { create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  charges: { retrieve(id: string, params?: Stripe.ChargeRetrieveParams): Promise<Pick<Stripe.Charge, "id" | "amount" | "balance_transaction">> };
};

/**
 * Stripe: separate charges and transfers (one transfer group per booking). A transfer is made from
 * the booking's charge (source_transaction): Stripe accepts it whatever the platform's available
 * balance, and the fixer's money becomes available when the charge's does. Refunds go against the
 * stored PaymentIntent. The ids are the payment's stored ones (read once from Stripe if missing).
 */
export function stripeMoneyProvider(db: Db, client: () => Promise<StripeMoneyClient>): BookingMoneyProvider {
  /** When the charge's balance transaction becomes available, or null once it is. */
  async function chargeFundsPendingUntil(stripe: StripeMoneyClient, chargeId: string): Promise<Date | null> {
    const charge = await stripe.charges.retrieve(chargeId, { expand: ["balance_transaction"] });
    const txn = charge.balance_transaction;
    if (!txn || typeof txn === "string") throw new Error(`Stripe charge ${chargeId} came without its balance transaction`);
    return txn.status === "available" ? null : new Date(txn.available_on * 1000);
  }
  return {
    name: "stripe",
    async transfer(input) {
      const stripe = await client();
      const refs = input.paymentId ? await stripePaymentRefs(db, stripe, input.paymentId) : null;
      const payment = input.paymentId ? await paymentColumns(db, input.paymentId, ["amountPence"]) : undefined;
      // Stripe refuses a transfer larger than its source charge: a booking paid mostly with referral
      // credit pays the fixer more than the card paid, and that transfer comes from the available balance.
      const source = refs?.chargeId && payment && input.amountPence <= payment.amountPence ? refs.chargeId : null;
      const transfer = await stripe.transfers.create(
        {
          amount: input.amountPence,
          currency: "gbp",
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          ...(source ? { source_transaction: source } : {}),
          metadata: { booking_id: String(input.bookingId), operation: input.operationKey },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: transfer.id, fundsPendingUntil: source ? await chargeFundsPendingUntil(stripe, source) : null };
    },
    async refund(input) {
      const stripe = await client();
      const refs = await stripePaymentRefs(db, stripe, input.paymentId);
      if (!refs) throw new Error(`payment ${input.paymentId} has no Stripe PaymentIntent`);
      return stripe.refunds.create(
        { payment_intent: refs.paymentIntentId, amount: input.amountPence, metadata: { booking_id: String(input.bookingId), payment_id: input.paymentId } },
        { idempotencyKey: input.idempotencyKey },
      );
    },
    async fundsPendingUntil(input) {
      if (!input.paymentId) return null;
      const stripe = await client();
      const refs = await stripePaymentRefs(db, stripe, input.paymentId);
      return refs?.chargeId ? chargeFundsPendingUntil(stripe, refs.chargeId) : null;
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
    fundsPendingUntil: (input) => inSpan("payment-provider funds", { "fixit.payment_provider": provider.name }, () => provider.fundsPendingUntil(input)),
  };
}
