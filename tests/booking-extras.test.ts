import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookingExtras } from "#server/db/schema/booking-extras.ts";
import { bookings, ledgerEvents, providerOperations } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { reportProblem, staffDecide } from "~/features/bookings/bookings.server";
import { EXTRA_PAYMENT_WINDOW_MS, extrasCopy } from "~/features/bookings/extras";
import { startExtraCheckout } from "~/features/bookings/extras-payment.server";
import { offerExtra, runExtraExpiry } from "~/features/bookings/extras.server";
import { ACCOUNTS, balances, ledgerCheck } from "~/features/bookings/ledger.server";
import { runProviderOperation } from "~/features/bookings/money.server";
import { testMoneyProvider } from "~/features/bookings/provider.server";
import { CHARGE_GRACE_MS, findMismatches, testProviderBooks } from "~/features/bookings/reconciliation.server";
import { markPaidAndFulfil, markPaymentExpired } from "~/features/payments/payments.server";
import { Browser } from "./auth-helpers";
import { doneBooking, paidBooking, seededBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Extra charges on a booking (decision 084) over real HTTP against the production build: the fixer
 * asks for an extra hour on a booking priced by the hour, the customer cannot confirm until they
 * answer, pays it through the TEST MODE checkout, confirms; the ledger balances and the fixer is paid
 * the booking's net and the extra's; the earnings page and CSV show both. Then declining, two payments
 * at once, reports out of order, a refund with the booking, and hostile input.
 */

let server: InProcessServer;
let customer: SignedInPerson;
let fixer: SignedInPerson;
let otherFixer: SignedInPerson;
let staffPerson: SignedInPerson;
const staff = { userId: "staff-extras", email: "staff@fixit.test" };

beforeAll(async () => {
  server = await startServerInProcess();
  [customer, fixer, otherFixer, staffPerson] = await Promise.all([
    signedInPerson(server.services, "ezra.extras@example.com", "customer"),
    signedInFixer(server.services, "hana.hourly@example.com"),
    signedInFixer(server.services, "otto.other@example.com"),
    signedInPerson(server.services, "sid.staff@example.com", "customer"),
  ]);
  await server.services.db.update(users).set({ role: "staff" }).where(eq(users.id, staffPerson.id));
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

function browserOf(person: SignedInPerson): Browser {
  const browser = new Browser(server.url);
  for (const pair of person.cookie.split("; ")) {
    const eq = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return browser;
}
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const page = async (person: SignedInPerson, path: string) => text(await browserOf(person).get(path));
const post = (person: SignedInPerson, path: string, form: Record<string, string>) => browserOf(person).post(path, form);
const db = () => server.services.db;
const bookingRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const extrasOf = (bookingId: number) => db().select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId)).orderBy(bookingExtras.id);
const customerPage = (id: number) => `/bookings/${id}`;
const fixerPage = (id: number) => `/fixer/bookings/${id}`;
/** The checkout page a "pay" answer redirects to. */
const checkoutOf = (res: Response) => {
  expect(res.status, "pay answers a redirect to the checkout").toBe(302);
  const location = res.headers.get("location")!;
  expect(location).toMatch(/^\/checkout\/test\/[0-9a-f-]{36}$/);
  return location;
};
const card = { cardName: "Ezra Extras", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" };

/** What a refused request must leave as it was. */
async function snapshot(bookingId: number) {
  const [extras, events, ops, pays, row] = await Promise.all([
    extrasOf(bookingId),
    db().select({ id: ledgerEvents.id }).from(ledgerEvents).where(eq(ledgerEvents.bookingId, bookingId)),
    db().select({ id: providerOperations.id }).from(providerOperations).where(eq(providerOperations.bookingId, bookingId)),
    db().select({ id: payments.id, status: payments.status }).from(payments).where(sql`${payments.reference} ->> 'bookingId' = ${String(bookingId)}`),
    bookingRow(bookingId),
  ]);
  return { extras: extras.map((e) => [e.id, e.state]), events: events.length, ops: ops.length, pays, state: row.state };
}

describe("the fixer adds an hour; the customer pays it and confirms; the fixer is paid both", () => {
  it("runs the whole path over HTTP, with a balanced ledger and the earnings page and CSV showing both", async () => {
    // An emergency-style booking priced by the hour: £90 paid up front, its rate £65 an hour (set here; the emergency bookings set it).
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 9_000, started: true, title: "Burst pipe under the sink" });
    await db().update(bookings).set({ hourlyRatePence: 6_500 }).where(eq(bookings.id, b.bookingId));

    const done = await post(fixer, fixerPage(b.bookingId), { intent: "mark_done", note: "Pipe replaced; took an extra hour." });
    expect(done.status).toBe(303);
    const fixerView = await page(fixer, fixerPage(b.bookingId));
    expect(fixerView).toContain(extrasCopy.addHours);
    expect(fixerView).toContain("at £65 an hour");
    expect(fixerView).not.toContain(extrasCopy.addAmount);

    const added = await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_hours", hours: "1" });
    expect(added.status, await added.clone().text()).toBe(303);
    const [extra] = await extrasOf(b.bookingId);
    // 1 × £65, + 5% fee = £68.25; the fixer's 10% = £6.50, net £58.50.
    expect(extra).toMatchObject({ kind: "hours", hours: 1, hourlyRatePence: 6_500, pricePence: 6_500, customerFeePence: 325, totalPence: 6_825, fixerChargePence: 650, fixerNetPence: 5_850, state: "offered" });
    // The customer is told by email (and notification) like every booking event.
    const mails = (await db().select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email"))).map((j) => j.payload as { to: string; subject: string });
    expect(mails.some((m) => m.to === customer.email && m.subject === "The fixer asked for an extra charge: Burst pipe under the sink")).toBe(true);

    // The customer's page shows the extra first, says why the job cannot be confirmed yet, and offers no confirm button.
    const before = await page(customer, customerPage(b.bookingId));
    expect(before).toContain(extrasCopy.accept(6_825));
    expect(before).toContain("Accept and pay £68.25");
    expect(before).toContain(extrasCopy.confirmBlocked);
    expect(before).not.toContain("Confirm the job is done");
    expect(before.indexOf('id="extras"')).toBeLessThan(before.indexOf('id="money"'));
    const early = await post(customer, customerPage(b.bookingId), { intent: "confirm_done" });
    expect(early.status).toBe(409);
    expect(await text(early)).toContain(extrasCopy.confirmBlocked);
    expect((await bookingRow(b.bookingId)).state).toBe("done_marked");

    // Accept and pay: the test checkout with the test card.
    const checkout = checkoutOf(await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: String(extra!.id) }));
    const paid = await post(customer, checkout, card);
    expect(paid.status, await paid.clone().text()).toBeLessThan(400);
    const [afterPay] = await extrasOf(b.bookingId);
    expect(afterPay!.state).toBe("paid");
    const [payment] = await db().select().from(payments).where(eq(payments.id, afterPay!.paymentId!));
    expect(payment).toMatchObject({ product: "booking_extra", amountPence: 6_825, status: "paid" });
    expect(payment!.id).not.toBe(b.paymentId);

    const ready = await page(customer, customerPage(b.bookingId));
    expect(ready).toContain("already paid");
    expect(ready).toContain("Confirm the job is done");
    const confirmed = await post(customer, customerPage(b.bookingId), { intent: "confirm_done" });
    expect(confirmed.status).toBe(303);
    expect((await bookingRow(b.bookingId)).state).toBe("released");
    expect((await extrasOf(b.bookingId))[0]!.state).toBe("released");
    // The fixer is told the whole of it, and their page shows what they receive with the extra.
    const released = (await db().select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email"))).map((j) => j.payload as { to: string; subject: string; text: string });
    expect(released.find((m) => m.to === fixer.email && m.subject === "Payment released: Burst pipe under the sink")?.text).toContain("£139.50 will be paid to you");
    const fixerSettled = await page(fixer, fixerPage(b.bookingId));
    expect(fixerSettled).toContain("Agreed price with extra charges");
    expect(fixerSettled).toContain("£155");
    expect(fixerSettled).toContain("£139.50");

    // The ledger: balanced; nothing left held for this booking; the fixer owed the booking's net + the extra's.
    const health = await ledgerCheck(db());
    expect(health.total).toBe(0);
    expect(health.unbalancedEventIds).toEqual([]);
    const byAccount = await balances(db(), { bookingId: b.bookingId });
    expect(byAccount[ACCOUNTS.heldFunds] ?? 0).toBe(0);
    const booking = await bookingRow(b.bookingId);
    expect(byAccount[ACCOUNTS.customerPayments]).toBe(-(booking.totalPence + 6_825));
    expect(byAccount[ACCOUNTS.platformFees]).toBe(booking.customerFeePence + 900 + 325 + 650);
    const owedOrPaid = (byAccount[ACCOUNTS.fixerPayable(fixer.id)] ?? 0) + (byAccount[ACCOUNTS.fixerPayouts] ?? 0);
    expect(owedOrPaid).toBe(8_100 + 5_850);
    // Two transfers, each from its own charge.
    const transfers = await db().select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "transfer")));
    expect(transfers.map((t) => [t.paymentId, t.amountPence]).sort()).toEqual([[b.paymentId, 8_100], [payment!.id, 5_850]].sort());

    // The provider operations run (as the worker would; a repeated run changes nothing), then the
    // reconciliation compares both charges and both transfers with the ledger: no difference.
    const pending = await db().select({ id: providerOperations.id }).from(providerOperations).where(eq(providerOperations.bookingId, b.bookingId));
    for (const op of pending) await runProviderOperation({ db: db(), provider: testMoneyProvider(db()) }, op.id);
    const reconciled = await findMismatches(db(), testProviderBooks(db()), new Date(Date.now() + CHARGE_GRACE_MS + 60_000));
    expect(reconciled.mismatches.filter((m) => m.bookingId === b.bookingId)).toEqual([]);
    expect(reconciled.checked.charges).toBeGreaterThanOrEqual(2);

    // Staff see the extra, its payment, and its money in the booking's ledger panel.
    const staffView = await page(staffPerson, `/staff/bookings/${b.bookingId}`);
    expect(staffView).toContain("Extra charges (1)");
    expect(staffView).toContain("1 extra hour at £65 an hour");
    expect(staffView).toContain(`/staff/payments/${payment!.id}`);
    expect(staffView).toMatch(/settle extra confirm done/i);

    // The earnings page and its CSV: one line with the booking and its extra.
    const earnings = await page(fixer, "/fixer/earnings");
    expect(earnings).toContain("Burst pipe under the sink");
    expect(earnings).toContain("Includes extra charges of £65");
    expect(earnings).toContain("£155");
    expect(earnings).toContain("£139.50");
    const csv = await text(await browserOf(fixer).get("/fixer/earnings.csv"));
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    const columns = header!.split(",");
    const row = rows.find((r) => r.includes("Burst pipe under the sink"))!.split(",");
    const col = (name: string) => row[columns.indexOf(name)];
    expect([col("Price (GBP)"), col("Service charge (GBP)"), col("Net (GBP)"), col("Of which extra charges (GBP)")]).toEqual(["155.00", "15.50", "139.50", "65.00"]);
  });
});

