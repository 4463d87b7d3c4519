import type { DbOrTx } from "#server/db/client.ts";
import type { Payment } from "#server/db/schema/payments.ts";
import type { JobServices } from "#server/services.ts";
import type { ProductKey } from "./products.ts";
import type { StripeCheckoutClient } from "./stripe.server.ts";

/** What happens once a product is paid for; runs inside the payment's fulfilment transaction. */
export type FulfilmentHandler = (tx: DbOrTx, payment: Payment, services: JobServices) => Promise<Record<string, unknown>>;

/** The payments service the composition root builds: each product's fulfilment and the Stripe client. */
export type PaymentsService = {
  fulfilments: Readonly<Record<ProductKey, FulfilmentHandler>>;
  /** The Stripe checkout client, one per service (createPaymentsService; a test hands in its own). */
  stripe(): Promise<StripeCheckoutClient>;
};

/**
 * What the payments functions are handed (decision 088): the database, the settings, a logger and
 * the payments service. A route passes `context.services`; a feature built on payments passes its own.
 */
export type PaymentDeps = JobServices & { payments: PaymentsService };
