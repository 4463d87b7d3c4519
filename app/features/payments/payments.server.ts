import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { paymentEvents, payments, type Payment, type PaymentStatus } from "#server/db/schema/payments.ts";
import { openSecret } from "#server/security/codes.ts";
import { safeReturnPath } from "#server/http/return-path.ts";
import { inSpan } from "#server/spans.ts";
import type { Config } from "#server/config.ts";
import { DEFAULT_RETURN_PATHS, productDetails, productKeyFromCode, type ProductKey } from "./products.ts";
import type { FulfilmentHandler, PaymentDeps, PaymentsService } from "./payments-service.ts";
import { createStripeCheckoutSession, createStripeClient, readSession, type SessionState, type StripeCheckoutClient } from "./stripe.server.ts";
import { paidIntentRefs, type StripePaymentRefs, type StripeRefsClient } from "./stripe-refs.server.ts";
import { paymentMove, paymentStart } from "./state-machine.ts";

export type { FulfilmentHandler, PaymentDeps, PaymentsService } from "./payments-service.ts";

/**
 * Payments: one code path for both providers (decision 008).
 *
 * - `createCheckout` records the attempt (a `payments` row, status pending) and returns the page to
 *   open: the local TEST MODE checkout, or a Stripe Checkout Session.
 * - The test checkout's card form, Stripe's webhook and the success page (reconciling with Stripe when
 *   the webhook is late) all end in `markPaidAndFulfil`, which is idempotent: the fulfilment a
 *   product's fulfilment (`services.payments.fulfilments`) runs exactly once per payment, inside the transaction
 *   that sets `fulfilled_at` with a conditional update.
 * - What fulfilment returns is kept in `payments.fulfilment`; codes only sealed (`sealSecret`), so the
 *   success page can show them again for a short while even when the webhook fulfilled first.
 */

export type { Payment } from "#server/db/schema/payments.ts";
export { PRODUCT_CODES, productDetails, productKeyFromCode, isProductKey, DEFAULT_RETURN_PATHS } from "./products.ts";
export type { ProductKey, ProductCode } from "./products.ts";

export type PaymentProviderName = "test" | "stripe";
export type FulfilmentSource = "test-checkout" | "webhook" | "success-page";

/** How long after fulfilment the success page still shows a code (it is in the buyer's email for good). */
export const CODE_REVEAL_WINDOW_MS = 60 * 60 * 1000;

/** `stripe` when STRIPE_SECRET_KEY is set, else the local `test` checkout. */
export function paymentProvider(config: Pick<Config, "STRIPE_SECRET_KEY">): PaymentProviderName {
  return config.STRIPE_SECRET_KEY ? "stripe" : "test";
}

const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function isPaymentId(value: unknown): value is string {
  return typeof value === "string" && PAYMENT_ID.test(value);
}

export class CheckoutUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The payment provider could not open a checkout", { cause });
    this.name = "CheckoutUnavailableError";
  }
}

/**
 * The payments service: the fulfilments it is given and one Stripe client, made from the settings on
 * first use (the SDK is not even loaded with test payments), or the client handed in (a test's fake).
 */
export function createPaymentsService(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">,
  fulfilments: Readonly<Record<ProductKey, FulfilmentHandler>>,
  options: { stripe?: StripeCheckoutClient } = {},
): PaymentsService {
  let client: Promise<StripeCheckoutClient> | undefined;
  return { fulfilments, stripe: () => (client ??= options.stripe ? Promise.resolve(options.stripe) : createStripeClient(config)) };
}

export async function recordPaymentEvent(db: DbOrTx, paymentId: string, type: string, details: Record<string, unknown> = {}) {
  await db.insert(paymentEvents).values({ paymentId, type, details });
}

