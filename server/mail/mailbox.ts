import { desc, eq, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { devMailbox, type DevMailboxMessage } from "../db/schema/mail.ts";
import type { EmailMessage } from "./outbox.ts";
import { renderEmail } from "./templates.ts";

/**
 * The development mailbox: messages the `log` transport kept, for /dev/mailbox. It does not
 * exist in production (APP_ENV=production), where mail always goes out over SMTP.
 */
export function devMailboxEnabled(config: Pick<Config, "isProduction">): boolean {
  return !config.isProduction;
}

export type MailboxSummary = Pick<DevMailboxMessage, "id" | "to" | "subject" | "createdAt">;

export async function listMailbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<MailboxSummary[]> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? 100)), 500);
  const to = options.to?.trim().toLowerCase();
  return db
    .select({ id: devMailbox.id, to: devMailbox.to, subject: devMailbox.subject, createdAt: devMailbox.createdAt })
    .from(devMailbox)
    .where(to ? eq(sql`lower(${devMailbox.to})`, to) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}

/** Whole messages (for the JSON view tests use). */
export async function listMailboxMessages(db: Db, options: { to?: string; limit?: number } = {}): Promise<DevMailboxMessage[]> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? 50)), 500);
  const to = options.to?.trim().toLowerCase();
  return db
    .select()
    .from(devMailbox)
    .where(to ? eq(sql`lower(${devMailbox.to})`, to) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
}

export async function getMailboxMessage(db: Db, id: number): Promise<DevMailboxMessage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [message] = await db.select().from(devMailbox).where(eq(devMailbox.id, id)).limit(1);
  return message;
}

/** The sample email POST /dev/mailbox/test-message queues (APP_ENV=test only, for browser tests). */
export function sampleEmail(to: string, siteUrl: string): EmailMessage {
  const { html, text } = renderEmail({
    preheader: "A sample message from the FixiT test mailbox",
    heading: "Sample message",
    paragraphs: ["This message was queued by a test to check the outbox and the development mailbox."],
    action: { label: "Open FixiT", url: new URL("/", siteUrl).href },
    note: "Nothing needs doing: no real person received this.",
    reason: "You are receiving this email because an automated test asked for it.",
  });
  return { to, subject: "FixiT sample message", html, text };
}
