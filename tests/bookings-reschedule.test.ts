import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, bookingSlotProposals, bookingTransitions, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { formatUkDateTime } from "~/content/dates";
import { runBookingTimer } from "~/features/bookings/timers.server";
import { slotStartsAt, type Slot } from "~/features/bookings/slots";
import { BOOKING_TIMER_JOB } from "~/features/bookings/transition.server";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { signUpConfirmed, type Browser } from "./auth-helpers";
import { jobAddressForm } from "./helpers/bookings";
import { HOSTILE_ENCODED, HOSTILE_TEXT } from "./helpers/hostile-input";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Moving a booking to a new slot (decision 054) over real HTTP against the production build, as a
 * browser without JavaScript uses the booking pages: either side proposes, the other accepts
 * (the slot, the calendar invite and the 24-hour reminder move) or declines (nothing moves).
 */

let server: InProcessServer;
let customer: Browser;
let fixer: Browser;
let stranger: Browser;
let customerId: string;
let fixerId: string;
const password = "copper-kettle-violet-harbour";

const idOf = async (email: string) => (await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  server = await startServerInProcess();
  const base = server.url;
  [customer, fixer, stranger] = await Promise.all([
    signUpConfirmed(base, { email: "rita.reschedule@example.com", fullName: "Rita Reschedule", password, ip: "198.51.100.71" }),
    signUpConfirmed(base, { email: "fred.reschedule@example.com", fullName: "Fred Reschedule", userType: "fixer", password, ip: "198.51.100.72" }),
    signUpConfirmed(base, { email: "nosy.neighbour@example.com", fullName: "Nosy Neighbour", password, ip: "198.51.100.73" }),
  ]);
  customerId = await idOf("rita.reschedule@example.com");
  fixerId = await idOf("fred.reschedule@example.com");
  await createApprovedFixer(server.services.db, {
    user: { id: fixerId, email: "fred.reschedule@example.com", name: "Fred Reschedule" },
    first: "Fred",
    last: "Reschedule",
    services: ["plumbing"],
    areas: ["SW1"],
    publicFixerData: server.services.publicFixerData,
  });
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

let jobCount = 0;
/** A paid booking of a fresh quote: on the fixer's slot (booked), or on the customer's own (waiting for the fixer). */
async function paidBooking(options: { ownSlot?: Slot } = {}): Promise<{ bookingId: number; slot: Slot; title: string }> {
  const db = server.services.db;
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customerId, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: `Sticking door ${++jobCount}`, description: "The door sticks.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixerId, priceKind: "fixed", amountPence: 10_000, includes: "Labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
  const fixerSlot: Slot = { date: daysFromToday(5), window: "morning" };
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [fixerSlot] });
  const form = options.ownSlot
    ? { slot: "own", ownDate: options.ownSlot.date, ownWindow: options.ownSlot.window }
    : { slot: `${fixerSlot.date}|${fixerSlot.window}`, ownDate: "", ownWindow: "morning" };
  const created = await customer.post(`/bookings/new?quote=${quote!.id}`, { ...form, ...jobAddressForm });
  expect(created.status).toBe(302);
  const bookingId = Number(created.headers.get("location")!.split("/").pop());
  const pay = await customer.post(`/bookings/${bookingId}`, { intent: "pay" });
  await markPaidAndFulfil(server.services, pay.headers.get("location")!.split("/").pop()!, "test-checkout");
  return { bookingId, slot: options.ownSlot ?? fixerSlot, title: job!.title };
}

const bookingRow = async (id: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const proposalsOf = (id: number) => server.services.db.select().from(bookingSlotProposals).where(eq(bookingSlotProposals.bookingId, id)).orderBy(bookingSlotProposals.id);
const timelineOf = async (id: number) => (await server.services.db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, id)).orderBy(bookingTransitions.id)).map((t) => t.transition);
const page = async (browser: Browser, path: string) => (await (await browser.get(path)).text()).replaceAll("<!-- -->", "");
const customerPath = (id: number) => `/bookings/${id}`;
const fixerPath = (id: number) => `/fixer/bookings/${id}`;
const openProposalId = async (id: number) => String((await proposalsOf(id)).find((p) => p.status === "open")!.id);

