import { and, eq, inArray, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, bookingTransitions, fixerStrikes, providerOperations, referrals } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { fixerProfiles, jobs, quotes } from "#server/db/schema/quotes.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { startJobWorker } from "#server/jobs/worker.ts";
import { cancelByCustomer, cancelByFixer, confirmDone, confirmSlot, markDone } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { bookingQuoteReads } from "~/features/quotes/booking-reads.server";
import { BookingError } from "~/features/bookings/errors";
import { bookingJobHandlers } from "~/features/bookings/jobs.server";
import { ACCOUNTS, accountBalance, ledgerCheck } from "~/features/bookings/ledger.server";
import { savePayoutAccount } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { setQuoteBookingTerms } from "~/features/bookings/quote-terms.server";
import { IllegalTransitionError } from "~/features/bookings/state-machine";
import { BOOKING_TIMER_JOB } from "~/features/bookings/transition.server";
import { createCheckout, markPaidAndFulfil } from "~/features/payments/payments.server";
import { createUser, daysFromToday } from "#tests/helpers/marketplace.ts";
import { acceptedQuote, afterSlot, bookedBooking, fireTimer, moneySnapshot, openBookingWorld, payBooking, runProviderJobs, timersOf, type BookingWorld } from "./helpers/bookings";

/**
 * A booking's life apart from the money races (tests/bookings-money.test.ts): creating one from a
 * quote and its terms, the customer's own slot, the timers (once, with several workers), strikes,
 * and the promotions FixiT pays for. Services against a real database of the suite's kind.
 */

let world: BookingWorld;
beforeAll(async () => {
  world = await openBookingWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const state = async (bookingId: number) => (await world.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.state;
const emailsTo = async (address: string) =>
  (await world.db.select().from(outboxJobs).where(inArray(outboxJobs.kind, ["email", "notification-email"]))).map((j) => j.payload as { to: string; subject: string }).filter((m) => m.to === address);

describe("booking a quote", () => {
  it("refuses someone else's quote, a quote not accepted, and a slot in the past, and writes nothing", async () => {
    const q = await acceptedQuote(world.db);
    const stranger = await createUser(world.db);
    const slot = q.slots[0]!;
    await expect(createBooking(world.deps, stranger.id, { quoteId: q.quote.id, slot })).rejects.toMatchObject({ status: 404 });
    await expect(createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: { date: daysFromToday(-1), window: "morning" } })).rejects.toMatchObject({ status: 400 });
    await expect(createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: { date: "2026-02-30", window: "morning" } })).rejects.toMatchObject({ status: 400 });
    await expect(createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: { date: slot.date, window: "midnight" as never } })).rejects.toMatchObject({ status: 400 });
    const sent = await acceptedQuote(world.db);
    await world.db.update(quotes).set({ status: "sent" }).where(eq(quotes.id, sent.quote.id));
    await expect(createBooking(world.deps, sent.customer.id, { quoteId: sent.quote.id, slot: sent.slots[0]! })).rejects.toThrow(/Accept this quote/);
    expect(await world.db.select().from(bookings).where(eq(bookings.quoteId, q.quote.id))).toEqual([]);
  });

  it("a range quote is booked only once its fixer fixed the price within the range", async () => {
    const q = await acceptedQuote(world.db, { range: { from: 10_000, to: 15_000 } });
    await expect(createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: q.slots[0]! })).rejects.toThrow(/not fixed a price/);
    const terms = (fixedPricePence: number | null, slots = q.slots) => setQuoteBookingTerms(world.deps, bookingQuoteReads, q.fixer.id, q.quote.id, { slots, fixedPricePence });
    await expect(terms(9_999)).rejects.toMatchObject({ status: 400 });
    await expect(terms(15_001)).rejects.toMatchObject({ status: 400 });
    // Slots without a price: stored, and the quote is still not bookable.
    await terms(null);
    await expect(createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: q.slots[0]! })).rejects.toThrow(/not fixed a price/);
    const four = [1, 2, 3, 4].map((d) => ({ date: daysFromToday(d + 1), window: "morning" as const }));
    await expect(terms(12_000, four)).rejects.toThrow(/one to 3/);
    await expect(terms(12_000, [])).rejects.toThrow(/one to 3/);
    await expect(terms(12_000, [q.slots[0]!, q.slots[0]!])).rejects.toThrow(/each slot once/);
    const other = await createUser(world.db);
    await expect(setQuoteBookingTerms(world.deps, bookingQuoteReads, other.id, q.quote.id, { slots: q.slots, fixedPricePence: 12_000 })).rejects.toMatchObject({ status: 404 });
    await terms(12_000, four.slice(0, 3));
    const { bookingId } = await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: four[0]! });
    const [row] = await world.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ pricePence: 12_000, customerFeePence: 600, totalPence: 12_600, fixerNetPence: 10_800, slotProposedBy: "fixer", state: "pending_payment" });
    // Booking again while it waits for payment answers the same booking; terms can no longer change.
    expect((await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: four[1]! })).bookingId).toBe(bookingId);
    await expect(terms(13_000, four.slice(0, 1))).rejects.toMatchObject({ status: 409 });
  });

  it("the fixer cannot mark the job done before its slot starts", async () => {
    const b = await bookedBooking(world);
    await expect(markDone(world.deps, b.fixer.id, b.bookingId)).rejects.toThrow(/once its slot has started/);
    await expect(markDone({ ...world.deps, now: () => new Date() }, b.customer.id, b.bookingId)).rejects.toMatchObject({ status: 404 });
    expect(await state(b.bookingId)).toBe("booked");
  });
});

