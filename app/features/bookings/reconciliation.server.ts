import { and, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "#server/config.ts";
import type { Db, DbOrTx } from "#server/db/client.ts";
import {
  providerObjects,
  providerOperations,
  reconciliationMismatches,
  reconciliationRuns,
  testProviderObjects,
  type ReconciliationMismatch,
  type ReconciliationRun,
} from "#server/db/schema/bookings.ts";
import { keepPaymentIntent, type Payment, type PaymentStatus } from "~/features/payments/booking-payments.server.ts";
import { paymentsAs, paymentsView } from "~/features/payments/projections.server.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { PRODUCT_CODES } from "~/features/payments/products.ts";
import { createStripeClient } from "~/features/payments/stripe.server.ts";
import { ACCOUNTS } from "./ledger.server";
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

/** The payments a booking takes: its own checkout and its extra charges' (decision 084). */
const BOOKING_PRODUCTS = sql.join([sql`${PRODUCT_CODES.booking}`, sql`${PRODUCT_CODES.bookingExtra}`], sql`, `);
/** Payments' read-only projection under the alias the statements below use (decision 089: payments owns the rows; the planner flattens it). */
const paymentsP = paymentsAs("p");
export type ReconciliationPayload = { runId: number };

/** The operations' kinds: what FixiT asks the provider to do after a charge. */
type OperationKind = "transfer" | "refund";

/** How far back Stripe's transfers and refunds are listed each day: an unknown one is reported by every run for five weeks. */
export const LISTING_WINDOW_MS = 35 * 86_400_000;
/** A booking payment changed this recently may still be on its way into the ledger (a webhook, a fulfilment): not yet "missing". */
export const CHARGE_GRACE_MS = 15 * 60_000;

/** A booking payment as the books are asked about it. */
export type ChargeRef = Pick<Payment, "id" | "provider" | "providerSessionId" | "status" | "amountPence"> & Partial<Pick<Payment, "providerPaymentIntentId">>;

/** An object the provider holds that no operation of ours asked for. */
export type UnknownObject = { id: string; kind: OperationKind; amountPence: number; bookingId: number | null };

/** What the provider says it holds for one operation: its object and amount, or null when it has none. */
export type ProviderBooks = {
  readonly name: "test" | "stripe";
  find(kind: OperationKind, ref: { idempotencyKey: string; providerObjectId: string | null }): Promise<{ id: string; amountPence: number } | null>;
  /** What the provider took for one booking payment, or null when it took nothing (never paid, failed, not found). */
  charge(payment: ChargeRef): Promise<ChargeAtProvider>;
  /**
   * Objects the provider holds that no operation of ours asked for, created since `since` (null: TEST
   * MODE all of them, Stripe its listing window), a page at a time; `known` says which of a page's
   * provider ids an operation of ours made.
   */
  unknown(since: Date | null, known: (providerObjectIds: string[]) => Promise<ReadonlySet<string>>): AsyncIterable<UnknownObject[]>;
  /**
   * The provider's balance transactions that carry a fee (a charge's processing fee, a dispute fee),
   * over the listing window, a page at a time (decision 078). TEST MODE charges no fees: it has none.
   */
  fees?(): AsyncIterable<ProviderFee[]>;
};

/** One balance transaction's fee at the provider: its id, what it is about (ch_… or dp_…) and the fee in pence. */
export type ProviderFee = { id: string; source: string | null; feePence: number };

/** TEST MODE's charge: the payments row is the test checkout's own record, paid or not. */
const testCharge = (payment: ChargeRef): ChargeAtProvider => (payment.status === "paid" ? { id: payment.id, amountPence: payment.amountPence } : null);

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function testProviderBooks(db: Db): ProviderBooks {
  return {
    name: "test",
    async find(kind, ref) {
      const [row] = await db.select().from(testProviderObjects).where(eq(testProviderObjects.idempotencyKey, ref.idempotencyKey));
      return row && row.kind === kind ? { id: row.id, amountPence: row.amountPence } : null;
    },
    charge: async (payment) => testCharge(payment),
    /** The test provider's books are a table: the objects no operation asked for are found by one anti-join, a page at a time. */
    async *unknown(since) {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const rows: { id: string; kind: string; amount_pence: number; reference: string | null; at: string }[] = await rowsOf(
          db,
          sql`select t.id, t.kind, t.amount_pence, t.reference, t.created_at::text as at
              from test_provider_objects t
              where ${since ? sql`t.created_at > ${since.toISOString()}::timestamptz` : sql`true`}
                and ${after ? sql`(t.created_at, t.id) > (${after.at}::timestamptz, ${after.id})` : sql`true`}
                and not exists (select 1 from provider_operations op where op.idempotency_key = t.idempotency_key)
              order by t.created_at, t.id
              limit ${RECONCILIATION_BATCH}`,
        );
        if (rows.length === 0) return;
        yield rows.map((r) => ({ id: r.id, kind: r.kind as OperationKind, amountPence: Number(r.amount_pence), bookingId: bookingIdOf(r.reference) }));
        if (rows.length < RECONCILIATION_BATCH) return;
        after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
      }
    },
  };
}

