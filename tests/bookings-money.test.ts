import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, ledgerAccounts, ledgerEntries, ledgerEvents, payoutAccounts, providerOperations, testProviderObjects } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { cancelByCustomer, confirmDone, markDone, reportProblem, staffDecide } from "~/features/bookings/bookings.server";
import { BookingError } from "~/features/bookings/errors";
import { ACCOUNTS, accountBalance, balances, ledgerCheck, postLedgerEvent, UnbalancedLedgerEventError } from "~/features/bookings/ledger.server";
import { queueRefund, runProviderOperation, savePayoutAccount } from "~/features/bookings/money.server";
import { handleBookingProviderEvent, type ProviderEvent } from "~/features/bookings/provider-events.server";
import { transferGroupOf, type BookingMoneyProvider } from "~/features/bookings/provider.server";
import { IllegalTransitionError } from "~/features/bookings/state-machine";
import { afterSlot, bookedBooking, moneySnapshot, openBookingWorld, runProviderJobs, type BookingWorld } from "./helpers/bookings";

/**
 * Money must never be lost, doubled or invented (issue 34). The booking services against a real
 * database (PGlite; PostgreSQL with TEST_DB_KIND=postgres, where the races are real races between
 * connections), the payments service's TEST MODE checkout, and the TEST MODE provider's books.
 */

let world: BookingWorld;
const staff = { userId: "staff-1", email: "staff@fixit.test" };

beforeAll(async () => {
  world = await openBookingWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** A booking the fixer has marked done, with a connected payout account. */
async function doneBooking(options: Parameters<typeof bookedBooking>[1] = {}) {
  const b = await bookedBooking(world, options);
  await savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: `acct_test_${b.fixer.id}`, active: true });
  const now = await afterSlot(world.db, b.bookingId);
  await markDone({ ...world.deps, now: () => now }, b.fixer.id, b.bookingId, { note: "Replaced the washer." });
  return { ...b, now };
}

const transfersOf = (bookingId: number) =>
  world.db.select().from(testProviderObjects).where(and(eq(testProviderObjects.kind, "transfer"), eq(testProviderObjects.reference, transferGroupOf(bookingId))));
const refundsOf = (paymentId: string) =>
  world.db.select().from(testProviderObjects).where(and(eq(testProviderObjects.kind, "refund"), eq(testProviderObjects.reference, paymentId)));

async function expectLedgerSound() {
  const check = await ledgerCheck(world.db);
  expect(check.unbalancedEventIds).toEqual([]);
  expect(check.total).toBe(0);
}