describe("a slot the customer proposes", () => {
  it("waits for the fixer's confirmation; the 24-hour timer lapses it once with a full refund", async () => {
    const q = await acceptedQuote(world.db);
    const own = { date: daysFromToday(6), window: "evening" as const };
    const { bookingId } = await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: own });
    await payBooking(world, q.customer.id, bookingId);
    expect(await state(bookingId)).toBe("awaiting_fixer_confirmation");
    const lapse = (await timersOf(world.db, bookingId)).find((t) => t.timer === "lapse")!;
    expect(lapse.runAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // Two instances fire it at once: one lapse, one refund.
    await Promise.all([fireTimer(world, bookingId, "lapse", lapse.runAt), fireTimer(world, bookingId, "lapse", lapse.runAt)]);
    expect(await state(bookingId)).toBe("lapsed");
    const refunds = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "refund")));
    expect(refunds.map((r) => r.amountPence)).toEqual([12_600]);
    await expect(confirmSlot(world.deps, q.fixer.id, bookingId)).rejects.toBeInstanceOf(IllegalTransitionError);
  });

  it("once confirmed, the lapse timer does nothing", async () => {
    const q = await acceptedQuote(world.db);
    const { bookingId } = await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: { date: daysFromToday(8), window: "afternoon" } });
    await payBooking(world, q.customer.id, bookingId);
    await confirmSlot(world.deps, q.fixer.id, bookingId);
    await fireTimer(world, bookingId, "lapse", new Date(Date.now() + 25 * 3_600_000));
    expect(await state(bookingId)).toBe("booked");
  });
});