type CheckoutInput = {
  product: ProductKey;
  userId?: string | null;
  email?: string | null;
  reference?: Record<string, unknown>;
  /** Where "cancel" leads back to (a path on this site). Default: the product's page. */
  returnPath?: string;
  /** The amount of a product priced per purchase (a booking); refused for a product with a fixed price. */
  amountPence?: number;
  /** Stripe: the transfer group of the charge (a booking's payouts are transferred in the same group). */
  transferGroup?: string;
  /**
   * When the checkout stops taking money (Stripe's `expires_at`, which must be 30 minutes to 24 hours
   * ahead: {@link CHECKOUT_EXPIRY_LIMITS}). Unset: the provider's default (Stripe: 24 hours).
   */
  expiresAt?: Date;
};

/** What Stripe accepts as a Checkout Session's `expires_at`, from now (a minute's margin each side for clocks and the request). */
export const CHECKOUT_EXPIRY_LIMITS = { minMs: 31 * 60 * 1000, maxMs: 23 * 60 * 60 * 1000 + 59 * 60 * 1000 } as const;

/** A checkout recorded (its payments row, pending) and not yet opened at the provider. */
export type RecordedCheckout = {
  paymentId: string;
  provider: PaymentProviderName;
  product: ReturnType<typeof productDetails>;
  amountPence: number;
  email: string | null;
  returnPath: string;
  transferGroup?: string;
  expiresAt: Date | null;
};

/** A fixed-price product's price, or the amount a per-purchase product was given (a positive whole number of pence). */
function checkoutAmount(product: ReturnType<typeof productDetails>, amountPence: number | undefined): number {
  if (product.amountPence > 0) {
    if (amountPence !== undefined && amountPence !== product.amountPence) throw new RangeError(`${product.key} has a fixed price`);
    return product.amountPence;
  }
  if (amountPence === undefined || !Number.isSafeInteger(amountPence) || amountPence <= 0) throw new RangeError(`${product.key} needs a positive amount in pence`);
  return amountPence;
}

/**
 * Records a checkout attempt (a `payments` row, pending) inside the caller's transaction, so a
 * feature can write it together with what the checkout holds (a booking's early-bird place,
 * decision 075). Open it with {@link openRecordedCheckout} after the transaction commits.
 */
export async function recordCheckout(tx: DbOrTx, config: Pick<Config, "STRIPE_SECRET_KEY">, input: CheckoutInput, now = new Date()): Promise<RecordedCheckout> {
  const product = productDetails(input.product);
  const amountPence = checkoutAmount(product, input.amountPence);
  const provider = paymentProvider(config);
  const paymentId = randomUUID();
  const returnPath = safeReturnPath(input.returnPath, DEFAULT_RETURN_PATHS[input.product]);
  const email = input.email?.trim().toLowerCase() || null;
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt) {
    const ahead = expiresAt.getTime() - now.getTime();
    if (ahead < CHECKOUT_EXPIRY_LIMITS.minMs || ahead > CHECKOUT_EXPIRY_LIMITS.maxMs) throw new RangeError(`a checkout must expire 31 minutes to 23 hours 59 minutes ahead, not ${Math.round(ahead / 60_000)} minutes`);
  }
  await tx.insert(payments).values({
    id: paymentId,
    product: product.code,
    amountPence,
    currency: product.currency,
    provider,
    status: paymentStart("open", "system"),
    userId: input.userId ?? null,
    email,
    reference: { ...input.reference, returnPath },
    expiresAt,
    // The test checkout's page is known now; Stripe's comes with its session.
    checkoutUrl: provider === "test" ? testCheckoutPath(paymentId) : null,
  });
  await recordPaymentEvent(tx, paymentId, "created", { provider, amountPence, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) });
  return { paymentId, provider, product, amountPence, email, returnPath, transferGroup: input.transferGroup, expiresAt };
}

const testCheckoutPath = (paymentId: string) => `/checkout/test/${paymentId}`;

/**
 * Records a checkout attempt and opens it with the configured provider. Returns the URL to open:
 * `/checkout/test/<id>` (test) or Stripe's hosted page. Throws {@link CheckoutUnavailableError} when
 * Stripe cannot be reached (the attempt is kept, marked failed).
 */
export async function createCheckout(services: PaymentDeps, input: CheckoutInput): Promise<{ paymentId: string; url: string }> {
  const recorded = await services.db.transaction((tx) => recordCheckout(tx, services.config, input));
  return openRecordedCheckout(services, recorded);
}