type ListedTransfer = Pick<Stripe.Transfer, "id" | "amount" | "amount_reversed" | "transfer_group" | "metadata">;
type ListedRefund = Pick<Stripe.Refund, "id" | "amount" | "status" | "metadata">;

/** The slice of the Stripe client reconciliation reads; a test passes a fake with the same shape. */
export type StripeBooksClient = {
  transfers: {
    retrieve(id: string): Promise<Pick<Stripe.Transfer, "id" | "amount" | "reversed"> & Partial<Pick<Stripe.Transfer, "amount_reversed">>>;
    /** Stripe's list: awaited, one page; iterated with `for await`, every page (the SDK's auto-pagination). */
    list(params: Stripe.TransferListParams): AsyncIterable<ListedTransfer>;
  };
  refunds: {
    retrieve(id: string): Promise<Pick<Stripe.Refund, "id" | "amount" | "status">>;
    list(params: Stripe.RefundListParams): AsyncIterable<ListedRefund>;
  };
  checkout: { sessions: { retrieve(id: string, params?: Stripe.Checkout.SessionRetrieveParams): Promise<SessionCharge> } };
  paymentIntents: { retrieve(id: string): Promise<Pick<Stripe.PaymentIntent, "id" | "status" | "amount_received" | "latest_charge">> };
  balanceTransactions: { list(params: Stripe.BalanceTransactionListParams): AsyncIterable<Pick<Stripe.BalanceTransaction, "id" | "fee" | "source">> };
};

const notFound = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/** How many of Stripe's listed objects are matched against the operations at once (Stripe's own page size). */
const STRIPE_PAGE = 100;

/**
 * Stripe's books. A paid payment's charge is read from its stored PaymentIntent (decision 076); only
 * a payment without one (never paid, or paid before the ids were kept) is read through its Checkout
 * Session, and with `db` the ids that read finds are kept, so it is read that way once.
 */
