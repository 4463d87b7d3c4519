import { inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { gaugeSet } from "#server/metrics/gauge-set.ts";

/**
 * The outbox's state per job kind, read at scrape time in one grouped query over the unsent rows
 * (the (status, run_at) index; sent rows, most of the table, are not read). Every kind the worker
 * runs is reported, at 0 when it has no rows, so a rise is a rise from 0 and not a new series.
 */
export function outboxGauges(db: Db, kinds: readonly string[]) {
  return gaugeSet(
    {
      fixit_outbox_pending_jobs: { help: "Outbox jobs not done yet (pending, or being run), scheduled ones included, by kind.", labelNames: ["kind"] },
      fixit_outbox_oldest_due_job_age_seconds: {
        help: "How long the oldest due job (its run time passed) has waited for a worker, by kind; 0 when none is due.",
        labelNames: ["kind"],
      },
      fixit_outbox_failed_jobs: { help: "Dead outbox jobs (attempts used up, or a permanent error), by kind: they stay until an operator looks.", labelNames: ["kind"] },
    },
    async () => {
      const rows = await db
        .select({
          kind: outboxJobs.kind,
          status: outboxJobs.status,
          jobs: sql<number>`count(*)::int`,
          oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxJobs.runAt}) filter (where ${outboxJobs.runAt} <= now())), 0)::float8`,
        })
        .from(outboxJobs)
        .where(inArray(outboxJobs.status, ["pending", "processing", "failed"]))
        .groupBy(outboxJobs.kind, outboxJobs.status);
      const perKind = new Map(kinds.map((kind) => [kind, { pending: 0, oldestDueSeconds: 0, failed: 0 }]));
      for (const row of rows) {
        const figures = perKind.get(row.kind) ?? { pending: 0, oldestDueSeconds: 0, failed: 0 };
        perKind.set(row.kind, figures);
        if (row.status === "failed") figures.failed += row.jobs;
        else {
          figures.pending += row.jobs;
          figures.oldestDueSeconds = Math.max(figures.oldestDueSeconds, row.oldestDueSeconds);
        }
      }
      const samples = (value: (f: { pending: number; oldestDueSeconds: number; failed: number }) => number) =>
        [...perKind].map(([kind, figures]) => ({ labels: { kind }, value: value(figures) }));
      return {
        fixit_outbox_pending_jobs: samples((f) => f.pending),
        fixit_outbox_oldest_due_job_age_seconds: samples((f) => f.oldestDueSeconds),
        fixit_outbox_failed_jobs: samples((f) => f.failed),
      };
    },
  );
}