/** Opens a recorded checkout at its provider (the test checkout needs nothing) and keeps its page's URL. */
export async function openRecordedCheckout(services: PaymentDeps, recorded: RecordedCheckout): Promise<{ paymentId: string; url: string }> {
  const { db, config, logger } = services;
  const { paymentId, provider, product, amountPence, email, returnPath } = recorded;
  if (provider === "test") return { paymentId, url: testCheckoutPath(paymentId) };

  try {
    const session = await inSpan("payment-provider checkout", { "fixit.payment_provider": provider, "fixit.payment.id": paymentId, "fixit.amount_pence": amountPence }, async () =>
      createStripeCheckoutSession(await services.payments.stripe(), {
        paymentId,
        productCode: product.code,
        productName: product.name,
        productTerms: product.terms,
        amountPence,
        email,
        transferGroup: recorded.transferGroup,
        expiresAt: recorded.expiresAt,
        successUrl: `${config.publicUrl}/checkout/success?payment=${paymentId}`,
        cancelUrl: `${config.publicUrl}${returnPath}`,
      }),
    );
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ providerSessionId: session.sessionId, checkoutUrl: session.url, updatedAt: new Date() }).where(eq(payments.id, paymentId));
      await recordPaymentEvent(tx, paymentId, "session_created", { sessionId: session.sessionId });
    });
    return { paymentId, url: session.url };
  } catch (error) {
    logger.error({ err: error, paymentId }, "stripe checkout session could not be created");
    await db.transaction(async (tx) => {
      const move = paymentMove("fail_to_open", "system");
      await tx
        .update(payments)
        .set({ status: move.to, failureReason: "checkout_unavailable", updatedAt: new Date() })
        .where(and(eq(payments.id, paymentId), inArray(payments.status, move.from)));
      await recordPaymentEvent(tx, paymentId, "session_failed", { message: error instanceof Error ? error.message.slice(0, 300) : "unknown" });
    });
    throw new CheckoutUnavailableError(error);
  }
}

/** How long a checkout may be left without its page before another request opens it again (the SDK's 20 s timeout, three tries). */
export const CHECKOUT_OPENING_MS = 90_000;

/**
 * A recorded checkout read back from its row, to open it again when the request that recorded it
 * died before Stripe answered: the same payment id, so the same idempotency key and parameters, and
 * Stripe answers with the session it may already have made.
 */
export function recordedCheckoutOf(payment: Payment, transferGroup?: string): RecordedCheckout | null {
  const product = productKeyFromCode(payment.product);
  if (!product || (payment.provider !== "stripe" && payment.provider !== "test")) return null;
  const returnPath = typeof payment.reference?.returnPath === "string" ? payment.reference.returnPath : DEFAULT_RETURN_PATHS[product];
  return { paymentId: payment.id, provider: payment.provider, product: productDetails(product), amountPence: payment.amountPence, email: payment.email, returnPath, transferGroup, expiresAt: payment.expiresAt };
}

/**
 * The page of a checkout another request is opening (two "Pay" presses at once, on any instance):
 * waits for its URL while it is pending. Throws {@link CheckoutUnavailableError} if that request
 * could not open it, or it takes longer than `timeoutMs`.
 */
