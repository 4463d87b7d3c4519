import { and, eq, sql, type SQL } from "drizzle-orm";
import { company } from "~/content/company";
import { z } from "~/lib/zod";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { lockAccount } from "~/features/auth/accounts.server";
import { notificationPreferences, pushSubscriptions } from "#server/db/schema/notifications.ts";
import { enqueueJobs, PermanentJobError, type JobContext, type JobHandler } from "#server/mail/outbox.ts";
import { sendPush } from "#server/push/web-push.ts";
import type { JobServices } from "#server/services.ts";
import { deviceNameFrom } from "./device-name";
import { isNotificationKind, NOTIFICATION_KINDS, PUSH_DEFAULTS, type NotificationKind } from "./kinds";
import { buildPushPayload, type PushPayload } from "./push-payload";
import { PUSH_DEVICES_MAX } from "./schemas";

/**
 * Web Push (issue 50, decision 074): the devices a person subscribed, the pushes a notification
 * queues for them (in the notification's transaction: one outbox job per device), and the job that
 * sends one, encrypted and VAPID-signed by the web-push library (server/push/web-push.ts).
 */

export const WEB_PUSH_JOB = "web-push" as const;

/** How long a push service keeps a push for a device that is off: a day, after which the news is in the list and the email. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Whether the person wants pushes of this kind, as SQL read by the statement that needs it: their
 * stored choice, or the kind's default (PUSH_DEFAULTS) when they never chose (null, or no row).
 */
export function wantsPush(userId: SQL | string, kind: NotificationKind): SQL<boolean> {
  return sql<boolean>`coalesce((select ${notificationPreferences.push} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = ${kind}), ${PUSH_DEFAULTS[kind]})`;
}

export type PushJobPayload = { subscriptionId: number; kind: NotificationKind; message: PushPayload };

/**
 * Queues one push per device of the person that wants this kind, in the caller's transaction. One
 * indexed read when they have no device (most people), one more statement when they do.
 */
export async function queuePushes(tx: DbOrTx, notice: { userId: string; kind: NotificationKind; title: string; link: string; notificationId: number }): Promise<number> {
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, notice.userId), wantsPush(notice.userId, notice.kind)))
    .limit(PUSH_DEVICES_MAX);
  if (devices.length === 0) return 0;
  const message = buildPushPayload(notice);
  await enqueueJobs(
    tx,
    devices.map((device) => ({ kind: WEB_PUSH_JOB, payload: { subscriptionId: device.id, kind: notice.kind, message } satisfies PushJobPayload })),
  );
  return devices.length;
}

export type PushDevice = { id: number; name: string; createdAt: string };

export type NewDevice = { endpoint: string; p256dh: string; auth: string; name?: string | undefined };

/**
 * Stores the device for the signed-in person. An endpoint already theirs is updated (new keys, the
 * name); one another person subscribed moves to this person (decision 074: a browser profile's push
 * goes to whoever subscribed it last). Refused past PUSH_DEVICES_MAX devices. It belongs to the
 * sign-in (session) that added it: when that ends (Sign Out, "sign out everywhere", a password
 * reset, expiry), the database removes the device with it.
 */
export async function subscribeDevice(
  db: Db,
  { userId, sessionId }: { userId: string; sessionId: string },
  device: NewDevice,
  userAgent: string,
): Promise<{ ok: true; id: number } | { ok: false; reason: "cap" }> {
  const name = device.name?.trim() || deviceNameFrom(userAgent);
  return db.transaction(async (tx) => {
    // Two subscriptions of one person at once wait for each other here, so the cap holds.
    await lockAccount(tx, userId);
    const [counted] = await tx
      .select({
        devices: sql<number>`count(*)::int`,
        alreadyMine: sql<boolean>`coalesce(bool_or(${pushSubscriptions.endpoint} = ${device.endpoint}), false)`,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    if (!counted!.alreadyMine && counted!.devices >= PUSH_DEVICES_MAX) return { ok: false as const, reason: "cap" as const };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, sessionId, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, deviceName: name })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          deviceName: sql`excluded.device_name`,
          // Moved to another person: a new device for them, with no history of the last owner's.
          createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else now() end`,
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastSuccessAt} end`,
          lastFailureAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastFailureAt} end`,
          lastError: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastError} end`,
          userId: sql`excluded.user_id`,
          sessionId: sql`excluded.session_id`,
        },
      })
      .returning({ id: pushSubscriptions.id });
    return { ok: true as const, id: row!.id };
  });
}

