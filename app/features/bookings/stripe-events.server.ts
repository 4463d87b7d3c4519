import type Stripe from "stripe";
import { siteUrl } from "#server/http/site-url.ts";
import type { PaymentDeps } from "~/features/payments/payments.server.ts";
import { stripePaymentIdResolver, type StripeEventHandler } from "~/features/payments/webhook.server.ts";
import { queueWaitingTransferChecks } from "./money.server.ts";
import { applyStripeAccountUpdate } from "./payouts.server.ts";
import { BOOKING_PROVIDER_EVENTS, handleBookingProviderEvent, PAYOUT_PROVIDER_EVENTS, type ProviderEvent, type ProviderRefund } from "./provider-events.server.ts";

type RefundLister = { refunds: { list(params: Stripe.RefundListParams): AsyncIterable<Stripe.Refund> & Promise<Stripe.ApiList<Stripe.Refund>> } };

/**
 * A charge's refunds. Stripe's events stopped carrying `charge.refunds` (API 2022-11-15), so they are
 * listed from Stripe (the newest API state, whichever delivery asks); an event that still carries
 * them is read as it is.
 */
async function refundsOf(services: Pick<PaymentDeps, "payments">, charge: { id: string; refunds?: { data: ProviderRefund[] } | null }): Promise<{ data: ProviderRefund[] }> {
  if (charge.refunds?.data?.length) return { data: charge.refunds.data };
  const stripe = (await services.payments.stripe()) as unknown as RefundLister;
  const data: ProviderRefund[] = [];
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) data.push({ id: refund.id, amount: refund.amount, status: refund.status, metadata: refund.metadata });
  return { data };
}

/** Stripe's disputes, refunds and reversed transfers of a booking's money, as the payments webhook receives them (wired by the composition root; decision 078). */
export const bookingStripeEvents: StripeEventHandler = {
  types: BOOKING_PROVIDER_EVENTS,
  handle: async (services, event) => {
    let object = event.data.object as unknown as ProviderEvent["object"];
    if (event.type === "charge.refunded") object = { ...object, refunds: await refundsOf(services, object) };
    return handleBookingProviderEvent(
      services.db,
      { id: event.id, type: event.type, created: event.created, object },
      { resolvePaymentId: stripePaymentIdResolver(services), publicUrl: siteUrl(services.config) },
    );
  },
};

/** A payout from a fixer's connected account to their bank: an event on the Connect endpoint, naming the account (decision 078). */
export const fixerPayoutStripeEvents: StripeEventHandler = {
  types: PAYOUT_PROVIDER_EVENTS,
  handle: (services, event) =>
    handleBookingProviderEvent(
      services.db,
      { id: event.id, type: event.type, created: event.created, account: event.account ?? null, object: event.data.object as unknown as ProviderEvent["object"] },
      { resolvePaymentId: stripePaymentIdResolver(services), publicUrl: siteUrl(services.config) },
    ),
};

/** A fixer's Connect account changed at Stripe: active while payouts are enabled (decision 052). */
export const payoutAccountStripeEvents: StripeEventHandler = {
  types: new Set(["account.updated"]),
  handle: (services, event) => applyStripeAccountUpdate(services.db, event.data.object as { id: string; payouts_enabled?: boolean | null }),
};

/**
 * The platform's available balance grew (Stripe's `balance.available`): some charges' funds arrived,
 * so the transfers waiting for funds are checked now (queued jobs) rather than at Stripe's estimate (decision 076).
 */
export const transferFundsStripeEvents: StripeEventHandler = {
  types: new Set(["balance.available"]),
  handle: (services) => queueWaitingTransferChecks(services.db),
};