export async function waitForCheckoutUrl(services: Pick<PaymentDeps, "db">, paymentId: string, timeoutMs = 25_000): Promise<{ paymentId: string; url: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const payment = await findPayment(services.db, paymentId);
    if (payment?.checkoutUrl && payment.status !== "failed") return { paymentId, url: payment.checkoutUrl };
    if (!payment || payment.status === "failed" || payment.status === "expired" || payment.status === "cancelled") throw new CheckoutUnavailableError(new Error(`checkout ${paymentId} was not opened`));
    if (Date.now() > deadline) throw new CheckoutUnavailableError(new Error(`checkout ${paymentId} is still being opened`));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function findPayment(db: DbOrTx, paymentId: string): Promise<Payment | null> {
  if (!isPaymentId(paymentId)) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row ?? null;
}

/**
 * A refused card or a failed delayed payment (the payment machine's `decline`): recorded, and the buyer
 * may try again. A paid, expired or cancelled payment keeps its status (the report is still logged).
 */
export async function markPaymentFailed(services: Pick<PaymentDeps, "db" | "logger">, paymentId: string, reason: string, details: Record<string, unknown> = {}) {
  const move = paymentMove("decline", "provider");
  await services.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({ status: move.to, failureReason: reason, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, move.from)))
      .returning({ id: payments.id });
    await recordPaymentEvent(tx, paymentId, "declined", { reason, ...details, ...(moved ? {} : { refused: true }) });
    if (!moved) services.logger.info({ paymentId, move: "decline" }, "payment move refused: its status does not allow it");
  });
}

/** A checkout that can no longer be paid (the machine's `expire`: Stripe expired the session). A paid payment keeps its status. */
export async function markPaymentExpired(services: Pick<PaymentDeps, "db" | "logger">, paymentId: string, details: Record<string, unknown> = {}) {
  const move = paymentMove("expire", "provider");
  await services.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({ status: move.to, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, move.from)))
      .returning({ id: payments.id });
    await recordPaymentEvent(tx, paymentId, "expired", { ...details, ...(moved ? {} : { refused: true }) });
    if (!moved) services.logger.info({ paymentId, move: "expire" }, "payment move refused: its status does not allow it");
  });
}

/** The PaymentIntent and charge ids to keep on a paid Stripe payment (never overwriting ones already kept). */
const paidRefs = (refs: StripePaymentRefs | null | undefined) =>
  refs
    ? {
        providerPaymentIntentId: sql`coalesce(${payments.providerPaymentIntentId}, ${refs.paymentIntentId})`,
        providerChargeId: sql`coalesce(${payments.providerChargeId}, ${refs.chargeId})`,
        ...(refs.fee
          ? {
              providerFeePence: sql`coalesce(${payments.providerFeePence}, ${refs.fee.pence}::int)`,
              providerFeeTransactionId: sql`coalesce(${payments.providerFeeTransactionId}, ${refs.fee.transactionId})`,
            }
          : {}),
      }
    : {};

/**
 * The ids of a paid Stripe session's PaymentIntent and charge, and the charge's processing fee (one
 * PaymentIntent read, its charge's balance transaction expanded), to keep with the payment when it is
 * marked paid. Null when Stripe cannot be asked now: the first refund or
 * transfer reads them then (stripe-refs.server.ts).
 */
export async function paidSessionRefs(services: Pick<PaymentDeps, "payments" | "logger">, session: Pick<SessionState, "paymentIntentId" | "paymentId">): Promise<StripePaymentRefs | null> {
  if (!session.paymentIntentId) return null;
  const paymentIntentId = session.paymentIntentId;
  try {
    const stripe = (await services.payments.stripe()) as unknown as Pick<StripeRefsClient, "paymentIntents">;
    return await paidIntentRefs(stripe, paymentIntentId);
  } catch (error) {
    services.logger.warn({ err: error, paymentId: session.paymentId }, "stripe charge id could not be read: it is read on first use");
    return { paymentIntentId, chargeId: null };
  }
}

export type FulfilResult = { outcome: "fulfilled" | "already-fulfilled"; payment: Payment };

/**
 * Marks a payment paid (once) and runs its product's fulfilment (exactly once), however many times
 * and from however many places it is called. `details.email` fills in the buyer's email when the
 * payment had none (the test checkout asks for it; Stripe collects it).
 *
 * Paid and fulfilled are two steps on purpose: money taken is recorded even if fulfilment then
 * fails, and the next call (a webhook retry, the success page) tries the fulfilment again.
 */
