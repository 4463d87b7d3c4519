import { setImmediate as nextMacrotask } from "node:timers/promises";
import type { OutboxJob } from "#server/db/schema/outbox.ts";
import type { JobServices } from "#server/services.ts";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { inSpan } from "#server/spans.ts";
import { computeBackoffMs } from "./backoff.ts";
import {
  claimDueJobs,
  markJobFailed,
  markJobForRetry,
  markJobSent,
  PermanentJobError,
  purgeSentJobs,
  releaseJobs,
  renewLeases,
  type JobHandler,
} from "./queue.ts";

export type JobWorkerOptions = {
  /** Handlers by job kind; looked up on every poll so kinds registered later are picked up. */
  handlers: () => ReadonlyMap<string, JobHandler>;
  intervalMs: number;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs?: number;
  /** Most jobs run in one poll, so one busy instance still yields to its timer and to stop(). */
  maxJobsPerRun?: number;
  /** Jobs claimed by one query (default 10): fewer round trips when mail is busy; their leases are renewed together. */
  claimBatchSize?: number;
  /** Sent jobs are deleted this long after sending (default 7 days); checked about hourly. */
  keepSentMs?: number;
  /** Told of every handler run and whether it threw (the metrics' counters). */
  onRun?: (kind: string, failed: boolean) => void;
  /** Told each time a poll completed (the worker's liveness gauge). */
  onPoll?: () => void;
  /** Told of each outcome a handler records (JobContext.record): the metrics' outcome counter. */
  onOutcome?: (kind: string, outcome: string) => void;
};

const PURGE_EVERY_MS = 60 * 60_000;

export type JobWorker = {
  /** Stops polling and waits for the job in flight (if any) to finish and be recorded. */
  stop(): Promise<void>;
  /** Runs every due job now (one at a time) and resolves with how many ran. */
  runOnce(): Promise<number>;
};

const MAX_ERROR_LENGTH = 2000;

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = code && !error.message.includes(String(code)) ? `${code}: ${error.message}` : error.message;
    return text.slice(0, MAX_ERROR_LENGTH);
  }
  return String(error).slice(0, MAX_ERROR_LENGTH);
}

