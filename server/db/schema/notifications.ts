import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth.ts";

/**
 * What happened for a person (a quote received, a new message, a booking event…), listed at
 * /account/notifications. Written in the same transaction as the event it reports (decision 049).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of NOTIFICATION_KINDS (app/features/notifications/kinds.ts). */
    kind: text("kind").notNull(),
    /** One line, shown in the list and in a digest. */
    title: text("title").notNull(),
    /** A path on this site ("/account/jobs/12"), never a full URL. */
    link: text("link").notNull(),
    /** How its email was decided when it was written: instant, digest, off, or none (no email for it). */
    delivery: text("delivery").notNull(),
    /** The digest (the person's UK date) it belongs to when delivery is "digest". */
    digestDay: date("digest_day"),
    /** Set once the instant email is queued: a re-run job queues it once. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_digest_idx").on(t.userId, t.digestDay).where(sql`${t.delivery} = 'digest'`),
    check("notifications_delivery_check", sql`${t.delivery} in ('instant', 'digest', 'off', 'none')`),
  ],
);

/**
 * A person's choice per kind; no row means "instant" (the default). `push`: whether their devices get a
 * push for it; null (rows from before push, and rows written by an unsubscribe) means the kind's default
 * (PUSH_DEFAULTS, app/features/notifications/kinds.ts).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    delivery: text("delivery").notNull(),
    push: boolean("push"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check("notification_preferences_delivery_check", sql`${t.delivery} in ('instant', 'digest', 'off')`)],
);

/**
 * One row per person per day with digest notifications: its primary key is what makes the digest
 * one job per person-day however many instances write notifications at once.
 */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** Set by the job that sent it (or found nothing to send): a second run does nothing. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** How many notifications it listed (0: nothing was sent). */
    listed: integer("listed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * The header's two unread counts per person, kept by triggers (drizzle/0028_unread_counters.sql) in the
 * transaction of every write that changes them: a message written, hidden or removed, a read marker
 * moved, a notification written or read (issue 47, decision 071). Read by the session's one query;
 * never recounted per page. A row is made with its user (and by the migration's backfill).
 */
export const unreadCounts = pgTable("unread_counts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Messages to the person they have not read (threadReads), not sent by them, not hidden. */
  messages: integer("messages").notNull().default(0),
  /** Their notifications without readAt. */
  notifications: integer("notifications").notNull().default(0),
});

/**
 * A device (a browser profile) subscribed to Web Push for its signed-in person (issue 50, decision 074).
 * The endpoint is the push service's address for that browser: unique, so a browser that a second
 * person subscribes on moves to them. Deleted when the push service answers 404/410, and with the
 * sign-in (session) that added it, so that a signed-out device gets nobody's notifications. Devices
 * added before that rule have no session and stay until removed.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_key"),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    /** The browser's P-256 public key and auth secret (base64url): what the payload is encrypted to. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** Given by the person, or made from the User-Agent ("Chrome on Android"); at most 60 characters. */
    deviceName: text("device_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    /** The push service's last refusal (status and a bounded body), for an operator. */
    lastError: text("last_error"),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt, t.id),
    // For the cascade when a session ends.
    index("push_subscriptions_session_idx").on(t.sessionId),
    check("push_subscriptions_device_name_check", sql`char_length(${t.deviceName}) between 1 and 60`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
