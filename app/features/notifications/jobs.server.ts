import { and, eq, isNull, sql } from "drizzle-orm";
import { company } from "~/content/company";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { z } from "~/lib/zod";
import { accountsView } from "~/features/auth/projections.server";
import { notificationDigests, notifications } from "#server/db/schema/notifications.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail, PermanentJobError, type JobHandler } from "#server/mail/outbox.ts";
import type { JobServices } from "#server/services.ts";
import { notificationKinds, notificationPaths, isNotificationKind } from "./kinds";
import { chosenDelivery, digestItems, NOTIFICATION_DIGEST_JOB, NOTIFICATION_EMAIL_JOB, type NOTIFICATION_JOB_KINDS } from "./notifications.server";
import { pushJobHandlers } from "./push.server";
import { signUnsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token.server";

/**
 * The notifications' outbox jobs. An email a person can turn off is queued by one of these, which
 * adds the RFC 8058 one-click unsubscribe headers: the signing key is the server's, so the link is
 * made here rather than by every feature that reports an event.
 */

/** List-Unsubscribe (an https link in production: PUBLIC_URL) and List-Unsubscribe-Post. */
export function unsubscribeHeaders(services: Pick<JobServices, "config">, userId: string, kind: UnsubscribeScope): Record<string, string> {
  const token = signUnsubscribeToken(services.config.sessionSecret, { userId, kind });
  return {
    "List-Unsubscribe": `<${siteUrl(services.config)}${notificationPaths.oneClick}?token=${token}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const emailPayload = z.object({
  notificationId: z.number().int().positive(),
  to: z.email(),
  subject: z.string().min(1),
  html: z.string().min(1),
  text: z.string().min(1),
  replyTo: z.email().optional(),
  required: z.boolean().optional(),
  // Checked in full by the outbox (file names, types, sizes) when the email is queued.
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).max(5).optional(),
});
const digestPayload = z.object({ userId: z.string().min(1).max(200), day: z.iso.date() });

function parsed<T>(schema: z.ZodType<T>, payload: unknown): T {
  const checked = schema.safeParse(payload);
  if (!checked.success) throw new PermanentJobError(`bad payload: ${checked.error.issues[0]?.message}`);
  return checked.data;
}

/**
 * Queues the notification's email once (emailed_at marks it in the same transaction), unless the
 * person has turned its kind off since it happened.
 */
export async function sendNotificationEmail(services: JobServices, payload: unknown): Promise<void> {
  const message = parsed(emailPayload, payload);
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ emailedAt: new Date() })
      .where(and(eq(notifications.id, message.notificationId), isNull(notifications.emailedAt)))
      // The person's choice now, read by the same statement.
      .returning({ userId: notifications.userId, kind: notifications.kind, delivery: chosenDelivery(sql.raw(`"notifications"."user_id"`), sql.raw(`"notifications"."kind"`)) });
    if (!row || !isNotificationKind(row.kind)) return;
    const { notificationId: _id, required, ...email } = message;
    if (required) return enqueueEmail(tx, email);
    if (row.delivery === "off") return;
    await enqueueEmail(tx, { ...email, headers: unsubscribeHeaders(services, row.userId, row.kind) });
  });
}

const MAX_DIGEST_LINES = 50;

/** The person's digest for one day: sent once (the row's sent_at), and not at all when nothing is left to list. */
export async function sendDigest(services: JobServices, payload: unknown): Promise<void> {
  const { userId, day } = parsed(digestPayload, payload);
  await services.db.transaction(async (tx) => {
    const [digest] = await tx
      .select()
      .from(notificationDigests)
      .where(and(eq(notificationDigests.userId, userId), eq(notificationDigests.day, day)))
      .for("update");
    if (!digest || digest.sentAt) return;
    const items = await digestItems(tx, userId, day);
    const [person] = await tx.select({ email: accountsView.email, name: accountsView.fullName }).from(accountsView).where(eq(accountsView.id, userId));
    await tx.update(notificationDigests).set({ sentAt: new Date(), listed: person ? items.length : 0 }).where(and(eq(notificationDigests.userId, userId), eq(notificationDigests.day, day)));
    if (!person || items.length === 0) return;
    const site = siteUrl(services.config);
    const shown = items.slice(0, MAX_DIGEST_LINES);
    const { html, text } = renderEmail({
      preheader: `${items.length} ${items.length === 1 ? "update" : "updates"} from ${company.brand}`,
      heading: "Your daily summary",
      paragraphs: [
        person.name ? `Hi ${person.name},` : "Hello,",
        `Here is what happened on ${company.brand} on ${day}:`,
        ...shown.map((item) => `• ${item.title} — ${site}${item.link}`),
        ...(items.length > shown.length ? [`And ${items.length - shown.length} more.`] : []),
      ],
      action: { label: "See all notifications", url: site + notificationPaths.list },
      reason: `You are receiving this summary because you chose a daily digest for ${[...new Set(items.map((i) => i.kind))]
        .filter(isNotificationKind)
        .map((kind) => notificationKinds[kind].label.toLowerCase())
        .join(", ")}. Change it in your notification settings: ${site}${notificationPaths.settings}`,
    });
    await enqueueEmail(tx, {
      to: person.email,
      subject: `Your ${company.brand} summary for ${day}`,
      html,
      text,
      replyTo: company.supportEmail,
      headers: unsubscribeHeaders(services, userId, "digest"),
    });
  });
}

export const notificationJobHandlers = (services: JobServices): Record<(typeof NOTIFICATION_JOB_KINDS)[number], JobHandler> => ({
  [NOTIFICATION_EMAIL_JOB]: (payload) => sendNotificationEmail(services, payload),
  [NOTIFICATION_DIGEST_JOB]: (payload) => sendDigest(services, payload),
  ...pushJobHandlers(services),
});