describe("declining, limits and the amount form", () => {
  it("the customer declines with a reason: the booking stays as it was, the fixer is told why, and it cannot be declined twice", async () => {
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 12_000, title: "New radiator valve" });
    const fixerView = await page(fixer, fixerPage(b.bookingId));
    expect(fixerView).toContain(extrasCopy.addAmount);
    expect(fixerView).not.toContain(extrasCopy.addHours);
    expect((await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_amount", description: "Replacement valve", amount: "£45.50" })).status).toBe(303);
    const [extra] = await extrasOf(b.bookingId);
    expect(extra).toMatchObject({ kind: "amount", description: "Replacement valve", pricePence: 4_550, customerFeePence: 228, totalPence: 4_778, fixerNetPence: 4_095 });
    const before = await snapshot(b.bookingId);

    const declined = await post(customer, customerPage(b.bookingId), { intent: "decline_extra", extra: String(extra!.id), reason: "I bought the valve myself" });
    expect(declined.status).toBe(303);
    const [after] = await extrasOf(b.bookingId);
    expect(after).toMatchObject({ state: "declined", declineReason: "I bought the valve myself" });
    expect((await bookingRow(b.bookingId)).state).toBe("booked");
    const now = await snapshot(b.bookingId);
    expect({ events: now.events, ops: now.ops, pays: now.pays }).toEqual({ events: before.events, ops: before.ops, pays: before.pays });
    const mails = (await db().select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email"))).map((j) => j.payload as { to: string; subject: string; text: string });
    expect(mails.some((m) => m.to === fixer.email && m.subject === "The customer declined an extra charge: New radiator valve" && m.text.includes("I bought the valve myself"))).toBe(true);
    const fixerAfter = await page(fixer, fixerPage(b.bookingId));
    expect(fixerAfter).toContain("declined by the customer");
    expect(fixerAfter).toContain("Reason: I bought the valve myself");

    const again = await post(customer, customerPage(b.bookingId), { intent: "decline_extra", extra: String(extra!.id), reason: "Still no thanks" });
    expect(again.status).toBe(409);
    const payDeclined = await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: String(extra!.id) });
    expect(payDeclined.status).toBe(409);
    expect((await extrasOf(b.bookingId))[0]!.state).toBe("declined");
  });

  it("allows 3 extras per booking, declined ones included; a 4th is refused and nothing is stored", async () => {
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 5_000 });
    for (const amount of ["10", "20", "30"]) expect((await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_amount", description: `Part ${amount}`, amount })).status).toBe(303);
    expect(await page(fixer, fixerPage(b.bookingId))).toContain(extrasCopy.limitReached);
    const fourth = await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_amount", description: "Part 40", amount: "40" });
    expect(fourth.status).toBe(409);
    expect(await extrasOf(b.bookingId)).toHaveLength(3);
  });
});