export async function markPaidAndFulfil(
  services: PaymentDeps,
  paymentId: string,
  source: FulfilmentSource,
  details: { email?: string | null; eventId?: string; stripeRefs?: StripePaymentRefs | null } = {},
): Promise<FulfilResult> {
  const { db, logger } = services;
  const now = new Date();
  const email = details.email?.trim().toLowerCase() || null;

  const pay = paymentMove("pay", "provider");
  await db.transaction(async (tx) => {
    const [newlyPaid] = await tx
      .update(payments)
      .set({
        status: pay.to,
        paidAt: now,
        failureReason: null,
        updatedAt: now,
        ...(email ? { email: sql`coalesce(${payments.email}, ${email})` } : {}),
        ...paidRefs(details.stripeRefs),
      })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, pay.from)))
      .returning({ id: payments.id });
    // Paid already (the success page came first): the ids this call read are kept if the row has none.
    if (!newlyPaid && details.stripeRefs) await tx.update(payments).set(paidRefs(details.stripeRefs)).where(and(eq(payments.id, paymentId), isNull(payments.providerChargeId)));
    if (newlyPaid) await recordPaymentEvent(tx, paymentId, "paid", { source, ...(details.eventId ? { eventId: details.eventId } : {}) });
  });

  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(payments)
        .set({ fulfilledAt: now, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "paid"), isNull(payments.fulfilledAt)))
        .returning();
      if (!claimed) {
        const current = await findPayment(tx, paymentId);
        if (!current) throw new Error(`payment ${paymentId} does not exist`);
        return { outcome: "already-fulfilled" as const, payment: current };
      }
      const product = productKeyFromCode(claimed.product);
      const handler = product ? services.payments.fulfilments[product] : undefined;
      if (!handler) throw new Error(`no fulfilment registered for product ${claimed.product}`);
      const result = await handler(tx, claimed, services);
      const [done] = await tx.update(payments).set({ fulfilment: result }).where(eq(payments.id, paymentId)).returning();
      await recordPaymentEvent(tx, paymentId, "fulfilled", { source });
      logger.info({ paymentId, product: claimed.product, source }, "payment fulfilled");
      return { outcome: "fulfilled" as const, payment: done! };
    });
  } catch (error) {
    logger.error({ err: error, paymentId, source }, "payment fulfilment failed; it is retried on the next trigger");
    await recordPaymentEvent(db, paymentId, "fulfilment_failed", { source, message: error instanceof Error ? error.message.slice(0, 300) : "unknown" }).catch(
      () => undefined,
    );
    throw error;
  }
}

/** How old an unpaid checkout may be and still be offered again (Stripe's sessions expire after 24 hours). */
export const REUSABLE_CHECKOUT_MS = 23 * 60 * 60 * 1000;

/**
 * The open checkout of `product` whose reference names `referenceKey` = `referenceValue`, to send the
 * buyer back to instead of opening a second one (issue 52): the newest pending one under 23 hours old,
 * still open at the provider. Null when there is none, or the provider cannot say (then a new one is made).
 */
export async function openCheckoutFor(services: Pick<PaymentDeps, "db" | "logger" | "payments">, product: ProductKey, referenceKey: string, referenceValue: string | number): Promise<{ paymentId: string; url: string } | null> {
  const [payment] = await services.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.product, productDetails(product).code),
        eq(payments.status, "pending"),
        sql`${payments.reference} ->> ${referenceKey} = ${String(referenceValue)}`,
        sql`${payments.createdAt} > ${new Date(Date.now() - REUSABLE_CHECKOUT_MS)}`,
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  if (!payment) return null;
  if (payment.provider === "test") return { paymentId: payment.id, url: `/checkout/test/${payment.id}` };
  if (payment.provider !== "stripe" || !payment.providerSessionId) return null;
  const sessionId = payment.providerSessionId;
  try {
    const session = await inSpan("payment-provider session", { "fixit.payment_provider": "stripe", "fixit.payment.id": payment.id }, async () => (await services.payments.stripe()).checkout.sessions.retrieve(sessionId));
    return readSession(session).state === "open" && session.url ? { paymentId: payment.id, url: session.url } : null;
  } catch (error) {
    services.logger.warn({ err: error, paymentId: payment.id }, "stripe session could not be read: a new checkout is opened instead");
    return null;
  }
}