describe("paying, holding and releasing", () => {
  it("books on payment, holds price + fee, and releases the price less 10% to the fixer once confirmed", async () => {
    const b = await doneBooking({ pricePence: 12_000 });
    expect(await balances(world.db, { bookingId: b.bookingId })).toEqual({ [ACCOUNTS.customerPayments]: -12_600, [ACCOUNTS.heldFunds]: 12_600 });
    await confirmDone(world.deps, b.customer.id, b.bookingId);
    expect(await runProviderJobs(world)).toBeGreaterThanOrEqual(1);
    expect(await balances(world.db, { bookingId: b.bookingId })).toEqual({
      [ACCOUNTS.customerPayments]: -12_600,
      [ACCOUNTS.platformFees]: 600 + 1_200,
      [ACCOUNTS.fixerPayouts]: 10_800,
    });
    const transfers = await transfersOf(b.bookingId);
    expect(transfers.map((t) => [t.amountPence, t.destination])).toEqual([[10_800, `acct_test_${b.fixer.id}`]]);
    await expectLedgerSound();
  });

  it("two confirmations at once: exactly one wins, exactly one transfer", async () => {
    const b = await doneBooking();
    const results = await Promise.allSettled([confirmDone(world.deps, b.customer.id, b.bookingId), confirmDone(world.deps, b.customer.id, b.bookingId)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(IllegalTransitionError);
    expect(refused.reason.status).toBe(409);
    await Promise.all([runProviderJobs(world), runProviderJobs(world)]);
    await runProviderJobs(world);
    expect(await transfersOf(b.bookingId)).toHaveLength(1);
    expect(await accountBalance(world.db, ACCOUNTS.fixerPayouts, { bookingId: b.bookingId })).toBe(10_800);
    await expectLedgerSound();
  });

  it("a confirmation and a problem report at once: exactly one wins", async () => {
    const b = await doneBooking();
    const results = await Promise.allSettled([
      confirmDone(world.deps, b.customer.id, b.bookingId),
      reportProblem(world.deps, b.customer.id, b.bookingId, { reason: "The tap still drips after the visit." }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(IllegalTransitionError);
    const [row] = await world.db.select().from(bookings).where(eq(bookings.id, b.bookingId));
    await runProviderJobs(world);
    const transfers = await transfersOf(b.bookingId);
    if (row!.state === "released") expect(transfers).toHaveLength(1);
    else {
      expect(row!.state).toBe("disputed");
      expect(transfers).toHaveLength(0);
      expect(await accountBalance(world.db, ACCOUNTS.heldFunds, { bookingId: b.bookingId })).toBe(12_600);
    }
    await expectLedgerSound();
  });
});

describe("a crash between the provider call and the commit", () => {
  /** The provider call succeeds, then the process "dies" before our commit (the first time only). */
  function crashingAfterCall(inner: BookingMoneyProvider): BookingMoneyProvider & { calls: number } {
    let crashed = false;
    const wrapper = {
      name: inner.name,
      calls: 0,
      async transfer(input: Parameters<BookingMoneyProvider["transfer"]>[0]) {
        wrapper.calls += 1;
        const result = await inner.transfer(input);
        if (!crashed) {
          crashed = true;
          throw new Error("killed after the transfer was made");
        }
        return result;
      },
      async refund(input: Parameters<BookingMoneyProvider["refund"]>[0]) {
        wrapper.calls += 1;
        const result = await inner.refund(input);
        if (!crashed) {
          crashed = true;
          throw new Error("killed after the refund was made");
        }
        return result;
      },
      fundsPendingUntil: (input: { paymentId: string | null }) => inner.fundsPendingUntil(input),
    };
    return wrapper;
  }

  it("after the restart the transfer is neither lost nor made twice", async () => {
    const b = await doneBooking();
    await confirmDone(world.deps, b.customer.id, b.bookingId);
    const [op] = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "transfer")));
    expect(op!.idempotencyKey).toBe(`booking-${b.bookingId}-confirm_done-transfer`);
    const crashing = crashingAfterCall(world.provider);
    await expect(runProviderOperation({ db: world.db, provider: crashing }, op!.id)).rejects.toThrow(/killed/);
    // The money moved at the provider, our books do not show it yet: the job is still due.
    expect(await transfersOf(b.bookingId)).toHaveLength(1);
    expect((await world.db.select().from(providerOperations).where(eq(providerOperations.id, op!.id)))[0]!.status).toBe("pending");
    expect(await accountBalance(world.db, ACCOUNTS.fixerPayouts, { bookingId: b.bookingId })).toBe(0);
    // The retry (after a restart) uses the same key: the provider answers with the same transfer.
    expect(await runProviderOperation({ db: world.db, provider: crashing }, op!.id)).toBe("succeeded");
    expect(await runProviderOperation({ db: world.db, provider: crashing }, op!.id)).toBe("succeeded");
    expect(crashing.calls).toBe(2);
    expect(await transfersOf(b.bookingId)).toHaveLength(1);
    expect(await accountBalance(world.db, ACCOUNTS.fixerPayouts, { bookingId: b.bookingId })).toBe(10_800);
    await expectLedgerSound();
  });

  it("the same for a refund", async () => {
    const b = await bookedBooking(world);
    await cancelByCustomer(world.deps, b.customer.id, b.bookingId);
    const [op] = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "refund")));
    const crashing = crashingAfterCall(world.provider);
    await expect(runProviderOperation({ db: world.db, provider: crashing }, op!.id)).rejects.toThrow(/killed/);
    await runProviderOperation({ db: world.db, provider: crashing }, op!.id);
    expect((await refundsOf(b.paymentId)).map((r) => r.amountPence)).toEqual([12_600]);
    expect(await balances(world.db, { bookingId: b.bookingId })).toEqual({});
    await expectLedgerSound();
  });
});

