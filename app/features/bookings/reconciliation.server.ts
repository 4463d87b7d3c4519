import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "#server/config.ts";
import type { Db, DbOrTx } from "#server/db/client.ts";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerEvents,
  providerObjects,
  providerOperations,
  reconciliationMismatches,
  reconciliationRuns,
  testProviderObjects,
  type ReconciliationMismatch,
  type ReconciliationRun,
} from "#server/db/schema/bookings.ts";
import { payments, type Payment } from "#server/db/schema/payments.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { PRODUCT_CODES } from "~/features/payments/products.ts";
import { createStripeClient } from "~/features/payments/stripe.server.ts";
import { ACCOUNTS, ledgerCheck, paymentReceivedKey } from "./ledger.server";
import { bookingIdOf, chargeMismatches, chargeOfSession, type ChargeAtProvider, type ChargeCheck, type CheckedCounts, type MismatchFound, type SessionCharge } from "./reconciliation";
import { ukDate } from "./slots";

export type { MismatchKind, MoneyKind } from "./reconciliation";

/**
 * The daily reconciliation (decision 053): every succeeded provider operation is looked up in the
 * provider's own books (TEST MODE: test_provider_objects by idempotency key; Stripe: the transfer or
 * refund by its stored id), and per booking the ledger's payouts and paid refunds are compared with
 * the operations that made them. Every booking payment's charge is compared with the ledger's
 * payment-received event (TEST MODE: the payments row; Stripe: its Checkout Session and PaymentIntent).
 * Objects at the provider no operation asked for are listed (TEST MODE: its table; Stripe: transfers
 * and refunds of the last 35 days, every page). Differences are written as mismatches of the day's
 * run; the ledger's own health (total 0, no unbalanced event) is written on the run.
 */

export const RECONCILIATION_JOB = "booking_reconciliation";
export type ReconciliationPayload = { runId: number };

/** The operations' kinds: what FixiT asks the provider to do after a charge. */
type OperationKind = "transfer" | "refund";

/** How far back Stripe's transfers and refunds are listed each day: an unknown one is reported by every run for five weeks. */
export const LISTING_WINDOW_MS = 35 * 86_400_000;
/** A booking payment changed this recently may still be on its way into the ledger (a webhook, a fulfilment): not yet "missing". */
export const CHARGE_GRACE_MS = 15 * 60_000;

/** A booking payment as the books are asked about it. */
export type ChargeRef = Pick<Payment, "id" | "provider" | "providerSessionId" | "status" | "amountPence">;

/** An object the provider holds that no operation of ours asked for. */
export type UnknownObject = { id: string; kind: OperationKind; amountPence: number; bookingId: number | null };

/** What the provider says it holds for one operation: its object and amount, or null when it has none. */
export type ProviderBooks = {
  readonly name: "test" | "stripe";
  find(kind: OperationKind, ref: { idempotencyKey: string; providerObjectId: string | null }): Promise<{ id: string; amountPence: number } | null>;
  /** What the provider took for one booking payment, or null when it took nothing (never paid, failed, not found). */
  charge(payment: ChargeRef): Promise<ChargeAtProvider>;
  /** Objects the provider holds that no operation of ours asked for, created since `since` (TEST MODE: all of them). */
  unknown(known: { idempotencyKeys: ReadonlySet<string>; providerObjectIds: ReadonlySet<string> }, since: Date): Promise<UnknownObject[]>;
};

/** TEST MODE's charge: the payments row is the test checkout's own record, paid or not. */
const testCharge = (payment: ChargeRef): ChargeAtProvider => (payment.status === "paid" ? { id: payment.id, amountPence: payment.amountPence } : null);

