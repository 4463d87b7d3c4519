import type Stripe from "stripe";
import type { Config } from "#server/config.ts";

/**
 * The Stripe side of payments: the client (the payments service makes one and keeps it), the
 * Checkout Session parameters, and the reading of a session (created, retrieved or delivered by a
 * webhook) into what our payments need.
 */

/** The slice of the Stripe client the payments code uses; a test passes a fake with the same shape. */
export type StripeCheckoutClient = {
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.Checkout.Session>;
      retrieve(id: string, params?: Stripe.Checkout.SessionRetrieveParams, options?: Stripe.RequestOptions): Promise<Stripe.Checkout.Session>;
    };
  };
};

/**
 * The Stripe SDK, loaded on first use: it costs ~20 MB of memory, which the embedded default (test
 * payments) never needs.
 */
const loadStripe = async () => (await import("stripe")).default;

/** A Stripe client for STRIPE_SECRET_KEY (and STRIPE_API_URL: another API host, such as a local stand-in). */
export async function createStripeClient(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): Promise<Stripe> {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const StripeSdk = await loadStripe();
  return new StripeSdk(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "FixiT" },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

export type CheckoutSessionInput = {
  paymentId: string;
  productCode: string;
  productName: string;
  productTerms: string;
  amountPence: number;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /** A booking's transfer group: its charge and its payouts to the fixer are linked at Stripe. */
  transferGroup?: string;
  /** When the session stops taking payment (Stripe: 30 minutes to 24 hours ahead); null: Stripe's default, 24 hours. */
  expiresAt?: Date | null;
};

/** The Checkout Session we ask Stripe for: one line, GBP, our payment id on every object Stripe creates. */
export function checkoutSessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "gbp",
          unit_amount: input.amountPence,
          product_data: { name: input.productName, description: `${input.productName} (${input.productTerms})` },
        },
      },
    ],
    client_reference_id: input.paymentId,
    metadata: { payment_id: input.paymentId, product: input.productCode },
    payment_intent_data: {
      metadata: { payment_id: input.paymentId, product: input.productCode },
      ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
    },
    ...(input.email ? { customer_email: input.email } : {}),
    ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  };
}

export async function createStripeCheckoutSession(
  client: StripeCheckoutClient,
  input: CheckoutSessionInput,
): Promise<{ sessionId: string; url: string }> {
  // The payment id as idempotency key: a retried request never makes a second session.
  const session = await client.checkout.sessions.create(checkoutSessionParams(input), { idempotencyKey: `checkout-${input.paymentId}` });
  if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
  return { sessionId: session.id, url: session.url };
}

/** What a Checkout Session says about our payment. */
export type SessionState = {
  sessionId: string;
  paymentId: string | null;
  /** "paid" once the money is taken; "open" while the buyer may still pay; "expired"; "unpaid" for a delayed method still pending. */
  state: "paid" | "unpaid" | "open" | "expired";
  amountTotal: number | null;
  currency: string | null;
  email: string | null;
  /** Stripe's PaymentIntent (pi_…) once the session has one: kept on the payment when it is paid (decision 076). */
  paymentIntentId: string | null;
};

export function readSession(session: Stripe.Checkout.Session): SessionState {
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const state: SessionState["state"] = paid ? "paid" : session.status === "expired" ? "expired" : session.status === "complete" ? "unpaid" : "open";
  return {
    sessionId: session.id,
    paymentId: session.client_reference_id ?? session.metadata?.payment_id ?? null,
    state,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/** Verifies a webhook delivery's signature (throws on a bad or stale one) and parses the event. */
export async function verifyWebhookEvent(payload: Buffer, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new Error("missing Stripe-Signature header");
  const StripeSdk = await loadStripe();
  return StripeSdk.webhooks.constructEvent(payload, signature, secret);
}