export function stripeProviderBooks(client: () => Promise<StripeBooksClient>, db?: Db): ProviderBooks {
  return {
    name: "stripe",
    async find(kind, ref) {
      if (!ref.providerObjectId) return null;
      const stripe = await client();
      try {
        if (kind === "transfer") {
          const transfer = await stripe.transfers.retrieve(ref.providerObjectId);
          // What is left of it: a part reversal shows as a smaller transfer.
          return transfer.reversed ? null : { id: transfer.id, amountPence: transfer.amount - (transfer.amount_reversed ?? 0) };
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
      const stripe = await client();
      try {
        if (payment.providerPaymentIntentId) {
          const intent = await stripe.paymentIntents.retrieve(payment.providerPaymentIntentId);
          return intent.status === "succeeded" ? { id: intent.id, amountPence: intent.amount_received } : null;
        }
        if (!payment.providerSessionId) return null;
        const session = await stripe.checkout.sessions.retrieve(payment.providerSessionId, { expand: ["payment_intent"] });
        const intent = session.payment_intent;
        if (db && payment.status === "paid" && intent && typeof intent === "object") {
          const chargeId = typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null);
          await keepPaymentIntent(db, payment.id, intent.id, chargeId);
        }
        return chargeOfSession(session);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    /**
     * Stripe's transfers and refunds created since `since` (null: the listing window), every page
     * (created[gte] and starting_after, 100 a page), each page of ids matched against the operations
     * at once: nothing but one page is held.
     */
    async *fees() {
      const stripe = await client();
      const created = { gte: Math.floor((Date.now() - LISTING_WINDOW_MS) / 1000) };
      let page: ProviderFee[] = [];
      for await (const txn of stripe.balanceTransactions.list({ created, limit: STRIPE_PAGE })) {
        if (!txn.fee) continue;
        page.push({ id: txn.id, source: typeof txn.source === "string" ? txn.source : (txn.source?.id ?? null), feePence: txn.fee });
        if (page.length >= STRIPE_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    async *unknown(since, known) {
      const stripe = await client();
      const created = { gte: Math.floor((since ?? new Date(Date.now() - LISTING_WINDOW_MS)).getTime() / 1000) };
      type Listed = { id: string; object: UnknownObject | null };
      async function* pages(items: AsyncIterable<Listed>) {
        let page: Listed[] = [];
        const flush = async () => {
          const ours = await known(page.map((item) => item.id));
          const found = page.flatMap((item) => (item.object && !ours.has(item.id) ? [item.object] : []));
          page = [];
          return found;
        };
        for await (const item of items) {
          page.push(item);
          if (page.length >= STRIPE_PAGE) yield await flush();
        }
        if (page.length) yield await flush();
      }
      async function* transfers(): AsyncIterable<Listed> {
        for await (const transfer of stripe.transfers.list({ created, limit: STRIPE_PAGE })) {
          const amountPence = transfer.amount - (transfer.amount_reversed ?? 0);
          // Reversed in full: no money moved.
          const object = amountPence > 0 ? { id: transfer.id, kind: "transfer" as const, amountPence, bookingId: bookingIdOf(transfer.transfer_group) ?? bookingIdOf(transfer.metadata?.booking_id) } : null;
          yield { id: transfer.id, object };
        }
      }
      async function* refunds(): AsyncIterable<Listed> {
        for await (const refund of stripe.refunds.list({ created, limit: STRIPE_PAGE })) {
          const object = refund.status === "failed" || refund.status === "canceled" ? null : { id: refund.id, kind: "refund" as const, amountPence: refund.amount, bookingId: bookingIdOf(refund.metadata?.booking_id) };
          yield { id: refund.id, object };
        }
      }
      for await (const found of pages(transfers())) if (found.length) yield found;
      for await (const found of pages(refunds())) if (found.length) yield found;
    },
  };
}

export function providerBooksFor(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">, db: Db): ProviderBooks {
  if (!config.STRIPE_SECRET_KEY) return testProviderBooks(db);
  let client: Promise<StripeBooksClient> | undefined;
  return stripeProviderBooks(() => (client ??= createStripeClient(config) as Promise<unknown> as Promise<StripeBooksClient>), db);
}

/**
 * Opens the run of `day` and queues it, once: of several instances asking at once, only the one whose
 * insert wins queues the job (the unique day), in the same transaction. Answers the run's id, or null
 * when that day's run already exists. Stale runs (failStaleRuns) are marked failed first.
 */
export async function startDailyReconciliation(db: Db, provider: ProviderBooks["name"], now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    // A run killed half-way is closed first (by the clock, not the day asked for).
    await failStaleRuns(tx);
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
    // A run killed half-way no longer blocks "Run now" for ever.
    await failStaleRuns(tx);
    const [running] = await tx.select({ id: reconciliationRuns.id }).from(reconciliationRuns).where(eq(reconciliationRuns.status, "running")).limit(1);
    if (running) return null;
    const [run] = await tx.insert(reconciliationRuns).values({ day: ukDate(now), source: "staff", provider, startedAt: now }).returning({ id: reconciliationRuns.id });
    await enqueueJob(tx, RECONCILIATION_JOB, { runId: run!.id } satisfies ReconciliationPayload, { maxAttempts: 5 });
    await audit(tx, run!.id);
    return run!.id;
  });
}

type Found = MismatchFound;

/** How many operations, payments or ledger events one step of a run reads at once (issue 47: memory independent of history). */
export const RECONCILIATION_BATCH = 1_000;
/** A run whose heartbeat is older than this was killed half-way (a crash, a deploy): it is marked failed. */
export const STALE_RUN_MS = 15 * 60_000;

/** What one call of findMismatches compares: everything (since null), or what changed after a watermark. */
export type MismatchScope = {
  /** The previous good run's watermark: only operations, payments and ledger events changed after it are compared. */
  since?: Date | null;
  /** Called after each batch (the run's heartbeat). */
  onBatch?: () => Promise<void>;
};

type OperationRow = {
  id: number;
  idempotency_key: string;
  kind: OperationKind;
  booking_id: number;
  amount_pence: number;
  provider_object_id: string | null;
  at: string;
  /** How much of a transfer the transfer.reversed webhook recorded as reversed (provider_objects), or null. */
  reversed_pence: number | null;
  /** TEST MODE: the test provider's object for the operation, joined in SQL. */
  t_id?: string | null;
  t_pence?: number | null;
};

/** The succeeded operations (changed after `since`), a keyset page of RECONCILIATION_BATCH at a time by (succeeded at, id). */
async function* operationPages(db: Db, since: Date | null, joinTestBooks: boolean): AsyncGenerator<OperationRow[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows: OperationRow[] = await rowsOf(
      db,
      sql`select op.id::float8 as id, op.idempotency_key, op.kind, op.booking_id::float8 as booking_id, op.amount_pence, op.provider_object_id,
            coalesce(op.completed_at, op.created_at)::text as at,
            (select r.amount_pence from provider_objects r where r.id = op.provider_object_id and r.kind = 'transfer_reversal')::float8 as reversed_pence
            ${joinTestBooks ? sql`, t.id as t_id, t.amount_pence as t_pence` : sql``}
          from provider_operations op
          ${joinTestBooks ? sql`left join test_provider_objects t on t.idempotency_key = op.idempotency_key and t.kind = op.kind` : sql``}
          where op.status = 'succeeded'
            and ${since ? sql`coalesce(op.completed_at, op.created_at) > ${since.toISOString()}::timestamptz` : sql`true`}
            and ${after ? sql`(coalesce(op.completed_at, op.created_at), op.id) > (${after.at}::timestamptz, ${after.id})` : sql`true`}
          order by coalesce(op.completed_at, op.created_at), op.id
          limit ${RECONCILIATION_BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < RECONCILIATION_BATCH) return;
    after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
  }
}

/**
 * Per booking and kind, the ledger's payouts (transfers) and paid refunds against the operations that
 * made them, compared in SQL for the bookings touched since `since` (all of them when null): only
 * the differences come back.
 */
async function ledgerDifferences(db: Db, since: Date | null): Promise<Found[]> {
  const touched = since
    ? sql`(select booking_id from provider_operations where status = 'succeeded' and coalesce(completed_at, created_at) > ${since.toISOString()}::timestamptz
           union select booking_id from ledger_events where kind in ('payout', 'refund_paid') and created_at > ${since.toISOString()}::timestamptz and booking_id is not null)`
    : null;
  const rows: { booking_id: number | null; kind: OperationKind; ledger: number; operations: number }[] = await rowsOf(
    db,
    sql`with ops as (
          select booking_id, kind, sum(amount_pence) as pence from provider_operations
          where status = 'succeeded' ${touched ? sql`and booking_id in ${touched}` : sql``}
          group by booking_id, kind
        ), led as (
          select e.booking_id, case when e.kind = 'payout' then 'transfer' else 'refund' end as kind, sum(le.amount_pence) as pence
          from ledger_events e
          join ledger_entries le on le.event_id = e.id
          join ledger_accounts a on a.id = le.account_id
          where ((e.kind = 'payout' and a.code = ${ACCOUNTS.fixerPayouts}) or (e.kind = 'refund_paid' and a.code = ${ACCOUNTS.customerPayments}))
            ${touched ? sql`and e.booking_id in ${touched}` : sql``}
          group by e.booking_id, e.kind
        )
        select coalesce(o.booking_id, l.booking_id)::float8 as booking_id, coalesce(o.kind, l.kind) as kind,
          coalesce(l.pence, 0)::float8 as ledger, coalesce(o.pence, 0)::float8 as operations
        from ops o full join led l on l.booking_id = o.booking_id and l.kind = o.kind
        where coalesce(l.pence, 0) <> coalesce(o.pence, 0)
        order by 1, 2`,
  );
  return rows.map((r) => ({
    kind: "ledger_differs",
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    operationId: null,
    moneyKind: r.kind,
    providerObjectId: null,
    ledgerPence: Number(r.ledger),
    providerPence: Number(r.operations),
    detail: `The ledger's ${r.kind === "transfer" ? "payouts" : "paid refunds"} differ from the provider operations that made them.`,
  }));
}

type PaymentRow = {
  id: string;
  provider: string;
  provider_session_id: string | null;
  provider_payment_intent_id: string | null;
  status: PaymentStatus;
  amount_pence: number;
  reference: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  ledger_booking_id: number | null;
  ledger_pence: number | null;
};

/** The customer_payments side of a payment's payment-received event (booked, or received and refunded as unused: bookings.server.ts). Cash in is negative there. */
const receivedLedger = (paymentId: SQL) => sql`left join lateral (
    select e.booking_id, -sum(le.amount_pence) as pence
    from ledger_events e
    join ledger_entries le on le.event_id = e.id
    join ledger_accounts a on a.id = le.account_id
    where e.idempotency_key = 'payment-' || ${paymentId} || '-received' and e.kind in ('payment', 'payment_unused') and a.code = ${ACCOUNTS.customerPayments}
    group by e.booking_id
  ) l on true`;

/**
 * The booking payments to compare, a page at a time by id, each with its ledger event joined: all of
 * them (since null); or those changed after `since`, those whose payment-received event was written
 * after it, and the pending ones of the listing window (a Stripe webhook may have been lost: nothing
 * in FixiT changes then, so they are asked about again each run, as before).
 */
async function* paymentPages(db: Db, since: Date | null, now: Date): AsyncGenerator<PaymentRow[]> {
  const windowStart = new Date(now.getTime() - LISTING_WINDOW_MS).toISOString();
  let after: string | null = null;
  for (;;) {
    let page: SQL;
    let more: boolean;
    if (since) {
      // The candidates first (small: a day's changes), then their rows: an orphan event's id has no booking payment.
      const candidates: { id: string }[] = await rowsOf(
        db,
        sql`select c.id from (
              select id from ${paymentsView} where product in (${BOOKING_PRODUCTS}) and updated_at > ${since.toISOString()}::timestamptz
              union select id from ${paymentsView} where status = 'pending' and product in (${BOOKING_PRODUCTS}) and created_at >= ${windowStart}::timestamptz
              union select substring(idempotency_key from '^payment-(.*)-received$') from ledger_events
                where kind in ('payment', 'payment_unused') and created_at > ${since.toISOString()}::timestamptz
            ) c
            where c.id is not null and ${after === null ? sql`true` : sql`c.id > ${after}`}
            order by c.id limit ${RECONCILIATION_BATCH}`,
      );
      if (candidates.length === 0) return;
      page = sql`p.id in (${sql.join(candidates.map((c) => sql`${c.id}`), sql`, `)})`;
      more = candidates.length === RECONCILIATION_BATCH;
      after = candidates.at(-1)!.id;
    } else {
      page = after === null ? sql`true` : sql`p.id > ${after}`;
      more = true;
    }
    const rows: PaymentRow[] = await rowsOf(
      db,
      sql`select p.id, p.provider, p.provider_session_id, p.provider_payment_intent_id, p.status, p.amount_pence, p.reference, p.created_at::text as created_at, p.updated_at::text as updated_at,
            l.booking_id::float8 as ledger_booking_id, l.pence::float8 as ledger_pence
          from ${paymentsP}
          ${receivedLedger(sql`p.id`)}
          where p.product in (${BOOKING_PRODUCTS}) and ${page}
          order by p.id
          limit ${RECONCILIATION_BATCH}`,
    );
    if (rows.length) yield rows;
    if (!since) {
      if (rows.length < RECONCILIATION_BATCH) return;
      after = rows.at(-1)!.id;
    } else if (!more) return;
  }
}

/**
 * Payment-received events whose payment is not a booking payment of ours (written after `since`, or
 * all): the provider cannot have them. Keyset by event id, RECONCILIATION_BATCH at a time.
 */
async function* orphanChargePages(db: Db, since: Date | null): AsyncGenerator<{ key: string; booking_id: number | null; pence: number }[]> {
  let after = 0;
  for (;;) {
    const rows: { id: number; key: string; booking_id: number | null; pence: number }[] = await rowsOf(
      db,
      sql`select e.id::float8 as id, e.idempotency_key as key, e.booking_id::float8 as booking_id, (-sum(le.amount_pence))::float8 as pence
          from ledger_events e
          join ledger_entries le on le.event_id = e.id
          join ledger_accounts a on a.id = le.account_id and a.code = ${ACCOUNTS.customerPayments}
          where e.kind in ('payment', 'payment_unused') and e.id > ${after}
            ${since ? sql`and e.created_at > ${since.toISOString()}::timestamptz` : sql``}
            and not exists (select 1 from ${paymentsP} where p.id = substring(e.idempotency_key from '^payment-(.*)-received$') and p.product in (${BOOKING_PRODUCTS}))
          group by e.id
          order by e.id
          limit ${RECONCILIATION_BATCH}`,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < RECONCILIATION_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Every booking payment either side knows of (changed since `since`, or all), with the provider's
 * word on it: those with a ledger event, those marked paid, and recent pending ones (a Stripe webhook
 * may have been lost). A payment without a ledger event that changed in the last minutes is left for
 * the next run (its watermark lags by as much). Answers the mismatches and how many were compared.
 */
async function compareCharges(db: Db, books: ProviderBooks, now: Date, since: Date | null, onBatch: () => Promise<void>): Promise<{ checked: number; mismatches: Found[] }> {
  const windowStart = now.getTime() - LISTING_WINDOW_MS;
  let checked = 0;
  const mismatches: Found[] = [];
  for await (const rows of paymentPages(db, since, now)) {
    const checks: ChargeCheck[] = [];
    for (const row of rows) {
      const inLedger = row.ledger_pence === null ? null : { bookingId: row.ledger_booking_id === null ? null : Number(row.ledger_booking_id), pence: Number(row.ledger_pence) };
      if (!inLedger) {
        const mayBePaid = row.status === "paid" || (row.status === "pending" && new Date(row.created_at).getTime() >= windowStart);
        if (!mayBePaid || new Date(row.updated_at).getTime() > now.getTime() - CHARGE_GRACE_MS) continue;
      }
      const payment: ChargeRef = {
        id: row.id,
        provider: row.provider,
        providerSessionId: row.provider_session_id,
        providerPaymentIntentId: row.provider_payment_intent_id,
        status: row.status,
        amountPence: Number(row.amount_pence),
      };
      const provider = await books.charge(payment);
      checks.push({
        paymentId: row.id,
        bookingId: inLedger?.bookingId ?? bookingIdOf(String(row.reference?.bookingId ?? "")),
        reference: row.provider_session_id,
        ledgerPence: inLedger?.pence ?? null,
        provider,
      });
    }
    checked += checks.length;
    mismatches.push(...chargeMismatches(checks));
    await onBatch();
  }
  for await (const rows of orphanChargePages(db, since)) {
    const checks = rows.map((event) => ({ paymentId: event.key.replace(/^payment-|-received$/g, ""), bookingId: event.booking_id === null ? null : Number(event.booking_id), reference: null, ledgerPence: Number(event.pence), provider: null }));
    checked += checks.length;
    mismatches.push(...chargeMismatches(checks));
    await onBatch();
  }
  return { checked, mismatches };
}

/**
 * Compares everything (or, given `since`, what changed after it); writes nothing. Says how many of
 * each it compared (`checked`), and in all. Reads RECONCILIATION_BATCH rows at a time: its memory
 * does not grow with the history, only with the differences found.
 */
export async function findMismatches(db: Db, books: ProviderBooks, now: Date = new Date(), scope: MismatchScope = {}): Promise<{ operationsChecked: number; checked: CheckedCounts; mismatches: Found[] }> {
  const since = scope.since ?? null;
  const onBatch = scope.onBatch ?? (async () => {});
  const mismatches: Found[] = [];
  const counted: CheckedCounts = { charges: 0, transfers: 0, refunds: 0 };
  let checked = 0;
  // TEST MODE: the provider's books are a table, joined to the operations in SQL; Stripe: each object looked up by its id.
  const inSql = books.name === "test";
  for await (const operations of operationPages(db, since, inSql)) {
    for (const op of operations) {
      checked += 1;
      const kind = op.kind;
      counted[kind === "transfer" ? "transfers" : "refunds"] += 1;
      const reported = inSql
        ? op.t_id
          ? { id: op.t_id, amountPence: Number(op.t_pence) }
          : null
        : await books.find(kind, { idempotencyKey: op.idempotency_key, providerObjectId: op.provider_object_id });
      // A reversal the transfer.reversed webhook recorded (decision 078) is what FixiT expects the provider's transfer to have lost.
      const expected = Number(op.amount_pence) - Number(op.reversed_pence ?? 0);
      const base = { bookingId: Number(op.booking_id), operationId: Number(op.id), moneyKind: kind, ledgerPence: expected };
      if (!reported && expected === 0) {
        // Reversed in full at the provider, and recorded so: nothing left to find.
      } else if (!reported) {
        mismatches.push({ ...base, kind: "missing_at_provider", providerObjectId: op.provider_object_id, providerPence: null, detail: `FixiT recorded a ${kind} the provider does not have.` });
      } else if (reported.amountPence !== expected) {
        mismatches.push({ ...base, kind: "amount_differs", providerObjectId: reported.id, providerPence: reported.amountPence, detail: `The provider's ${kind} is for a different amount.` });
      }
    }
    await onBatch();
  }
  mismatches.push(...(await ledgerDifferences(db, since)));
  await onBatch();

  const charges = await compareCharges(db, books, now, since, onBatch);
  checked += charges.checked;
  counted.charges = charges.checked;
  mismatches.push(...charges.mismatches);

  // Which of a page of provider ids an operation of ours made (provider_operations_object_idx).
  const known = async (ids: string[]) =>
    ids.length
      ? new Set((await db.select({ id: providerOperations.providerObjectId }).from(providerOperations).where(inArray(providerOperations.providerObjectId, ids))).map((r) => r.id!))
      : new Set<string>();
  // The provider's side is listed over its whole window every run, not since the watermark: an object
  // FixiT never recorded changes nothing in FixiT, so only the provider's own list can show it, and an
  // unknown transfer stays reported for the five weeks of the window (decision 053). Memory stays one
  // page: each page's ids are matched against the operations at once.
  for await (const unknown of books.unknown(null, known)) {
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
    await onBatch();
  }
  if (books.fees) {
    for await (const fees of books.fees()) {
      mismatches.push(...(await feeDifferences(db, fees)));
      await onBatch();
    }
  }
  return { operationsChecked: checked, checked: counted, mismatches };
}

/**
 * One page of the provider's fees against the ledger's provider_fees (decision 078): a fee on one of
 * FixiT's booking charges (payments.provider_charge_id) or disputes (provider_objects) must be in the
 * ledger under `provider-fee-<txn>` with the same amount. Fees on anything else are not FixiT's bookings'.
 */
async function feeDifferences(db: Db, fees: ProviderFee[]): Promise<Found[]> {
  const sources = [...new Set(fees.flatMap((f) => (f.source ? [f.source] : [])))];
  if (!sources.length) return [];
  const list = sql.join(sources.map((s) => sql`${s}`), sql`, `);
  const keys = sql.join(fees.map((f) => sql`${`provider-fee-${f.id}`}`), sql`, `);
  const [owners, ledger] = await Promise.all([
    rowsOf<{ source: string; booking_id: number | null }>(
      db,
      sql`select p.provider_charge_id as source, b.id::float8 as booking_id from ${paymentsP} join bookings b on b.payment_id = p.id where p.provider_charge_id in (${list})
          union all select p.provider_charge_id, x.booking_id::float8 from ${paymentsP} join booking_extras x on x.payment_id = p.id where p.provider_charge_id in (${list})
          union all select o.id, o.booking_id::float8 from provider_objects o where o.kind = 'dispute' and o.id in (${list})`,
    ),
    rowsOf<{ key: string; pence: number }>(
      db,
      sql`select e.idempotency_key as key, -sum(le.amount_pence)::float8 as pence from ledger_events e
          join ledger_entries le on le.event_id = e.id join ledger_accounts a on a.id = le.account_id and a.code = ${ACCOUNTS.providerFees}
          where e.idempotency_key in (${keys}) group by e.idempotency_key`,
    ),
  ]);
  const bookingOf = new Map(owners.map((o) => [o.source, o.booking_id === null ? null : Number(o.booking_id)]));
  const inLedger = new Map(ledger.map((l) => [l.key, Number(l.pence)]));
  return fees.flatMap((fee): Found[] => {
    if (!fee.source || !bookingOf.has(fee.source)) return [];
    const ledgerPence = inLedger.get(`provider-fee-${fee.id}`) ?? 0;
    if (ledgerPence === fee.feePence) return [];
    return [
      {
        kind: "ledger_differs",
        bookingId: bookingOf.get(fee.source) ?? null,
        operationId: null,
        moneyKind: "fee",
        providerObjectId: fee.id,
        ledgerPence,
        providerPence: fee.feePence,
        detail: "Stripe's fee on this balance transaction is not in the ledger's provider fees as it is.",
      },
    ];
  });
}

/** The ledger's figures a run stores (issue 47): the staff page reads them instead of summing every entry on each view. */
export type LedgerFigures = { total: number; unbalancedEvents: number; events: number; byKind: Record<string, number> };

/** The ledger's health, by aggregates in SQL (nothing but the per-kind sums comes back): its sum per account kind, its total (must be 0), the events that do not sum to zero. */
export async function ledgerFigures(db: DbOrTx): Promise<LedgerFigures> {
  const [kinds, [unbalanced], [events]] = await Promise.all([
    rowsOf<{ kind: string; pence: number }>(db, sql`select a.kind, sum(le.amount_pence)::float8 as pence from ledger_entries le join ledger_accounts a on a.id = le.account_id group by a.kind order by a.kind`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ledger_entries group by event_id having sum(amount_pence) <> 0) u`),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ledger_events`),
  ]);
  const byKind = Object.fromEntries(kinds.map((k) => [k.kind, Number(k.pence)]));
  return { total: Object.values(byKind).reduce((sum, pence) => sum + pence, 0), unbalancedEvents: unbalanced?.n ?? 0, events: events?.n ?? 0, byKind };
}

/**
 * Marks failed the runs still "running" whose heartbeat stopped STALE_RUN_MS ago: a process killed
 * half-way (out of memory, a deploy) never finishes them. Their job may still be tried again and
 * finish them; the next run starts from the last finished run's watermark either way.
 */
export async function failStaleRuns(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const stale = await db
    .update(reconciliationRuns)
    .set({ status: "failed", error: "The run stopped without finishing (its process ended half-way). The next run starts from the last finished one." })
    .where(and(eq(reconciliationRuns.status, "running"), sql`coalesce(${reconciliationRuns.heartbeatAt}, ${reconciliationRuns.startedAt}) < ${new Date(now.getTime() - STALE_RUN_MS).toISOString()}::timestamptz`))
    .returning({ id: reconciliationRuns.id });
  return stale.length;
}

/** The last finished run with a watermark: where the next run starts (null: check everything). */
async function lastWatermark(db: Db, exceptRunId: number): Promise<{ runId: number; at: Date } | null> {
  const [run] = await db
    .select({ id: reconciliationRuns.id, at: reconciliationRuns.watermarkAt })
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.status, "finished"), isNotNull(reconciliationRuns.watermarkAt), ne(reconciliationRuns.id, exceptRunId)))
    .orderBy(desc(reconciliationRuns.watermarkAt))
    .limit(1);
  return run?.at ? { runId: run.id, at: run.at } : null;
}

/**
 * Runs one queued run: compares what changed since the last finished run's watermark (everything
 * when there is none), batch by batch with a heartbeat, computes the ledger's figures, then writes
 * its mismatches, figures and new watermark once (a run already finished is left as it is). A
 * failure (the provider unreachable) is written on the run for staff to see and thrown, so the job
 * queue tries again.
 */
export async function runReconciliation(db: Db, books: ProviderBooks, runId: number, now: Date = new Date()): Promise<void> {
  const [run] = await db.select({ status: reconciliationRuns.status }).from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
  if (!run || run.status === "finished") return;
  const from = await lastWatermark(db, runId);
  const beat = async () => {
    await db.update(reconciliationRuns).set({ heartbeatAt: new Date() }).where(eq(reconciliationRuns.id, runId));
  };
  // Tried again after a failure (or found stale): running again, with a fresh heartbeat.
  await db
    .update(reconciliationRuns)
    .set({ status: "running", heartbeatAt: new Date(), sinceRunId: from?.runId ?? null })
    .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])));
  let found: Awaited<ReturnType<typeof findMismatches>>;
  let ledger: LedgerFigures;
  try {
    found = await findMismatches(db, books, now, { since: from?.at ?? null, onBatch: beat });
    ledger = await ledgerFigures(db);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(reconciliationRuns)
      .set({ status: "failed", error: message.slice(0, 500) })
      .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])));
    throw error;
  }
  const { operationsChecked, checked, mismatches } = found;
  // What changed in the charges' grace before this run started is compared again by the next one (a
  // payment still on its way into the ledger; a transaction that committed while this run began).
  const lagged = now.getTime() - CHARGE_GRACE_MS;
  const watermarkAt = new Date(Math.max(lagged, from?.at.getTime() ?? 0));
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
        ledgerTotalPence: ledger.total,
        unbalancedEvents: ledger.unbalancedEvents,
        ledgerEvents: ledger.events,
        ledgerByKind: ledger.byKind,
        ledgerCheckedAt: new Date(),
        watermarkAt,
        error: null,
      })
      .where(and(eq(reconciliationRuns.id, runId), inArray(reconciliationRuns.status, ["running", "failed"])))
      .returning({ id: reconciliationRuns.id });
    if (!claimed) return;
    for (let i = 0; i < mismatches.length; i += RECONCILIATION_BATCH) {
      await tx.insert(reconciliationMismatches).values(mismatches.slice(i, i + RECONCILIATION_BATCH).map((m) => ({ ...m, runId })));
    }
  });
}

