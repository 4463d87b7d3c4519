import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { countAll } from "~/features/staff/lists/define";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";

/** The failed jobs the console's frame shows a badge for. */
export async function countFailedOutboxJobs(db: Db): Promise<number> {
  const [failed] = await db.select({ n: countAll }).from(outboxJobs).where(eq(outboxJobs.status, "failed"));
  return failed?.n ?? 0;
}

/**
 * "Retry now" on an outbox job: a failed job (its attempts used up) or a pending one waiting for
 * its next backoff becomes due at once, with one more attempt allowed when it had none left. Sent
 * jobs and jobs a worker is running are left alone (400). The worker picks it up on its next poll.
 */
export async function retryOutboxJob(db: Db, actor: StaffUser, jobId: number): Promise<StaffOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx
      .update(outboxJobs)
      .set({
        status: "pending",
        runAt: sql`now()`,
        lockedUntil: null,
        maxAttempts: sql`greatest(${outboxJobs.maxAttempts}, ${outboxJobs.attempts} + 1)`,
      })
      .where(and(eq(outboxJobs.id, jobId), inArray(outboxJobs.status, ["failed", "pending"])))
      .returning({ id: outboxJobs.id, attempts: outboxJobs.attempts, kind: outboxJobs.kind });
    const job = rows[0];
    if (!job) {
      const [existing] = await tx.select({ status: outboxJobs.status }).from(outboxJobs).where(eq(outboxJobs.id, jobId)).limit(1);
      return { kind: existing ? ("not-retryable" as const) : ("missing" as const), status: existing?.status };
    }
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: "outbox.retry",
      targetType: "outbox_job",
      targetId: jobId,
      details: { kind: job.kind, attemptsSoFar: job.attempts },
    });
    return { kind: "queued" as const };
  });
  if (outcome.kind === "missing") return refused("not-found", "Not found", "There is no such job.");
  if (outcome.kind === "not-retryable") {
    return refused("invalid", "Nothing to retry", outcome.status === "sent" ? "This job was already sent." : "A worker is running this job right now.");
  }
  return done("Retry queued", "The job will run again within a few seconds.");
}