describe("timers", () => {
  it("an unpaid booking expires; a payment arriving after that is refunded in full and books nothing", async () => {
    const q = await acceptedQuote(world.db);
    const { bookingId } = await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: q.slots[0]! });
    const expiry = (await timersOf(world.db, bookingId)).find((t) => t.timer === "expire_payment")!;
    await fireTimer(world, bookingId, "expire_payment", expiry.runAt);
    expect(await state(bookingId)).toBe("expired");
    // A checkout opened before the expiry and paid after it.
    const { paymentId } = await createCheckout(world.services, { product: "booking", amountPence: 12_600, userId: q.customer.id, reference: { bookingId } });
    await markPaidAndFulfil(world.services, paymentId, "test-checkout");
    expect(await state(bookingId)).toBe("expired");
    await runProviderJobs(world);
    const ops = await world.db.select().from(providerOperations).where(eq(providerOperations.paymentId, paymentId));
    expect(ops.map((o) => [o.kind, o.amountPence, o.status])).toEqual([["refund", 12_600, "succeeded"]]);
    const timeline = await world.db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, bookingId));
    expect(timeline.map((t) => t.transition)).toEqual(["create", "expire_payment", "payment_refunded_unused", "refund_sent"]);
  });

  it("a booked slot: both sides get the confirmation with its calendar invite, and one reminder 24 hours before, with two workers polling", async () => {
    const b = await bookedBooking(world);
    expect(await state(b.bookingId)).toBe("booked");
    const withInvite = async (address: string, subject: string) =>
      (await world.db.select().from(outboxJobs).where(inArray(outboxJobs.kind, ["email", "notification-email"])))
        .map((j) => j.payload as { to: string; subject: string; attachments?: { filename: string; content: string }[] })
        .filter((m) => m.to === address && m.subject.startsWith(subject));
    for (const [address, subject] of [[b.customer.email, "Booking confirmed"], [b.fixer.email, "New booking"]] as const) {
      const [mail] = await withInvite(address, subject);
      expect(mail?.attachments?.map((a) => a.filename)).toEqual([`fixit-booking-${b.bookingId}.ics`]);
      expect(mail!.attachments![0]!.content).toContain(`UID:booking-${b.bookingId}@`);
    }
    const [booking] = await world.db.select().from(bookings).where(eq(bookings.id, b.bookingId));
    const reminder = (await timersOf(world.db, b.bookingId)).filter((t) => t.timer === "slot_reminder");
    expect(reminder).toHaveLength(1);
    const slotStart = await afterSlot(world.db, b.bookingId, 0);
    expect(slotStart.getTime() - reminder[0]!.runAt.getTime()).toBe(24 * 3_600_000);
    expect(booking!.state).toBe("booked");

    // Due now, delivered twice, two workers (two instances) racing: one reminder each side.
    await world.db.update(outboxJobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(eq(outboxJobs.kind, BOOKING_TIMER_JOB), sql`(${outboxJobs.payload}->>'bookingId')::bigint = ${b.bookingId}`));
    await enqueueJob(world.db, BOOKING_TIMER_JOB, { bookingId: b.bookingId, timer: "slot_reminder" });
    const services = { config: world.services.config, logger: pino({ level: "silent" }), db: world.db };
    const handlers = () => new Map(Object.entries(bookingJobHandlers));
    const workers = [0, 1].map(() => startJobWorker(services, { handlers, intervalMs: 60_000, leaseMs: 30_000, retryBaseMs: 1000 }));
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.stop()));
    const names = (await world.db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, b.bookingId))).map((t) => t.transition);
    expect(names.filter((n) => n === "slot_reminder")).toHaveLength(1);
    for (const address of [b.customer.email, b.fixer.email]) expect((await emailsTo(address)).filter((m) => m.subject.startsWith("Reminder: booking tomorrow"))).toHaveLength(1);
  });

  it("after done: reminders at 2 and 5 days and staff review at 7, each once, with two workers polling", async () => {
    const b = await bookedBooking(world);
    const now = await afterSlot(world.db, b.bookingId);
    await markDone({ ...world.deps, now: () => now }, b.fixer.id, b.bookingId);
    const timers = await timersOf(world.db, b.bookingId);
    const days = (name: string) => Math.round((timers.find((t) => t.timer === name)!.runAt.getTime() - now.getTime()) / 86_400_000);
    expect([days("remind_2"), days("remind_5"), days("escalate")]).toEqual([2, 5, 7]);

    // Make them due now, and let two job workers (two instances) race for them.
    await world.db.update(outboxJobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(outboxJobs.kind, BOOKING_TIMER_JOB));
    for (const timer of ["remind_2", "escalate"]) await enqueueJob(world.db, BOOKING_TIMER_JOB, { bookingId: b.bookingId, timer }); // delivered twice
    const services = { config: world.services.config, logger: pino({ level: "silent" }), db: world.db };
    const handlers = () => new Map(Object.entries(bookingJobHandlers));
    const workers = [0, 1].map(() => startJobWorker(services, { handlers, intervalMs: 60_000, leaseMs: 30_000, retryBaseMs: 1000 }));
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.stop()));

    expect(await state(b.bookingId)).toBe("staff_review");
    const timeline = await world.db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, b.bookingId));
    const names = timeline.map((t) => t.transition);
    expect(names.filter((n) => n === "escalate")).toHaveLength(1);
    expect(names.filter((n) => n === "remind_2")).toHaveLength(1);
    const review = (await emailsTo(b.customer.email)).filter((m) => m.subject.startsWith("Booking sent to staff review"));
    expect(review).toHaveLength(1);
    await expect(confirmDone(world.deps, b.customer.id, b.bookingId)).rejects.toBeInstanceOf(IllegalTransitionError);
  });
});