/** The emails about one booking (by its title) queued for one address, with their attachments, oldest first. */
async function mailTo(email: string, subject: string, title: string) {
  // Each is queued once as a notification's email (the worker then sends it as an "email" job).
  const rows = await server.services.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email")).orderBy(outboxJobs.id);
  return rows
    .map((r) => r.payload as { to: string; subject: string; attachments?: { content: string }[] })
    .filter((m) => m.to === email && m.subject === `${subject}: ${title}`);
}
async function remindersOf(bookingId: number) {
  const rows = await server.services.db
    .select()
    .from(outboxJobs)
    .where(and(eq(outboxJobs.kind, BOOKING_TIMER_JOB), sql`(${outboxJobs.payload}->>'bookingId')::bigint = ${bookingId}`, sql`${outboxJobs.payload}->>'timer' = 'slot_reminder'`));
  return rows.map((r) => ({ slot: (r.payload as { slot?: string }).slot, runAt: r.runAt }));
}

describe("the fixer proposes a new slot; the customer accepts", () => {
  it("moves the slot, re-sends both invites with the same UID and SEQUENCE 1, and moves the reminder (the old one does nothing)", async () => {
    const { bookingId, slot, title } = await paidBooking();
    expect((await bookingRow(bookingId)).state).toBe("booked");
    const newSlot: Slot = { date: daysFromToday(9), window: "evening" };
    const proposed = await fixer.post(fixerPath(bookingId), { intent: "propose_slot", date: newSlot.date, window: newSlot.window });
    expect(proposed.status).toBe(303);
    expect(proposed.headers.get("location")).toBe(fixerPath(bookingId));
    expect(await mailTo("rita.reschedule@example.com", "A new slot is proposed", title)).toHaveLength(1);
    expect(await page(fixer, fixerPath(bookingId))).toContain("Waiting for the customer to accept or decline");
    expect(await page(customer, customerPath(bookingId))).toContain("The fixer proposes to move the booking to");

    // The proposer cannot answer their own proposal.
    const own = await fixer.post(fixerPath(bookingId), { intent: "accept_new_slot", proposal: await openProposalId(bookingId) });
    expect(own.status).toBe(409);
    expect(await own.text()).toContain("You proposed this slot");
    // While it is open, the other side cannot propose a slot of their own.
    const counter = await customer.post(customerPath(bookingId), { intent: "propose_slot", date: daysFromToday(10), window: "morning" });
    expect(counter.status).toBe(409);
    expect(await counter.text()).toContain("accept or decline it before proposing another");

    const accepted = await customer.post(customerPath(bookingId), { intent: "accept_new_slot", proposal: await openProposalId(bookingId) });
    expect(accepted.status).toBe(303);
    const row = await bookingRow(bookingId);
    expect({ date: row.slotDate, window: row.slotWindow, state: row.state }).toEqual({ ...newSlot, state: "booked" });
    expect((await proposalsOf(bookingId)).map((p) => p.status)).toEqual(["accepted"]);
    expect(await timelineOf(bookingId)).toEqual(["create", "pay", "propose_new_slot", "accept_new_slot"]);

    for (const email of ["rita.reschedule@example.com", "fred.reschedule@example.com"]) {
      const [first] = await mailTo(email, email.startsWith("rita") ? "Booking confirmed" : "New booking", title);
      const [moved] = await mailTo(email, "Booking moved", title);
      const uid = /UID:(\S+)/.exec(first!.attachments![0]!.content)![1];
      expect(first!.attachments![0]!.content).toContain("SEQUENCE:0");
      expect(moved!.attachments![0]!.content).toContain(`UID:${uid}`);
      expect(moved!.attachments![0]!.content).toContain("SEQUENCE:1");
    }

    // Free cancellation now ends 24 hours before the new slot.
    const customerPage = await page(customer, customerPath(bookingId));
    // In UK time (issue 52: never UTC).
    const freeUntil = formatUkDateTime(new Date(slotStartsAt(newSlot).getTime() - 24 * 3_600_000));
    expect(customerPage).toContain(`${freeUntil} (24 hours before the slot)`);
    expect(customerPage).toContain("Customer accepted the new slot");
    expect(customerPage).toContain("Fixer proposed a new slot");
    expect(customerPage).not.toContain(`Reason: ${newSlot.date}`);
    expect(customerPage).not.toContain("The fixer proposes to move the booking to");

    const reminders = await remindersOf(bookingId);
    expect(reminders.map((r) => r.slot).sort()).toEqual([`${newSlot.date}|${newSlot.window}`, `${slot.date}|${slot.window}`].sort());
    const fresh = reminders.find((r) => r.slot === `${newSlot.date}|${newSlot.window}`)!;
    expect(slotStartsAt(newSlot).getTime() - fresh.runAt.getTime()).toBe(24 * 3_600_000);
    const deps = { db: server.services.db, publicUrl: server.url };
    // The old slot's reminder fires at its time: nothing happens. The new one fires once, even twice delivered.
    await runBookingTimer({ ...deps, now: () => new Date(slotStartsAt(slot).getTime() - 24 * 3_600_000) }, { bookingId, timer: "slot_reminder", slot: `${slot.date}|${slot.window}` });
    expect(await timelineOf(bookingId)).not.toContain("slot_reminder");
    for (let i = 0; i < 2; i += 1) await runBookingTimer({ ...deps, now: () => fresh.runAt }, { bookingId, timer: "slot_reminder", slot: `${newSlot.date}|${newSlot.window}` });
    expect((await timelineOf(bookingId)).filter((t) => t === "slot_reminder")).toHaveLength(1);
  });

  it("on a booking waiting for the fixer's confirmation, the customer accepting the fixer's new slot books it", async () => {
    const { bookingId } = await paidBooking({ ownSlot: { date: daysFromToday(6), window: "afternoon" } });
    expect((await bookingRow(bookingId)).state).toBe("awaiting_fixer_confirmation");
    const newSlot: Slot = { date: daysFromToday(7), window: "morning" };
    expect((await fixer.post(fixerPath(bookingId), { intent: "propose_slot", ...newSlot })).status).toBe(303);
    expect((await customer.post(customerPath(bookingId), { intent: "accept_new_slot", proposal: await openProposalId(bookingId) })).status).toBe(303);
    const row = await bookingRow(bookingId);
    expect({ date: row.slotDate, window: row.slotWindow, state: row.state }).toEqual({ ...newSlot, state: "booked" });
    expect(await timelineOf(bookingId)).toEqual(["create", "pay", "propose_new_slot", "accept_new_slot", "confirm_slot"]);
  });
});

