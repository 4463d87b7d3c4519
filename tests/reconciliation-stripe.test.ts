import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, ledgerEvents, payoutAccounts, providerOperations, reconciliationMismatches } from "#server/db/schema/bookings.ts";
import { payments } from "#server/db/schema/payments.ts";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { paymentReceivedKey } from "~/features/bookings/ledger.server";
import { runProviderOperation } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { moneyProviderFor } from "~/features/bookings/provider.server";
import { findMismatches, latestReconciliation, providerBooksFor, runReconciliation, startDailyReconciliation } from "~/features/bookings/reconciliation.server";
import { acceptedQuote } from "#tests/helpers/bookings.ts";
import { signUpConfirmed, type Browser } from "./auth-helpers";
import { signedEvent, startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The daily reconciliation with Stripe (decision 053), against the local stand-in for Stripe's API
 * (tests/helpers/fake-stripe.ts) through the real SDK: a booking paid by Stripe Checkout and its
 * signed webhook over HTTP, 119 payouts carried out by the Stripe money provider, Stripe's transfers
 * listed page by page (120 in the window, one FixiT never asked for), a charge whose amount differs
 * at Stripe, a payment Stripe took whose webhook never came, and the staff page showing the run.
 */

const WEBHOOK_SECRET = "whsec_reconciliation_test_secret";
const strong = "copper-kettle-violet-harbour";
const DAY = 86_400_000;
let server: InProcessServer;
let stripe: FakeStripe;
let staff: Browser;
let booked: { bookingId: number; paymentId: string; fixerId: string; totalPence: number };

const db = () => server.services.db;
const books = () => providerBooksFor(server.services.config, db());
const text = async (path: string) => (await (await staff.get(path)).text()).replaceAll("<!-- -->", "");

const deliver = (payload: string, signature: string) =>
  fetch(`${server.url}/api/payments/stripe-webhook`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });

/** A booking waiting for payment, and its Stripe checkout (the fake's session). */
async function checkoutBooking() {
  const setup = await acceptedQuote(db(), { pricePence: 9_000 });
  const { bookingId } = await createBooking({ db: db(), publicUrl: server.url }, setup.customer.id, { quoteId: setup.quote.id, slot: setup.slots[0]! });
  const { paymentId } = await startBookingCheckout(server.services, setup.customer.id, bookingId);
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return { ...setup, bookingId, paymentId, sessionId: payment!.providerSessionId! };
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServerInProcess({ env: { STRIPE_SECRET_KEY: "sk_test_fixit_0123456789", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://fixit.example" } });
  staff = await signUpConfirmed(server.url, { email: "recon-staff@example.com", fullName: "Rae Staff", password: strong, ip: "198.51.100.201" });
  await db().update(users).set({ role: "staff" }).where(eq(users.email, "recon-staff@example.com"));

  // Paid on Stripe's page; the signed webhook books it.
  const b = await checkoutBooking();
  const event = signedEvent("checkout.session.completed", stripe.pay(b.sessionId, b.customer.email), WEBHOOK_SECRET);
  expect((await deliver(event.payload, event.signature)).status).toBe(200);
  const [row] = await db().select().from(bookings).where(eq(bookings.id, b.bookingId));
  expect(row).toMatchObject({ state: "booked", paymentId: b.paymentId });
  booked = { bookingId: b.bookingId, paymentId: b.paymentId, fixerId: b.fixer.id, totalPence: row!.totalPence };

  // 119 payouts of £1 to the fixer, each carried out by the Stripe money provider (a transfer at the
  // fake, the operation succeeded, the payout in the ledger), as the job queue would.
  // These payouts name no payment: Stripe makes them from the platform's available balance (decision 076).
  stripe.balance.available = 1_000_000;
  await db().insert(payoutAccounts).values({ fixerUserId: b.fixer.id, provider: "stripe", providerAccountId: "acct_fake_recon", status: "active", activatedAt: new Date() });
  const ops = await db()
    .insert(providerOperations)
    .values(Array.from({ length: 119 }, (_, i) => ({ idempotencyKey: `booking-${b.bookingId}-payout-part-${i}-transfer`, kind: "transfer", bookingId: b.bookingId, provider: "stripe", amountPence: 100, fixerUserId: b.fixer.id })))
    .returning({ id: providerOperations.id });
  const provider = moneyProviderFor(server.services.config, db());
  for (const op of ops) expect(await runProviderOperation({ db: db(), provider }, op.id)).toBe("succeeded");
}, 240_000);

afterAll(async () => {
  await server?.dispose();
  await stripe?.close();
});

describe("reconciliation with Stripe", () => {
  it("finds nothing on clean books: the charge, every transfer and the ledger agree", async () => {
    const { mismatches, operationsChecked } = await findMismatches(db(), books());
    expect(mismatches).toEqual([]);
    expect(operationsChecked).toBe(119 + 1);
  });

  it("lists Stripe's transfers across pages and reports exactly the one no operation asked for, with its booking from the transfer group", async () => {
    // Two days old: the oldest in the window, so it is on the second page (Stripe lists newest first).
    const stranger = stripe.addTransfer({ amount: 4_200, destination: "acct_someone", transfer_group: `booking-${booked.bookingId}`, created: Math.floor((Date.now() - 2 * DAY) / 1000) });
    // Older than the listing window: checked by the runs of its own weeks, not today's.
    stripe.addTransfer({ amount: 3_100, transfer_group: `booking-${booked.bookingId}`, created: Math.floor((Date.now() - 40 * DAY) / 1000) });
    stripe.listRequests.length = 0;

    const { mismatches } = await findMismatches(db(), books());
    expect(mismatches).toEqual([
      { kind: "unknown_at_provider", bookingId: booked.bookingId, operationId: null, moneyKind: "transfer", providerObjectId: stranger.id, ledgerPence: null, providerPence: 4_200, detail: expect.any(String) },
    ]);
    // 120 transfers in the window, 100 a page: two pages, the second after the first's last transfer.
    const pages = stripe.listRequests.filter((r) => r.path === "/v1/transfers");
    expect(pages).toHaveLength(2);
    expect(pages[0]!.query.get("limit")).toBe("100");
    expect(pages[0]!.query.has("starting_after")).toBe(false);
    expect(pages[1]!.query.get("starting_after")).toMatch(/^tr_/);
    const gte = Number(pages[0]!.query.get("created[gte]"));
    expect(Math.abs(gte - (Date.now() - 35 * DAY) / 1000)).toBeLessThan(120);
    expect(stripe.listRequests.filter((r) => r.path === "/v1/refunds")).toHaveLength(1);
  });

  it("reports a refund made at Stripe without FixiT, with the booking its metadata names", async () => {
    const refund = stripe.addRefund({ amount: 1_500, metadata: { booking_id: String(booked.bookingId) } });
    const { mismatches } = await findMismatches(db(), books());
    expect(mismatches.filter((m) => m.moneyKind === "refund")).toEqual([expect.objectContaining({ kind: "unknown_at_provider", bookingId: booked.bookingId, providerObjectId: refund.id, providerPence: 1_500 })]);
    stripe.refunds.delete(refund.id);
  });

  it("reports a charge Stripe took for another amount than the ledger recorded", async () => {
    const sessionId = (await db().select().from(payments).where(eq(payments.id, booked.paymentId)))[0]!.providerSessionId!;
    const intent = stripe.paymentIntents.get(stripe.sessions.get(sessionId)!.payment_intent as string)!;
    intent.amount_received = booked.totalPence - 500;
    const { mismatches } = await findMismatches(db(), books());
    expect(mismatches.filter((m) => m.moneyKind === "charge")).toEqual([
      expect.objectContaining({ kind: "amount_differs", bookingId: booked.bookingId, providerObjectId: intent.id, ledgerPence: booked.totalPence, providerPence: booked.totalPence - 500 }),
    ]);
    // Cancelled at Stripe: nothing taken, so the ledger's charge is missing there.
    intent.status = "canceled";
    const cancelled = await findMismatches(db(), books());
    expect(cancelled.mismatches.filter((m) => m.moneyKind === "charge")).toEqual([expect.objectContaining({ kind: "missing_at_provider", bookingId: booked.bookingId, ledgerPence: booked.totalPence, providerPence: null })]);
    intent.status = "succeeded";
  });

  it("reports a payment Stripe took whose webhook never came (the ledger has no record), once it is no longer fresh", async () => {
    const lost = await checkoutBooking();
    const session = stripe.pay(lost.sessionId, lost.customer.email);
    const fresh = await findMismatches(db(), books());
    expect(fresh.mismatches.filter((m) => m.bookingId === lost.bookingId)).toEqual([]);

    await db().update(payments).set({ updatedAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(payments.id, lost.paymentId));
    const { mismatches } = await findMismatches(db(), books());
    expect(mismatches.filter((m) => m.bookingId === lost.bookingId)).toEqual([
      expect.objectContaining({ kind: "ledger_differs", moneyKind: "charge", providerObjectId: session.payment_intent, ledgerPence: 0, providerPence: session.amount_total }),
    ]);
    // The late webhook books it: the ledger records the charge, and the difference is gone.
    const event = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    const [received] = await db().select().from(ledgerEvents).where(eq(ledgerEvents.idempotencyKey, paymentReceivedKey(lost.paymentId)));
    expect(received).toBeDefined();
    const after = await findMismatches(db(), books());
    expect(after.mismatches.filter((m) => m.bookingId === lost.bookingId)).toEqual([]);
  });

  it("writes the day's run once, and the staff page lists the charge beside the unknown transfer", async () => {
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.metadata.payment_id === booked.paymentId)!;
    intent.amount_received = booked.totalPence - 500;
    const day = new Date(Date.now() + 50 * DAY);
    const runId = (await startDailyReconciliation(db(), "stripe", day))!;
    expect(await startDailyReconciliation(db(), "stripe", day)).toBeNull();
    await runReconciliation(db(), books(), runId);
    await runReconciliation(db(), books(), runId);
    const rows = await db().select().from(reconciliationMismatches).where(eq(reconciliationMismatches.runId, runId));
    expect(rows.map((m) => [m.kind, m.moneyKind]).sort()).toEqual([
      ["amount_differs", "charge"],
      ["unknown_at_provider", "transfer"],
    ]);
    const latest = (await latestReconciliation(db()))!;
    expect(latest.run).toMatchObject({ id: runId, status: "finished", mismatchCount: 2, provider: "stripe" });

    const page = await text("/staff/reconciliation");
    expect(page).toContain("Customer charge");
    expect(page).toContain("Amount differs");
    expect(page).toContain("Transfer to fixer");
    expect(page).toContain("Unknown at provider");
    expect(page).toContain(intent.id);
    expect(page).toContain(`/staff/bookings/${booked.bookingId}`);
    intent.amount_received = booked.totalPence;
  });

});