export function testProviderBooks(db: Db): ProviderBooks {
  return {
    name: "test",
    async find(kind, ref) {
      const [row] = await db.select().from(testProviderObjects).where(eq(testProviderObjects.idempotencyKey, ref.idempotencyKey));
      return row && row.kind === kind ? { id: row.id, amountPence: row.amountPence } : null;
    },
    charge: async (payment) => testCharge(payment),
    async unknown(known) {
      const rows = await db.select().from(testProviderObjects);
      return rows
        .filter((r) => !known.idempotencyKeys.has(r.idempotencyKey))
        .map((r) => ({ id: r.id, kind: r.kind as OperationKind, amountPence: r.amountPence, bookingId: bookingIdOf(r.reference) }));
    },
  };
}

type ListedTransfer = Pick<Stripe.Transfer, "id" | "amount" | "amount_reversed" | "transfer_group" | "metadata">;
type ListedRefund = Pick<Stripe.Refund, "id" | "amount" | "status" | "metadata">;

/** The slice of the Stripe client reconciliation reads; a test passes a fake with the same shape. */
export type StripeBooksClient = {
  transfers: {
    retrieve(id: string): Promise<Pick<Stripe.Transfer, "id" | "amount" | "reversed">>;
    /** Stripe's list: awaited, one page; iterated with `for await`, every page (the SDK's auto-pagination). */
    list(params: Stripe.TransferListParams): AsyncIterable<ListedTransfer>;
  };
  refunds: {
    retrieve(id: string): Promise<Pick<Stripe.Refund, "id" | "amount" | "status">>;
    list(params: Stripe.RefundListParams): AsyncIterable<ListedRefund>;
  };
  checkout: { sessions: { retrieve(id: string, params?: Stripe.Checkout.SessionRetrieveParams): Promise<SessionCharge> } };
};

const notFound = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

export function stripeProviderBooks(client: () => Promise<StripeBooksClient>): ProviderBooks {
  return {
    name: "stripe",
    async find(kind, ref) {
      if (!ref.providerObjectId) return null;
      const stripe = await client();
      try {
        if (kind === "transfer") {
          const transfer = await stripe.transfers.retrieve(ref.providerObjectId);
          return transfer.reversed ? null : { id: transfer.id, amountPence: transfer.amount };
        }
        const refund = await stripe.refunds.retrieve(ref.providerObjectId);
        return refund.status === "failed" || refund.status === "canceled" ? null : { id: refund.id, amountPence: refund.amount };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async charge(payment) {
      // A TEST MODE payment (from before Stripe was configured) has no other books than its row.
      if (payment.provider !== "stripe") return testCharge(payment);
      if (!payment.providerSessionId) return null;
      const stripe = await client();
      try {
        return chargeOfSession(await stripe.checkout.sessions.retrieve(payment.providerSessionId, { expand: ["payment_intent"] }));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async unknown(known, since) {
      const stripe = await client();
      const created = { gte: Math.floor(since.getTime() / 1000) };
      const found: UnknownObject[] = [];
      for await (const transfer of stripe.transfers.list({ created, limit: 100 })) {
        if (known.providerObjectIds.has(transfer.id)) continue;
        const amountPence = transfer.amount - (transfer.amount_reversed ?? 0);
        if (amountPence <= 0) continue; // reversed in full: no money moved
        found.push({ id: transfer.id, kind: "transfer", amountPence, bookingId: bookingIdOf(transfer.transfer_group) ?? bookingIdOf(transfer.metadata?.booking_id) });
      }
      for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
        if (known.providerObjectIds.has(refund.id) || refund.status === "failed" || refund.status === "canceled") continue;
        found.push({ id: refund.id, kind: "refund", amountPence: refund.amount, bookingId: bookingIdOf(refund.metadata?.booking_id) });
      }
      return found;
    },
  };
}

export function providerBooksFor(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">, db: Db): ProviderBooks {
  if (!config.STRIPE_SECRET_KEY) return testProviderBooks(db);
  let client: Promise<StripeBooksClient> | undefined;
  return stripeProviderBooks(() => (client ??= createStripeClient(config) as Promise<unknown> as Promise<StripeBooksClient>));
}

/**
 * Opens the run of `day` and queues it, once: of several instances asking at once, only the one whose
 * insert wins queues the job (the unique day), in the same transaction. Answers the run's id, or null
 * when that day's run already exists.
 */
export async function startDailyReconciliation(db: Db, provider: ProviderBooks["name"], now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ day: ukDate(now), provider, startedAt: now })
      .onConflictDoNothing({ target: reconciliationRuns.day, where: sql`${reconciliationRuns.source} = 'daily'` })
      .returning({ id: reconciliationRuns.id });
    if (!run) return null;
    await enqueueJob(tx, RECONCILIATION_JOB, { runId: run.id } satisfies ReconciliationPayload, { maxAttempts: 5 });
    return run.id;
  });
}