describe("the provider-operation machine through the real job", () => {
  it("two runs of one transfer at once (overlapping job leases): marked succeeded once, one transfer, one payout in the ledger", async () => {
    const b = await doneBooking({ pricePence: 12_000 });
    await confirmDone(world.deps, b.customer.id, b.bookingId);
    const [op] = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "transfer")));
    const deps = { db: world.db, provider: world.provider };
    expect(await Promise.all([runProviderOperation(deps, op!.id), runProviderOperation(deps, op!.id)])).toEqual(["succeeded", "succeeded"]);
    const [done] = await world.db.select().from(providerOperations).where(eq(providerOperations.id, op!.id));
    // A third run, after it is made: the machine refuses "succeed" from succeeded before any provider call.
    expect(await runProviderOperation(deps, op!.id)).toBe("succeeded");
    const [after] = await world.db.select().from(providerOperations).where(eq(providerOperations.id, op!.id));
    expect(after).toEqual(done);
    expect(await transfersOf(b.bookingId)).toHaveLength(1);
    expect(await accountBalance(world.db, ACCOUNTS.fixerPayouts, { bookingId: b.bookingId })).toBe(10_800);
    const payouts = await world.db.select().from(ledgerEvents).where(and(eq(ledgerEvents.bookingId, b.bookingId), eq(ledgerEvents.kind, "payout")));
    expect(payouts).toHaveLength(1);
    // The account reported active again: nothing waits, so nothing is queued, and the made transfer stays made.
    expect(await savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: `acct_test_${b.fixer.id}`, active: true })).toEqual({ queuedTransfers: 0 });
    expect((await world.db.select().from(providerOperations).where(eq(providerOperations.id, op!.id)))[0]).toEqual(done);
    await expectLedgerSound();
  });
});

describe("the payout-account machine through the real code", () => {
  it("two activations at once: the account is activated once, and the transfer that waited is queued once", async () => {
    const b = await bookedBooking(world, { pricePence: 12_000 });
    const now = new Date((await afterSlot(world.db, b.bookingId, 0)).getTime() - 3 * 3_600_000);
    await cancelByCustomer({ ...world.deps, now: () => now }, b.customer.id, b.bookingId);
    await runProviderJobs(world);
    const [transfer] = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "transfer")));
    expect(transfer!.status).toBe("waiting_for_account");
    // The fixer's first account, then Stripe's "payouts enabled" reported twice at once (webhook and return page).
    await savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: `acct_twice_${b.fixer.id}`, active: false });
    const both = await Promise.all([0, 1].map(() => savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: `acct_twice_${b.fixer.id}`, active: true })));
    expect(both.map((r) => r.queuedTransfers).sort()).toEqual([0, 1]);
    const [account] = await world.db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, b.fixer.id));
    expect(account).toMatchObject({ status: "active", providerAccountId: `acct_twice_${b.fixer.id}` });
    const jobs = await world.db.select().from(outboxJobs).where(sql`${outboxJobs.payload} ->> 'operationId' = ${String(transfer!.id)}`);
    expect(jobs).toHaveLength(1);
    // Activating the active account again is refused: its activation time and provider id stay.
    await savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: "acct_other", active: true });
    expect((await world.db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, b.fixer.id)))[0]).toEqual(account);
    await runProviderJobs(world);
    expect((await transfersOf(b.bookingId)).map((t) => t.amountPence)).toEqual([2_400]);
    await expectLedgerSound();
  });
});

describe("card disputes and refunds reported by webhook", () => {
  const resolver = (paymentId: string) => ({ resolvePaymentId: async (intent: string) => (intent === `pi_${paymentId}` ? paymentId : null), publicUrl: world.deps.publicUrl });
  const dispute = (paymentId: string, status: string, created: number, eventId: string): ProviderEvent => ({
    id: eventId,
    type: status === "needs_response" ? "charge.dispute.created" : "charge.dispute.closed",
    created,
    object: { id: `dp_${paymentId}`, status, amount: 12_600, payment_intent: `pi_${paymentId}` },
  });

  it("charge.dispute.created freezes the release: confirming is refused and changes nothing", async () => {
    const b = await doneBooking();
    expect(await handleBookingProviderEvent(world.db, dispute(b.paymentId, "needs_response", 1_000, "evt_1"), resolver(b.paymentId))).toBe("recorded");
    const before = await moneySnapshot(world.db, b.bookingId);
    expect(before.releaseFrozenAt).not.toBeNull();
    const error = await confirmDone(world.deps, b.customer.id, b.bookingId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingError);
    expect((error as BookingError).status).toBe(409);
    expect(await moneySnapshot(world.db, b.bookingId)).toEqual(before);
  });

  it("delivered twice, late or out of order: the same end state", async () => {
    const orders = [
      ["created", "closed"],
      ["created", "created", "closed", "closed"],
      ["closed", "created"],
      ["created", "closed", "created"],
    ];
    const ends = [];
    for (const order of orders) {
      const b = await doneBooking();
      for (const step of order) {
        const event = step === "created" ? dispute(b.paymentId, "needs_response", 1_000, "evt_c") : dispute(b.paymentId, "won", 2_000, "evt_w");
        await handleBookingProviderEvent(world.db, event, resolver(b.paymentId));
      }
      const snapshot = await moneySnapshot(world.db, b.bookingId);
      ends.push({ state: snapshot.state, frozen: snapshot.releaseFrozenAt !== null });
      // Won: the release is no longer frozen.
      await confirmDone(world.deps, b.customer.id, b.bookingId);
    }
    expect(ends).toEqual(orders.map(() => ({ state: "done_marked", frozen: false })));
    // Only created (an open dispute) keeps it frozen, however often it arrives.
    const open = await doneBooking();
    for (let i = 0; i < 3; i += 1) await handleBookingProviderEvent(world.db, dispute(open.paymentId, "needs_response", 1_000, "evt_c"), resolver(open.paymentId));
    expect((await moneySnapshot(world.db, open.bookingId)).releaseFrozenAt).not.toBeNull();
  });

  it("a webhook for a charge that is not a booking's is ignored", async () => {
    expect(await handleBookingProviderEvent(world.db, dispute("nope", "needs_response", 1, "evt_x"), { resolvePaymentId: async () => null, publicUrl: world.deps.publicUrl })).toBe("ignored");
  });
});

