import { stripePaymentIdResolver, type StripeEventHandler } from "~/features/payments/webhook.server.ts";
import { queueWaitingTransferChecks } from "./money.server.ts";
import { applyStripeAccountUpdate } from "./payouts.server.ts";
import { BOOKING_PROVIDER_EVENTS, handleBookingProviderEvent, type ProviderEvent } from "./provider-events.server.ts";

/** Stripe's disputes and refunds of a booking's charge, as the payments webhook receives them (wired by the composition root). */
export const bookingStripeEvents: StripeEventHandler = {
  types: BOOKING_PROVIDER_EVENTS,
  handle: (services, event) => {
    const object = event.data.object as unknown as ProviderEvent["object"];
    return handleBookingProviderEvent(services.db, { id: event.id, type: event.type, created: event.created, object }, stripePaymentIdResolver(services));
  },
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