/**
 * Staff's "Run now": a run of its own beside the day's, queued at once, and `audit` written in the
 * same transaction. Refused (null) while a run is still running, so that two runs never compare at
 * once and a double click queues one. Answers the new run's id.
 */
export async function startReconciliationNow(
  db: Db,
  provider: ProviderBooks["name"],
  audit: (tx: DbOrTx, runId: number) => Promise<void>,
  now: Date = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Two staff members asking at once: one checks and inserts, then the other finds it running.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reconciliation-run-now'))`);
    const [running] = await tx.select({ id: reconciliationRuns.id }).from(reconciliationRuns).where(eq(reconciliationRuns.status, "running")).limit(1);
    if (running) return null;
    const [run] = await tx.insert(reconciliationRuns).values({ day: ukDate(now), source: "staff", provider, startedAt: now }).returning({ id: reconciliationRuns.id });
    await enqueueJob(tx, RECONCILIATION_JOB, { runId: run!.id } satisfies ReconciliationPayload, { maxAttempts: 5 });
    await audit(tx, run!.id);
    return run!.id;
  });
}

type Found = MismatchFound;

/** Per booking and kind, what the ledger says was paid out (transfers) and paid back (refunds). */
async function ledgerMovements(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ bookingId: ledgerEvents.bookingId, kind: ledgerEvents.kind, pence: sql<string>`sum(${ledgerEntries.amountPence})` })
    .from(ledgerEntries)
    .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      sql`(${ledgerEvents.kind} = 'payout' and ${ledgerAccounts.code} = ${ACCOUNTS.fixerPayouts}) or (${ledgerEvents.kind} = 'refund_paid' and ${ledgerAccounts.code} = ${ACCOUNTS.customerPayments})`,
    )
    .groupBy(ledgerEvents.bookingId, ledgerEvents.kind);
  return new Map(rows.map((r) => [`${r.bookingId}:${r.kind === "payout" ? "transfer" : "refund"}`, Number(r.pence)]));
}

/** The ledger's payment-received events (booked, or received and refunded as unused: bookings.server.ts), by idempotency key. */
async function ledgerCharges(db: Db): Promise<Map<string, { bookingId: number | null; pence: number }>> {
  const rows = await db
    .select({ key: ledgerEvents.idempotencyKey, bookingId: ledgerEvents.bookingId, pence: sql<string>`sum(${ledgerEntries.amountPence})` })
    .from(ledgerEntries)
    .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(inArray(ledgerEvents.kind, ["payment", "payment_unused"]), eq(ledgerAccounts.code, ACCOUNTS.customerPayments)))
    .groupBy(ledgerEvents.idempotencyKey, ledgerEvents.bookingId);
  // Cash in is negative on customer_payments.
  return new Map(rows.map((r) => [r.key, { bookingId: r.bookingId, pence: -Number(r.pence) }]));
}

/**
 * Every booking payment either side knows of, with the provider's word on it: those with a ledger
 * event, those marked paid, and recent pending ones (a Stripe webhook may have been lost). A payment
 * without a ledger event that changed in the last minutes is left for the next run.
 */
