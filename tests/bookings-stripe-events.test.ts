import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingCases, bookings, bookingTransitions, earlyBirdCustomers, fixerStrikes, ledgerEvents, payoutAccounts, providerObjects, providerOperations, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { payments } from "#server/db/schema/payments.ts";
import { users } from "#server/db/schema/auth.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { cancelByCustomer, confirmDone, markDone, reportNoShow, reportProblem, staffDecide } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { PAYOUT_FAILED_TEXT } from "~/features/bookings/earnings";
import { fixerEarnings } from "~/features/bookings/earnings.server";
import { balances, ledgerCheck } from "~/features/bookings/ledger.server";
import { runProviderOperation } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { DASHBOARD_REFUND_REASON } from "~/features/bookings/provider-events.server";
import { moneyProviderFor } from "~/features/bookings/provider.server";
import { findMismatches, providerBooksFor } from "~/features/bookings/reconciliation.server";
import { formatGBPAs } from "~/content/money";
import { vipPromotions } from "~/content/prices";
import { createApprovedFixer, createUser, daysFromToday } from "#tests/helpers/marketplace.ts";
import { html, signUpConfirmed, type Browser } from "./auth-helpers";
import { afterSlot } from "./helpers/bookings";
import { signedEvent, startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Stripe's events that move booking money after the fact (issue 49 item 5, decision 078), signed
 * like Stripe's and delivered to the real webhook; the real `stripe` SDK talks to the local fake
 * Stripe, which makes the disputes (with their balance transactions and £20 fee), dashboard refunds,
 * transfer reversals and connected-account payouts. Each ends in a named state with the ledger at
 * zero, the same however often, late or out of order its events arrive.
 */

const WEBHOOK_SECRET = "whsec_stripe_events_secret";
const password = "copper-kettle-violet-harbour";
let ip = 0;
const nextIp = () => `198.51.100.${40 + ++ip}`;

let stripe: FakeStripe;
let server: InProcessServer;

const stripeEnv = () => ({ STRIPE_SECRET_KEY: "sk_test_fixit_0123456789", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://fixit.example" });
const staff = { userId: "staff-events", email: "staff.events@example.com" };

type Fixer = { id: string; browser: Browser | null; accountId: string };

async function stripeFixer(name: string, accountId: string, signIn: boolean): Promise<Fixer> {
  const db = server.services.db;
  let id: string;
  let browser: Browser | null = null;
  if (signIn) {
    const email = `${name.toLowerCase()}.events@example.com`;
    browser = await signUpConfirmed(server.url, { email, fullName: `${name} Events`, userType: "fixer", password, ip: nextIp() });
    id = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    await createApprovedFixer(db, { user: { id, email, name: `${name} Events` }, first: name, last: "Events", services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  } else {
    id = (await createApprovedFixer(db, { first: name, last: "Events", services: ["plumbing"], areas: ["SW1"] })).id;
  }
  await db.insert(payoutAccounts).values({ fixerUserId: id, provider: "stripe", providerAccountId: accountId, status: "active", activatedAt: new Date() });
  return { id, browser, accountId };
}

const deliver = (payload: string, signature: string) =>
  fetch(`${server.url}/api/payments/stripe-webhook`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });

/** Signs and delivers one event; answers the HTTP status. */
async function send(type: string, object: object, options: { id?: string; account?: string; created?: number } = {}) {
  const event = signedEvent(type, object, WEBHOOK_SECRET, options.id, options);
  return (await deliver(event.payload, event.signature)).status;
}

/** A booking of `fixer`'s £90 quote, paid on Stripe's page and booked by the signed webhook. */
async function paidBooking(fixer: Fixer, title: string) {
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
  expect(await send("checkout.session.completed", session)).toBe(200);
  const booking = await bookingOf(bookingId);
  expect(booking.state).toBe("booked");
  const intentId = session.payment_intent as string;
  return { bookingId, paymentId, customer, session, intentId, chargeId: stripe.paymentIntents.get(intentId)!.latest_charge!, totalPence: booking.totalPence };
}

const bookingOf = async (bookingId: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

/** Done and confirmed: released, and the transfer made at Stripe. */
async function releasedAndTransferred(bookingId: number, customerId: string, fixerId: string) {
  const db = server.services.db;
  const now = await afterSlot(db, bookingId);
  await markDone({ db, publicUrl: server.url, now: () => now }, fixerId, bookingId, { note: "All done." });
  await confirmDone({ db, publicUrl: server.url }, customerId, bookingId);
  const [op] = await db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "transfer")));
  await runProviderOperation({ db, provider: moneyProviderFor(server.services.config, db) }, op!.id);
  const [done] = await db.select().from(providerOperations).where(eq(providerOperations.id, op!.id));
  expect(done!.status).toBe("succeeded");
  return done!;
}

/** What a caller can see of a booking's money: its state, freeze, ledger balances and timeline. */
async function endState(bookingId: number) {
  const db = server.services.db;
  const booking = await bookingOf(bookingId);
  const timeline = await db.select({ transition: bookingTransitions.transition, reason: bookingTransitions.reason }).from(bookingTransitions).where(eq(bookingTransitions.bookingId, bookingId)).orderBy(asc(bookingTransitions.id));
  const events = await db.select({ kind: ledgerEvents.kind }).from(ledgerEvents).where(eq(ledgerEvents.bookingId, bookingId)).orderBy(asc(ledgerEvents.id));
  return {
    state: booking.state,
    frozen: booking.releaseFrozenAt !== null,
    balances: await balances(db, { bookingId }),
    ledgerKinds: events.map((e) => e.kind).sort(),
    timeline: timeline.map((t) => `${t.transition}${t.reason ? `: ${t.reason}` : ""}`).sort(),
  };
}

/** Per-person account codes carry the user id: the same shape for two bookings compares without them. */
const anonymous = (state: Awaited<ReturnType<typeof endState>>) => ({ ...state, balances: Object.fromEntries(Object.entries(state.balances).map(([code, pence]) => [code.replace(/:.*/, ":<user>"), pence])) });

async function expectLedgerSound() {
  const check = await ledgerCheck(server.services.db);
  expect(check.total).toBe(0);
  expect(check.unbalancedEventIds).toEqual([]);
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startServerInProcess({ env: stripeEnv() });
  // Every early-bird place taken: customers pay the plain price by card.
  const places = vipPromotions.earlyBird.firstUsers;
  const early = Array.from({ length: places }, (_, i) => ({ id: `early-events-${i + 1}`, name: "Early", email: `early-events-${i + 1}@example.com`, emailVerified: true }));
  await server.services.db.insert(users).values(early);
  await server.services.db.insert(earlyBirdCustomers).values(early.map((u, i) => ({ customerUserId: u.id, position: i + 1 })));
}, 240_000);
afterAll(async () => {
  await server?.dispose();
  await stripe?.close();
});

describe("a webhook with a bad signature", () => {
  it("is answered 400 and stores nothing", async () => {
    const fixer = await stripeFixer("Sig", "acct_fake_sig", false);
    const b = await paidBooking(fixer, "Signature check");
    const dispute = stripe.openDispute(b.chargeId);
    const before = { objects: (await server.services.db.select().from(providerObjects)).length, ledger: (await ledgerCheck(server.services.db)).events, booking: await endState(b.bookingId) };
    const forged = signedEvent("charge.dispute.created", dispute, "whsec_someone_else");
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    const unsigned = signedEvent("charge.dispute.created", dispute, WEBHOOK_SECRET);
    expect((await deliver(unsigned.payload.replace(`"amount":${dispute.amount}`, `"amount":1`), unsigned.signature)).status).toBe(400);
    expect({ objects: (await server.services.db.select().from(providerObjects)).length, ledger: (await ledgerCheck(server.services.db)).events, booking: await endState(b.bookingId) }).toEqual(before);
  });
});

describe("a card dispute lost at the bank (charge.dispute.closed, lost)", () => {
  it("while the money is held: it goes back to the card, the fixer is not paid, the booking closes as chargeback_lost; staff cannot refund it", async () => {
    const fixer = await stripeFixer("Lola", "acct_fake_lola", false);
    const b = await paidBooking(fixer, "Lost while held");
    const dispute = stripe.openDispute(b.chargeId);
    expect(await send("charge.dispute.created", dispute, { id: "evt_lost_held_created" })).toBe(200);
    expect((await bookingOf(b.bookingId)).releaseFrozenAt).not.toBeNull();
    const lost = stripe.closeDispute(dispute.id, "lost");
    expect(await send("charge.dispute.closed", lost, { id: "evt_lost_held_closed" })).toBe(200);

    const end = await endState(b.bookingId);
    expect(end.state).toBe("chargeback_lost");
    expect(end.frozen).toBe(false);
    // The card money went back through the dispute (customer_payments back to 0 but for the fee's other side); Stripe's £20 fee is FixiT's.
    expect(end.balances).toEqual({ provider_fees: -2_000, customer_payments: 2_000 });
    expect(end.ledgerKinds).toEqual(["chargeback_from_held", "dispute_fee", "payment"]);
    expect(await server.services.db.select().from(providerOperations).where(eq(providerOperations.bookingId, b.bookingId))).toEqual([]);
    const error = await staffDecide({ db: server.services.db, publicUrl: server.url }, staff, b.bookingId, { kind: "refund" }, { reason: "Customer asked for a refund" }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/bank took this payment back through a card dispute/);
    expect(await endState(b.bookingId)).toEqual(end);
    await expectLedgerSound();
  });

  it("with a no-show case open: the case closes with the chargeback, and the undecided strike does not count", async () => {
    const fixer = await stripeFixer("Cato", "acct_fake_cato", false);
    const b = await paidBooking(fixer, "Lost with a case open");
    const db = server.services.db;
    const now = await afterSlot(db, b.bookingId);
    await reportNoShow({ db, publicUrl: server.url, now: () => now }, b.customer.id, b.bookingId, { reason: "Nobody came at all." });
    expect((await bookingOf(b.bookingId)).state).toBe("claim_open");
    const dispute = stripe.openDispute(b.chargeId);
    expect(await send("charge.dispute.closed", stripe.closeDispute(dispute.id, "lost"))).toBe(200);
    expect((await endState(b.bookingId)).state).toBe("chargeback_lost");
    const [closedCase] = await db.select().from(bookingCases).where(eq(bookingCases.bookingId, b.bookingId));
    expect({ outcome: closedCase!.outcome, closed: closedCase!.closedAt !== null }).toEqual({ outcome: "lose_chargeback", closed: true });
    const [strike] = await db.select().from(fixerStrikes).where(eq(fixerStrikes.bookingId, b.bookingId));
    expect(strike!.status).toBe("overturned");
    await expectLedgerSound();
  });

  it("replayed and out of order: the same end state, the fee recorded once", async () => {
    const fixer = await stripeFixer("Omar", "acct_fake_omar", false);
    const inOrder = await paidBooking(fixer, "Dispute in order");
    const shuffled = await paidBooking(fixer, "Dispute shuffled");
    const created = 1_000;
    for (const [b, order] of [
      [inOrder, ["created", "closed"]],
      [shuffled, ["closed", "created", "closed", "created"]],
    ] as const) {
      const dispute = stripe.openDispute(b.chargeId);
      const open = structuredClone(dispute);
      const lost = structuredClone(stripe.closeDispute(dispute.id, "lost"));
      for (const step of order) {
        const event = step === "closed" ? ["charge.dispute.closed", lost, created + 10] : ["charge.dispute.created", open, created];
        expect(await send(event[0] as string, event[1] as object, { id: `evt_${b.bookingId}_${step}`, created: event[2] as number })).toBe(200);
      }
    }
    const first = anonymous(await endState(inOrder.bookingId));
    expect(first.state).toBe("chargeback_lost");
    expect(first.balances).toEqual({ provider_fees: -2_000, customer_payments: 2_000 });
    expect(anonymous(await endState(shuffled.bookingId))).toEqual(first);
    await expectLedgerSound();
  });

  it("after the release: FixiT bears the loss, the fixer keeps what was released, and a reversed transfer makes it good", async () => {
    const fixer = await stripeFixer("Rhea", "acct_fake_rhea", false);
    const b = await paidBooking(fixer, "Lost after release");
    const transfer = await releasedAndTransferred(b.bookingId, b.customer.id, fixer.id);
    const dispute = stripe.openDispute(b.chargeId);
    expect(await send("charge.dispute.created", dispute)).toBe(200);
    expect(await send("charge.dispute.closed", stripe.closeDispute(dispute.id, "lost"))).toBe(200);
    let end = await endState(b.bookingId);
    expect(end.state).toBe("released");
    expect(end.frozen).toBe(false);
    expect(end.ledgerKinds).toContain("chargeback_borne_by_fixit");
    expect(end.balances.platform_losses).toBe(-b.totalPence);
    expect(end.timeline.some((t) => t.startsWith("chargeback_lost: ") && t.includes("FixiT bears it"))).toBe(true);

    // Staff claw the fixer's transfer back in the dashboard: it covers FixiT's loss.
    expect(await send("transfer.reversed", stripe.reverseTransfer(transfer.providerObjectId!, transfer.amountPence))).toBe(200);
    end = await endState(b.bookingId);
    expect(end.balances.platform_losses).toBe(-b.totalPence + transfer.amountPence);
    expect(end.balances.fixer_payouts).toBeUndefined();
    await expectLedgerSound();
  });

  it("a dispute won: the release is unfrozen and recorded, the fee kept by Stripe is FixiT's", async () => {
    const fixer = await stripeFixer("Wyn", "acct_fake_wyn", false);
    const b = await paidBooking(fixer, "Dispute won");
    const dispute = stripe.openDispute(b.chargeId);
    expect(await send("charge.dispute.created", dispute)).toBe(200);
    const won = stripe.closeDispute(dispute.id, "won");
    expect(await send("charge.dispute.closed", won)).toBe(200);
    expect(await send("charge.dispute.closed", won)).toBe(200);
    const end = await endState(b.bookingId);
    expect(end.state).toBe("booked");
    expect(end.frozen).toBe(false);
    expect(end.balances.provider_fees).toBe(-2_000);
    expect(end.timeline.filter((t) => t === "card_dispute")).toHaveLength(2);
    await expectLedgerSound();
  });

  it("while a dispute is open, staff cannot refund the charge", async () => {
    const fixer = await stripeFixer("Ivo", "acct_fake_ivo", false);
    const b = await paidBooking(fixer, "Refund during dispute");
    const db = server.services.db;
    const now = await afterSlot(db, b.bookingId);
    await markDone({ db, publicUrl: server.url, now: () => now }, fixer.id, b.bookingId, { note: "Done." });
    await reportProblem({ db, publicUrl: server.url }, b.customer.id, b.bookingId, { reason: "The tap still drips badly." });
    expect(await send("charge.dispute.created", stripe.openDispute(b.chargeId))).toBe(200);
    const before = await endState(b.bookingId);
    const error = await staffDecide({ db, publicUrl: server.url }, staff, b.bookingId, { kind: "refund" }, { reason: "Refund the customer" }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/card dispute is open with the bank for this payment: it cannot be refunded/);
    expect(await endState(b.bookingId)).toEqual(before);
  });
});

describe("a refund made in the Stripe dashboard (charge.refunded)", () => {
  it("the whole charge while held: a staff refund with its reason, the booking refunded, recorded once whatever the deliveries", async () => {
    const fixer = await stripeFixer("Dana", "acct_fake_dana", false);
    const b = await paidBooking(fixer, "Dashboard refund");
    const { charge, refund } = stripe.refundInDashboard(b.chargeId, b.totalPence);
    for (let i = 0; i < 3; i += 1) expect(await send("charge.refunded", charge, { id: "evt_dashboard_full" })).toBe(200);
    const end = await endState(b.bookingId);
    expect(end.state).toBe("refunded");
    expect(end.balances).toEqual({});
    expect(end.timeline).toContain(`dashboard_refund: ${DASHBOARD_REFUND_REASON}`);
    const ops = await server.services.db.select().from(providerOperations).where(eq(providerOperations.bookingId, b.bookingId));
    expect(ops.map((o) => ({ kind: o.kind, status: o.status, amountPence: o.amountPence, providerObjectId: o.providerObjectId }))).toEqual([{ kind: "refund", status: "succeeded", amountPence: b.totalPence, providerObjectId: refund.id }]);
    // Staff can no longer refund it again: the booking is refunded.
    await expect(staffDecide({ db: server.services.db, publicUrl: server.url }, staff, b.bookingId, { kind: "refund" }, { reason: "Again please" })).rejects.toThrow(/already refunded/);
    // The reconciliation knows the refund: not "unknown at the provider", and the ledger matches it.
    const { mismatches } = await findMismatches(server.services.db, providerBooksFor(server.services.config, server.services.db));
    expect(mismatches.filter((m) => m.providerObjectId === refund.id || m.bookingId === b.bookingId)).toEqual([]);
    await expectLedgerSound();
  });

  it("FixiT's own refund is not taken for a dashboard one", async () => {
    const fixer = await stripeFixer("Owen", "acct_fake_owen", false);
    const b = await paidBooking(fixer, "Own refund");
    const db = server.services.db;
    await cancelByCustomer({ db, publicUrl: server.url }, b.customer.id, b.bookingId);
    const [op] = await db.select().from(providerOperations).where(eq(providerOperations.bookingId, b.bookingId));
    await runProviderOperation({ db, provider: moneyProviderFor(server.services.config, db) }, op!.id);
    const charge = { ...stripe.charges.get(b.chargeId)!, amount_refunded: b.totalPence, refunded: true };
    const before = await endState(b.bookingId);
    expect(await send("charge.refunded", charge)).toBe(200);
    const after = await endState(b.bookingId);
    expect(after.state).toBe("cancelled_by_customer");
    expect(after.balances).toEqual(before.balances);
    expect(after.ledgerKinds).toEqual(before.ledgerKinds);
    expect((await db.select().from(providerOperations).where(eq(providerOperations.bookingId, b.bookingId))).length).toBe(1);
  });

  it("part of the charge after the release: FixiT bears it, the fixer's share is untouched", async () => {
    const fixer = await stripeFixer("Pia", "acct_fake_pia", false);
    const b = await paidBooking(fixer, "Partial dashboard refund");
    await releasedAndTransferred(b.bookingId, b.customer.id, fixer.id);
    const before = await endState(b.bookingId);
    const { charge } = stripe.refundInDashboard(b.chargeId, 1_500);
    expect(await send("charge.refunded", charge)).toBe(200);
    expect(await send("charge.refunded", charge)).toBe(200);
    const end = await endState(b.bookingId);
    expect(end.state).toBe("released");
    expect(end.balances).toEqual({ ...before.balances, platform_losses: -1_500, customer_payments: (before.balances.customer_payments ?? 0) + 1_500 });
    expect(end.timeline).toContain(`dashboard_refund: ${DASHBOARD_REFUND_REASON}`);
    await expectLedgerSound();
  });
  it("two part refunds delivered newest first: each recorded once", async () => {
    const fixer = await stripeFixer("Quin", "acct_fake_quin", false);
    const b = await paidBooking(fixer, "Two dashboard refunds");
    await releasedAndTransferred(b.bookingId, b.customer.id, fixer.id);
    const first = structuredClone(stripe.refundInDashboard(b.chargeId, 700));
    const second = structuredClone(stripe.refundInDashboard(b.chargeId, 300));
    expect(await send("charge.refunded", second.charge, { id: "evt_two_second" })).toBe(200);
    expect(await send("charge.refunded", first.charge, { id: "evt_two_first" })).toBe(200);
    expect(await send("charge.refunded", second.charge, { id: "evt_two_second" })).toBe(200);
    const end = await endState(b.bookingId);
    expect(end.balances.platform_losses).toBe(-1_000);
    const ops = await server.services.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "refund")));
    expect(ops.map((o) => o.providerObjectId).sort()).toEqual([first.refund.id, second.refund.id].sort());
    expect(end.timeline.filter((t) => t === `dashboard_refund: ${DASHBOARD_REFUND_REASON}`)).toHaveLength(2);
    await expectLedgerSound();
  });
});

