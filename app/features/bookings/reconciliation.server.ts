import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerEvents,
  providerOperations,
  reconciliationMismatches,
  reconciliationRuns,
  testProviderObjects,
  type ReconciliationMismatch,
  type ReconciliationRun,
} from "#server/db/schema/bookings.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { createStripeClient } from "~/features/payments/stripe.server.ts";
import { ACCOUNTS, ledgerCheck } from "./ledger.server";
import { ukDate } from "./slots";

/**
 * The daily reconciliation (decision 053): every succeeded provider operation is looked up in the
 * provider's own books (TEST MODE: test_provider_objects by idempotency key; Stripe: the transfer or
 * refund by its stored id), and per booking the ledger's payouts and paid refunds are compared with
 * the operations that made them. Differences are written as mismatches of the day's run; the ledger's
 * own health (total 0, no unbalanced event) is written on the run.
 */

export const RECONCILIATION_JOB = "booking_reconciliation";
export type ReconciliationPayload = { runId: number };

type MoneyKind = "transfer" | "refund";
export type MismatchKind = "missing_at_provider" | "amount_differs" | "unknown_at_provider" | "ledger_differs";

/** What the provider says it holds for one operation: its object and amount, or null when it has none. */
export type ProviderBooks = {
  readonly name: "test" | "stripe";
  find(kind: MoneyKind, ref: { idempotencyKey: string; providerObjectId: string | null }): Promise<{ id: string; amountPence: number } | null>;
  /** Objects the provider holds that no operation of ours asked for (TEST MODE only: Stripe's are found per booking). */
  unknown(knownKeys: ReadonlySet<string>): Promise<{ id: string; kind: MoneyKind; amountPence: number; reference: string | null }[]>;
};

export function testProviderBooks(db: Db): ProviderBooks {
  return {
    name: "test",
    async find(kind, ref) {
      const [row] = await db.select().from(testProviderObjects).where(eq(testProviderObjects.idempotencyKey, ref.idempotencyKey));
      return row && row.kind === kind ? { id: row.id, amountPence: row.amountPence } : null;
    },
    async unknown(knownKeys) {
      const rows = await db.select().from(testProviderObjects);
      return rows.filter((r) => !knownKeys.has(r.idempotencyKey)).map((r) => ({ id: r.id, kind: r.kind as MoneyKind, amountPence: r.amountPence, reference: r.reference }));
    },
  };
}

/** The slice of the Stripe client reconciliation reads; a test passes a fake with the same shape. */
export type StripeBooksClient = {
  transfers: { retrieve(id: string): Promise<Pick<Stripe.Transfer, "id" | "amount" | "reversed">> };
  refunds: { retrieve(id: string): Promise<Pick<Stripe.Refund, "id" | "amount" | "status">> };
};

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
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    unknown: async () => [],
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
      .onConflictDoNothing({ target: reconciliationRuns.day })
      .returning({ id: reconciliationRuns.id });
    if (!run) return null;
    await enqueueJob(tx, RECONCILIATION_JOB, { runId: run.id } satisfies ReconciliationPayload, { maxAttempts: 5 });
    return run.id;
  });
}

type Found = Omit<typeof reconciliationMismatches.$inferInsert, "runId">;

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

/** Compares everything; writes nothing. */
export async function findMismatches(db: Db, books: ProviderBooks): Promise<{ operationsChecked: number; mismatches: Found[] }> {
  const operations = await db.select().from(providerOperations);
  const mismatches: Found[] = [];
  const fromOperations = new Map<string, number>();
  for (const op of operations) {
    if (op.status !== "succeeded") continue;
    const kind = op.kind as MoneyKind;
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
    const [bookingId, kind] = key.split(":") as [string, MoneyKind];
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
  for (const object of await books.unknown(new Set(operations.map((op) => op.idempotencyKey)))) {
    const bookingId = /^booking-(\d+)$/.exec(object.reference ?? "")?.[1];
    mismatches.push({
      kind: "unknown_at_provider",
      bookingId: bookingId ? Number(bookingId) : null,
      operationId: null,
      moneyKind: object.kind,
      providerObjectId: object.id,
      ledgerPence: null,
      providerPence: object.amountPence,
      detail: `The provider holds a ${object.kind} no FixiT operation asked for.`,
    });
  }
  return { operationsChecked: operations.filter((op) => op.status === "succeeded").length, mismatches };
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
  const { operationsChecked, mismatches } = found;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(reconciliationRuns)
      .set({ status: "finished", finishedAt: new Date(), operationsChecked, mismatchCount: mismatches.length, ledgerTotalPence: health.total, unbalancedEvents: health.unbalancedEventIds.length, error: null })
      .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])))
      .returning({ id: reconciliationRuns.id });
    if (!claimed || mismatches.length === 0) return;
    await tx.insert(reconciliationMismatches).values(mismatches.map((m) => ({ ...m, runId })));
  });
}

/** The newest run with its mismatches, for the staff console; null before the first run. */
export async function latestReconciliation(db: Db): Promise<{ run: ReconciliationRun; mismatches: ReconciliationMismatch[] } | null> {
  const [run] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.day)).limit(1);
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