async function chargeChecks(db: Db, books: ProviderBooks, now: Date): Promise<ChargeCheck[]> {
  const [ledger, rows] = await Promise.all([
    ledgerCharges(db),
    db
      .select({ id: payments.id, provider: payments.provider, providerSessionId: payments.providerSessionId, status: payments.status, amountPence: payments.amountPence, reference: payments.reference, createdAt: payments.createdAt, updatedAt: payments.updatedAt })
      .from(payments)
      .where(eq(payments.product, PRODUCT_CODES.booking)),
  ]);
  const checks: ChargeCheck[] = [];
  const since = now.getTime() - LISTING_WINDOW_MS;
  for (const payment of rows) {
    const key = paymentReceivedKey(payment.id);
    const inLedger = ledger.get(key);
    ledger.delete(key);
    if (!inLedger) {
      const mayBePaid = payment.status === "paid" || (payment.status === "pending" && payment.createdAt.getTime() >= since);
      if (!mayBePaid || payment.updatedAt.getTime() > now.getTime() - CHARGE_GRACE_MS) continue;
    }
    const provider = await books.charge(payment);
    checks.push({
      paymentId: payment.id,
      bookingId: inLedger?.bookingId ?? bookingIdOf(String(payment.reference.bookingId ?? "")),
      reference: payment.providerSessionId,
      ledgerPence: inLedger?.pence ?? null,
      provider,
    });
  }
  // A ledger event whose payment is not a booking payment of ours: the provider cannot have it.
  for (const [key, event] of ledger) {
    checks.push({ paymentId: key.replace(/^payment-|-received$/g, ""), bookingId: event.bookingId, reference: null, ledgerPence: event.pence, provider: null });
  }
  return checks;
}

/** Compares everything; writes nothing. Says how many of each it compared (`checked`), and in all. */
export async function findMismatches(db: Db, books: ProviderBooks, now: Date = new Date()): Promise<{ operationsChecked: number; checked: CheckedCounts; mismatches: Found[] }> {
  const operations = await db.select().from(providerOperations);
  const mismatches: Found[] = [];
  const fromOperations = new Map<string, number>();
  const counted: CheckedCounts = { charges: 0, transfers: 0, refunds: 0 };
  let checked = 0;
  for (const op of operations) {
    if (op.status !== "succeeded") continue;
    checked += 1;
    const kind = op.kind as OperationKind;
    counted[kind === "transfer" ? "transfers" : "refunds"] += 1;
    const key = `${op.bookingId}:${kind}`;
    fromOperations.set(key, (fromOperations.get(key) ?? 0) + op.amountPence);
    const reported = await books.find(kind, { idempotencyKey: op.idempotencyKey, providerObjectId: op.providerObjectId });
    const base = { bookingId: op.bookingId, operationId: op.id, moneyKind: kind, ledgerPence: op.amountPence };
    if (!reported) {
      mismatches.push({ ...base, kind: "missing_at_provider", providerObjectId: op.providerObjectId, providerPence: null, detail: `FixiT recorded a ${kind} the provider does not have.` });
    } else if (reported.amountPence !== op.amountPence) {
      mismatches.push({ ...base, kind: "amount_differs", providerObjectId: reported.id, providerPence: reported.amountPence, detail: `The provider's ${kind} is for a different amount.` });
    }
  }
  const ledger = await ledgerMovements(db);
  for (const key of new Set([...ledger.keys(), ...fromOperations.keys()])) {
    const [bookingId, kind] = key.split(":") as [string, OperationKind];
    const inLedger = ledger.get(key) ?? 0;
    const inOperations = fromOperations.get(key) ?? 0;
    if (inLedger === inOperations) continue;
    mismatches.push({
      kind: "ledger_differs",
      bookingId: Number(bookingId),
      operationId: null,
      moneyKind: kind,
      providerObjectId: null,
      ledgerPence: inLedger,
      providerPence: inOperations,
      detail: `The ledger's ${kind === "transfer" ? "payouts" : "paid refunds"} differ from the provider operations that made them.`,
    });
  }
  const charges = await chargeChecks(db, books, now);
  checked += charges.length;
  counted.charges = charges.length;
  mismatches.push(...chargeMismatches(charges));

  const known = {
    idempotencyKeys: new Set(operations.map((op) => op.idempotencyKey)),
    providerObjectIds: new Set(operations.flatMap((op) => (op.providerObjectId ? [op.providerObjectId] : []))),
  };
  const unknown = await books.unknown(known, new Date(now.getTime() - LISTING_WINDOW_MS));
  // A refund made outside FixiT names no booking; the charge.refunded webhook may have told us which (provider_objects).
  const unnamed = unknown.filter((o) => o.bookingId === null).map((o) => o.id);
  const told = unnamed.length
    ? new Map((await db.select({ id: providerObjects.id, bookingId: providerObjects.bookingId }).from(providerObjects).where(inArray(providerObjects.id, unnamed))).map((r) => [r.id, r.bookingId]))
    : new Map<string, number | null>();
  for (const object of unknown) {
    mismatches.push({
      kind: "unknown_at_provider",
      bookingId: object.bookingId ?? told.get(object.id) ?? null,
      operationId: null,
      moneyKind: object.kind,
      providerObjectId: object.id,
      ledgerPence: null,
      providerPence: object.amountPence,
      detail: `The provider holds a ${object.kind} no FixiT operation asked for.`,
    });
  }
  return { operationsChecked: checked, checked: counted, mismatches };
}

