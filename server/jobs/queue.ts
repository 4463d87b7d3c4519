import { and, eq, getTableColumns, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { readOnly } from "#server/db/projection.ts";
import { OUTBOX_DEFAULT_MAX_ATTEMPTS, outboxJobs, type OutboxJob } from "#server/db/schema/outbox.ts";
import type { Logger } from "#server/logger.ts";
import type { JobServices } from "#server/services.ts";

/**
 * The outbox: jobs (emails, webhooks) written in the same transaction as the submission
 * that caused them, and run later by the worker with retries. Delivery is at-least-once:
 * a process killed after a send succeeded but before it was recorded sends it again.
 */

export type JobContext = {
  services: JobServices;
  job: { id: number; kind: string; attempt: number; maxAttempts: number };
  logger: Logger;
  /** Aborted when the worker gives up on this run (its lease could not be renewed). */
  signal: AbortSignal;
  /** Counts a named outcome of this run (a push sent, failed or removed): fixit_outbox_job_outcomes_total. */
  record(outcome: string): void;
};

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

/** Throw this from a handler for a failure no retry can fix (bad payload, a 5xx recipient rejection). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

export type EnqueueOptions = { maxAttempts?: number; runAt?: Date };

// MAIL_MAX_ATTEMPTS, set by the worker at start-up; without it the column's default applies.
let defaultMaxAttempts: number | undefined;
export function setDefaultMaxAttempts(value: number | undefined): void {
  defaultMaxAttempts = value;
}

/** One job to queue: its kind (which handler runs it), its payload, and when and how often it may run. */
export type NewJob = { kind: string; payload: unknown } & EnqueueOptions;

export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await enqueueJobs(db, [{ kind, payload, ...options }]);
}

/** The rows that queue `jobs`, each checked; a column a row leaves out gets its DEFAULT. */
function jobRows(jobs: NewJob[]) {
  return jobs.map(({ kind, payload, maxAttempts = defaultMaxAttempts, runAt }) => {
    if (!kind.trim()) throw new Error("a job kind needs a name");
    if (payload === undefined) throw new Error("a job needs a payload");
    if (maxAttempts !== undefined && (!Number.isInteger(maxAttempts) || maxAttempts < 1)) {
      throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`);
    }
    if (runAt !== undefined && Number.isNaN(runAt.getTime())) throw new Error("runAt is not a valid date");
    return { kind, payload, ...(maxAttempts !== undefined ? { maxAttempts } : {}), ...(runAt !== undefined ? { runAt } : {}) };
  });
}

/** Queues several jobs in one statement (a submission's emails and webhook: one round trip, not one each). */
export async function enqueueJobs(db: DbOrTx, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.insert(outboxJobs).values(jobRows(jobs));
}

/**
 * Runs `insert` (one row, returning its `id`) and queues `jobs` in one statement. A data-modifying
 * WITH is all-or-nothing like a transaction, at one round trip instead of four (BEGIN, the row, the
 * jobs, COMMIT): for a submission whose jobs do not need the new row's id (pre-rendered emails).
 */
export async function insertWithJobs(db: DbOrTx, insert: TypedQueryBuilder<{ id: PgColumn }, { id: number }[]>, jobs: NewJob[]): Promise<number> {
  const inserted = db.$with("inserted").as(insert);
  // PostgreSQL runs a data-modifying WITH to completion whether or not the main query reads it.
  const queued = jobs.length ? [db.$with("queued").as(db.insert(outboxJobs).values(jobRows(jobs)).returning({ id: outboxJobs.id }))] : [];
  const [row] = await db.with(inserted, ...queued).select({ id: inserted.id }).from(inserted);
  return Number(row!.id);
}

/**
 * Runs `upsert` (INSERT … ON CONFLICT DO UPDATE, returning its row's `id` and whether the row is
 * `inserted`) and queues `jobs` only when it was, in one statement: a repeat updates its row and
 * sends nothing. The unique index does what a lock would (a second writer of the same key waits for
 * the first and then updates), at one round trip instead of five.
 */
export async function upsertWithJobs(
  db: DbOrTx,
  upsert: TypedQueryBuilder<{ id: PgColumn; inserted: SQL.Aliased<boolean> }, { id: number; inserted: boolean }[]>,
  jobs: NewJob[],
): Promise<{ id: number; inserted: boolean }> {
  const upserted = db.$with("upserted").as(upsert);
  // The jobs travel as one JSON parameter, read back row by row, so that the WHERE can hold them all back.
  const rows = jobRows(jobs).map(({ kind, payload, maxAttempts, runAt }) => ({ kind, payload, max_attempts: maxAttempts ?? null, run_at: runAt ?? null }));
  const queued = jobs.length
    ? [
        db.$with("queued", {}).as(sql`
          insert into ${outboxJobs} (kind, payload, max_attempts, run_at)
          select j.kind, j.payload, coalesce(j.max_attempts, ${OUTBOX_DEFAULT_MAX_ATTEMPTS}), coalesce(j.run_at, now())
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as j(kind text, payload jsonb, max_attempts integer, run_at timestamptz)
          where exists (select 1 from upserted where inserted)`),
      ]
    : [];
  const [row] = await db.with(upserted, ...queued).select({ id: upserted.id, inserted: upserted.inserted }).from(upserted);
  return { id: Number(row!.id), inserted: row!.inserted };
}

/**
 * Claims up to `limit` of the oldest due jobs of one of `kinds` and leases them until now + leaseMs,
 * in one statement. Due means pending with run_at passed, or still "processing" under an expired
 * lease (its worker died). FOR UPDATE SKIP LOCKED lets several instances claim at once without
 * waiting on or taking each other's rows. The claim counts as an attempt, so a job that kills its
 * worker every time still ends. Answered oldest first.
 */
export async function claimDueJobs(db: Db, kinds: string[], leaseMs: number, limit: number): Promise<OutboxJob[]> {
  if (kinds.length === 0 || limit < 1) return [];
  const due = db
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    .where(
      and(
        inArray(outboxJobs.kind, kinds),
        or(
          and(eq(outboxJobs.status, "pending"), lte(outboxJobs.runAt, sql`now()`)),
          and(eq(outboxJobs.status, "processing"), lt(outboxJobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(outboxJobs.runAt, outboxJobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const jobs = await db
    .update(outboxJobs)
    .set({
      status: "processing",
      attempts: sql`${outboxJobs.attempts} + 1`,
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(outboxJobs.id, due))
    .returning();
  return jobs.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * Every update below is fenced on (id, attempts, status): if this worker's lease ran out and another
 * worker claimed the job again, attempts has moved on and the stale result is ignored.
 */
const fence = (job: Pick<OutboxJob, "id" | "attempts">) =>
  and(eq(outboxJobs.id, job.id), eq(outboxJobs.attempts, job.attempts), eq(outboxJobs.status, "processing"));

/** Extends the lease of every job in `jobs` this worker still holds; answers the ids it still holds. */
export async function renewLeases(db: Db, jobs: OutboxJob[], leaseMs: number): Promise<Set<number>> {
  if (jobs.length === 0) return new Set();
  const rows = await db
    .update(outboxJobs)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(or(...jobs.map(fence)))
    .returning({ id: outboxJobs.id });
  return new Set(rows.map((r) => r.id));
}

/** Hands claimed jobs that were never started back (a stopping worker): due again at once, the claim not counted. */
export async function releaseJobs(db: Db, jobs: OutboxJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .update(outboxJobs)
    .set({ status: "pending", lockedUntil: null, attempts: sql`${outboxJobs.attempts} - 1` })
    .where(or(...jobs.map(fence)));
}

export async function markJobSent(db: Db, job: OutboxJob): Promise<boolean> {
  const rows = await db
    .update(outboxJobs)
    .set({ status: "sent", completedAt: sql`now()`, lockedUntil: null })
    .where(fence(job))
    .returning({ id: outboxJobs.id });
  return rows.length > 0;
}

export async function markJobForRetry(db: Db, job: OutboxJob, error: string, delayMs: number): Promise<boolean> {
  const rows = await db
    .update(outboxJobs)
    .set({
      status: "pending",
      lockedUntil: null,
      lastError: error,
      runAt: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
    })
    .where(fence(job))
    .returning({ id: outboxJobs.id });
  return rows.length > 0;
}

export async function markJobFailed(db: Db, job: OutboxJob, error: string): Promise<boolean> {
  const rows = await db
    .update(outboxJobs)
    .set({ status: "failed", lockedUntil: null, lastError: error })
    .where(fence(job))
    .returning({ id: outboxJobs.id });
  return rows.length > 0;
}

/**
 * Deletes jobs that were sent more than `olderThanMs` ago: their payloads hold personal data
 * (and sign-in links) that need not be kept. Failed jobs stay for an operator to look at.
 */
export async function purgeSentJobs(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(outboxJobs)
    .where(and(eq(outboxJobs.status, "sent"), lt(outboxJobs.completedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`)))
    .returning({ id: outboxJobs.id });
  return rows.length;
}

