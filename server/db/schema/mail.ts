import { bigserial, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Messages kept by the `log` mail transport (the embedded default), listed at /dev/mailbox.
 * Stored in the database so that every instance and every restart sees the same mailbox.
 */
export const devMailbox = pgTable("dev_mailbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  to: text("to").notNull(),
  from: text("from").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  /** Files sent with the message (a booking's calendar invite), as sent. */
  attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type DevMailboxMessage = typeof devMailbox.$inferSelect;
