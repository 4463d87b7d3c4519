import { createHmac } from "node:crypto";
import type { Config } from "#server/config.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { enqueueJobs, PermanentJobError, type JobHandler, type NewJob } from "#server/mail/outbox.ts";

/**
 * The sheet sync (each submission copied to the team's spreadsheet) as an outbound webhook: queued in the
 * submission's transaction, POSTed by the outbox worker, retried with backoff until the
 * receiver answers 2xx. The body is signed with HMAC-SHA256 so the receiver can trust it.
 */
export const WEBHOOK_JOB_KIND = "webhook" as const;
export const SIGNATURE_HEADER = "X-FixiT-Signature";
/**
 * The same value on every delivery attempt of one sync (the outbox job's id): delivery is
 * at-least-once, so a receiver that already processed this key drops the repeat.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const DELIVERY_ID_HEADER = "X-FixiT-Delivery-Id";

export type SheetFormType = "help-center" | "early-access-waitlist" | "early-access-feedback" | "recruitment";

type WebhookPayload = { url: string; body: string };

export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** The outbox job that syncs one submission to the sheet; none when SHEETS_WEBHOOK_URL is not set. */
export function sheetSyncJob(
  config: Pick<Config, "SHEETS_WEBHOOK_URL">,
  formType: SheetFormType,
  data: Record<string, unknown>,
  submittedAt: Date = new Date(),
): NewJob | undefined {
  if (!config.SHEETS_WEBHOOK_URL) return undefined;
  const body = JSON.stringify({ formType, data, submittedAt: submittedAt.toISOString() });
  return { kind: WEBHOOK_JOB_KIND, payload: { url: config.SHEETS_WEBHOOK_URL, body } satisfies WebhookPayload };
}

/** Queues the sync when SHEETS_WEBHOOK_URL is set; does nothing otherwise. */
export async function enqueueSheetSync(
  db: DbOrTx,
  config: Pick<Config, "SHEETS_WEBHOOK_URL">,
  formType: SheetFormType,
  data: Record<string, unknown>,
  submittedAt?: Date,
): Promise<boolean> {
  const job = sheetSyncJob(config, formType, data, submittedAt);
  if (job) await enqueueJobs(db, [job]);
  return job !== undefined;
}

/** Runs one queued sheet sync: POSTs the signed body; a 2xx ends it, anything else is retried. */
export const deliverSheetSync: JobHandler = async (payload, ctx) => {
  const job = payload as Partial<WebhookPayload> | null;
  if (!job || typeof job.url !== "string" || typeof job.body !== "string") throw new PermanentJobError("invalid webhook payload");
  const secret = ctx.services.config.SHEETS_WEBHOOK_SECRET;
  const deliveryId = `outbox-${ctx.job.id}`;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "FixiT-Webhook/1",
    [IDEMPOTENCY_HEADER]: deliveryId,
    [DELIVERY_ID_HEADER]: deliveryId,
  };
  if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(job.body, secret);
  else ctx.logger.warn("SHEETS_WEBHOOK_SECRET is not set: the sheet sync goes out unsigned");
  const response = await fetch(job.url, {
    method: "POST",
    headers,
    body: job.body,
    redirect: "error",
    signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(15_000)]),
  });
  await response.body?.cancel().catch(() => {});
  // Any non-2xx is retried by the outbox with backoff.
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
};
