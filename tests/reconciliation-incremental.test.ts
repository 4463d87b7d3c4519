import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEvents, payoutAccounts, providerOperations, reconciliationRuns, testProviderObjects } from "#server/db/schema/bookings.ts";
import { payments } from "#server/db/schema/payments.ts";
import { paymentReceivedKey } from "~/features/bookings/ledger.server";
import { runProviderOperation } from "~/features/bookings/money.server";
import {
  CHARGE_GRACE_MS,
  latestReconciliation,
  RECONCILIATION_BATCH,
  runReconciliation,
  STALE_RUN_MS,
  startDailyReconciliation,
  startReconciliationNow,
  storedLedgerFigures,
  testProviderBooks,
  type ProviderBooks,
} from "~/features/bookings/reconciliation.server";
import { bookedBooking, openBookingWorld, type BookingWorld } from "#tests/helpers/bookings.ts";

/**
 * Issue 47: the reconciliation compares what changed since the last finished run's watermark, a
 * batch at a time. A difference in records older than the watermark is reported by the run that
 * covered them and not again; one in a record changed after it is; a run killed half-way does not
 * stay "running" for ever, and the next run starts from the last good watermark. The ledger's
 * figures are computed by the run and stored on it.
 */

const HOUR = 3_600_000;
let world: BookingWorld;
let day = 100;
const nextDay = () => new Date(Date.now() + ++day * 86_400_000);

/** Opens and runs a daily run (as the job would), answering the finished run and its mismatches. */
async function run(books: ProviderBooks = testProviderBooks(world.db)) {
  const runId = (await startDailyReconciliation(world.db, "test", nextDay()))!;
  await runReconciliation(world.db, books, runId);
  const latest = (await latestReconciliation(world.db))!;
  expect(latest.run).toMatchObject({ id: runId, status: "finished" });
  return latest;
}

/** A booked booking with `transfers` payouts of £1 carried out by the test provider (operations, objects, ledger). */
async function bookingWithPayouts(transfers: number) {
  const b = await bookedBooking(world, { pricePence: 9_000 });
  await world.db.insert(payoutAccounts).values({ fixerUserId: b.fixer.id, provider: "test", providerAccountId: `acct_test_${b.bookingId}`, status: "active", activatedAt: new Date() });
  if (transfers === 0) return { ...b, ops: [] };
  const ops = await world.db
    .insert(providerOperations)
    .values(Array.from({ length: transfers }, (_, i) => ({ idempotencyKey: `booking-${b.bookingId}-part-${i}-transfer`, kind: "transfer", bookingId: b.bookingId, provider: "test", amountPence: 100, fixerUserId: b.fixer.id })))
    .returning();
  for (const op of ops) expect(await runProviderOperation({ db: world.db, provider: world.provider }, op.id)).toBe("succeeded");
  return { ...b, ops };
}

/** Moves everything a booking wrote `ms` into the past, as if it had happened then. */
async function age(b: { bookingId: number; paymentId: string }, ms: number) {
  const at = new Date(Date.now() - ms);
  await world.db.update(payments).set({ createdAt: at, updatedAt: at }).where(eq(payments.id, b.paymentId));
  await world.db.update(providerOperations).set({ createdAt: at, completedAt: at }).where(eq(providerOperations.bookingId, b.bookingId));
  await world.db.update(ledgerEvents).set({ createdAt: at }).where(eq(ledgerEvents.bookingId, b.bookingId));
  await world.db.update(ledgerEvents).set({ createdAt: at }).where(eq(ledgerEvents.idempotencyKey, paymentReceivedKey(b.paymentId)));
  await world.db.update(testProviderObjects).set({ createdAt: at }).where(sql`${testProviderObjects.reference} = ${`booking-${b.bookingId}`}`);
}