/** Removes one of the person's own devices; false when it is not theirs (or is gone already). */
export async function removeDevice(db: Db, userId: string, id: number): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The person's push choice per kind (the default where they never chose). */
export async function loadPushChoices(db: DbOrTx, userId: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db.select({ kind: notificationPreferences.kind, push: notificationPreferences.push }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.filter((row) => row.push !== null).map((row) => [row.kind, row.push!]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? PUSH_DEFAULTS[kind]])) as Record<NotificationKind, boolean>;
}

/**
 * Saves the push choice of each offered kind. A kind without an email choice yet gets the email
 * default ("instant") beside it: the row's delivery is what an absent row meant.
 */
export async function savePushChoices(db: DbOrTx, userId: string, offered: readonly NotificationKind[], push: Partial<Record<NotificationKind, boolean>>): Promise<void> {
  const rows = offered.flatMap((kind) => (push[kind] === undefined ? [] : [{ userId, kind, delivery: "instant", push: push[kind]!, updatedAt: new Date() }]));
  if (!rows.length) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { push: sql`excluded.push`, updatedAt: sql`excluded.updated_at` } });
}

const jobPayload = z.object({
  subscriptionId: z.number().int().positive(),
  kind: z.string().refine(isNotificationKind),
  message: z.object({ title: z.string().min(1).max(200), body: z.string().max(500), url: z.string().startsWith("/").max(2000), tag: z.string().min(1).max(64) }),
});

const topicOf = (tag: string) => (/^[A-Za-z0-9_-]{1,32}$/.test(tag) ? tag : undefined);

/**
 * Sends one queued push. Gone (the device was removed, or its owner turned the kind off since):
 * nothing. 404/410 from the push service: the subscription is deleted. Any other failure is
 * recorded on the subscription and thrown, so the outbox retries it with its backoff and, after
 * MAIL_MAX_ATTEMPTS, keeps it as failed.
 */
export async function sendQueuedPush(services: JobServices, payload: unknown, ctx: Pick<JobContext, "record" | "signal">): Promise<void> {
  const checked = jobPayload.safeParse(payload);
  if (!checked.success) throw new PermanentJobError(`bad payload: ${checked.error.issues[0]?.message}`);
  const { subscriptionId, message } = checked.data;
  const kind = checked.data.kind as NotificationKind;
  const keys = services.config.webPush;
  if (!keys) throw new PermanentJobError("Web Push is off: WEB_PUSH_VAPID_KEYS is not set (APP_ENV=production)");
  const [device] = await services.db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscriptionId), wantsPush(sql.raw(`"push_subscriptions"."user_id"`), kind)));
  if (!device) {
    ctx.record("skipped");
    return;
  }
  const mine = and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.endpoint, device.endpoint));
  let result: Awaited<ReturnType<typeof sendPush>>;
  try {
    result = await sendPush(device, JSON.stringify(message), {
      vapid: keys,
      subject: `mailto:${company.supportEmail}`,
      ttlSeconds: PUSH_TTL_SECONDS,
      topic: topicOf(message.tag),
      // An emergency offer is open for minutes: delivered at once even to a phone saving its battery.
      urgency: kind === "review" ? "low" : kind === "emergency" ? "high" : "normal",
      signal: ctx.signal,
    });
  } catch (error) {
    result = { outcome: "failed", status: 0, detail: `push service unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (result.outcome === "sent") {
    ctx.record("sent");
    await services.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(mine);
    return;
  }
  if (result.outcome === "gone") {
    ctx.record("removed");
    await services.db.delete(pushSubscriptions).where(mine);
    return;
  }
  ctx.record("failed");
  await services.db.update(pushSubscriptions).set({ lastFailureAt: new Date(), lastError: result.detail.slice(0, 500) }).where(mine);
  throw new Error(result.detail);
}

export const pushJobHandlers = (services: JobServices): Record<typeof WEB_PUSH_JOB, JobHandler> => ({
  [WEB_PUSH_JOB]: (payload, ctx) => sendQueuedPush(services, payload, ctx),
});