describe("strikes", () => {
  it("three fixer cancellations within 90 days pause the fixer's leads; each refunds in full", async () => {
    const first = await bookedBooking(world);
    const fixerId = first.fixer.id;
    const more = [];
    for (let i = 0; i < 2; i += 1) {
      const q = await acceptedQuote(world.db);
      // The same fixer quoted these jobs.
      await world.db.update(quotes).set({ fixerUserId: fixerId }).where(eq(quotes.id, q.quote.id));
      const { bookingId } = await createBooking(world.deps, q.customer.id, { quoteId: q.quote.id, slot: q.slots[0]! });
      await payBooking(world, q.customer.id, bookingId);
      more.push(bookingId);
    }
    await expect(cancelByFixer(world.deps, fixerId, first.bookingId, { reason: "" })).rejects.toBeInstanceOf(BookingError);
    await cancelByFixer(world.deps, fixerId, first.bookingId, { reason: "Van broke down" });
    await cancelByFixer(world.deps, fixerId, more[0]!, { reason: "Ill today" });
    let [profile] = await world.db.select().from(fixerProfiles).where(eq(fixerProfiles.userId, fixerId));
    expect(profile!.leadsDisabledAt).toBeNull();
    await cancelByFixer(world.deps, fixerId, more[1]!, { reason: "Double booked" });
    [profile] = await world.db.select().from(fixerProfiles).where(eq(fixerProfiles.userId, fixerId));
    expect(profile!.leadsDisabledAt).not.toBeNull();
    expect(await world.db.select().from(fixerStrikes).where(eq(fixerStrikes.fixerUserId, fixerId))).toHaveLength(3);
    expect((await emailsTo(first.fixer.email)).filter((m) => m.subject.startsWith("New jobs are paused"))).toHaveLength(1);
    const snapshot = await moneySnapshot(world.db, first.bookingId);
    expect(snapshot.state).toBe("cancelled_by_fixer");
    expect(snapshot.ops.map((o) => o.status)).toEqual(["pending"]);
  });
});

