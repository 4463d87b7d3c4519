import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { liveTopics, notifyLive } from "#server/live/channel.ts";
import { notificationDigests, notificationPreferences, notifications, pushSubscriptions, unreadCounts } from "#server/db/schema/notifications.ts";
import { enqueueJob, type EmailAttachment } from "#server/mail/outbox.ts";
import { renderEmail, type EmailContent } from "~/lib/email-templates.server.ts";
import { digestDayOf, digestSendTime } from "./digest-day";
import { DEFAULT_DELIVERY, EMAIL_DELIVERIES, NOTIFICATION_KINDS, notificationPaths, PUSH_DEFAULTS, type EmailDelivery, type NotificationKind } from "./kinds";
import { queuePushes, WEB_PUSH_JOB, type PushDevice } from "./push.server";
import { PUSH_DEVICES_MAX } from "./schemas";
import type { UnsubscribeClaim } from "./unsubscribe-token.server";

/**
 * The notifications service: what happened for a person (listed at /account/notifications) and the
 * email it may bring, as the person chose per kind — at once, in the next morning's digest, or not
 * at all. Called inside the transaction of the event it reports (decision 049).
 */

export const NOTIFICATION_EMAIL_JOB = "notification-email" as const;
export const NOTIFICATION_DIGEST_JOB = "notification-digest" as const;
export const NOTIFICATION_JOB_KINDS = [NOTIFICATION_EMAIL_JOB, NOTIFICATION_DIGEST_JOB, WEB_PUSH_JOB] as const;

export type NotificationEmailPayload = { notificationId: number; to: string; subject: string; html: string; text: string; replyTo?: string; required?: boolean; attachments?: EmailAttachment[] };
export type NotificationDigestPayload = { userId: string; day: string };

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  /** One line for the list and the digest. */
  title: string;
  /** A path on this site. */
  link: string;
  /** The email it brings when the person wants it at once; none for a kind that only lists. */
  email?: {
    to: string;
    subject: string;
    content: EmailContent;
    replyTo?: string;
    publicUrl: string;
    /** About the person's own account standing (leads paused): sent whatever they chose, without an unsubscribe link. */
    required?: boolean;
    /** Files sent with the email at once (a booking's calendar invite); a digest lists the event without them. */
    attachments?: EmailAttachment[];
  };
};

/** Every email a person can turn off says where to choose. */
const withChoiceNote = (content: EmailContent, publicUrl: string): EmailContent => ({
  ...content,
  reason: `${content.reason ?? ""} Choose which emails you get, or turn this kind off: ${publicUrl}${notificationPaths.settings}`.trim(),
});

/**
 * The person's email choice for a kind, as a subquery read by the statement that needs it (no round
 * trip of its own): "instant" when they never chose. An outer column passed in must be written with
 * its table's name (`"notifications"."user_id"`).
 */
export function chosenDelivery(userId: SQL | string, kind: SQL | string): SQL<EmailDelivery> {
  return sql<EmailDelivery>`coalesce((select ${notificationPreferences.delivery} from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = ${kind}), ${DEFAULT_DELIVERY})`;
}

/**
 * Writes the notification and, as its person chose, queues its email (through a job that adds the
 * one-click unsubscribe headers) or the day's digest (one job per person-day: the digest row's key),
 * and a push to each of their devices that wants its kind.
 */