describe("a transfer reversed at Stripe (transfer.reversed)", () => {
  it("the reversed part is owed to the fixer again, on the timeline; replays and a late, smaller report move nothing more", async () => {
    const fixer = await stripeFixer("Tom", "acct_fake_tom", false);
    const b = await paidBooking(fixer, "Reversed transfer");
    const transfer = await releasedAndTransferred(b.bookingId, b.customer.id, fixer.id);
    const part = structuredClone(stripe.reverseTransfer(transfer.providerObjectId!, 1_000));
    const whole = structuredClone(stripe.reverseTransfer(transfer.providerObjectId!, transfer.amountPence - 1_000));
    // Out of order: the whole reversal first, then the older part, then the whole again.
    expect(await send("transfer.reversed", whole, { id: "evt_rev_whole" })).toBe(200);
    expect(await send("transfer.reversed", part, { id: "evt_rev_part" })).toBe(200);
    expect(await send("transfer.reversed", whole, { id: "evt_rev_whole" })).toBe(200);
    const end = await endState(b.bookingId);
    expect(end.state).toBe("released");
    // Owed to the fixer again (their payable account), and the transfer no longer counted as paid out.
    expect((await balances(server.services.db))[`fixer_payable:${fixer.id}`]).toBe(transfer.amountPence);
    const reversals = await server.services.db.select().from(ledgerEvents).where(eq(ledgerEvents.kind, "transfer_reversed"));
    expect(reversals.filter((e) => e.idempotencyKey.startsWith(`transfer-${transfer.providerObjectId}-`))).toHaveLength(1);
    expect(end.timeline.filter((t) => t.startsWith("transfer_reversed: "))).toHaveLength(1);
    // The fixer's earnings count the booking once: what it earned, not the reversal as well.
    const { totals } = await fixerEarnings(server.services.db, fixer.id);
    expect(Object.values(totals).reduce((sum, g) => sum + g.netPence, 0)).toBe(transfer.amountPence);
    // The reconciliation expects the reversal it was told of: the transfer is not reported missing.
    const { mismatches } = await findMismatches(server.services.db, providerBooksFor(server.services.config, server.services.db));
    expect(mismatches.filter((m) => m.bookingId === b.bookingId)).toEqual([]);
    await expectLedgerSound();
  });
});