describe("money under concurrency and out-of-order reports", () => {
  it("two payments at once: one checkout, one charge, one ledger event", async () => {
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 8_000 });
    const { extraId } = await offerExtra({ db: db(), publicUrl: server.url }, fixer.id, b.bookingId, { kind: "amount", description: "Extra fitting", pricePence: 2_000 });
    const presses = await Promise.all([1, 2, 3].map(() => post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: String(extraId) })));
    const pages = new Set(presses.map(checkoutOf));
    expect(pages.size).toBe(1);
    const extraPayments = await db().select().from(payments).where(sql`${payments.reference} ->> 'extraId' = ${String(extraId)}`);
    expect(extraPayments).toHaveLength(1);
    const paymentId = extraPayments[0]!.id;
    const results = await Promise.all([markPaidAndFulfil(server.services, paymentId, "webhook"), markPaidAndFulfil(server.services, paymentId, "success-page")]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["already-fulfilled", "fulfilled"]);
    const received = await db().select().from(ledgerEvents).where(eq(ledgerEvents.idempotencyKey, `payment-${paymentId}-received`));
    expect(received).toHaveLength(1);
    expect(received[0]!.kind).toBe("payment");
    expect((await extrasOf(b.bookingId))[0]!.state).toBe("paid");
    // Paid: "Accept and pay" is not offered again, and a press is refused.
    expect((await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: String(extraId) })).status).toBe(409);
  });

  it("an expiry reported after the payment changes nothing; a payment reported after the extra's window ended is refunded in full", async () => {
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 8_000 });
    const deps = { db: db(), publicUrl: server.url };
    // Paid, then Stripe's "expired" arrives late: the payment and the extra stay paid.
    const first = await offerExtra(deps, fixer.id, b.bookingId, { kind: "amount", description: "Extra fitting", pricePence: 2_000 });
    const { paymentId: paidId } = await startExtraCheckout(server.services, customer.id, b.bookingId, first.extraId);
    await markPaidAndFulfil(server.services, paidId, "webhook");
    await markPaymentExpired(server.services, paidId, { source: "replayed" });
    const [payment] = await db().select().from(payments).where(eq(payments.id, paidId));
    expect(payment!.status).toBe("paid");
    expect((await extrasOf(b.bookingId))[0]!.state).toBe("paid");

    // Accepted, its window ends unpaid (the expiry job), then a payment is reported: recorded and refunded in full.
    const second = await offerExtra(deps, fixer.id, b.bookingId, { kind: "amount", description: "Second fitting", pricePence: 3_000 });
    const { paymentId: lateId } = await startExtraCheckout(server.services, customer.id, b.bookingId, second.extraId);
    await runExtraExpiry({ ...deps, now: () => new Date(Date.now() - 60_000) }, { extraId: second.extraId });
    expect((await extrasOf(b.bookingId))[1]!.state).toBe("pending_payment");
    await runExtraExpiry({ ...deps, now: () => new Date(Date.now() + EXTRA_PAYMENT_WINDOW_MS + 60_000) }, { extraId: second.extraId });
    expect((await extrasOf(b.bookingId))[1]!.state).toBe("expired");
    expect((await db().select().from(payments).where(eq(payments.id, lateId)))[0]!.status).toBe("expired");
    // The customer may confirm again once nothing waits for them (the first extra is paid, the second expired).
    expect(await page(customer, customerPage(b.bookingId))).not.toContain(extrasCopy.confirmBlocked);

    const late = await markPaidAndFulfil(server.services, lateId, "webhook");
    expect(late.payment.fulfilment).toMatchObject({ outcome: "refunded" });
    const unused = await db().select().from(ledgerEvents).where(eq(ledgerEvents.idempotencyKey, `payment-${lateId}-received`));
    expect(unused.map((e) => e.kind)).toEqual(["payment_unused"]);
    const refund = await db().select().from(providerOperations).where(and(eq(providerOperations.paymentId, lateId), eq(providerOperations.kind, "refund")));
    expect(refund.map((r) => r.amountPence)).toEqual([3_150]);
    expect((await extrasOf(b.bookingId))[1]!.state).toBe("expired");
    expect((await ledgerCheck(db())).unbalancedEventIds).toEqual([]);
  });

  it("a staff refund refunds the paid extra in full too, to the card that paid it", async () => {
    const bookingId = await doneBooking(server.services, server.url, customer.id, fixer.id, 10_000);
    const deps = { db: db(), publicUrl: server.url };
    const { extraId } = await offerExtra(deps, fixer.id, bookingId, { kind: "amount", description: "Extra pipework", pricePence: 4_000 });
    const { paymentId } = await startExtraCheckout(server.services, customer.id, bookingId, extraId);
    await markPaidAndFulfil(server.services, paymentId, "webhook");
    await reportProblem(deps, customer.id, bookingId, { reason: "The leak came back the next day." });
    await staffDecide(deps, staff, bookingId, { kind: "refund" }, { reason: "The work did not hold." });
    expect((await bookingRow(bookingId)).state).toBe("refunded");
    expect((await extrasOf(bookingId))[0]!.state).toBe("refunded");
    const refunds = await db().select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "refund")));
    const booking = await bookingRow(bookingId);
    expect(refunds.map((r) => [r.paymentId, r.amountPence]).sort()).toEqual([[booking.paymentId, booking.totalPence], [paymentId, 4_200]].sort());
    const byAccount = await balances(db(), { bookingId });
    expect(byAccount[ACCOUNTS.heldFunds] ?? 0).toBe(0);
    expect(byAccount[ACCOUNTS.fixerPayable(fixer.id)] ?? 0).toBe(0);
    expect((await ledgerCheck(db())).unbalancedEventIds).toEqual([]);
  });
});