export async function notify(tx: DbOrTx, notice: NewNotification, now = new Date()): Promise<void> {
  // The person's choice is read by the insert itself: one round trip.
  const chosen = chosenDelivery(notice.userId, notice.kind);
  const fixed = !notice.email ? "none" : notice.email.required ? "instant" : null;
  const day = digestDayOf(now);
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title.slice(0, 300),
      link: notice.link,
      delivery: fixed ?? chosen,
      digestDay: fixed ? null : sql`case when ${chosen} = 'digest' then ${day}::date end`,
      createdAt: now,
    })
    .returning({ id: notifications.id, delivery: notifications.delivery });
  const delivery = row!.delivery as EmailDelivery | "none";
  const digestDay = delivery === "digest" ? day : null;
  await announceCountChanged(tx, notice.userId, row!.id);
  // Its pushes, one per device that wants this kind, in the same transaction (decision 074).
  await queuePushes(tx, { userId: notice.userId, kind: notice.kind, title: notice.title, link: notice.link, notificationId: row!.id });
  if (delivery === "instant" && notice.email) {
    const { html, text } = renderEmail(notice.email.required ? notice.email.content : withChoiceNote(notice.email.content, notice.email.publicUrl));
    const payload: NotificationEmailPayload = { notificationId: row!.id, to: notice.email.to, subject: notice.email.subject, html, text, replyTo: notice.email.replyTo, required: notice.email.required, attachments: notice.email.attachments };
    await enqueueJob(tx, NOTIFICATION_EMAIL_JOB, payload);
  }
  if (digestDay) {
    const created = await tx.insert(notificationDigests).values({ userId: notice.userId, day: digestDay }).onConflictDoNothing().returning({ day: notificationDigests.day });
    if (created.length) await enqueueJob(tx, NOTIFICATION_DIGEST_JOB, { userId: notice.userId, day: digestDay } satisfies NotificationDigestPayload, { runAt: digestSendTime(digestDay) });
  }
}

/** The person's open pages (any instance) read the bell's count again, when the transaction commits (decision 056). */
function announceCountChanged(db: DbOrTx, userId: string, notificationId?: number): Promise<void> {
  return notifyLive(db, { topic: liveTopics.user(userId), kind: "notifications", ids: notificationId === undefined ? [] : [notificationId] });
}

export type NotificationItem = { id: number; kind: string; title: string; link: string; read: boolean; createdAt: string };

export const NOTIFICATIONS_SHOWN = 100;

/** The person's notifications, newest first. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationItem[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  return rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, link: r.link, read: r.readAt !== null, createdAt: r.createdAt.toISOString() }));
}

type JsonDevice = { id: number; name: string; createdAt: string };

/**
 * The notification settings page in one query (a signed-in page costs its session's query and one
 * more, decision 071): the person's email and push choices and their push devices (at most
 * PUSH_DEVICES_MAX, oldest first).
 */
export async function loadNotificationSettings(
  db: Db,
  userId: string,
): Promise<{ chosen: Partial<Record<NotificationKind, EmailDelivery>>; push: Record<NotificationKind, boolean>; devices: PushDevice[] }> {
  const [row] = await db
    .select({
      preferences: sql<{ kind: NotificationKind; delivery: EmailDelivery; push: boolean | null }[]>`(select coalesce(json_agg(json_build_object('kind', p.kind, 'delivery', p.delivery, 'push', p.push)), '[]'::json)
        from ${notificationPreferences} p where p.user_id = ${userId})`,
      devices: sql<JsonDevice[]>`(select coalesce(json_agg(json_build_object('id', d.id, 'name', d.device_name, 'createdAt', d.created_at) order by d.created_at, d.id), '[]'::json)
        from (select * from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} order by ${pushSubscriptions.createdAt}, ${pushSubscriptions.id} limit ${PUSH_DEVICES_MAX}) d)`,
    })
    .from(sql`(select 1) as one`);
  const preferences = row?.preferences ?? [];
  const storedPush = new Map(preferences.filter((p) => p.push !== null).map((p) => [p.kind, p.push!]));
  return {
    chosen: Object.fromEntries(preferences.map((p) => [p.kind, p.delivery])),
    push: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, storedPush.get(kind) ?? PUSH_DEFAULTS[kind]])) as Record<NotificationKind, boolean>,
    devices: (row?.devices ?? []).map((device) => ({ ...device, id: Number(device.id), createdAt: new Date(device.createdAt).toISOString() })),
  };
}

/** The person's notifications without readAt: a counter kept by the database with every write (unread_counts, decision 071). */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: unreadCounts.notifications }).from(unreadCounts).where(eq(unreadCounts.userId, userId)).limit(1);
  return Math.max(0, row?.n ?? 0);
}

