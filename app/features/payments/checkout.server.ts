import { data, redirect } from "react-router";
import {
  CheckoutUnavailableError,
  createCheckout,
  findPayment,
  getPaymentForSuccessPage,
  isPaymentId,
  markPaidAndFulfil, markPaymentExpired, markPaymentFailed, paymentProvider, productDetails, productKeyFromCode, type PaymentDeps, type ProductKey } from "./payments.server.ts";
import { hitRateLimit } from "#server/security/rate-limit.ts";
import { inSpan } from "#server/spans.ts";
import { getOptionalUser, type AuthContext } from "~/features/auth/guard.server";
import { formAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { checkTextInputs } from "~/lib/text-input";
import { checkTestCheckout, TEST_CHECKOUT_FORM, testCardOutcome, testCheckoutMessages, type TestCheckoutFieldErrors } from "./test-checkout";

/** The TEST MODE checkout page (/checkout/test/<id>) and the VIP checkout link (/checkout/vip). */

/** What the checkout pages need of a loader's context: the session's pieces and the payments' (decision 088). */
export type CheckoutContext = AuthContext & { services: PaymentDeps };

const MINUTE = 60_000;
export const checkoutLimits = {
  /** Card attempts per address: enough for typos, not for guessing. */
  testCardAttempts: { limit: 20, windowMs: 10 * MINUTE },
  /** New checkouts opened per address. */
  newCheckouts: { limit: 20, windowMs: 10 * MINUTE },
} as const;

const noStore = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export function successPath(paymentId: string) {
  return `/checkout/success?payment=${paymentId}`;
}

/** What the test checkout's form is told: a message for the whole form, field messages, or both. */
export type TestCheckoutActionData = { formError?: string; fieldErrors?: TestCheckoutFieldErrors };

/** A checkout with an end (a booking's: its payment window) that has passed takes no more money. */
const pastExpiry = (payment: { expiresAt: Date | null }) => payment.expiresAt !== null && payment.expiresAt.getTime() <= Date.now();

function notFound(): never {
  throw data(null, { status: 404, headers: noStore });
}

/** The payment the test checkout may take, or a 404: unknown id, or Stripe is the provider. */
async function testPayment(context: CheckoutContext, paymentId: string) {
  if (paymentProvider(context.services.config) !== "test") notFound();
  const payment = await findPayment(context.services.db, paymentId);
  if (!payment || payment.provider !== "test") notFound();
  const product = productKeyFromCode(payment.product);
  if (!product) notFound();
  return { payment, product };
}

export async function loadTestCheckout(context: CheckoutContext, paymentId: string) {
  const { payment, product } = await testPayment(context, paymentId);
  if (payment.status === "paid") throw redirect(successPath(payment.id), { headers: noStore });
  const details = productDetails(product);
  return data(
    {
      paymentId: payment.id,
      product,
      productName: details.name,
      productTerms: details.terms,
      amountPence: payment.amountPence,
      needsEmail: !payment.email,
      email: payment.email,
      closed: payment.status === "expired" || payment.status === "cancelled" || pastExpiry(payment),
      previouslyDeclined: payment.status === "failed" && payment.failureReason === "card_declined",
      returnPath: typeof payment.reference?.returnPath === "string" ? payment.reference.returnPath : "/",
    },
    { headers: noStore },
  );
}

/**
 * A refused payment as the one action-answer shape (`formAnswer`, issue 48): `invalid` with the
 * field messages, else `error` with the form's message. `values` stay empty: a card number is never
 * sent back.
 */
const fail = (status: number, { formError, fieldErrors }: TestCheckoutActionData) =>
  formAnswer(
    status,
    fieldErrors
      ? { form: TEST_CHECKOUT_FORM, status: "invalid", fieldErrors, values: {}, ...(formError ? { message: formError } : {}) }
      : { form: TEST_CHECKOUT_FORM, status: "error", message: formError },
  );

export async function submitTestCheckout(request: Request, context: CheckoutContext, paymentId: string) {
  const { payment } = await testPayment(context, paymentId);
  const { services } = context;
  if (payment.status === "paid") return redirect(successPath(payment.id));
  if (payment.status === "expired" || payment.status === "cancelled") return fail(400, { formError: testCheckoutMessages.expired });
  // Like a Stripe session past its expires_at (decision 075): no card is taken, and the checkout is closed for good.
  if (pastExpiry(payment)) {
    await markPaymentExpired(services, payment.id, { source: "test-checkout", expiresAt: payment.expiresAt!.toISOString() });
    return fail(400, { formError: testCheckoutMessages.expired });
  }

  const limit = await hitRateLimit(services.db, { key: `checkout:test:${context.clientIp}`, ...checkoutLimits.testCardAttempts });
  if (!limit.allowed) return fail(429, { formError: testCheckoutMessages.rateLimited });

  const form = await readTextForm(request);
  if (!form) return fail(400, { formError: testCheckoutMessages.failed });
  // The one text-input rule first (a NUL byte or a line break in these one-line fields), then the card rules.
  const text = checkTextInputs(Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string")));
  if (Object.keys(text.fieldErrors).length > 0) return fail(400, { fieldErrors: text.fieldErrors });
  const checked = checkTestCheckout(text.values, { needsEmail: !payment.email });
  if (!checked.ok) return fail(400, { fieldErrors: checked.fieldErrors });

  const outcome = testCardOutcome(checked.data.cardNumber);
  if (outcome === "unknown") return fail(400, { formError: testCheckoutMessages.unknownCard, fieldErrors: { cardNumber: testCheckoutMessages.unknownCard } });
  // The test provider's charge, traced as Stripe's calls are.
  return inSpan("payment-provider charge", { "fixit.payment_provider": "test", "fixit.payment.id": payment.id, "fixit.card_outcome": outcome }, async () => {
    if (outcome === "declined") {
      await markPaymentFailed(services, payment.id, "card_declined", { source: "test-checkout", last4: checked.data.cardNumber.slice(-4) });
      return fail(402, { formError: testCheckoutMessages.declined });
    }
    try {
      await markPaidAndFulfil(services, payment.id, "test-checkout", { email: checked.data.email ?? null });
    } catch {
      // Paid, but fulfilment failed (logged): the success page retries it and shows "confirming" meanwhile.
    }
    return redirect(successPath(payment.id), { headers: noStore });
  });
}

/**
 * /checkout/vip's POST: a new VIP checkout for whoever pressed 'Continue to payment' (signed in: the
 * account and its email go with it, and membership is attached on payment), then off to the checkout page.
 */
export async function startCheckout(request: Request, context: CheckoutContext, product: ProductKey, returnPath: string) {
  const { services } = context;
  const limit = await hitRateLimit(services.db, { key: `checkout:new:${context.clientIp}`, ...checkoutLimits.newCheckouts });
  if (!limit.allowed) return formAnswer(429, { form: "checkout", status: "error", message: testCheckoutMessages.rateLimited });
  const user = await getOptionalUser(request, context);
  try {
    const { url } = await createCheckout(services, { product, userId: user?.id ?? null, email: user?.email ?? null, returnPath });
    return redirect(url, { status: 303, headers: noStore });
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) services.logger.error({ err: error }, "checkout could not be started");
    return formAnswer(503, { form: "checkout", status: "error", message: "We couldn't open the payment page. Please try again in a moment." });
  }
}

/** /checkout/success?payment=<id>: settles the payment if it can (Stripe, a failed fulfilment) and shows the outcome. */
export async function loadSuccessPage(request: Request, context: CheckoutContext) {
  const paymentId = new URL(request.url).searchParams.get("payment") ?? "";
  if (!isPaymentId(paymentId)) notFound();
  const view = await getPaymentForSuccessPage(context.services, paymentId);
  if (!view) notFound();
  const provider = paymentProvider(context.services.config);
  // A declined or abandoned test payment can be taken up again on its checkout page.
  const retryPath = provider === "test" && view.status === "failed" ? `/checkout/test/${view.id}` : null;
  return data({ ...view, retryPath }, { headers: noStore });
}

/**
 * 'Get Early Access' (the donation): a checkout for the donation, or null when none can be opened
 * now (too many from this address, Stripe unreachable); the caller then continues to /account.
 */
export async function startDonationCheckout(request: Request, context: CheckoutContext, email: string | null, returnPath: string): Promise<string | null> {
  const { services } = context;
  const limit = await hitRateLimit(services.db, { key: `checkout:new:${context.clientIp}`, ...checkoutLimits.newCheckouts });
  if (!limit.allowed) return null;
  const user = await getOptionalUser(request, context);
  try {
    const { url } = await createCheckout(services, { product: "earlyAccessDonation", userId: user?.id ?? null, email: email ?? user?.email ?? null, returnPath });
    return url;
  } catch (error) {
    if (!(error instanceof CheckoutUnavailableError)) services.logger.error({ err: error }, "donation checkout could not be started");
    return null;
  }
}
