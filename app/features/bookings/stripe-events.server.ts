import { stripePaymentIdResolver, type StripeEventHandler } from "~/features/payments/webhook.server.ts";
import { BOOKING_PROVIDER_EVENTS, handleBookingProviderEvent, type ProviderEvent } from "./provider-events.server.ts";

/** Stripe's disputes and refunds of a booking's charge, as the payments webhook receives them (wired by the composition root). */
export const bookingStripeEvents: StripeEventHandler = {
  types: BOOKING_PROVIDER_EVENTS,
  handle: (services, event) => {
    const object = event.data.object as unknown as ProviderEvent["object"];
    return handleBookingProviderEvent(services.db, { id: event.id, type: event.type, created: event.created, object }, stripePaymentIdResolver(services));
  },
};