describe("a part release", () => {
  it("releases part of the booking's price and refunds the paid extra in full (decision 084)", async () => {
    const bookingId = await doneBooking(server.services, server.url, customer.id, fixer.id, 10_000);
    const deps = { db: db(), publicUrl: server.url };
    const { extraId } = await offerExtra(deps, fixer.id, bookingId, { kind: "amount", description: "Extra pipework", pricePence: 4_000 });
    const { paymentId } = await startExtraCheckout(server.services, customer.id, bookingId, extraId);
    await markPaidAndFulfil(server.services, paymentId, "webhook");
    await reportProblem(deps, customer.id, bookingId, { reason: "Half of it leaks again." });
    await staffDecide(deps, staff, bookingId, { kind: "partial", releasePricePence: 5_000 }, { reason: "Half the work held." });
    expect((await bookingRow(bookingId)).state).toBe("partly_released");
    expect((await extrasOf(bookingId))[0]!.state).toBe("refunded");
    const extraRefund = await db().select().from(providerOperations).where(and(eq(providerOperations.paymentId, paymentId), eq(providerOperations.kind, "refund")));
    expect(extraRefund.map((r) => r.amountPence)).toEqual([4_200]);
    const byAccount = await balances(db(), { bookingId });
    expect(byAccount[ACCOUNTS.heldFunds] ?? 0).toBe(0);
    // The fixer is owed the part of the booking's price only: £50 less 10%.
    expect((byAccount[ACCOUNTS.fixerPayable(fixer.id)] ?? 0) + (byAccount[ACCOUNTS.fixerPayouts] ?? 0)).toBe(4_500);
  });
});

