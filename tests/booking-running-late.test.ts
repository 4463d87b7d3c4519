import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, bookingTransitions, providerOperations } from "#server/db/schema/bookings.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { ACCOUNTS, accountBalance, ledgerCheck } from "~/features/bookings/ledger.server";
import { SLOT_WINDOWS, slotStartsAt, ukDate, type Slot } from "~/features/bookings/slots";
import { paidBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The worked example of decision 087, over real HTTP against the production build: "the fixer is
 * running late: the customer may cancel without a fee", added as two rows of the process table and
 * their copy. The fixer reports it; the customer is told and sees the free cancellation on their page;
 * cancelling refunds everything, even inside the 24 hours that would cost the late fee. Refused, with
 * nothing changed, before any report and for anyone but the customer.
 */

let server: InProcessServer;
let base: string;
let customer: SignedInPerson;
let fixer: SignedInPerson;
let stranger: SignedInPerson;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  [customer, fixer, stranger] = [
    await signedInPerson(server.services, "late-customer@example.com", "customer"),
    await signedInFixer(server.services, "late-fixer@example.com"),
    await signedInPerson(server.services, "late-stranger@example.com", "customer"),
  ];
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

async function post(who: SignedInPerson, path: string, fields: Record<string, string>) {
  const res = await fetch(new URL(path, base), {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { accept: "text/html", origin: base, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  return { status: res.status, text: await res.text() };
}
const page = async (who: SignedInPerson, path: string) => (await (await fetch(new URL(path, base), { headers: { cookie: who.cookie } })).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const row = async (id: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refundsOf = async (id: number) => (await server.services.db.select().from(providerOperations).where(eq(providerOperations.bookingId, id))).map((o) => [o.kind, o.amountPence]);
const mailTo = async (email: string) =>
  (await server.services.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email"))).map((r) => r.payload as { to: string; subject: string }).filter((m) => m.to === email);

/** A slot starting within the next 24 hours and not yet started: one the ordinary cancellation charges the late fee for. */
function slotWithinADay(): Slot {
  const now = Date.now();
  for (const days of [0, 1]) {
    for (const window of SLOT_WINDOWS) {
      const slot = { date: ukDate(new Date(now + days * 86_400_000)), window };
      const startsIn = slotStartsAt(slot).getTime() - now;
      if (startsIn > 3_600_000 && startsIn < 23 * 3_600_000) return slot;
    }
  }
  throw new Error("no slot within a day");
}

/** A paid, booked booking whose slot is within 24 hours. */
async function lateWindowBooking() {
  const { bookingId } = await paidBooking(server.services, base, customer.id, fixer.id, { pricePence: 10_000 });
  const slot = slotWithinADay();
  await server.services.db.update(bookings).set({ slotDate: slot.date, slotWindow: slot.window }).where(eq(bookings.id, bookingId));
  return bookingId;
}

describe("the fixer is running late: the customer may cancel without a fee", () => {
  it("before the fixer reports it, the page offers no free cancellation and posting one is refused, changing nothing", async () => {
    const bookingId = await lateWindowBooking();
    expect(await page(customer, `/bookings/${bookingId}`)).not.toContain("Cancel without a fee");
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "cancel_free_after_late" })).status).toBe(409);
    expect((await row(bookingId)).state).toBe("booked");
    expect(await refundsOf(bookingId)).toEqual([]);
  });

  it("the fixer reports it; the customer is told and cancels for nothing: a full refund, no late fee to the fixer", async () => {
    const bookingId = await lateWindowBooking();
    const before = await row(bookingId);
    const reported = await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "report_running_late", reason: "The van broke down: I can be there two hours later." });
    expect(reported.status).toBe(303);
    expect((await row(bookingId)).state).toBe("booked");
    const [timelineRow] = await server.services.db
      .select()
      .from(bookingTransitions)
      .where(and(eq(bookingTransitions.bookingId, bookingId), eq(bookingTransitions.transition, "report_running_late")));
    expect(timelineRow).toMatchObject({ fromState: "booked", toState: "booked", actorRole: "fixer", reason: "The van broke down: I can be there two hours later." });

    const told = (await mailTo("late-customer@example.com")).filter((m) => m.subject.startsWith("Your fixer is running late"));
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0])).toContain("The van broke down: I can be there two hours later.");
    expect(JSON.stringify(told[0])).toContain("cancel without a fee");
    const bell = await server.services.db.select().from(notifications).where(and(eq(notifications.userId, customer.id), eq(notifications.link, `/bookings/${bookingId}`)));
    expect(bell.map((n) => n.title)).toContain(told[0]!.subject);

    const customerPage = await page(customer, `/bookings/${bookingId}`);
    expect(customerPage).toContain("Cancel without a fee");
    expect(customerPage).toContain("Fixer said they are running late");
    expect(await page(fixer, `/fixer/bookings/${bookingId}`)).not.toContain("Cancel without a fee");

    const cancelled = await post(customer, `/bookings/${bookingId}`, { intent: "cancel_free_after_late", reason: "I cannot wait two more hours." });
    expect(cancelled.status).toBe(303);
    const after = await row(bookingId);
    expect(after.state).toBe("cancelled_by_customer");
    expect(await refundsOf(bookingId)).toEqual([["refund", before.totalPence]]);
    expect(await accountBalance(server.services.db, ACCOUNTS.fixerPayable(fixer.id))).toBe(0);
    expect((await ledgerCheck(server.services.db)).unbalancedEventIds).toEqual([]);
    const fixerTold = (await mailTo("late-fixer@example.com")).filter((m) => m.subject.startsWith("Booking cancelled"));
    expect(JSON.stringify(fixerTold)).toContain("cancelled with no fee");

    // Once: a second free cancellation is refused and refunds nothing more.
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "cancel_free_after_late" })).status).toBe(409);
    expect(await refundsOf(bookingId)).toEqual([["refund", before.totalPence]]);
  });

  it("only the booking's customer cancels for free, and only its fixer reports running late: anyone else is refused, nothing changes", async () => {
    const bookingId = await lateWindowBooking();
    // The customer cannot report the fixer late; a stranger cannot reach the booking at all.
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_running_late", reason: "Late." })).status).toBe(400);
    expect((await post(stranger, `/fixer/bookings/${bookingId}`, { intent: "report_running_late", reason: "Late." })).status).toBe(404);
    expect(await server.services.db.select().from(bookingTransitions).where(and(eq(bookingTransitions.bookingId, bookingId), eq(bookingTransitions.transition, "report_running_late")))).toEqual([]);

    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "report_running_late", reason: "Stuck in traffic on the M25." })).status).toBe(303);
    // The fixer's page has no such action; a stranger's post on the customer's page is "not found".
    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "cancel_free_after_late" })).status).toBe(400);
    expect((await post(stranger, `/bookings/${bookingId}`, { intent: "cancel_free_after_late" })).status).toBe(404);
    expect((await row(bookingId)).state).toBe("booked");
    expect(await refundsOf(bookingId)).toEqual([]);
  });

  it("a report without its reason is a 400 with the field's message, and records nothing", async () => {
    const bookingId = await lateWindowBooking();
    const refused = await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "report_running_late", reason: " " });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please write when you can be there, or why you are late.");
    expect(await server.services.db.select().from(bookingTransitions).where(and(eq(bookingTransitions.bookingId, bookingId), eq(bookingTransitions.transition, "report_running_late")))).toEqual([]);
  });
});
