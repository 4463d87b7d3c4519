import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { outboxJobsView, retryJobNow } from "#server/jobs/queue.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { countAll } from "~/features/staff/lists/define";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";

/** The failed jobs the console's frame shows a badge for. */
export async function countFailedOutboxJobs(db: Db): Promise<number> {
  const [failed] = await db.select({ n: countAll }).from(outboxJobsView).where(eq(outboxJobsView.status, "failed"));
  return failed?.n ?? 0;
}

/**
 * "Retry now" on an outbox job (retryJobNow: a failed or waiting job becomes due at once), audited
 * in its transaction. Sent jobs and jobs a worker is running are left alone (400). The worker picks
 * it up on its next poll.
 */
export async function retryOutboxJob(db: Db, actor: StaffUser, jobId: number): Promise<StaffOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const retry = await retryJobNow(tx as DbOrTx, jobId);
    if ("refused" in retry) return retry.refused === "missing" ? { kind: "missing" as const } : { kind: "not-retryable" as const, status: retry.refused };
    await recordStaffAction(tx as DbOrTx, actorOf(actor), {
      action: "outbox.retry",
      targetType: "outbox_job",
      targetId: jobId,
      details: { kind: retry.retried.kind, attemptsSoFar: retry.retried.attempts },
    });
    return { kind: "queued" as const };
  });
  if (outcome.kind === "missing") return refused("not-found", "Not found", "There is no such job.");
  if (outcome.kind === "not-retryable") {
    return refused("invalid", "Nothing to retry", outcome.status === "sent" ? "This job was already sent." : "A worker is running this job right now.");
  }
  return done("Retry queued", "The job will run again within a few seconds.");
}