describe("promotions are paid by FixiT", () => {
  let promo: BookingWorld;
  beforeAll(async () => {
    promo = await openBookingWorld({ earlyBirdOpen: true });
  }, 120_000);
  afterAll(async () => {
    await promo?.close();
  });

  it("early bird: half the price off three bookings, the fixer's payout unchanged; referral credit to both once", async () => {
    const first = await bookedBooking(promo, { pricePence: 10_000 });
    const [row] = await promo.db.select().from(bookings).where(eq(bookings.id, first.bookingId));
    expect(row).toMatchObject({ discountPence: 5_000, customerFeePence: 250, totalPence: 5_250, fixerNetPence: 9_000 });
    const referrer = await createUser(promo.db);
    await promo.db.insert(referrals).values({ referredUserId: first.customer.id, referrerUserId: referrer.id });
    await savePayoutAccount(promo.db, first.fixer.id, { provider: "test", providerAccountId: "acct_promo", active: true });
    const now = await afterSlot(promo.db, first.bookingId);
    await markDone({ ...promo.deps, now: () => now }, first.fixer.id, first.bookingId);
    await confirmDone(promo.deps, first.customer.id, first.bookingId);
    await runProviderJobs(promo);
    expect(await accountBalance(promo.db, ACCOUNTS.fixerPayouts, { bookingId: first.bookingId })).toBe(9_000);
    expect(await accountBalance(promo.db, ACCOUNTS.customerCredit(first.customer.id))).toBe(2_500);
    expect(await accountBalance(promo.db, ACCOUNTS.customerCredit(referrer.id))).toBe(2_500);

    // The customer's next bookings: the credit is spent automatically, the early bird applies twice more.
    const totals = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await acceptedQuote(promo.db, { pricePence: 10_000 });
      await promo.db.update(jobs).set({ customerUserId: first.customer.id }).where(eq(jobs.id, q.job.id));
      const { bookingId } = await createBooking(promo.deps, first.customer.id, { quoteId: q.quote.id, slot: q.slots[0]! });
      const [b] = await promo.db.select().from(bookings).where(eq(bookings.id, bookingId));
      totals.push([b!.discountPence, b!.creditPence, b!.totalPence, b!.fixerNetPence]);
    }
    // None of the three is paid, so none uses one of the three (decision 075): all are shown the discount; paying decides.
    expect(totals).toEqual([
      [5_000, 2_500, 2_750, 9_000],
      [5_000, 0, 5_250, 9_000],
      [5_000, 0, 5_250, 9_000],
    ]);
    // Confirming again never pays the referral twice.
    expect(await accountBalance(promo.db, ACCOUNTS.customerCredit(referrer.id))).toBe(2_500);
    const check = await ledgerCheck(promo.db);
    expect([check.total, check.unbalancedEventIds]).toEqual([0, []]);
  });

  it("early bird (issue 52): the first three COMPLETED bookings; late-cancelled ones use no place, discounted ones on their way hold one", async () => {
    const customer = await createUser(promo.db);
    const book = async () => {
      const q = await acceptedQuote(promo.db, { pricePence: 10_000 });
      await promo.db.update(jobs).set({ customerUserId: customer.id }).where(eq(jobs.id, q.job.id));
      const { bookingId } = await createBooking(promo.deps, customer.id, { quoteId: q.quote.id, slot: q.slots[0]! });
      const [b] = await promo.db.select().from(bookings).where(eq(bookings.id, bookingId));
      return { ...q, bookingId, discountPence: b!.discountPence };
    };
    // Three discounted bookings, paid, then cancelled late (two hours before each slot): none was completed.
    for (let i = 0; i < 3; i += 1) {
      const b = await book();
      expect(b.discountPence, `booking ${i + 1}`).toBe(5_000);
      await payBooking(promo, customer.id, b.bookingId);
      const twoHoursBefore = await afterSlot(promo.db, b.bookingId, -2);
      expect((await cancelByCustomer({ ...promo.deps, now: () => twoHoursBefore }, customer.id, b.bookingId)).state).toBe("cancelled_late");
    }
    // So the fourth still has the discount; it is completed (released), the first of the three.
    const fourth = await book();
    expect(fourth.discountPence).toBe(5_000);
    await payBooking(promo, customer.id, fourth.bookingId);
    await savePayoutAccount(promo.db, fourth.fixer.id, { provider: "test", providerAccountId: `acct_eb_${fourth.bookingId}`, active: true });
    const now = await afterSlot(promo.db, fourth.bookingId);
    await markDone({ ...promo.deps, now: () => now }, fourth.fixer.id, fourth.bookingId);
    await confirmDone(promo.deps, customer.id, fourth.bookingId);
    // Two more discounted bookings, one paid and one with its checkout open, hold the other two of the three:
    // a booking made now is not discounted (decision 075: paid bookings and open checkouts count, unpaid bookings do not).
    const fifth = await book();
    await payBooking(promo, customer.id, fifth.bookingId);
    const sixth = await book();
    expect((await book()).discountPence).toBe(5_000);
    await startBookingCheckout(promo.services, customer.id, sixth.bookingId);
    const seventh = await book();
    expect([fifth.discountPence, sixth.discountPence, seventh.discountPence]).toEqual([5_000, 5_000, 0]);
    // The one with the open checkout cancelled before paying frees its place at once for the next booking.
    await cancelByCustomer(promo.deps, customer.id, sixth.bookingId);
    expect((await book()).discountPence).toBe(5_000);
    const check = await ledgerCheck(promo.db);
    expect([check.total, check.unbalancedEventIds]).toEqual([0, []]);
  });
});