describe("declining, replacing and refusals", () => {
  it("the customer proposes twice (the second replaces the first); the fixer declines: the slot stays", async () => {
    const { bookingId, slot, title } = await paidBooking();
    expect((await customer.post(customerPath(bookingId), { intent: "propose_slot", date: daysFromToday(8), window: "morning" })).status).toBe(303);
    expect((await customer.post(customerPath(bookingId), { intent: "propose_slot", date: daysFromToday(8), window: "afternoon" })).status).toBe(303);
    expect((await proposalsOf(bookingId)).map((p) => [p.status, p.slotWindow])).toEqual([
      ["replaced", "morning"],
      ["open", "afternoon"],
    ]);
    const declined = await fixer.post(fixerPath(bookingId), { intent: "decline_new_slot", proposal: await openProposalId(bookingId) });
    expect(declined.status).toBe(303);
    const row = await bookingRow(bookingId);
    expect({ date: row.slotDate, window: row.slotWindow, state: row.state }).toEqual({ ...slot, state: "booked" });
    expect((await proposalsOf(bookingId)).map((p) => p.status)).toEqual(["replaced", "declined"]);
    expect(await timelineOf(bookingId)).toEqual(["create", "pay", "propose_new_slot", "propose_new_slot", "decline_new_slot"]);
    expect(await mailTo("rita.reschedule@example.com", "New slot declined", title)).toHaveLength(1);
    expect(await mailTo("rita.reschedule@example.com", "Booking moved", title)).toHaveLength(0);
    // Answering it again: already answered.
    const again = await fixer.post(fixerPath(bookingId), { intent: "accept_new_slot", proposal: String((await proposalsOf(bookingId))[1]!.id) });
    expect(again.status).toBe(409);
    expect((await bookingRow(bookingId)).slotWindow).toBe(slot.window);
  });

  it("someone else's booking is 404; a done or cancelled booking is 409; a slot in the past or beyond a year is 400 with the message", async () => {
    const { bookingId } = await paidBooking();
    const valid = { intent: "propose_slot", date: daysFromToday(8), window: "morning" };
    expect((await stranger.post(customerPath(bookingId), valid)).status).toBe(404);
    expect((await stranger.post(fixerPath(bookingId), valid)).status).toBe(404);
    expect((await customer.post(fixerPath(bookingId), valid)).status).toBe(404);
    for (const date of [daysFromToday(-1), daysFromToday(0), daysFromToday(400)]) {
      const res = await customer.post(customerPath(bookingId), { ...valid, date });
      expect(res.status, date).toBe(400);
      expect(await res.text()).toContain("Choose a date from tomorrow onwards, within a year.");
    }
    expect(await proposalsOf(bookingId)).toEqual([]);
    expect((await customer.post(customerPath(bookingId), valid)).status).toBe(303);
    expect((await stranger.post(customerPath(bookingId), { intent: "decline_new_slot", proposal: await openProposalId(bookingId) })).status).toBe(404);

    const cancelled = await paidBooking();
    expect((await customer.post(customerPath(cancelled.bookingId), { intent: "cancel", reason: "" })).status).toBe(303);
    const refused = await customer.post(customerPath(cancelled.bookingId), valid);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("cannot be moved: it is cancelled");

    const done = await paidBooking();
    await server.services.db.update(bookings).set({ slotDate: daysFromToday(-1) }).where(eq(bookings.id, done.bookingId));
    expect((await fixer.post(fixerPath(done.bookingId), { intent: "mark_done", note: "" })).status).toBe(303);
    const late = await fixer.post(fixerPath(done.bookingId), valid);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("marked done by the fixer");
    expect(await proposalsOf(done.bookingId)).toEqual([]);
  });

  it("a proposal still open when the booking is cancelled is closed with it, and answering it is refused", async () => {
    const { bookingId } = await paidBooking();
    expect((await fixer.post(fixerPath(bookingId), { intent: "propose_slot", date: daysFromToday(9), window: "evening" })).status).toBe(303);
    const proposal = await openProposalId(bookingId);
    expect((await customer.post(customerPath(bookingId), { intent: "cancel", reason: "" })).status).toBe(303);
    expect((await proposalsOf(bookingId)).map((p) => p.status)).toEqual(["closed"]);
    const answer = await customer.post(customerPath(bookingId), { intent: "accept_new_slot", proposal });
    expect(answer.status).toBe(409);
    const row = await bookingRow(bookingId);
    expect({ state: row.state, window: row.slotWindow }).toEqual({ state: "cancelled_by_customer", window: "morning" });
    expect(await page(customer, customerPath(bookingId))).not.toContain("proposes a new slot");
  });

  it("two accepts at once: one moves the booking, the other is refused", async () => {
    const { bookingId, title } = await paidBooking();
    expect((await fixer.post(fixerPath(bookingId), { intent: "propose_slot", date: daysFromToday(11), window: "afternoon" })).status).toBe(303);
    const proposal = await openProposalId(bookingId);
    const answers = await Promise.all([0, 1].map(() => customer.post(customerPath(bookingId), { intent: "accept_new_slot", proposal })));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect((await timelineOf(bookingId)).filter((t) => t === "accept_new_slot")).toHaveLength(1);
    expect(await mailTo("rita.reschedule@example.com", "Booking moved", title)).toHaveLength(1);
  });

  it("hostile input: 4xx, nothing stored", async () => {
    const { bookingId } = await paidBooking();
    const before = { row: await bookingRow(bookingId), timeline: await timelineOf(bookingId) };
    const sent: Record<string, string>[] = [];
    for (const value of HOSTILE_TEXT) {
      sent.push({ intent: "propose_slot", date: value, window: "morning" });
      sent.push({ intent: "propose_slot", date: daysFromToday(8), window: value });
      sent.push({ intent: "accept_new_slot", proposal: value });
      sent.push({ intent: value, date: daysFromToday(8), window: "morning" });
    }
    for (const form of sent) {
      const res = await customer.post(customerPath(bookingId), form);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
    }
    for (const raw of HOSTILE_ENCODED) {
      for (const body of [`intent=propose_slot&date=${raw}&window=morning`, `intent=propose_slot&date=${daysFromToday(8)}&window=${raw}`, `intent=decline_new_slot&proposal=${raw}`]) {
        const res = await fetch(new URL(fixerPath(bookingId), server.url), {
          method: "POST",
          redirect: "manual",
          body,
          headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded", cookie: fixer.cookieHeader() },
        });
        expect(res.status, body).toBeGreaterThanOrEqual(400);
        expect(res.status, body).toBeLessThan(500);
      }
    }
    expect(await proposalsOf(bookingId)).toEqual([]);
    expect({ row: await bookingRow(bookingId), timeline: await timelineOf(bookingId) }).toEqual(before);
  });
});