describe("a payout to the fixer's bank (payout.paid / payout.failed on the connected account)", () => {
  it("failed: owed to the fixer again, the account needs attention, the fixer is told and the earnings page says so; a later payout makes it good", async () => {
    const fixer = await stripeFixer("Faye", "acct_fake_faye", true);
    const db = server.services.db;
    const paid = stripe.payout({ amount: 8_100, status: "paid" });
    expect(await send("payout.paid", paid, { account: fixer.accountId, created: 2_000 })).toBe(200);
    expect(await balances(db)).not.toHaveProperty(`fixer_payable:${fixer.id}`);

    const failed = stripe.payout({ amount: 8_100, status: "failed", failureMessage: "The bank account has been closed." });
    const paidFirst = { ...failed, status: "paid", failure_code: null, failure_message: null };
    // Stripe marks a payout paid, then the bank returns it: delivered failed first, then the older "paid", then failed again.
    expect(await send("payout.failed", failed, { account: fixer.accountId, created: 3_000, id: "evt_po_failed" })).toBe(200);
    expect(await send("payout.paid", paidFirst, { account: fixer.accountId, created: 2_500, id: "evt_po_paid_late" })).toBe(200);
    expect(await send("payout.failed", failed, { account: fixer.accountId, created: 3_000, id: "evt_po_failed" })).toBe(200);

    let all = await balances(db);
    expect(all[`fixer_payable:${fixer.id}`]).toBe(8_100);
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixer.id));
    expect(account!.payoutFailedAt).not.toBeNull();
    expect(account!.payoutFailure).toBe("The bank account has been closed.");
    const told = await db.select().from(notifications).where(eq(notifications.userId, fixer.id));
    expect(told.filter((n) => n.title === "A payout to your bank failed: check your bank details")).toHaveLength(1);
    const earnings = await (await fixer.browser!.get("/fixer/earnings")).text();
    expect(earnings).toContain(html(PAYOUT_FAILED_TEXT));
    expect(earnings).toContain("The bank account has been closed.");
    // Staff see it on the fixer's page.
    const staffEmail = "payouts-staff@example.com";
    const staffBrowser = await signUpConfirmed(server.url, { email: staffEmail, fullName: "Pat Staff", password, ip: nextIp() });
    await db.update(users).set({ role: "staff" }).where(eq(users.email, staffEmail));
    const staffPage = async () => (await staffBrowser.get(`/staff/users/${fixer.id}`)).text();
    const seen = await staffPage();
    expect(seen).toContain("Payouts: the last one failed");
    expect(seen).toContain(html("Failed: The bank account has been closed."));
    await expectLedgerSound();

    // The fixer fixed their bank details; Stripe's next payout reaches the bank.
    const next = stripe.payout({ amount: 8_100, status: "paid" });
    expect(await send("payout.paid", next, { account: fixer.accountId, created: 4_000 })).toBe(200);
    expect(await send("payout.paid", next, { account: fixer.accountId, created: 4_000 })).toBe(200);
    all = await balances(db);
    expect(all[`fixer_payable:${fixer.id}`]).toBeUndefined();
    expect((await db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixer.id)))[0]!.payoutFailedAt).toBeNull();
    expect(await (await fixer.browser!.get("/fixer/earnings")).text()).not.toContain(html(PAYOUT_FAILED_TEXT));
    const after = await staffPage();
    expect(after).not.toContain("Payouts: the last one failed");
    expect(after).toContain("No failure");
    await expectLedgerSound();
  });

  it("a payout of an account that is not a fixer's is acknowledged and ignored", async () => {
    const before = await ledgerCheck(server.services.db);
    expect(await send("payout.failed", stripe.payout({ amount: 500, status: "failed" }), { account: "acct_someone_else" })).toBe(200);
    expect((await ledgerCheck(server.services.db)).events).toBe(before.events);
  });
});

