import { hostname } from "node:os";
import type { JobServices } from "#server/services.ts";
import { PermanentJobError, setDefaultMaxAttempts, type JobHandler } from "#server/jobs/queue.ts";
import { startJobWorker, type JobWorker } from "#server/jobs/worker.ts";
import { EMAIL_JOB_KIND, emailMessageSchema } from "./outbox.ts";
import { createMailTransport, type MailTransport } from "./transports.ts";

export type OutboxWorker = JobWorker & { transport: MailTransport["kind"] };

export type OutboxWorkerOptions = {
  /** Replaces the configured transport (tests). */
  transport?: MailTransport;
  intervalMs?: number;
  leaseMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** What runs each job kind besides email, handed in by the composition root (app/composition-root.server.ts). */
  handlers?: Record<string, JobHandler>;
  /** Told of every job run and whether it failed (the metrics' counters). */
  onJobRun?: (kind: string, failed: boolean) => void;
  /** Told each time a poll completed (the metrics' liveness gauge). */
  onPoll?: () => void;
  /** Told of each outcome a handler records (a push sent, failed, removed). */
  onJobOutcome?: (kind: string, outcome: string) => void;
};

/**
 * The in-process outbox worker: polls every MAIL_WORKER_INTERVAL_MS, claims due jobs (safe with
 * several instances on one PostgreSQL), sends email through the configured transport and runs
 * any other registered kinds (e.g. "webhook"), retrying failures with exponential backoff.
 * Pending jobs and jobs whose worker died (expired lease) are picked up after a restart.
 */
export function startOutboxWorker(
  services: JobServices,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const { config } = services;
  const transport = options.transport ?? createMailTransport(services);
  setDefaultMaxAttempts(config.MAIL_MAX_ATTEMPTS);
  const domain = messageIdDomain(config.MAIL_FROM);

  const sendEmail: JobHandler = async (payload, ctx) => {
    const parsed = emailMessageSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`invalid email payload: ${parsed.error.issues[0]?.message}`);
    // One Message-ID per job: if a crash makes us send twice, mail systems can tell it is the same message.
    await transport.send({ ...parsed.data, from: config.MAIL_FROM, messageId: `<outbox-${ctx.job.id}@${domain}>` });
  };

  const worker = startJobWorker(services, {
    handlers: () => new Map([...Object.entries(options.handlers ?? {}), [EMAIL_JOB_KIND, sendEmail]]),
    intervalMs: options.intervalMs ?? config.MAIL_WORKER_INTERVAL_MS,
    leaseMs: options.leaseMs ?? config.OUTBOX_LEASE_MS,
    retryBaseMs: options.retryBaseMs ?? config.MAIL_RETRY_BASE_MS,
    retryMaxMs: options.retryMaxMs,
    onRun: options.onJobRun,
    onPoll: options.onPoll,
    onOutcome: options.onJobOutcome,
  });
  services.logger.info({ transport: transport.kind, intervalMs: options.intervalMs ?? config.MAIL_WORKER_INTERVAL_MS }, "outbox worker started");

  return {
    transport: transport.kind,
    runOnce: worker.runOnce,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}

function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)/.exec(from);
  return match?.[1] ?? hostname();
}
