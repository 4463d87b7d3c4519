import { z } from "zod";
import type { DbOrTx } from "#server/db/client.ts";
import { enqueueJobs, type EnqueueOptions, type NewJob } from "#server/jobs/queue.ts";

export type { DbOrTx } from "#server/db/client.ts";
export {
  enqueueJob,
  enqueueJobs,
  insertWithJobs,
  upsertWithJobs,
  PermanentJobError,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type NewJob,
} from "#server/jobs/queue.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Small text files sent with the message (a booking's .ics calendar invite). */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; content: string };

export const EMAIL_JOB_KIND = "email";

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/**
 * What an email job must look like. Checked when it is queued (a caller's mistake fails
 * its own transaction) and again when it is sent (a row edited by hand fails for good).
 */
export const emailMessageSchema = z.object({
  to: z.email().max(254),
  subject: z.string().trim().min(1).max(500).refine(noLineBreaks, "the subject must be one line"),
  html: z.string().min(1).max(1_000_000),
  text: z.string().min(1).max(1_000_000),
  replyTo: z.email().max(254).optional(),
  headers: z
    .record(
      // X- headers, and RFC 8058's one-click unsubscribe pair (every email a person can turn off).
      z.string().regex(/^(X-[A-Za-z0-9-]{1,60}|List-Unsubscribe|List-Unsubscribe-Post)$/, "only X- and List-Unsubscribe headers may be added"),
      z.string().max(1000).refine(noLineBreaks, "header values must be one line"),
    )
    .optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "a plain file name"),
        contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+(; ?[a-z-]+=[A-Za-z0-9-]+)*$/, "a plain content type").max(200),
        content: z.string().min(1).max(200_000),
      }),
    )
    .max(5)
    .optional(),
});

/** The outbox job that sends `message`, checked first (a caller's mistake throws before anything is written). */
export function emailJob(message: EmailMessage, options?: Pick<EnqueueOptions, "maxAttempts">): NewJob {
  const parsed = emailMessageSchema.safeParse(message);
  if (!parsed.success) {
    throw new Error(`Invalid email message: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return { kind: EMAIL_JOB_KIND, payload: parsed.data, ...options };
}

/** Queues an email. Pass the transaction that writes the submission, so both land or neither does. */
export async function enqueueEmail(db: DbOrTx, message: EmailMessage, options?: Pick<EnqueueOptions, "maxAttempts">): Promise<void> {
  await enqueueJobs(db, [emailJob(message, options)]);
}
