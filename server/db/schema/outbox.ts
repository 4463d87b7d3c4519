import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** How often a job may run when its sender does not say (MAIL_MAX_ATTEMPTS overrides it for the worker's jobs). */
export const OUTBOX_DEFAULT_MAX_ATTEMPTS = 8;

/**
 * Jobs that must happen after a submission (emails, webhooks). They are written in the
 * same transaction as the submission, so a failed send never loses what the user sent.
 */
export const outboxJobs = pgTable(
  "outbox_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What the worker does with the payload: "email" or "webhook". */
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** pending → processing → sent, or failed once attempts are used up. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(OUTBOX_DEFAULT_MAX_ATTEMPTS),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** A claimed job is leased until this time; a crashed worker's job is picked up again after it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_jobs_due_idx").on(t.status, t.runAt),
    // The staff console's Outbox list (decision 069): newest first, by status.
    index("outbox_jobs_created_idx").on(t.createdAt, t.id),
    index("outbox_jobs_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

export type OutboxJob = typeof outboxJobs.$inferSelect;