/**
 * Asks Stripe about a pending (or failed) Stripe payment and acts on the answer: paid → fulfil,
 * expired → expired. The success page calls it so a late webhook never leaves a buyer waiting.
 */
export async function reconcileWithStripe(services: PaymentDeps, payment: Payment): Promise<void> {
  if (payment.provider !== "stripe" || !payment.providerSessionId || payment.status === "paid") return;
  const sessionId = payment.providerSessionId;
  const session = readSession(
    await inSpan("payment-provider session", { "fixit.payment_provider": "stripe", "fixit.payment.id": payment.id }, async () => (await services.payments.stripe()).checkout.sessions.retrieve(sessionId)),
  );
  if (session.paymentId !== payment.id) {
    services.logger.error({ paymentId: payment.id, sessionId: session.sessionId }, "stripe session belongs to another payment");
    return;
  }
  if (session.state === "paid") {
    if (!amountMatches(payment, session)) return;
    await markPaidAndFulfil(services, payment.id, "success-page", { email: session.email, stripeRefs: await paidSessionRefs(services, session) });
  } else if (session.state === "expired" && payment.status !== "expired") {
    await markPaymentExpired(services, payment.id, { source: "success-page" });
  }
}

/** A session is only honoured for the amount and currency we asked for. */
export function amountMatches(payment: Pick<Payment, "id" | "amountPence" | "currency">, session: { amountTotal: number | null; currency: string | null }) {
  return session.amountTotal === payment.amountPence && (session.currency ?? "").toLowerCase() === payment.currency;
}

export type SuccessPageView = {
  id: string;
  product: ProductKey;
  productName: string;
  amountPence: number;
  status: PaymentStatus;
  fulfilled: boolean;
  email: string | null;
  returnPath: string;
  /** The opened secrets of the fulfilment (e.g. { code }), while the reveal window lasts. */
  secrets: Record<string, string>;
  /** True when the fulfilment holds a code that is no longer shown here (it is in the email). */
  secretsHidden: boolean;
};

/**
 * What /checkout/success shows. Reconciles with Stripe when the payment is still pending, retries
 * a fulfilment that failed, and opens the sealed codes (`fooSealed` → `foo`) within the reveal window.
 */
export async function getPaymentForSuccessPage(services: PaymentDeps, paymentId: string): Promise<SuccessPageView | null> {
  let payment = await findPayment(services.db, paymentId);
  if (!payment) return null;
  try {
    if (payment.provider === "stripe" && payment.status !== "paid") {
      await reconcileWithStripe(services, payment);
    } else if (payment.status === "paid" && !payment.fulfilledAt) {
      await markPaidAndFulfil(services, payment.id, "success-page");
    }
  } catch (error) {
    // Shown as "confirming"; the page checks again.
    services.logger.warn({ err: error, paymentId }, "success page could not settle the payment yet");
  }
  payment = (await findPayment(services.db, paymentId)) ?? payment;
  const product = productKeyFromCode(payment.product);
  if (!product) return null;

  const secrets: Record<string, string> = {};
  let secretsHidden = false;
  const fulfilment = payment.fulfilment ?? {};
  const revealable = payment.fulfilledAt ? Date.now() - payment.fulfilledAt.getTime() < CODE_REVEAL_WINDOW_MS : false;
  for (const [key, value] of Object.entries(fulfilment)) {
    if (!key.endsWith("Sealed") || typeof value !== "string") continue;
    if (!revealable) {
      secretsHidden = true;
      continue;
    }
    const opened = openSecret(value, services.config.sessionSecret);
    if (opened) secrets[key.slice(0, -"Sealed".length)] = opened;
  }
  const reference = payment.reference ?? {};
  return {
    id: payment.id,
    product,
    productName: productDetails(product).name,
    amountPence: payment.amountPence,
    status: payment.status,
    fulfilled: Boolean(payment.fulfilledAt),
    email: payment.email,
    returnPath: typeof reference.returnPath === "string" ? reference.returnPath : DEFAULT_RETURN_PATHS[product],
    secrets,
    secretsHidden,
  };
}

