import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { paymentEvents, payments } from "#server/db/schema/payments.ts";
import { sealSecret } from "#server/security/codes.ts";
import {
  CheckoutUnavailableError,
  createCheckout,
  createPaymentsService,
  getPaymentForSuccessPage,
  markPaidAndFulfil,
  type FulfilmentHandler,
  type Payment,
  type PaymentDeps,
} from "./payments.server.ts";
import type { StripeCheckoutClient } from "./stripe.server.ts";
import { expireOpenCheckout, keepPaymentIntent, paymentColumns, paymentIdOfIntent, pendingBookingCheckout, pendingPayment } from "./booking-payments.server.ts";

/**
 * The payments core against an in-memory PGlite: exactly-once fulfilment under concurrent
 * triggers, a failed fulfilment retried, the reveal window of sealed codes, and the stripe
 * provider's session parameters and reconciliation with a mocked Stripe client.
 */

let database: Database;
let services: PaymentDeps;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fixit-payments-"));
  const config = loadConfig({ DATABASE_URL: "memory://", DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://fixit.example" });
  database = await openDatabase(config);
  services = {
    config,
    logger: pino({ level: "silent" }),
    db: database.db,
    payments: createPaymentsService(config, testFulfilments),
  };
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fulfilled: string[] = [];
let failNext = false;
const fulfilTestDonation: FulfilmentHandler = async (_tx, payment) => {
  // Slow enough that concurrent triggers overlap.
  await new Promise((r) => setTimeout(r, 20));
  if (failNext) {
    failNext = false;
    throw new Error("mail server refused");
  }
  fulfilled.push(payment.id);
  return { codeSealed: sealSecret("DONATION-CODE", "s".repeat(40)) };
};
const testFulfilments = { earlyAccessDonation: fulfilTestDonation, vipAccess: fulfilTestDonation, fixerOnboarding: fulfilTestDonation, booking: fulfilTestDonation, bookingExtra: fulfilTestDonation };

async function events(paymentId: string) {
  return (await services.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map((e) => e.type);
}
async function row(paymentId: string): Promise<Payment> {
  const [found] = await services.db.select().from(payments).where(eq(payments.id, paymentId));
  return found!;
}

describe("createCheckout with the test provider", () => {
  it("records a pending attempt for the product's price and returns the local checkout", async () => {
    const { paymentId, url } = await createCheckout(services, { product: "earlyAccessDonation", email: " Giver@Example.com ", reference: { from: "test" } });
    expect(url).toBe(`/checkout/test/${paymentId}`);
    const payment = await row(paymentId);
    expect(payment).toMatchObject({ product: "early_access_donation", amountPence: 199, currency: "gbp", provider: "test", status: "pending", email: "giver@example.com" });
    expect(payment.reference).toEqual({ from: "test", returnPath: "/early-access" });
    expect(await events(paymentId)).toEqual(["created"]);
  });

  it("never keeps a return path that leaves the site", async () => {
    for (const returnPath of ["https://evil.example/", "//evil.example", "/\\evil"]) {
      const { paymentId } = await createCheckout(services, { product: "vipAccess", returnPath });
      expect((await row(paymentId)).reference.returnPath).toBe("/early-access#vip-access");
    }
  });
});

describe("markPaidAndFulfil", () => {
  it("runs the fulfilment exactly once however many triggers arrive at the same time", async () => {
    const { paymentId } = await createCheckout(services, { product: "earlyAccessDonation" });
    const results = await Promise.all([
      markPaidAndFulfil(services, paymentId, "webhook"),
      markPaidAndFulfil(services, paymentId, "success-page"),
      markPaidAndFulfil(services, paymentId, "webhook"),
      markPaidAndFulfil(services, paymentId, "test-checkout"),
    ]);
    expect(results.filter((r) => r.outcome === "fulfilled")).toHaveLength(1);
    expect(fulfilled.filter((id) => id === paymentId)).toHaveLength(1);
    const payment = await row(paymentId);
    expect(payment.status).toBe("paid");
    expect(payment.fulfilledAt).toBeInstanceOf(Date);
    expect(payment.fulfilment).toHaveProperty("codeSealed");
    const types = await events(paymentId);
    expect(types.filter((t) => t === "paid")).toHaveLength(1);
    expect(types.filter((t) => t === "fulfilled")).toHaveLength(1);
  });

  it("keeps the payment paid when fulfilment fails, and fulfils on the next trigger", async () => {
    const { paymentId } = await createCheckout(services, { product: "earlyAccessDonation" });
    failNext = true;
    await expect(markPaidAndFulfil(services, paymentId, "webhook")).rejects.toThrow("mail server refused");
    let payment = await row(paymentId);
    expect(payment.status).toBe("paid");
    expect(payment.fulfilledAt).toBeNull();
    expect(await events(paymentId)).toContain("fulfilment_failed");
    expect((await markPaidAndFulfil(services, paymentId, "success-page")).outcome).toBe("fulfilled");
    payment = await row(paymentId);
    expect(payment.fulfilledAt).toBeInstanceOf(Date);
  });

  it("fills in the buyer's email when the payment had none, and keeps one it had", async () => {
    const a = await createCheckout(services, { product: "earlyAccessDonation" });
    await markPaidAndFulfil(services, a.paymentId, "test-checkout", { email: "New@Example.com" });
    expect((await row(a.paymentId)).email).toBe("new@example.com");
    const b = await createCheckout(services, { product: "earlyAccessDonation", email: "first@example.com" });
    await markPaidAndFulfil(services, b.paymentId, "webhook", { email: "other@example.com" });
    expect((await row(b.paymentId)).email).toBe("first@example.com");
  });
});

describe("getPaymentForSuccessPage", () => {
  it("opens sealed codes while the reveal window lasts, then only says they were emailed", async () => {
    const { paymentId } = await createCheckout(services, { product: "earlyAccessDonation", email: "a@example.com" });
    await markPaidAndFulfil(services, paymentId, "test-checkout");
    expect(await getPaymentForSuccessPage(services, paymentId)).toMatchObject({ status: "paid", fulfilled: true, secrets: { code: "DONATION-CODE" }, secretsHidden: false });
    await services.db.update(payments).set({ fulfilledAt: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where(eq(payments.id, paymentId));
    expect(await getPaymentForSuccessPage(services, paymentId)).toMatchObject({ secrets: {}, secretsHidden: true });
  });

  it("knows nothing of unknown or malformed ids", async () => {
    expect(await getPaymentForSuccessPage(services, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getPaymentForSuccessPage(services, "'; drop table payments; --")).toBeNull();
  });
});

describe("the stripe provider (mocked client)", () => {
  const created: { params: Record<string, unknown>; options: unknown }[] = [];
  let sessionState: { payment_status: string; status: string; amount_total: number } = { payment_status: "unpaid", status: "open", amount_total: 399 };
  let failCreate = false;
  const client: StripeCheckoutClient = {
    checkout: {
      sessions: {
        create: (async (params: Record<string, unknown>, options: unknown) => {
          if (failCreate) throw new Error("connect ECONNREFUSED");
          created.push({ params, options });
          return { id: `cs_test_${created.length}`, url: `https://checkout.stripe.com/c/pay/cs_test_${created.length}` };
        }) as unknown as StripeCheckoutClient["checkout"]["sessions"]["create"],
        retrieve: (async (id: string) => {
          const index = Number(id.replace("cs_test_", "")) - 1;
          const params = created[index]!.params;
          return { id, client_reference_id: params.client_reference_id, currency: "gbp", customer_details: { email: "payer@example.com" }, ...sessionState };
        }) as unknown as StripeCheckoutClient["checkout"]["sessions"]["retrieve"],
      },
    },
  };
  /** The stripe provider, with the mocked client handed to the payments service. */
  const stripeServices = () => {
    const config = { ...services.config, STRIPE_SECRET_KEY: "sk_test_x" };
    return { ...services, config, payments: createPaymentsService(config, testFulfilments, { stripe: client }) };
  };

  it("asks Stripe for a Checkout Session with the product, our payment id, the success and cancel URLs", async () => {
    const { paymentId, url } = await createCheckout(stripeServices(), {
      product: "fixerOnboarding",
      email: "fixer@example.com",
      reference: { fixerRegistrationId: 7 },
      returnPath: "/fixer-register",
    });
    expect(url).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    expect(created[0]!.params).toEqual({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 399, product_data: { name: "Fixer onboarding fee", description: "Fixer onboarding fee (one-time, non-refundable)" } } }],
      client_reference_id: paymentId,
      metadata: { payment_id: paymentId, product: "fixer_onboarding" },
      payment_intent_data: { metadata: { payment_id: paymentId, product: "fixer_onboarding" } },
      customer_email: "fixer@example.com",
      success_url: `https://fixit.example/checkout/success?payment=${paymentId}`,
      cancel_url: "https://fixit.example/fixer-register",
    });
    expect(created[0]!.options).toEqual({ idempotencyKey: `checkout-${paymentId}` });
    expect(await row(paymentId)).toMatchObject({ provider: "stripe", providerSessionId: "cs_test_1", status: "pending" });
  });

  it("records the attempt as failed and says so when Stripe cannot be reached", async () => {
    const unavailable = async () => (await services.db.select().from(payments).where(eq(payments.failureReason, "checkout_unavailable"))).length;
    const before = await unavailable();
    failCreate = true;
    try {
      await expect(createCheckout(stripeServices(), { product: "vipAccess" })).rejects.toBeInstanceOf(CheckoutUnavailableError);
    } finally {
      failCreate = false;
    }
    expect(await unavailable()).toBe(before + 1);
    const [failed] = await services.db.select().from(payments).where(eq(payments.failureReason, "checkout_unavailable"));
    expect(failed).toMatchObject({ provider: "stripe", status: "failed", providerSessionId: null });
    expect(await events(failed!.id)).toEqual(["created", "session_failed"]);
  });

  it("reconciles a pending payment on the success page: paid at the right amount fulfils, a wrong amount does not", async () => {
    const { paymentId } = await createCheckout(stripeServices(), { product: "earlyAccessDonation" });
    sessionState = { payment_status: "unpaid", status: "open", amount_total: 199 };
    expect(await getPaymentForSuccessPage(stripeServices(), paymentId)).toMatchObject({ status: "pending", fulfilled: false });

    sessionState = { payment_status: "paid", status: "complete", amount_total: 1 };
    expect(await getPaymentForSuccessPage(stripeServices(), paymentId)).toMatchObject({ status: "pending", fulfilled: false });

    sessionState = { payment_status: "paid", status: "complete", amount_total: 199 };
    expect(await getPaymentForSuccessPage(stripeServices(), paymentId)).toMatchObject({ status: "paid", fulfilled: true, email: "payer@example.com" });
    expect(fulfilled.filter((id) => id === paymentId)).toHaveLength(1);
  });
});

describe("the booking products' payments (booking-payments.server.ts)", () => {
  const bookingPayment = async (bookingId: number, status: "pending" | "paid", extra: Partial<Payment> = {}) => {
    const id = crypto.randomUUID();
    await database.db.insert(payments).values({ id, product: "booking", amountPence: 5_000, provider: "test", status, reference: { bookingId }, ...extra });
    return id;
  };
  const statusOf = async (id: string) => (await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.status;
  const eventsOf = async (id: string) => (await database.db.select({ type: paymentEvents.type, details: paymentEvents.details }).from(paymentEvents).where(eq(paymentEvents.paymentId, id)));

  it("finds a booking's one pending checkout, and none once it is paid", async () => {
    const id = await bookingPayment(90_001, "pending");
    expect((await pendingBookingCheckout(database.db, 90_001))?.id).toBe(id);
    expect((await pendingPayment(database.db, id))?.id).toBe(id);
    await database.db.update(payments).set({ status: "paid" }).where(eq(payments.id, id));
    expect(await pendingBookingCheckout(database.db, 90_001)).toBeNull();
    expect(await pendingPayment(database.db, id)).toBeNull();
    expect(await paymentColumns(database.db, id, ["status", "amountPence", "provider"])).toEqual({ status: "paid", amountPence: 5_000, provider: "test" });
    expect(await paymentColumns(database.db, "no-such-payment", ["status"])).toBeUndefined();
  });

  it("expires a pending checkout with its event, in the caller's transaction; a paid one stays paid", async () => {
    const open = await bookingPayment(90_002, "pending");
    const paid = await bookingPayment(90_003, "paid");
    await database.db.transaction(async (tx) => {
      await expireOpenCheckout(tx, open, new Date(), "pay-again");
      await expireOpenCheckout(tx, paid, new Date(), "pay-again");
    });
    expect(await statusOf(open)).toBe("expired");
    expect(await eventsOf(open)).toEqual([{ type: "expired", details: { source: "pay-again" } }]);
    expect(await statusOf(paid)).toBe("paid");
    // Rolled back with the caller's transaction: nothing of it stays.
    const other = await bookingPayment(90_004, "pending");
    await expect(
      database.db.transaction(async (tx) => {
        await expireOpenCheckout(tx, other, new Date(), "extra-window");
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(await statusOf(other)).toBe("pending");
    expect(await eventsOf(other)).toEqual([]);
  });

  it("keeps the first PaymentIntent and charge it is told, and finds the payment by it", async () => {
    const id = await bookingPayment(90_005, "paid");
    await keepPaymentIntent(database.db, id, "pi_first", "ch_first");
    await keepPaymentIntent(database.db, id, "pi_second", "ch_second");
    expect(await paymentColumns(database.db, id, ["providerPaymentIntentId", "providerChargeId"])).toEqual({ providerPaymentIntentId: "pi_first", providerChargeId: "ch_first" });
    expect(await paymentIdOfIntent(database.db, "pi_first")).toBe(id);
    expect(await paymentIdOfIntent(database.db, "pi_second")).toBeNull();
  });
});