beforeAll(async () => {
  world = await openBookingWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe("the reconciliation since its last run", () => {
  let old: Awaited<ReturnType<typeof bookingWithPayouts>>;

  it("reports a difference in records older than the watermark once, then not again; one changed after it is reported", async () => {
    old = await bookingWithPayouts(2);
    await age(old, 3 * HOUR);
    // Behind FixiT's back, before any run: the test checkout's record and the provider's transfer both altered.
    const [payment] = await world.db.select().from(payments).where(eq(payments.id, old.paymentId));
    await world.db.execute(sql`update payments set amount_pence = amount_pence + 250 where id = ${old.paymentId}`);
    await world.db.update(testProviderObjects).set({ amountPence: 150 }).where(eq(testProviderObjects.idempotencyKey, old.ops[0]!.idempotencyKey));

    // The first run has no watermark: it compares everything and finds both.
    const first = await run();
    expect(first.run).toMatchObject({ sinceRunId: null, chargesChecked: 1, transfersChecked: 2 });
    expect(first.mismatches.map((m) => [m.kind, m.moneyKind, m.bookingId]).sort()).toEqual([
      ["amount_differs", "charge", old.bookingId],
      ["amount_differs", "transfer", old.bookingId],
    ]);
    expect(first.run.watermarkAt!.getTime()).toBeGreaterThan(Date.now() - CHARGE_GRACE_MS - 60_000);
    expect(first.run.watermarkAt!.getTime()).toBeLessThanOrEqual(Date.now() - CHARGE_GRACE_MS + 1_000);

    // The next run starts at that watermark: the old records did not change, nothing is reported again.
    const second = await run();
    expect(second.run).toMatchObject({ sinceRunId: first.run.id, chargesChecked: 0, transfersChecked: 0, mismatchCount: 0 });
    expect(second.mismatches).toEqual([]);

    // A booking paid and paid out now (after the watermark), altered the same ways: reported; the old one still not.
    const fresh = await bookingWithPayouts(1);
    const [freshPayment] = await world.db.select().from(payments).where(eq(payments.id, fresh.paymentId));
    await world.db.execute(sql`update payments set amount_pence = amount_pence + 300, updated_at = now() where id = ${fresh.paymentId}`);
    await world.db.update(testProviderObjects).set({ amountPence: 175 }).where(eq(testProviderObjects.idempotencyKey, fresh.ops[0]!.idempotencyKey));
    const third = await run();
    expect(third.run).toMatchObject({ sinceRunId: second.run.id, chargesChecked: 1, transfersChecked: 1 });
    expect(third.mismatches.map((m) => [m.kind, m.moneyKind, m.bookingId]).sort()).toEqual([
      ["amount_differs", "charge", fresh.bookingId],
      ["amount_differs", "transfer", fresh.bookingId],
    ]);
    expect(third.mismatches.find((m) => m.moneyKind === "charge")).toMatchObject({ ledgerPence: freshPayment!.amountPence, providerPence: freshPayment!.amountPence + 300 });
    expect(payment!.amountPence).toBeGreaterThan(0);

    // A payment of the old booking that changes now (a refund, a late webhook) is compared again: its difference shows.
    await world.db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.id, old.paymentId));
    const fourth = await run();
    // (The fresh booking's differences are reported again: they changed within the watermark's 15-minute lag.)
    expect(fourth.mismatches.map((m) => [m.kind, m.moneyKind, m.bookingId]).sort()).toEqual(
      [
        ["amount_differs", "charge", fresh.bookingId],
        ["amount_differs", "charge", old.bookingId],
        ["amount_differs", "transfer", fresh.bookingId],
      ].sort(),
    );
  });

  it("a ledger payout written after the watermark for an old booking is compared with its operations", async () => {
    await world.db.execute(sql`update payments set amount_pence = amount_pence - 250 where id = ${old.paymentId}`);
    // Aged past every watermark so far, then a payout the ledger has but no operation made.
    const { postLedgerEvent, ACCOUNTS } = await import("~/features/bookings/ledger.server");
    await world.db.transaction((tx) =>
      postLedgerEvent(tx, {
        kind: "payout",
        bookingId: old.bookingId,
        idempotencyKey: `stray-payout-${old.bookingId}`,
        entries: [
          { account: ACCOUNTS.fixerPayable(old.fixer.id), amountPence: -500 },
          { account: ACCOUNTS.fixerPayouts, amountPence: 500 },
        ],
      }),
    );
    const next = await run();
    expect(next.mismatches.filter((m) => m.bookingId === old.bookingId)).toEqual([expect.objectContaining({ kind: "ledger_differs", moneyKind: "transfer", ledgerPence: 200 + 500, providerPence: 200 })]);
  });

  it("stores the ledger's figures on the run: the sum per kind of account, balanced, and when", async () => {
    const latest = (await latestReconciliation(world.db))!;
    const stored = (await storedLedgerFigures(world.db))!;
    expect(stored.runId).toBe(latest.run.id);
    expect(stored.total).toBe(0);
    expect(stored.unbalancedEvents).toBe(0);
    expect(Object.values(stored.byKind).reduce((a, b) => a + b, 0)).toBe(0);
    expect(stored.byKind.fixer_payouts).toBe(2 * 100 + 100 + 500);
    expect(stored.events).toBeGreaterThan(0);
    expect(stored.checkedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("pages through more than one batch in keyset order: every operation compared once, ties on the time broken by id", async () => {
    const b = await bookingWithPayouts(0);
    const n = RECONCILIATION_BATCH * 2 + 345;
    // One statement: one created_at for all (no completed_at), so the order rests on the id.
    await world.db.execute(sql`
      insert into provider_operations (idempotency_key, kind, booking_id, provider, amount_pence, fixer_user_id, status, provider_object_id)
      select 'bulk-' || g || '-transfer', 'transfer', ${b.bookingId}, 'test', 1, ${b.fixer.id}, 'succeeded', 'tr_bulk_' || g from generate_series(1, ${n}) g`);
    await world.db.execute(sql`
      insert into test_provider_objects (id, idempotency_key, kind, amount_pence, reference)
      select 'tr_bulk_' || g, 'bulk-' || g || '-transfer', 'transfer', case when g = ${n} then 2 else 1 end, ${`booking-${b.bookingId}`} from generate_series(1, ${n}) g`);
    const since = (await latestReconciliation(world.db))!.run.watermarkAt!;
    const inRange = (await world.db.execute(
      sql`select count(*)::int as n from provider_operations where status = 'succeeded' and coalesce(completed_at, created_at) > ${since.toISOString()}::timestamptz`,
    )) as unknown as { rows: { n: number }[] };
    const result = await run();
    // The bulk ones and those of the bookings above still in the watermark's lag: each exactly once.
    expect(inRange.rows[0]!.n).toBeGreaterThanOrEqual(n);
    expect(result.run.transfersChecked).toBe(inRange.rows[0]!.n);
    const last = await world.db.select({ id: providerOperations.id }).from(providerOperations).where(eq(providerOperations.idempotencyKey, `bulk-${n}-transfer`));
    expect(result.mismatches.filter((m) => m.bookingId === b.bookingId).map((m) => [m.kind, m.operationId ?? m.bookingId]).sort()).toEqual(
      [
        ["amount_differs", last[0]!.id],
        // The ledger has no payout for these operations.
        ["ledger_differs", b.bookingId],
      ].sort(),
    );
    await world.db.delete(testProviderObjects).where(sql`${testProviderObjects.id} like 'tr_bulk_%'`);
    await world.db.delete(providerOperations).where(sql`${providerOperations.idempotencyKey} like 'bulk-%'`);
  });
});

describe("a run killed half-way", () => {
  it("writes a heartbeat while it runs", async () => {
    const runId = (await startDailyReconciliation(world.db, "test", nextDay()))!;
    const seen: (Date | null)[] = [];
    const books = testProviderBooks(world.db);
    const watching: ProviderBooks = {
      ...books,
      async *unknown(since, known) {
        const [row] = await world.db.select({ heartbeatAt: reconciliationRuns.heartbeatAt, status: reconciliationRuns.status }).from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
        seen.push(row!.status === "running" ? row!.heartbeatAt : null);
        yield* books.unknown(since, known);
      },
    };
    await runReconciliation(world.db, watching, runId);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is marked failed once its heartbeat is stale, no longer blocks Run now, and the next run starts from the last good watermark", async () => {
    const good = (await latestReconciliation(world.db))!.run;
    // What a process killed half-way (out of memory) leaves: a run still "running", its heartbeat long stopped.
    const longAgo = new Date(Date.now() - STALE_RUN_MS - 60_000);
    const [killed] = await world.db.insert(reconciliationRuns).values({ day: "2099-02-01", source: "staff", provider: "test", startedAt: longAgo, heartbeatAt: longAgo }).returning();
    // A run whose heartbeat is recent is left alone.
    const [alive] = await world.db.insert(reconciliationRuns).values({ day: "2099-02-02", source: "staff", provider: "test", startedAt: longAgo, heartbeatAt: new Date() }).returning();
    expect(await startReconciliationNow(world.db, "test", async () => {})).toBeNull();
    const [afterAlive] = await world.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, killed!.id));
    expect(afterAlive).toMatchObject({ status: "failed", error: expect.stringContaining("stopped without finishing") });
    await world.db.delete(reconciliationRuns).where(eq(reconciliationRuns.id, alive!.id));

    const runId = await startReconciliationNow(world.db, "test", async () => {});
    expect(runId).not.toBeNull();
    await runReconciliation(world.db, testProviderBooks(world.db), runId!);
    const [next] = await world.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId!));
    expect(next).toMatchObject({ status: "finished", sinceRunId: good.id });

    // The killed run's job, tried again, finishes it from the last good watermark too.
    await runReconciliation(world.db, testProviderBooks(world.db), killed!.id);
    const rows = await world.db.select().from(reconciliationRuns).where(inArray(reconciliationRuns.id, [killed!.id]));
    expect(rows[0]).toMatchObject({ status: "finished", error: null });
    expect(rows[0]!.sinceRunId).not.toBeNull();
    const stillRunning = await world.db.select().from(reconciliationRuns).where(and(eq(reconciliationRuns.status, "running")));
    expect(stillRunning).toEqual([]);
  });
});