describe("refused: refund after release, negative amounts, more than was paid", () => {
  it("a refund after release is an illegal transition and changes nothing", async () => {
    const b = await doneBooking();
    await confirmDone(world.deps, b.customer.id, b.bookingId);
    const before = await moneySnapshot(world.db, b.bookingId);
    for (const decision of [{ kind: "refund" as const }, { kind: "partial" as const, releasePricePence: 100 }]) {
      const error = await staffDecide(world.deps, staff, b.bookingId, decision, { reason: "Customer asked again" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IllegalTransitionError);
    }
    await expect(cancelByCustomer(world.deps, b.customer.id, b.bookingId)).rejects.toBeInstanceOf(IllegalTransitionError);
    await expect(confirmDone(world.deps, b.customer.id, b.bookingId)).rejects.toThrow(/already released to the fixer/);
    expect(await moneySnapshot(world.db, b.bookingId)).toEqual(before);
  });

  it("a part release of a negative, zero, fractional or whole-price amount is refused and changes nothing", async () => {
    const b = await doneBooking();
    await reportProblem(world.deps, b.customer.id, b.bookingId, { reason: "The tap still drips after the visit." });
    const before = await moneySnapshot(world.db, b.bookingId);
    for (const releasePricePence of [-500, 0, 10.5, 12_000, 99_999]) {
      const error = await staffDecide(world.deps, staff, b.bookingId, { kind: "partial", releasePricePence }, { reason: "Half done" }).catch((e: unknown) => e);
      expect(error, String(releasePricePence)).toBeInstanceOf(BookingError);
      expect((error as BookingError).status).toBe(400);
    }
    expect(await moneySnapshot(world.db, b.bookingId)).toEqual(before);
  });

  it("refunds adding up to more than was paid, or not a positive whole amount, are refused", async () => {
    const b = await bookedBooking(world);
    const refund = (amountPence: number, key: string) =>
      world.db.transaction((tx) => queueRefund(tx, { bookingId: b.bookingId, paymentId: b.paymentId, idempotencyKey: key, amountPence }));
    for (const amount of [-1, 0, 1.5]) await expect(refund(amount, `t-${amount}`)).rejects.toThrow(/whole, positive number of pence/);
    await expect(refund(12_601, "t-over")).rejects.toThrow(/more than what was paid/);
    await refund(12_000, "t-most");
    await expect(refund(601, "t-rest-plus-one")).rejects.toThrow(/more than what was paid/);
    await refund(600, "t-rest");
    const ops = await world.db.select().from(providerOperations).where(eq(providerOperations.paymentId, b.paymentId));
    expect(ops.map((o) => o.amountPence).sort()).toEqual([12_000, 600].sort());
  });
});

describe("staff decisions, cancellations and payouts", () => {
  it("staff release part: the fixer gets that part less 10%, the customer the rest, both sums to zero", async () => {
    const b = await doneBooking({ pricePence: 10_000 });
    await reportProblem(world.deps, b.customer.id, b.bookingId, { reason: "Only half of the job was done." });
    await staffDecide(world.deps, staff, b.bookingId, { kind: "partial", releasePricePence: 6_000 }, { reason: "Half the work was done" });
    await runProviderJobs(world);
    expect(await balances(world.db, { bookingId: b.bookingId })).toEqual({
      [ACCOUNTS.customerPayments]: -10_500 + 4_200,
      [ACCOUNTS.platformFees]: 900,
      [ACCOUNTS.fixerPayouts]: 5_400,
    });
    await expectLedgerSound();
  });

  it("a late cancellation pays the fixer the late fee, which waits until the fixer connects a payout account", async () => {
    const b = await bookedBooking(world, { pricePence: 12_000 });
    const now = new Date((await afterSlot(world.db, b.bookingId, 0)).getTime() - 3 * 3_600_000);
    const result = await cancelByCustomer({ ...world.deps, now: () => now }, b.customer.id, b.bookingId);
    expect(result).toEqual({ state: "cancelled_late", refundPence: 12_600 - 2_400, late: true, feePence: 2_400 });
    await runProviderJobs(world);
    const [transfer] = await world.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, b.bookingId), eq(providerOperations.kind, "transfer")));
    expect(transfer!.status).toBe("waiting_for_account");
    expect(await savePayoutAccount(world.db, b.fixer.id, { provider: "test", providerAccountId: `acct_late_${b.fixer.id}`, active: true })).toEqual({ queuedTransfers: 1 });
    await runProviderJobs(world);
    expect((await transfersOf(b.bookingId)).map((t) => t.amountPence)).toEqual([2_400]);
    expect((await refundsOf(b.paymentId)).map((t) => t.amountPence)).toEqual([10_200]);
    expect(await balances(world.db, { bookingId: b.bookingId })).toEqual({ [ACCOUNTS.fixerPayouts]: 2_400, [ACCOUNTS.customerPayments]: -2_400 });
  });

  it("a second payment of a booking already paid is refunded in full and changes nothing", async () => {
    const b = await bookedBooking(world);
    // A second checkout of the same (already booked) booking, paid.
    const [second] = await world.db
      .insert(payments)
      .values({ id: crypto.randomUUID(), product: "booking", amountPence: 12_600, provider: "test", status: "pending", userId: b.customer.id, reference: { bookingId: b.bookingId } })
      .returning();
    await markPaidAndFulfil(world.services, second!.id, "test-checkout");
    await runProviderJobs(world);
    expect((await refundsOf(second!.id)).map((r) => r.amountPence)).toEqual([12_600]);
    const [row] = await world.db.select().from(bookings).where(eq(bookings.id, b.bookingId));
    expect(row!.state).toBe("booked");
    expect(row!.paymentId).toBe(b.paymentId);
    expect(await accountBalance(world.db, ACCOUNTS.heldFunds, { bookingId: b.bookingId })).toBe(12_600);
    await expectLedgerSound();
  });
});

