import { and, eq, inArray, sql } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { recordStaffAction } from "./audit.server.ts";
import { actorOf, type StaffUser } from "./guard.server";
import type { StaffActionResult } from "./messages";

/**
 * "Retry now" on an outbox job: a failed job (its attempts used up) or a pending one waiting for
 * its next backoff becomes due at once, with one more attempt allowed when it had none left. Sent
 * jobs and jobs a worker is running are left alone (400). The worker picks it up on its next poll.
 */
export async function retryOutboxJob(context: AppLoadContext, actor: StaffUser, jobId: number) {
  const { db } = context.services;
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
  if (outcome.kind === "missing") return data<StaffActionResult>({ ok: false, title: "Not found", text: "There is no such job." }, { status: 404 });
  if (outcome.kind === "not-retryable") {
    return data<StaffActionResult>(
      {
        ok: false,
        title: "Nothing to retry",
        text: outcome.status === "sent" ? "This job was already sent." : "A worker is running this job right now.",
      },
      { status: 400 },
    );
  }
  return data<StaffActionResult>({ ok: true, title: "Retry queued", text: "The job will run again within a few seconds." });
}
