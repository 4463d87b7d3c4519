import express, { type Express, type RequestHandler } from "express";
import type Stripe from "stripe";
import { amountMatches, findPayment, markPaidAndFulfil, paidSessionRefs, markPaymentExpired, markPaymentFailed, recordPaymentEvent, type PaymentDeps } from "./payments.server.ts";
import { readSession, verifyWebhookEvent } from "./stripe.server.ts";

export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe-webhook";

/**
 * Another feature's Stripe events (disputes, refunds of bookings): the composition root hands these
 * to the webhook, so payments need not know the features built on it.
 */
export type StripeEventHandler = {
  types: ReadonlySet<string>;
  handle(services: PaymentDeps, event: Stripe.Event): Promise<unknown>;
};

/**
 * Mounts Stripe's webhook. It must see the raw body, byte for byte, to check the signature, so it
 * is mounted with its own raw-body parser before the React Router handler (which reads bodies
 * itself). Nothing else in the app parses bodies globally.
 */
export function mountPaymentsHttp(app: Express, services: PaymentDeps, otherEvents: readonly StripeEventHandler[]): void {
  app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: "512kb" }), stripeWebhookHandler(services, otherEvents));
}

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

export function stripeWebhookHandler(services: PaymentDeps, otherEvents: readonly StripeEventHandler[]): RequestHandler {
  const { config, logger } = services;
  return async (req, res) => {
    res.set("cache-control", "no-store");
    const secret = config.STRIPE_WEBHOOK_SECRET;
    if (!secret || !config.STRIPE_SECRET_KEY) {
      res.status(404).json({ error: "Stripe is not configured" });
      return;
    }
    let event: Stripe.Event;
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.get("stripe-signature");
      // Connected accounts' events come from a Connect endpoint with a secret of its own.
      const connectSecret = config.STRIPE_CONNECT_WEBHOOK_SECRET;
      event = await verifyWebhookEvent(body, signature, secret).catch((error: unknown) => (connectSecret ? verifyWebhookEvent(body, signature, connectSecret) : Promise.reject(error)));
    } catch (error) {
      logger.warn({ err: error, ip: req.ip }, "stripe webhook refused: bad signature");
      res.status(400).json({ error: "Invalid signature" });
      return;
    }
    const other = otherEvents.find((handler) => handler.types.has(event.type));
    if (!SESSION_EVENTS.has(event.type) && !other) {
      res.json({ received: true, ignored: event.type });
      return;
    }
    try {
      if (other) {
        await other.handle(services, event);
      } else {
        await handleSessionEvent(services, event.type, readSession(event.data.object as Stripe.Checkout.Session), event.id);
      }
      res.json({ received: true });
    } catch (error) {
      // A 5xx makes Stripe deliver the event again later; fulfilment is idempotent.
      logger.error({ err: error, eventId: event.id, type: event.type }, "stripe webhook could not be processed");
      res.status(500).json({ error: "Could not process the event" });
    }
  };
}

/** Our payment id from a PaymentIntent's metadata (every checkout sets it: stripe.server.ts). */
export function stripePaymentIdResolver(services: Pick<PaymentDeps, "payments">): (paymentIntentId: string) => Promise<string | null> {
  return async (paymentIntentId) => {
    const stripe = (await services.payments.stripe()) as unknown as { paymentIntents: { retrieve(id: string): Promise<Stripe.PaymentIntent> } };
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    return intent.metadata?.payment_id ?? null;
  };
}

async function handleSessionEvent(services: PaymentDeps, type: string, session: ReturnType<typeof readSession>, eventId: string) {
  const { logger, db } = services;
  const payment = session.paymentId ? await findPayment(db, session.paymentId) : null;
  // Not ours (another integration on the same Stripe account, or a deleted row): acknowledge, so Stripe stops.
  if (!payment || payment.provider !== "stripe" || (payment.providerSessionId && payment.providerSessionId !== session.sessionId)) {
    logger.warn({ eventId, sessionId: session.sessionId, paymentId: session.paymentId }, "stripe webhook for an unknown payment ignored");
    return;
  }
  await recordPaymentEvent(db, payment.id, "webhook_received", { eventId, type, sessionState: session.state });

  if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
    if (session.state !== "paid") return; // a delayed method: async_payment_succeeded follows
    if (!amountMatches(payment, session)) {
      logger.error({ paymentId: payment.id, amountTotal: session.amountTotal, currency: session.currency }, "stripe session amount differs: not fulfilled");
      await recordPaymentEvent(db, payment.id, "amount_mismatch", { amountTotal: session.amountTotal, currency: session.currency });
      return;
    }
    await markPaidAndFulfil(services, payment.id, "webhook", { email: session.email, eventId, stripeRefs: await paidSessionRefs(services, session) });
  } else if (type === "checkout.session.async_payment_failed") {
    await markPaymentFailed(services, payment.id, "async_payment_failed", { eventId });
  } else if (type === "checkout.session.expired") {
    await markPaymentExpired(services, payment.id, { eventId });
  }
}