/**
 * Runs one queued run: compares, then writes its mismatches and figures once (a run already finished
 * is left as it is). A failure (the provider unreachable) is written on the run for staff to see and
 * thrown, so the job queue tries again.
 */
export async function runReconciliation(db: Db, books: ProviderBooks, runId: number): Promise<void> {
  const [run] = await db.select({ status: reconciliationRuns.status }).from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
  if (!run || run.status === "finished") return;
  let found: Awaited<ReturnType<typeof findMismatches>>;
  let health: Awaited<ReturnType<typeof ledgerCheck>>;
  try {
    [found, health] = await Promise.all([findMismatches(db, books), ledgerCheck(db)]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(reconciliationRuns)
      .set({ status: "failed", error: message.slice(0, 500) })
      .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])));
    throw error;
  }
  const { operationsChecked, checked, mismatches } = found;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(reconciliationRuns)
      .set({
        status: "finished",
        finishedAt: new Date(),
        operationsChecked,
        chargesChecked: checked.charges,
        transfersChecked: checked.transfers,
        refundsChecked: checked.refunds,
        mismatchCount: mismatches.length,
        ledgerTotalPence: health.total,
        unbalancedEvents: health.unbalancedEventIds.length,
        error: null,
      })
      .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])))
      .returning({ id: reconciliationRuns.id });
    if (!claimed || mismatches.length === 0) return;
    await tx.insert(reconciliationMismatches).values(mismatches.map((m) => ({ ...m, runId })));
  });
}

/** The newest run (the day's or one staff asked for: the last opened) with its mismatches, for the staff console; null before the first run. */
export async function latestReconciliation(db: Db): Promise<{ run: ReconciliationRun; mismatches: ReconciliationMismatch[] } | null> {
  const [run] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(1);
  if (!run) return null;
  const mismatches = await db.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.runId, run.id)).orderBy(reconciliationMismatches.id);
  return { run, mismatches };
}

const HOUR = 3_600_000;

/**
 * Every instance asks each hour (and a minute after start) for today's run; the unique day makes it
 * one run a day however many instances ask. Returns the stop.
 */
export function scheduleReconciliation(services: { db: Db; config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">; logger: { error(o: object, m: string): void } }, everyMs = HOUR): () => void {
  const name = services.config.STRIPE_SECRET_KEY ? "stripe" : "test";
  const run = () => void startDailyReconciliation(services.db, name).catch((error: unknown) => services.logger.error({ err: error }, "reconciliation: could not open today's run"));
  const first = setTimeout(run, 60_000);
  const hourly = setInterval(run, everyMs);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