describe("hostile and wrong input: 4xx, nothing stored", () => {
  it("refuses bad amounts, hours, descriptions and ids, another fixer's booking and a booking in the wrong state", async () => {
    const b = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 6_000 });
    const hourly = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 6_000 });
    await db().update(bookings).set({ hourlyRatePence: 5_000 }).where(eq(bookings.id, hourly.bookingId));
    const before = await snapshot(b.bookingId);
    const beforeHourly = await snapshot(hourly.bookingId);
    const amountCases: [Record<string, string>, string][] = [
      [{ description: "Valve", amount: "0" }, "Enter an amount above £0"],
      [{ description: "Valve", amount: "-5" }, "Enter an amount above £0"],
      [{ description: "Valve", amount: "1000.01" }, "Enter an amount above £0"],
      [{ description: "Valve", amount: "12.345" }, "Enter an amount above £0"],
      [{ description: "Valve", amount: "ten pounds" }, "Enter an amount above £0"],
      [{ description: "x".repeat(10_000), amount: "10" }, "Please keep what the extra is for under 200 characters."],
      [{ description: "Valve\u0000", amount: "10" }, ""],
      [{ description: "Valve\r\nSecond line", amount: "10" }, ""],
      [{ description: "", amount: "10" }, "Please write at least 3 characters"],
    ];
    for (const [form, message] of amountCases) {
      const res = await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_amount", ...form });
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      if (message) expect(await text(res)).toContain(message);
    }
    for (const hours of ["0", "9", "-1", "1.5", "", "x".repeat(10_000)]) {
      const res = await post(fixer, fixerPage(hourly.bookingId), { intent: "add_extra_hours", hours });
      expect(res.status, `hours ${hours.slice(0, 10)}`).toBe(400);
    }
    // Hours on a booking not priced by the hour: refused by the service.
    expect((await post(fixer, fixerPage(b.bookingId), { intent: "add_extra_hours", hours: "2" })).status).toBe(400);
    // Another fixer's booking, the customer asking, wrong ids.
    expect((await post(otherFixer, fixerPage(b.bookingId), { intent: "add_extra_amount", description: "Valve", amount: "10" })).status).toBe(404);
    expect((await post(customer, customerPage(b.bookingId), { intent: "add_extra_amount", description: "Valve", amount: "10" })).status).toBe(400);
    expect((await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: "abc" })).status).toBe(400);
    expect((await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: "007" })).status).toBe(400);
    expect((await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: "999999999" })).status).toBe(404);
    expect(await snapshot(b.bookingId)).toEqual(before);
    expect(await snapshot(hourly.bookingId)).toEqual(beforeHourly);

    // Another booking's extra, through this booking's page: not found. A NUL in a decline's reason: 400.
    const { extraId } = await offerExtra({ db: db(), publicUrl: server.url }, fixer.id, hourly.bookingId, { kind: "hours", hours: 1 });
    const withExtra = await snapshot(hourly.bookingId);
    expect((await post(customer, customerPage(b.bookingId), { intent: "pay_extra", extra: String(extraId) })).status).toBe(404);
    expect((await post(customer, customerPage(b.bookingId), { intent: "decline_extra", extra: String(extraId), reason: "Not this one" })).status).toBe(404);
    expect((await post(customer, customerPage(hourly.bookingId), { intent: "decline_extra", extra: String(extraId), reason: "No\u0000thanks" })).status).toBe(400);
    expect((await post(customer, customerPage(hourly.bookingId), { intent: "decline_extra", extra: String(extraId), reason: "x".repeat(10_000) })).status).toBe(400);
    expect(await snapshot(hourly.bookingId)).toEqual(withExtra);

    // Wrong state: a booking waiting for payment, and one already released.
    const waiting = await seededBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 6_000 });
    const settled = await paidBooking(server.services, server.url, customer.id, fixer.id, { pricePence: 6_000 });
    await db().update(bookings).set({ state: "released" }).where(eq(bookings.id, settled.bookingId));
    for (const [bookingId, words] of [
      [waiting.bookingId, "it is waiting for payment"],
      [settled.bookingId, "it is already released to the fixer"],
    ] as const) {
      const unchanged = await snapshot(bookingId);
      const refused = await post(fixer, fixerPage(bookingId), { intent: "add_extra_amount", description: "Valve", amount: "10" });
      expect(refused.status).toBe(409);
      expect(await text(refused)).toContain(`This booking cannot take an extra charge: ${words}.`);
      expect(await snapshot(bookingId)).toEqual(unchanged);
    }
  });
});
