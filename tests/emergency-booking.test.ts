import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookingAddresses, bookings, fixerStrikes, ledgerAccounts, ledgerEntries, ledgerEvents, providerOperations } from "#server/db/schema/bookings.ts";
import { emergencyRequests } from "#server/db/schema/emergency.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { staffDecide } from "~/features/bookings/bookings.server";
import { runBookingTimer } from "~/features/bookings/timers.server";
import { CALL_OUT_PAYMENT_WINDOW_MS, NO_SHOW_GRACE_MINUTES, priceCallOut } from "~/features/bookings/call-out";
import { bookEmergencyCallOutIn, type EmergencyCallOutInput } from "~/features/bookings/emergency-booking.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { ledgerCheck } from "~/features/bookings/ledger.server";
import { ukDate, ukTimeText } from "~/features/bookings/slots";
import { BOOKING_TIMER_JOB } from "~/features/bookings/transition.server";
import { signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Emergency call-out bookings (issue 51, item 4; decision 083) over real HTTP against the production
 * build: dispatch's accept transaction calls `bookEmergencyCallOutIn` (called here as it will be); the
 * customer pays the call-out with the address through the TEST MODE checkout and it is booked and held;
 * two Pays make one payment; unpaid after 15 minutes it expires, nothing is charged and the fixer is told
 * not to go; done → confirm releases the fixer's net; a no-show only after the arrival estimate plus the
 * grace period; the cancellation terms; no reschedule; someone else's booking is 404.
 */

let server: InProcessServer;
let base: string;
let staff: SignedInPerson;
let stranger: SignedInPerson;
let strangerFixer: SignedInPerson;
const db = () => server.services.db;
const deps = () => ({ db: db(), publicUrl: base });
let people = 0;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  staff = await signedInPerson(server.services, "em-staff@example.com", "customer");
  await db().update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  stranger = await signedInPerson(server.services, "em-stranger@example.com", "customer");
  strangerFixer = await signedInFixer(server.services, "em-other-fixer@example.com");
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

/** A page's text as read: tags and React's text separators gone, entities decoded. */
function textOf(page: string): string {
  return page
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const RATE = 6_500;
const address = { addressLine1: "12 Burst Pipe Row", addressLine2: "", town: "London", postcode: "SW1A 2AA", accessNotes: "Ring twice." };

/** An open emergency request of a new customer, and an on-call fixer who accepted it (the accept transaction's call). */
async function acceptedCallOut(options: { arrivalMinutes?: number } = {}) {
  const n = ++people;
  const customer = await signedInPerson(server.services, `em-customer-${n}@example.com`, "customer");
  const fixer = await signedInFixer(server.services, `em-fixer-${n}@example.com`);
  const [request] = await db()
    .insert(emergencyRequests)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", district: "SW1", description: "A pipe under the sink burst and water is pouring out.", onCallAtSend: 2 })
    .returning({ id: emergencyRequests.id });
  const input: EmergencyCallOutInput = { emergencyRequestId: request!.id, customerUserId: customer.id, fixerUserId: fixer.id, service: "plumbing", ratePence: RATE, arrivalMinutes: options.arrivalMinutes ?? 40 };
  const { bookingId } = await db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, input));
  return { customer, fixer, requestId: request!.id, bookingId, input };
}

async function post(who: SignedInPerson, path: string, fields: Record<string, string>) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: { accept: "text/html", origin: base, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
  });
}
const page = async (who: SignedInPerson, path: string) => {
  const res = await fetch(`${base}${path}`, { headers: { cookie: who.cookie }, redirect: "manual" });
  return { status: res.status, text: textOf(await res.text()) };
};

const bookingRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentsOf = (id: number) => db().select().from(payments).where(sql`${payments.reference} ->> 'bookingId' = ${String(id)}`);
/** What this booking's ledger events moved into an account (code): its credits, whatever later left it (a payout leaves the fixer's payable). */
async function movedInto(bookingId: number, code: string): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(greatest(${ledgerEntries.amountPence}, 0)), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEvents.bookingId, bookingId), eq(ledgerAccounts.code, code)));
  return Number(row!.total);
}
const noticesOf = async (userId: string) => (await db().select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

/** The customer presses Pay (with the address) and pays on the TEST MODE checkout page with the test card. */
async function payCallOut(customer: SignedInPerson, bookingId: number) {
  const pay = await post(customer, `/bookings/${bookingId}`, { intent: "pay", ...address });
  expect(pay.status).toBe(302);
  const checkout = pay.headers.get("location")!;
  expect(checkout).toMatch(/^\/checkout\/test\//);
  const paid = await post(customer, checkout, { email: customer.email, cardName: "Erin Emergency", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toMatch(/^\/checkout\/success\?payment=/);
  const success = textOf(await (await fetch(`${base}${paid.headers.get("location")}`, { headers: { cookie: customer.cookie } })).text());
  expect(success).toContain("Your call-out is paid: the fixer is on the way");
  expect(success).toContain("Emergency call-out");
  return checkout;
}

describe("the call-out's price", () => {
  it("is the first hour at the fixer's rate plus the 5% fee, as /emergency showed up front", () => {
    expect(priceCallOut(RATE)).toEqual({ pricePence: 6_500, discountPence: 0, customerFeePence: 325, creditPence: 0, totalPence: 6_825, fixerChargePence: 650, fixerNetPence: 5_850, lateFeePence: 1_300 });
  });
});

describe("emergency call-out bookings", () => {
  it("is made waiting for payment with the slot now; the fixer waits for the payment; paying books it, held, and both are told", async () => {
    const { customer, fixer, bookingId } = await acceptedCallOut();
    const made = await bookingRow(bookingId);
    expect(made).toMatchObject({ state: "pending_payment", slotWindow: "now", arrivalMinutes: 40, slotProposedBy: "fixer", quoteId: null, jobId: null, pricePence: 6_500, totalPence: 6_825 });

    const fixerBefore = await page(fixer, `/fixer/bookings/${bookingId}`);
    expect(fixerBefore.status).toBe(200);
    expect(fixerBefore.text).toContain("Emergency call-out: Plumbing");
    expect(fixerBefore.text).toContain("Wait for the customer's payment before you set off.");
    expect(fixerBefore.text).not.toContain("12 Burst Pipe Row");
    const customerBefore = await page(customer, `/bookings/${bookingId}`);
    expect(customerBefore.text).toContain("Arriving within 40 minutes of payment");
    expect(customerBefore.text).toContain("The call-out: the first hour at £65/hour");
    expect(customerBefore.text).toContain("Pay £68.25");

    const before = Date.now();
    await payCallOut(customer, bookingId);
    const paid = await bookingRow(bookingId);
    expect(paid.state).toBe("booked");
    // The fixer sets off when paid: arriving by the payment + 40 minutes.
    expect(paid.arriveBy!.getTime()).toBeGreaterThanOrEqual(before + 40 * 60_000);
    expect(paid.arriveBy!.getTime()).toBeLessThanOrEqual(Date.now() + 40 * 60_000);
    expect(await movedInto(bookingId, "held_funds")).toBe(6_825);
    expect(await ledgerCheck(db())).toMatchObject({ total: 0, unbalancedEventIds: [] });
    expect((await db().select().from(bookingAddresses).where(eq(bookingAddresses.bookingId, bookingId)))[0]).toMatchObject({ line1: "12 Burst Pipe Row", postcode: "SW1A 2AA" });

    const by = ukTimeText(paid.arriveBy!);
    const customerAfter = await page(customer, `/bookings/${bookingId}`);
    expect(customerAfter.text).toContain(`Arriving by ${by}`);
    expect(customerAfter.text).toContain("Seeded F. is on the way");
    expect(customerAfter.text).toContain("The call-out is paid and held by FixiT");
    const fixerAfter = await page(fixer, `/fixer/bookings/${bookingId}`);
    expect(fixerAfter.text).toContain(`The customer has paid: set off now. You said you would arrive by ${by}.`);
    expect(fixerAfter.text).toContain("12 Burst Pipe Row");
    expect(await noticesOf(fixer.id)).toContain("Call-out paid: set off now: Emergency call-out: Plumbing");
    expect(await noticesOf(customer.id)).toContain("Call-out paid: your fixer is on the way: Emergency call-out: Plumbing");
    // No slot reminder for a call-out: only its payment window's timers (Pay opened a checkout that runs Stripe's 30-minute minimum).
    const timers = await db().select({ payload: outboxJobs.payload }).from(outboxJobs).where(and(eq(outboxJobs.kind, BOOKING_TIMER_JOB), sql`${outboxJobs.payload} ->> 'bookingId' = ${String(bookingId)}`));
    expect(new Set(timers.map((t) => (t.payload as { timer: string }).timer))).toEqual(new Set(["expire_payment"]));
  });

  it("two Pays at once open one checkout; one payment is taken", async () => {
    const { customer, bookingId } = await acceptedCallOut();
    const [a, b] = await Promise.all([post(customer, `/bookings/${bookingId}`, { intent: "pay", ...address }), post(customer, `/bookings/${bookingId}`, { intent: "pay", ...address })]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    expect(await paymentsOf(bookingId)).toHaveLength(1);
    await payCallOut(customer, bookingId);
    expect((await paymentsOf(bookingId)).map((p) => p.status)).toEqual(["paid"]);
    expect(await db().select({ id: ledgerEvents.id }).from(ledgerEvents).where(and(eq(ledgerEvents.bookingId, bookingId), eq(ledgerEvents.kind, "payment")))).toHaveLength(1);
    expect(await movedInto(bookingId, "held_funds")).toBe(6_825);
  });

  it("Pay without an address, or with a hostile one, is refused with a clear message and stores nothing", async () => {
    const { customer, bookingId } = await acceptedCallOut();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "pay" }, 400, "Enter the address the fixer should come to."],
      [{ intent: "pay", ...address, addressLine1: "" }, 400, "Please enter the first line of the address."],
      [{ intent: "pay", ...address, addressLine1: "12 Row\u0000" }, 400, ""],
      [{ intent: "pay", ...address, town: "London\r\nX-Injected: 1" }, 400, ""],
      [{ intent: "pay", ...address, accessNotes: "x".repeat(10_000) }, 400, "Please keep the access notes under"],
      [{ intent: "pay", ...address, postcode: "M1 1AE" }, 400, "The address must be in SW1"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(customer, `/bookings/${bookingId}`, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      if (message) expect(textOf(await res.text())).toContain(message);
    }
    expect(await paymentsOf(bookingId)).toEqual([]);
    expect(await db().select().from(bookingAddresses).where(eq(bookingAddresses.bookingId, bookingId))).toEqual([]);
  });

  it("unpaid after 15 minutes it expires: nothing charged, the fixer told not to go, and Pay refused", async () => {
    const { customer, fixer, bookingId } = await acceptedCallOut();
    const made = await bookingRow(bookingId);
    // Before the window ends the timer does nothing.
    await runBookingTimer({ ...deps(), now: () => new Date(made.createdAt.getTime() + CALL_OUT_PAYMENT_WINDOW_MS - 60_000) }, { bookingId, timer: "expire_payment" });
    expect((await bookingRow(bookingId)).state).toBe("pending_payment");
    await runBookingTimer({ ...deps(), now: () => new Date(made.createdAt.getTime() + CALL_OUT_PAYMENT_WINDOW_MS + 1_000) }, { bookingId, timer: "expire_payment" });
    expect((await bookingRow(bookingId)).state).toBe("expired");
    expect(await paymentsOf(bookingId)).toEqual([]);
    expect(await movedInto(bookingId, "held_funds")).toBe(0);
    expect(await noticesOf(fixer.id)).toContain("Do not go: the call-out was not paid: Emergency call-out: Plumbing");
    const refused = await post(customer, `/bookings/${bookingId}`, { intent: "pay", ...address });
    expect(refused.status).toBe(409);
    expect(await paymentsOf(bookingId)).toEqual([]);
  });

  it("walks the state machine: done → confirm releases the fixer's net; a dispute goes to staff like any booking", async () => {
    const { customer, fixer, bookingId } = await acceptedCallOut();
    await payCallOut(customer, bookingId);
    // The fixer may mark it done as soon as it is paid (they may arrive early).
    expect([302, 303]).toContain((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "mark_done", note: "Pipe joint replaced." })).status);
    expect((await bookingRow(bookingId)).state).toBe("done_marked");
    expect([302, 303]).toContain((await post(customer, `/bookings/${bookingId}`, { intent: "confirm_done" })).status);
    expect((await bookingRow(bookingId)).state).toBe("released");
    expect(await movedInto(bookingId, `fixer_payable:${fixer.id}`)).toBe(5_850);
    expect(await movedInto(bookingId, "platform_fees")).toBe(325 + 650);
    const [transfer] = await db().select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "transfer")));
    expect(transfer).toMatchObject({ amountPence: 5_850 });
    expect(await ledgerCheck(db())).toMatchObject({ total: 0, unbalancedEventIds: [] });

    const disputed = await acceptedCallOut();
    await payCallOut(disputed.customer, disputed.bookingId);
    await post(disputed.fixer, `/fixer/bookings/${disputed.bookingId}`, { intent: "mark_done", note: "" });
    expect([302, 303]).toContain((await post(disputed.customer, `/bookings/${disputed.bookingId}`, { intent: "report_problem", reason: "Still leaking an hour later." })).status);
    expect((await bookingRow(disputed.bookingId)).state).toBe("disputed");
    await staffDecide(deps(), { userId: staff.id, email: staff.email }, disputed.bookingId, { kind: "refund" }, { reason: "The leak was not fixed." });
    expect((await bookingRow(disputed.bookingId)).state).toBe("refunded");
    expect(await movedInto(disputed.bookingId, "refunds")).toBeGreaterThanOrEqual(6_825);
  });

  it("a no-show may be reported only from the arrival estimate plus the grace period, and opens the case with its strike", async () => {
    const { customer, fixer, bookingId } = await acceptedCallOut({ arrivalMinutes: 15 });
    await payCallOut(customer, bookingId);
    const early = await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "" });
    expect(early.status).toBe(409);
    expect(textOf(await early.text())).toContain(`${NO_SHOW_GRACE_MINUTES} minutes after the time they said they would arrive by`);
    expect((await bookingRow(bookingId)).state).toBe("booked");
    expect((await page(customer, `/bookings/${bookingId}`)).text).toContain("If the fixer has not come by");

    // The arrival estimate and the grace period have passed.
    await db().update(bookings).set({ arriveBy: new Date(Date.now() - (NO_SHOW_GRACE_MINUTES + 1) * 60_000) }).where(eq(bookings.id, bookingId));
    const late = await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "Nobody came." });
    expect([302, 303]).toContain(late.status);
    expect((await bookingRow(bookingId)).state).toBe("claim_open");
    expect(await db().select({ status: fixerStrikes.status }).from(fixerStrikes).where(eq(fixerStrikes.fixerUserId, fixer.id))).toEqual([{ status: "pending" }]);
  });

  it("cancellation terms: the customer after paying pays the late fee to the fixer on the way; the fixer's cancellation refunds all with a strike; no reschedule", async () => {
    const one = await acceptedCallOut();
    expect((await page(one.customer, `/bookings/${one.bookingId}`)).text).toContain("Once you have paid, the fixer sets off: cancelling then costs the late-cancellation fee of £13");
    await payCallOut(one.customer, one.bookingId);
    const moved = await post(one.customer, `/bookings/${one.bookingId}`, { intent: "propose_slot", date: ukDate(new Date(Date.now() + 3 * 86_400_000)), window: "morning" });
    expect(moved.status).toBe(409);
    expect((await bookingRow(one.bookingId)).slotWindow).toBe("now");
    expect([302, 303]).toContain((await post(one.customer, `/bookings/${one.bookingId}`, { intent: "cancel", reason: "" })).status);
    expect((await bookingRow(one.bookingId)).state).toBe("cancelled_late");
    expect(await movedInto(one.bookingId, `fixer_payable:${one.fixer.id}`)).toBe(1_300);
    expect(await movedInto(one.bookingId, "refunds")).toBe(6_825 - 1_300);
    expect(await noticesOf(one.fixer.id)).toContain("Booking cancelled: Emergency call-out: Plumbing");

    const two = await acceptedCallOut();
    await payCallOut(two.customer, two.bookingId);
    expect([302, 303]).toContain((await post(two.fixer, `/fixer/bookings/${two.bookingId}`, { intent: "cancel", reason: "Van broke down." })).status);
    expect((await bookingRow(two.bookingId)).state).toBe("cancelled_by_fixer");
    expect(await movedInto(two.bookingId, "refunds")).toBe(6_825);
    expect(await db().select({ status: fixerStrikes.status }).from(fixerStrikes).where(eq(fixerStrikes.fixerUserId, two.fixer.id))).toEqual([{ status: "not_contested" }]);
  });

  it("cancelled by the customer before paying: nothing charged, the fixer told not to go", async () => {
    const { customer, fixer, bookingId } = await acceptedCallOut();
    expect([302, 303]).toContain((await post(customer, `/bookings/${bookingId}`, { intent: "cancel", reason: "" })).status);
    expect((await bookingRow(bookingId)).state).toBe("cancelled_by_customer");
    expect(await paymentsOf(bookingId)).toEqual([]);
    expect(await noticesOf(fixer.id)).toContain("Do not go: the customer cancelled the call-out: Emergency call-out: Plumbing");
  });

  it("one live booking per request; bad input to the accept call is refused and stores nothing", async () => {
    const { input } = await acceptedCallOut();
    const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.emergencyRequestId, input.emergencyRequestId)))[0]!.n;
    await expect(db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, input))).rejects.toThrow("This emergency request already has a booking.");
    await expect(db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, { ...input, arrivalMinutes: 10 }))).rejects.toThrow("between 15 and 90 minutes");
    await expect(db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, { ...input, customerUserId: stranger.id }))).rejects.toThrow("There is no such emergency request.");
    await expect(db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, { ...input, service: "electrical" }))).rejects.toThrow("not the one the customer asked for");
    await expect(db().transaction((tx) => bookEmergencyCallOutIn(tx, deps(), bookingQuoteReads, { ...input, ratePence: -1 }))).rejects.toThrow("emergency rate");
    expect(await count()).toBe(1);
  });

  it("another customer or fixer gets 404, and can change nothing", async () => {
    const { bookingId } = await acceptedCallOut();
    expect((await page(stranger, `/bookings/${bookingId}`)).status).toBe(404);
    expect((await page(strangerFixer, `/fixer/bookings/${bookingId}`)).status).toBe(404);
    expect((await post(stranger, `/bookings/${bookingId}`, { intent: "pay", ...address })).status).toBe(404);
    expect((await post(strangerFixer, `/fixer/bookings/${bookingId}`, { intent: "cancel", reason: "Not mine at all." })).status).toBe(404);
    expect(await paymentsOf(bookingId)).toEqual([]);
    expect((await bookingRow(bookingId)).state).toBe("pending_payment");
  });
});