describe("the ledger itself", () => {
  it("refuses an event that does not sum to zero, in code and in the database", async () => {
    await expect(
      world.db.transaction((tx) => postLedgerEvent(tx, { kind: "bad", bookingId: null, idempotencyKey: "bad-1", entries: [{ account: ACCOUNTS.heldFunds, amountPence: 5 }, { account: ACCOUNTS.platformFees, amountPence: -4 }] })),
    ).rejects.toBeInstanceOf(UnbalancedLedgerEventError);
    // Bypassing the code: the deferred constraint trigger refuses the transaction at commit.
    const eventsBefore = (await world.db.select({ n: sql<string>`count(*)` }).from(ledgerEvents))[0]!.n;
    await expect(
      world.db.transaction(async (tx) => {
        const [event] = await tx.insert(ledgerEvents).values({ kind: "raw", bookingId: null, idempotencyKey: "raw-1" }).returning();
        const [account] = await tx.insert(ledgerAccounts).values({ code: "raw_account", kind: "raw_account" }).onConflictDoNothing().returning();
        await tx.insert(ledgerEntries).values({ eventId: event!.id, accountId: account!.id, amountPence: 100 });
      }),
    ).rejects.toThrow();
    expect((await world.db.select({ n: sql<string>`count(*)` }).from(ledgerEvents))[0]!.n).toBe(eventsBefore);
    // Entries are never changed.
    await expect(world.db.update(ledgerEntries).set({ amountPence: 1 }).where(sql`true`)).rejects.toThrow();
  });

  it("posting the same event twice writes it once", async () => {
    const event = { kind: "x", bookingId: null, idempotencyKey: "twice-1", entries: [{ account: "a_test", amountPence: 7 }, { account: "b_test", amountPence: -7 }] };
    expect(await world.db.transaction((tx) => postLedgerEvent(tx, event))).not.toBeNull();
    expect(await world.db.transaction((tx) => postLedgerEvent(tx, event))).toBeNull();
    expect(await accountBalance(world.db, "a_test")).toBe(7);
  });

  it("sums to zero overall and per event after everything above", async () => {
    await expectLedgerSound();
    expect((await ledgerCheck(world.db)).events).toBeGreaterThan(10);
  });
});