describe("Stripe's own fees (provider_fees)", () => {
  /** Stripe's standard UK card fee: 1.5% + 20p, in whole pence. */
  const ukCardFee = (amount: number) => Math.floor((amount * 15 + 500) / 1000) + 20;

  it("each charge's fee is recorded once at fulfilment; staff see gross and net income; the reconciliation matches Stripe's balance transactions", async () => {
    stripe.chargeFee = ukCardFee;
    try {
      const db = server.services.db;
      const fixer = await stripeFixer("Fern", "acct_fake_fern", false);
      const b = await paidBooking(fixer, "Charge fee");
      const txn = stripe.balanceTransactions.get(stripe.charges.get(b.chargeId)!.balance_transaction)!;
      const fee = ukCardFee(b.totalPence);
      expect(txn.fee).toBe(fee);
      // The same payment confirmed again (a replayed webhook): the fee is not recorded twice.
      expect(await send("checkout.session.completed", b.session)).toBe(200);
      expect(await send("checkout.session.completed", b.session)).toBe(200);
      let end = await endState(b.bookingId);
      expect(end.ledgerKinds.filter((k) => k === "charge_fee")).toHaveLength(1);
      expect(end.balances.provider_fees).toBe(-fee);
      const [payment] = await db.select().from(payments).where(eq(payments.id, b.paymentId));
      expect({ pence: payment!.providerFeePence, txn: payment!.providerFeeTransactionId }).toEqual({ pence: fee, txn: txn.id });

      await releasedAndTransferred(b.bookingId, b.customer.id, fixer.id);
      end = await endState(b.bookingId);
      const gross = end.balances.platform_fees!;
      expect(gross).toBeGreaterThan(0);
      const staffEmail = "fees-staff@example.com";
      const staffBrowser = await signUpConfirmed(server.url, { email: staffEmail, fullName: "Fay Staff", password, ip: nextIp() });
      await db.update(users).set({ role: "staff" }).where(eq(users.email, staffEmail));
      const page = await (await staffBrowser.get(`/staff/bookings/${b.bookingId}`)).text();
      expect(page).toContain("Platform fees (gross)");
      expect(page).toContain(html(formatGBPAs(gross, "ledger")));
      expect(page).toContain(html(formatGBPAs(-fee, "ledger")));
      expect(page).toContain("Platform income (net)");
      expect(page).toContain(html(formatGBPAs(gross - fee, "ledger")));

      const books = providerBooksFor(server.services.config, db);
      const feeMismatches = async () => (await findMismatches(db, books)).mismatches.filter((m) => m.moneyKind === "fee");
      expect(await feeMismatches()).toEqual([]);
      // Stripe's books say another fee than the ledger: reported, with both figures.
      txn.fee += 5;
      expect(await feeMismatches()).toEqual([expect.objectContaining({ kind: "ledger_differs", bookingId: b.bookingId, providerObjectId: txn.id, ledgerPence: fee, providerPence: fee + 5 })]);
      txn.fee -= 5;
      // The listing pages (100 a page) rather than holding Stripe's whole history.
      expect(stripe.listRequests.filter((r) => r.path === "/v1/balance_transactions").every((r) => r.query.get("limit") === "100")).toBe(true);
      await expectLedgerSound();
    } finally {
      stripe.chargeFee = () => 0;
    }
  });
});