/**
 * Messages to the person they have not read (in their jobs' threads as the customer, their own as a
 * fixer; not theirs, not hidden, after their read marker): the same table's other counter, kept by the
 * database in the transaction of every message written, hidden or removed and every read marker moved
 * (decision 071): one row read, never a recount.
 */
export async function unreadMessageCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: unreadCounts.messages }).from(unreadCounts).where(eq(unreadCounts.userId, userId)).limit(1);
  return Math.max(0, row?.n ?? 0);
}

/** Marks one of the person's own notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: string, id: number): Promise<{ link: string } | null> {
  const [own] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ link: notifications.link });
  if (own) await announceCountChanged(db, userId, id);
  return own ?? null;
}

/** Where one of the person's own notifications points; null when it is not theirs (or does not exist). */
export async function notificationLink(db: Db, userId: string, id: number): Promise<{ link: string } | null> {
  const [own] = await db.select({ link: notifications.link }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1);
  return own ?? null;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length > 0) await announceCountChanged(db, userId);
  return marked.length;
}

/**
 * The person opened the page these notifications point at (a job's page with its threads): what
 * they were told about is in front of them, so they are read, as if opened from the list, and the
 * bell's count goes down on their open pages. A link with an anchor on the page (`#review`) counts;
 * `kinds` narrows it (the live stream marks the messages it delivered). Answers how many it marked.
 */
export async function markReadForPage(db: DbOrTx, userId: string, path: string, kinds?: readonly NotificationKind[]): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        or(eq(notifications.link, path), sql`starts_with(${notifications.link}, ${`${path}#`})`),
        kinds ? inArray(notifications.kind, [...kinds]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (marked.length > 0) await announceCountChanged(db, userId);
  return marked.length;
}

export async function loadPreferences(db: DbOrTx, userId: string): Promise<Partial<Record<NotificationKind, EmailDelivery>>> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.delivery])) as Partial<Record<NotificationKind, EmailDelivery>>;
}

/** Saves the person's choices for the kinds they are offered (others are ignored). */
export async function savePreferences(db: Db, userId: string, offered: readonly NotificationKind[], choices: Partial<Record<NotificationKind, EmailDelivery>>): Promise<void> {
  const rows = offered.flatMap((kind) => {
    const delivery = choices[kind];
    return delivery && (EMAIL_DELIVERIES as readonly string[]).includes(delivery) ? [{ userId, kind, delivery, updatedAt: new Date() }] : [];
  });
  if (!rows.length) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { delivery: sql`excluded.delivery`, updatedAt: sql`excluded.updated_at` } });
}

/**
 * A one-click unsubscribe: the kind (or every kind sent as a digest) is turned off. Idempotent; an
 * account deleted since has nothing left to turn off.
 */
export async function applyUnsubscribe(db: Db, claim: Pick<UnsubscribeClaim, "userId" | "kind">): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: accountsView.id }).from(accountsView).where(eq(accountsView.id, claim.userId));
    if (!user) return;
    if (claim.kind === "digest") {
      await tx
        .update(notificationPreferences)
        .set({ delivery: "off", updatedAt: new Date() })
        .where(and(eq(notificationPreferences.userId, claim.userId), eq(notificationPreferences.delivery, "digest")));
      return;
    }
    await tx
      .insert(notificationPreferences)
      .values({ userId: claim.userId, kind: claim.kind, delivery: "off" })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { delivery: "off", updatedAt: new Date() } });
  });
}

/** The kinds a digest of `day` lists for the person: its notifications whose kind is not turned off since. */
export async function digestItems(db: DbOrTx, userId: string, day: string) {
  const off = db
    .select({ kind: notificationPreferences.kind })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.delivery, "off")));
  return db
    .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.delivery, "digest"), eq(notifications.digestDay, day), sql`${notifications.kind} not in (${off})`))
    .orderBy(notifications.createdAt, notifications.id);
}