/** The newest run (the day's or one staff asked for: the last opened) with its mismatches, for the staff console; null before the first run. */
export async function latestReconciliation(db: Db): Promise<{ run: ReconciliationRun; mismatches: ReconciliationMismatch[] } | null> {
  const [run] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(1);
  if (!run) return null;
  const mismatches = await db.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.runId, run.id)).orderBy(reconciliationMismatches.id);
  return { run, mismatches };
}

/**
 * The ledger's figures as the last run that computed them stored them (issue 47: the page never sums
 * every entry itself), and when; null before any run did.
 */
export async function storedLedgerFigures(db: Db): Promise<(LedgerFigures & { checkedAt: Date; runId: number }) | null> {
  const [run] = await db
    .select({
      id: reconciliationRuns.id,
      checkedAt: reconciliationRuns.ledgerCheckedAt,
      total: reconciliationRuns.ledgerTotalPence,
      unbalanced: reconciliationRuns.unbalancedEvents,
      events: reconciliationRuns.ledgerEvents,
      byKind: reconciliationRuns.ledgerByKind,
    })
    .from(reconciliationRuns)
    .where(and(eq(reconciliationRuns.status, "finished"), isNotNull(reconciliationRuns.ledgerCheckedAt)))
    .orderBy(desc(reconciliationRuns.ledgerCheckedAt))
    .limit(1);
  if (!run?.checkedAt) return null;
  return { runId: run.id, checkedAt: run.checkedAt, total: run.total ?? 0, unbalancedEvents: run.unbalanced ?? 0, events: run.events ?? 0, byKind: run.byKind ?? {} };
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