/** The outbox read-only, for the staff console's list, counts and job page (decision 089): the queue's functions write it. */
export const outboxJobsView = readOnly(outboxJobs, getTableColumns(outboxJobs));

/**
 * "Retry now": a failed job (its attempts used up) or a pending one waiting for its backoff becomes
 * due at once, with one more attempt allowed when it had none left; a sent job or one a worker is
 * running is left alone. Answers the job retried, or why not: its status, or "missing".
 */
export async function retryJobNow(tx: DbOrTx, jobId: number): Promise<{ retried: { attempts: number; kind: string } } | { refused: string }> {
  const [job] = await tx
    .update(outboxJobs)
    .set({
      status: "pending",
      runAt: sql`now()`,
      lockedUntil: null,
      maxAttempts: sql`greatest(${outboxJobs.maxAttempts}, ${outboxJobs.attempts} + 1)`,
    })
    .where(and(eq(outboxJobs.id, jobId), inArray(outboxJobs.status, ["failed", "pending"])))
    .returning({ id: outboxJobs.id, attempts: outboxJobs.attempts, kind: outboxJobs.kind });
  if (job) return { retried: { attempts: job.attempts, kind: job.kind } };
  const [existing] = await tx.select({ status: outboxJobs.status }).from(outboxJobs).where(eq(outboxJobs.id, jobId)).limit(1);
  return { refused: existing?.status ?? "missing" };
}

/** Deletes sent and failed jobs created before `before` (the privacy notice's retention of communications); how many. */
export async function deleteFinishedJobsBefore(tx: DbOrTx, before: Date): Promise<number> {
  const rows = await tx
    .delete(outboxJobs)
    .where(and(inArray(outboxJobs.status, ["sent", "failed"]), isNotNull(outboxJobs.completedAt), lt(outboxJobs.createdAt, before)))
    .returning({ id: outboxJobs.id });
  return rows.length;
}
