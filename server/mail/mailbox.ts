import { desc, eq, lt, sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { devMailbox, type DevMailboxMessage } from "#server/db/schema/mail.ts";

/**
 * The development mailbox: messages the `log` transport kept, for /dev/mailbox. It needs no sign-in
 * and shows reset links, so it exists only outside production and, unless DEV_MAILBOX=on, only when
 * the server listens on loopback (config.devMailbox).
 */
export function devMailboxEnabled(config: Pick<Config, "devMailbox">): boolean {
  return config.devMailbox;
}

/** The ?to= filter: trimmed, at most 320 characters, control characters (NUL above all) removed; undefined for none. */
export function mailboxRecipient(value: string | null): string | undefined {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return value?.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 320) || undefined;
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


/** Deletes the development mailbox's messages older than `before` (the privacy notice's retention); how many. */
export async function deleteMailboxMessagesBefore(tx: DbOrTx, before: Date): Promise<number> {
  const rows = await tx.delete(devMailbox).where(lt(devMailbox.createdAt, before)).returning({ id: devMailbox.id });
  return rows.length;
}