export function startJobWorker(services: JobServices, options: JobWorkerOptions): JobWorker {
  const { db } = services;
  const logger = services.logger.child({ component: "outbox" });
  const maxJobsPerRun = options.maxJobsPerRun ?? 50;
  const claimBatchSize = options.claimBatchSize ?? 10;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  // One run at a time per process: the poll timer and runOnce() calls queue behind each other.
  let current: Promise<number> = Promise.resolve(0);

  async function runJob(job: OutboxJob, handler: JobHandler, signal: AbortSignal): Promise<void> {
    const jobLog = logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    if (job.attempts > job.maxAttempts) {
      // Only reachable through an expired lease: the worker running the last attempt died.
      await markJobFailed(db, job, `gave up: the last attempt did not finish (lease expired)${job.lastError ? `; before that: ${job.lastError}` : ""}`);
      jobLog.error("outbox job failed permanently: its last attempt never finished");
      return;
    }
    try {
      await inSpan(`outbox ${job.kind}`, { "fixit.job.id": job.id, "fixit.job.kind": job.kind, "fixit.job.attempt": job.attempts }, () =>
        handler(job.payload, {
          services,
          job: { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts },
          logger: jobLog,
          signal,
          record: (outcome) => options.onOutcome?.(job.kind, outcome),
        }),
      );
    } catch (error) {
      options.onRun?.(job.kind, true);
      const message = describeError(error);
      if (error instanceof PermanentJobError) {
        await markJobFailed(db, job, message);
        jobLog.error({ error: message }, "outbox job failed permanently: the error cannot be fixed by retrying");
      } else if (job.attempts >= job.maxAttempts) {
        await markJobFailed(db, job, message);
        jobLog.error({ error: message }, "outbox job failed permanently: no attempts left");
      } else {
        const delayMs = computeBackoffMs(job.attempts, { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs });
        await markJobForRetry(db, job, message, delayMs);
        jobLog.warn({ error: message, retryInMs: delayMs }, "outbox job failed; will retry");
      }
      return;
    }
    options.onRun?.(job.kind, false);
    if (await markJobSent(db, job)) jobLog.info("outbox job done");
    else jobLog.warn("outbox job finished after its lease was taken over; another worker owns it now");
  }

  /**
   * Runs one claimed batch in order. While it runs, the leases of its unfinished jobs are renewed
   * together, so a slow send is never taken over by another instance, yet a crashed process's jobs
   * are free again soon after it died. A job whose lease was lost is aborted (running) or skipped
   * (waiting); a stopping worker hands the jobs it has not started back.
   */
  async function runBatch(batch: OutboxJob[], handlers: ReadonlyMap<string, JobHandler>): Promise<number> {
    const unfinished = new Map(batch.map((job) => [job.id, job]));
    const lost = new Set<number>();
    let running: { id: number; controller: AbortController } | undefined;
    const heartbeat = setInterval(() => {
      const renewing = [...unfinished.values()];
      renewLeases(db, renewing, options.leaseMs).then(
        (held) => {
          for (const job of renewing) {
            if (held.has(job.id) || !unfinished.has(job.id)) continue;
            lost.add(job.id);
            if (running?.id === job.id) running.controller.abort(new Error("lease lost"));
          }
        },
        (error) => logger.warn({ err: error }, "could not renew the outbox leases"),
      );
    }, Math.max(100, Math.floor(options.leaseMs / 3)));
    heartbeat.unref();
    let ran = 0;
    try {
      for (const job of batch) {
        if (stopping) {
          await releaseJobs(db, [...unfinished.values()]);
          break;
        }
        if (!lost.has(job.id)) {
          // With PGlite every query finishes within the microtask queue, so a batch of jobs would
          // run start to end without letting a waiting request in (80-170 ms stalls under load):
          // each job starts on a new turn of the event loop.
          await nextMacrotask();
          running = { id: job.id, controller: new AbortController() };
          await runJob(job, handlers.get(job.kind)!, running.controller.signal);
          ran += 1;
        }
        unfinished.delete(job.id);
      }
    } finally {
      clearInterval(heartbeat);
    }
    return ran;
  }

  let lastPurge = 0;
  async function runDueJobs(): Promise<number> {
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      const purged = await purgeSentJobs(db, options.keepSentMs ?? 7 * 24 * 60 * 60_000);
      if (purged) logger.info({ purged }, "deleted old sent outbox jobs");
    }
    let ran = 0;
    while (!stopping && ran < maxJobsPerRun) {
      const handlers = options.handlers();
      const batch = await claimDueJobs(db, [...handlers.keys()], options.leaseMs, Math.min(claimBatchSize, maxJobsPerRun - ran));
      if (batch.length === 0) break;
      ran += await runBatch(batch, handlers);
    }
    return ran;
  }

  function runOnce(): Promise<number> {
    const run = current.catch(() => 0).then(runDueJobs);
    current = run;
    return run;
  }

  let consecutiveErrors = 0;
  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      runOnce().then(
        (ran) => {
          consecutiveErrors = 0;
          options.onPoll?.();
          // A full run means more may be due: go again at once.
          schedule(ran >= maxJobsPerRun ? 0 : options.intervalMs);
        },
        (error) => {
          consecutiveErrors += 1;
          // The database out of reach (a restart, a failover) is a warning: the poll resumes once it is back.
          logger[isDatabaseUnavailable(error) ? "warn" : "error"]({ err: error }, "outbox poll failed");
          // Back off instead of flooding the log, but not for long: a restart takes seconds.
          schedule(Math.min(options.intervalMs * 2 ** consecutiveErrors, 15_000));
        },
      );
    }, delayMs);
    timer.unref();
  }
  schedule(0);

  return {
    runOnce,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => 0);
    },
  };
}
