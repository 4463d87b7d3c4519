import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, earlyBirdCustomers, payoutAccounts, providerOperations, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/auth.ts";
import { cancelByCustomer, confirmDone, markDone } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { ON_ITS_WAY_TEXT } from "~/features/bookings/earnings";
import { accountBalance, ACCOUNTS } from "~/features/bookings/ledger.server";
import { runProviderOperation, TRANSFER_FUNDS_JOB } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { moneyProviderFor, type BookingMoneyProvider } from "~/features/bookings/provider.server";
import { findMismatches, providerBooksFor } from "~/features/bookings/reconciliation.server";
import { html, signUpConfirmed, type Browser } from "./auth-helpers";
import { afterSlot } from "./helpers/bookings";
import { signedEvent, startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { createApprovedFixer, createUser, daysFromToday } from "#tests/helpers/marketplace.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { vipPromotions } from "~/content/prices";

/** A server on a database of its own whose early-bird places are all taken: its customers pay the plain price by card. */
async function stripeServer(): Promise<InProcessServer> {
  const server = await startServerInProcess({ env: stripeEnv() });
  const places = vipPromotions.earlyBird.firstUsers;
  const early = Array.from({ length: places }, (_, i) => ({ id: `early-bird-${i + 1}`, name: "Early", email: `early-${i + 1}@example.com`, emailVerified: true }));
  await server.services.db.insert(users).values(early);
  await server.services.db.insert(earlyBirdCustomers).values(early.map((u, i) => ({ customerUserId: u.id, position: i + 1 })));
  return server;
}

/**
 * Live-mode money at Stripe (issue 49 gaps 1, 3 and 4; decision 076), through the real SDK against
 * the local fake Stripe, which holds a charge's funds pending for days and refuses a transfer the
 * platform's available balance cannot cover: a release before the funds are available is made from
 * the charge (source_transaction), shown to the fixer as on its way, and completes when they arrive;
 * every provider call carries a random key stored before it, so a crash after the call makes one
 * transfer and two databases sharing one Stripe account never collide; refunds and the reconciliation
 * use the PaymentIntent and charge ids kept at fulfilment, never the Checkout Session.
 */

const WEBHOOK_SECRET = "whsec_transfer_funds_secret";
const password = "copper-kettle-violet-harbour";
let ip = 0;
const nextIp = () => `198.51.100.${150 + ++ip}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let stripe: FakeStripe;

const stripeEnv = () => ({ STRIPE_SECRET_KEY: "sk_test_fixit_0123456789", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://fixit.example" });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Fixer = { id: string; browser: Browser | null; accountId: string };

/** An approved fixer with an active Stripe payout account (`accountId`), signed in when `signIn`. */
async function stripeFixer(server: InProcessServer, name: string, accountId: string, signIn: boolean): Promise<Fixer> {
  const db = server.services.db;
  let id: string;
  let browser: Browser | null = null;
  if (signIn) {
    const email = `${name.toLowerCase()}.funds@example.com`;
    browser = await signUpConfirmed(server.url, { email, fullName: `${name} Funds`, userType: "fixer", password, ip: nextIp() });
    id = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    await createApprovedFixer(db, { user: { id, email, name: `${name} Funds` }, first: name, last: "Funds", services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  } else {
    id = (await createApprovedFixer(db, { first: name, last: "Funds", services: ["plumbing"], areas: ["SW1"] })).id;
  }
  await db.insert(payoutAccounts).values({ fixerUserId: id, provider: "stripe", providerAccountId: accountId, status: "active", activatedAt: new Date() });
  return { id, browser, accountId };
}

const deliver = (server: InProcessServer, payload: string, signature: string) =>
  fetch(`${server.url}/api/payments/stripe-webhook`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });

/** A booking of `fixer`'s £90 quote, paid on Stripe's page and booked by the signed webhook. */
async function stripePaidBooking(server: InProcessServer, fixer: Fixer, title: string) {
  const db = server.services.db;
  const customer = await createUser(db, { name: `Customer of ${title}` });
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title, description: "Needs doing soon.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: 9_000, includes: "Parts and labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
  const slot = { date: daysFromToday(3), window: "morning" as const };
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
  const { bookingId } = await createBooking({ db, publicUrl: server.url }, customer.id, { quoteId: quote!.id, slot });
  const { paymentId } = await startBookingCheckout(server.services, customer.id, bookingId);
  const [pending] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const session = stripe.pay(pending!.providerSessionId!);
  const event = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
  expect((await deliver(server, event.payload, event.signature)).status).toBe(200);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  expect(booking?.state).toBe("booked");
  return { bookingId, paymentId, customer, intentId: session.payment_intent as string };
}

/** Done and confirmed by the customer: released, and the transfer queued. */
async function release(server: InProcessServer, bookingId: number, customerId: string, fixerId: string) {
  const db = server.services.db;
  const now = await afterSlot(db, bookingId);
  await markDone({ db, publicUrl: server.url, now: () => now }, fixerId, bookingId, { note: "All done." });
  await confirmDone({ db, publicUrl: server.url }, customerId, bookingId);
}

const transferOf = async (server: InProcessServer, bookingId: number) =>
  (await server.services.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "transfer"))))[0];

/** Runs the booking's transfer now (the worker may have run it already: the call is idempotent) and answers it once it succeeded. */
async function transferred(server: InProcessServer, bookingId: number) {
  const op = await until(() => transferOf(server, bookingId), (o) => o !== undefined, "the transfer operation");
  await runProviderOperation({ db: server.services.db, provider: moneyProviderFor(server.services.config, server.services.db) }, op!.id);
  return (await until(() => transferOf(server, bookingId), (o) => o?.status === "succeeded", "the transfer"))!;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
}, 60_000);
afterAll(async () => {
  await stripe?.close();
});

describe("a release before the charge's funds are available", () => {
  let server: InProcessServer;
  let fixer: Fixer;

  beforeAll(async () => {
    server = await stripeServer();
    fixer = await stripeFixer(server, "Petra", "acct_fake_petra", true);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("a transfer without source_transaction is refused like Stripe's while the available balance is short", async () => {
    const client = new Stripe("sk_test_fixit_0123456789", { host: "127.0.0.1", port: new URL(stripe.url).port, protocol: "http", maxNetworkRetries: 0 });
    stripe.balance.available = 0;
    await expect(client.transfers.create({ amount: 500, currency: "gbp", destination: "acct_fake_petra" })).rejects.toMatchObject({ code: "balance_insufficient", statusCode: 400 });
  });

  it("keeps the PaymentIntent and charge ids at fulfilment; the transfer is made from the charge and shown as on its way", async () => {
    const db = server.services.db;
    const b = await stripePaidBooking(server, fixer, "Dripping shower");
    const [payment] = await db.select().from(payments).where(eq(payments.id, b.paymentId));
    const chargeId = stripe.paymentIntents.get(b.intentId)!.latest_charge!;
    expect(payment).toMatchObject({ status: "paid", providerPaymentIntentId: b.intentId, providerChargeId: chargeId });
    expect(stripe.balance.available).toBe(0);

    await release(server, b.bookingId, b.customer.id, fixer.id);
    const op = await transferred(server, b.bookingId);
    // Stripe accepted it although nothing is available: made from the charge, waiting for its funds.
    const transfer = stripe.transfers.get(op.providerObjectId!)!;
    expect(transfer).toMatchObject({ source_transaction: chargeId, destination: "acct_fake_petra", amount: op.amountPence });
    expect(stripe.transferFundsAvailable(transfer.id)).toBe(false);
    const availableOn = stripe.balanceTransactions.get(stripe.charges.get(chargeId)!.balance_transaction)!.available_on;
    expect(op.fundsPendingUntil?.getTime()).toBe(availableOn * 1000);
    expect(op.providerIdempotencyKey).toMatch(UUID);
    expect(stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/transfers").map((r) => r.idempotencyKey)).toContain(op.providerIdempotencyKey);
    // Released, the ledger paid out: the money is the fixer's, at Stripe.
    expect(await accountBalance(db, ACCOUNTS.fixerPayable(fixer.id))).toBe(0);
    // A check is queued for when Stripe expects the funds.
    const checks = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, TRANSFER_FUNDS_JOB));
    expect(checks.map((j) => [(j.payload as { operationId: number }).operationId, j.runAt.getTime()])).toEqual([[op.id, availableOn * 1000]]);

    const earnings = await (await fixer.browser!.get("/fixer/earnings")).text();
    expect(earnings).toContain(html(ON_ITS_WAY_TEXT));
    expect(earnings).toContain("Dripping shower");
    const page = await (await fixer.browser!.get(`/fixer/bookings/${b.bookingId}`)).text();
    expect(page).toContain(html(ON_ITS_WAY_TEXT));

    // The funds arrive; Stripe's balance.available makes the site look at once.
    stripe.makeFundsAvailable([chargeId]);
    expect(stripe.transferFundsAvailable(transfer.id)).toBe(true);
    const event = signedEvent("balance.available", { id: "bal", object: "balance" } as never, WEBHOOK_SECRET);
    expect((await deliver(server, event.payload, event.signature)).status).toBe(200);
    await until(() => transferOf(server, b.bookingId), (o) => o?.fundsPendingUntil === null, "the check balance.available queued");
    const after = await (await fixer.browser!.get("/fixer/earnings")).text();
    expect(after).not.toContain(html(ON_ITS_WAY_TEXT));
    expect(after).toContain("Paid out");
    const pageAfter = await (await fixer.browser!.get(`/fixer/bookings/${b.bookingId}`)).text();
    expect(pageAfter).toContain("Paid out: transferred to your payout account.");
    expect(pageAfter).toContain(html("The customer's payment cleared"));
    // The same delivery again changes nothing.
    expect((await deliver(server, event.payload, event.signature)).status).toBe(200);
    expect(stripe.transfers.size).toBe(1);
  });

  it("completes on its own without the webhook: the queued check finds the funds available", async () => {
    const db = server.services.db;
    const b = await stripePaidBooking(server, fixer, "Squeaky door");
    await release(server, b.bookingId, b.customer.id, fixer.id);
    const op = await transferred(server, b.bookingId);
    expect(op.fundsPendingUntil).not.toBeNull();
    const chargeId = (await db.select().from(payments).where(eq(payments.id, b.paymentId)))[0]!.providerChargeId!;
    stripe.makeFundsAvailable([chargeId]);
    // The day Stripe expected them: the worker runs the check.
    const checks = await db.select().from(outboxJobs).where(and(eq(outboxJobs.kind, TRANSFER_FUNDS_JOB), eq(outboxJobs.status, "pending")));
    const check = checks.find((j) => (j.payload as { operationId: number }).operationId === op.id);
    expect(check?.runAt.getTime()).toBe(op.fundsPendingUntil!.getTime());
    await db.update(outboxJobs).set({ runAt: new Date() }).where(eq(outboxJobs.id, check!.id));
    await until(() => transferOf(server, b.bookingId), (o) => o?.fundsPendingUntil === null, "the funds check");
    expect(await (await fixer.browser!.get("/fixer/earnings")).text()).not.toContain(html(ON_ITS_WAY_TEXT));
  });
});

describe("a crash between Stripe's answer and the commit", () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await stripeServer();
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("makes one transfer: the retry sends the key stored before the first call", async () => {
    const db = server.services.db;
    const fixer = await stripeFixer(server, "Kit", "acct_fake_kit", false);
    // The worker must not run it first: the account is connected after the release.
    await db.update(payoutAccounts).set({ status: "pending" }).where(eq(payoutAccounts.fixerUserId, fixer.id));
    const b = await stripePaidBooking(server, fixer, "Loose tiles");
    await release(server, b.bookingId, b.customer.id, fixer.id);
    const op = (await transferOf(server, b.bookingId))!;
    expect(op.status).toBe("waiting_for_account");
    await db.update(payoutAccounts).set({ status: "active" }).where(eq(payoutAccounts.fixerUserId, fixer.id));
    await db.update(providerOperations).set({ status: "pending" }).where(eq(providerOperations.id, op.id));

    const inner = moneyProviderFor(server.services.config, db);
    let crashed = false;
    const dying: BookingMoneyProvider = {
      ...inner,
      name: inner.name,
      async transfer(input) {
        const made = await inner.transfer(input);
        if (!crashed) {
          crashed = true;
          throw new Error("killed after Stripe made the transfer");
        }
        return made;
      },
    };
    await expect(runProviderOperation({ db, provider: dying }, op.id)).rejects.toThrow("killed after Stripe made the transfer");
    expect((await transferOf(server, b.bookingId))?.status).toBe("pending");
    expect(await runProviderOperation({ db, provider: dying }, op.id)).toBe("succeeded");

    const posts = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/transfers" && r.idempotencyKey === op.providerIdempotencyKey);
    expect(posts).toHaveLength(2);
    const made = [...stripe.transfers.values()].filter((t) => t.destination === "acct_fake_kit");
    expect(made).toHaveLength(1);
    expect((await transferOf(server, b.bookingId))?.providerObjectId).toBe(made[0]!.id);
    expect(await accountBalance(db, ACCOUNTS.fixerPayable(fixer.id))).toBe(0);
  });
});

describe("two databases sharing one Stripe account", () => {
  let staging: InProcessServer;
  let production: InProcessServer;

  beforeAll(async () => {
    staging = await stripeServer();
    production = await stripeServer();
  }, 240_000);
  afterAll(async () => {
    await staging?.dispose();
    await production?.dispose();
  });

  it("the same booking ids make two transfers, each under a key of its own", async () => {
    const made = [];
    for (const [server, account] of [
      [staging, "acct_fake_staging"],
      [production, "acct_fake_production"],
    ] as const) {
      const fixer = await stripeFixer(server, "Twin", account, false);
      const b = await stripePaidBooking(server, fixer, "Same booking, other database");
      await release(server, b.bookingId, b.customer.id, fixer.id);
      made.push({ bookingId: b.bookingId, op: await transferred(server, b.bookingId), account });
    }
    const [first, second] = made;
    expect(first!.bookingId).toBe(second!.bookingId);
    expect(first!.op.idempotencyKey).toBe(second!.op.idempotencyKey);
    expect(first!.op.providerIdempotencyKey).not.toBe(second!.op.providerIdempotencyKey);
    expect(first!.op.providerObjectId).not.toBe(second!.op.providerObjectId);
    expect(stripe.transfers.get(first!.op.providerObjectId!)?.destination).toBe("acct_fake_staging");
    expect(stripe.transfers.get(second!.op.providerObjectId!)?.destination).toBe("acct_fake_production");
  });
});

describe("refunds and the reconciliation", () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await stripeServer();
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const sessionReads = () => stripe.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/checkout/sessions/")).length;

  it("refund against the kept PaymentIntent and reconcile without reading a Checkout Session", async () => {
    const db = server.services.db;
    const fixer = await stripeFixer(server, "Rory", "acct_fake_rory", false);
    const b = await stripePaidBooking(server, fixer, "Cancelled in time");
    const before = sessionReads();
    await cancelByCustomer({ db, publicUrl: server.url }, b.customer.id, b.bookingId, { reason: "Plans changed." });
    const [refund] = await until(
      () => db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "refund"))),
      (ops) => ops.length === 1,
      "the refund operation",
    );
    await runProviderOperation({ db, provider: moneyProviderFor(server.services.config, db) }, refund!.id);
    const done = await until(
      async () => (await db.select().from(providerOperations).where(eq(providerOperations.id, refund!.id)))[0],
      (o) => o?.status === "succeeded",
      "the refund",
    );
    expect(stripe.refunds.get(done!.providerObjectId!)).toMatchObject({ payment_intent: b.intentId, amount: refund!.amountPence });
    expect(done!.providerIdempotencyKey).toMatch(UUID);

    // The charge and the refund agree (the fake's transfers are shared with the other databases' tests).
    const { mismatches } = await findMismatches(db, providerBooksFor(server.services.config, db));
    expect(mismatches.filter((m) => m.moneyKind !== "transfer")).toEqual([]);
    expect(stripe.requests.some((r) => r.method === "GET" && r.path === `/v1/payment_intents/${b.intentId}`)).toBe(true);
    expect(sessionReads()).toBe(before);
  });

  it("a payment paid before the ids were kept reads them once from its session, then never again", async () => {
    const db = server.services.db;
    const fixer = await stripeFixer(server, "Old", "acct_fake_old", false);
    const b = await stripePaidBooking(server, fixer, "Paid before the upgrade");
    await db.update(payments).set({ providerPaymentIntentId: null, providerChargeId: null }).where(eq(payments.id, b.paymentId));
    const before = sessionReads();
    await findMismatches(db, providerBooksFor(server.services.config, db));
    expect(sessionReads()).toBe(before + 1);
    const [payment] = await db.select().from(payments).where(eq(payments.id, b.paymentId));
    expect(payment).toMatchObject({ providerPaymentIntentId: b.intentId, providerChargeId: stripe.paymentIntents.get(b.intentId)!.latest_charge });
    await findMismatches(db, providerBooksFor(server.services.config, db));
    expect(sessionReads()).toBe(before + 1);
  });
});
