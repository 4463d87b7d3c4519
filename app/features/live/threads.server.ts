import { and, asc, eq, getTableColumns, getTableName, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { liveTopics, notifyLive } from "#server/live/channel.ts";
import { jobMessagePhotos, jobMessages } from "#server/db/schema/quotes.ts";
import type { MessagePhoto } from "./live-events";

/**
 * The message threads as the live stream reads them (decision 048): the messages after a cursor, one
 * message by id. Who may read which threads is the quotes feature's one rule (`threadAccess`, decision 090); the stream is handed its answer as a ThreadScope.
 */

/** The threads of one job a viewer's stream carries: the customer all of them (`fixerUserId` null), a fixer their own. */
export type ThreadScope = { jobId: number; viewerUserId: string; fixerUserId: string | null };

/** A message as the stream reads it: its row and its photos' ids and sizes. */
export type MessageRow = typeof jobMessages.$inferSelect & { photos: MessagePhoto[] };

export function inScope(scope: ThreadScope, row: Pick<MessageRow, "jobId" | "fixerUserId">): boolean {
  return row.jobId === scope.jobId && (scope.fixerUserId === null || row.fixerUserId === scope.fixerUserId);
}

/** At most this many messages are replayed after a reconnection; a longer gap reloads the page. */
export const REPLAY_LIMIT = 200;

export async function messagesAfter(db: DbOrTx, scope: ThreadScope, afterId: number): Promise<MessageRow[]> {
  const thread = scope.fixerUserId === null ? undefined : eq(jobMessages.fixerUserId, scope.fixerUserId);
  const rows = await db
    .select()
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, scope.jobId), thread, gt(jobMessages.id, afterId)))
    .orderBy(asc(jobMessages.id))
    .limit(REPLAY_LIMIT + 1);
  return withPhotos(db, rows);
}

/** One message and its photos (as {@link photosByMessage} reads them), in one query: the stream reads each new message once per instance. */
export async function messageById(db: DbOrTx, id: number): Promise<MessageRow | null> {
  const photos = sql<MessagePhoto[]>`coalesce((select json_agg(json_build_object('id', p.id, 'width', p.width, 'height', p.height) order by p.id)
    from ${jobMessagePhotos} p where p.message_id = ${sql.raw(`"${getTableName(jobMessages)}"."id"`)}), '[]'::json)`;
  const [row] = await db
    .select({ ...getTableColumns(jobMessages), photos })
    .from(jobMessages)
    .where(eq(jobMessages.id, id))
    .limit(1);
  return row ?? null;
}

/** Each message's photos, oldest first, by message id (one query for the lot; a message without any has none). */
export async function photosByMessage(db: DbOrTx, messageIds: readonly number[]): Promise<Map<number, MessagePhoto[]>> {
  const byMessage = new Map<number, MessagePhoto[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ id: jobMessagePhotos.id, messageId: jobMessagePhotos.messageId, width: jobMessagePhotos.width, height: jobMessagePhotos.height })
    .from(jobMessagePhotos)
    .where(inArray(jobMessagePhotos.messageId, [...messageIds]))
    .orderBy(asc(jobMessagePhotos.id));
  for (const { messageId, ...photo } of rows) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), photo]);
  return byMessage;
}

async function withPhotos(db: DbOrTx, rows: (typeof jobMessages.$inferSelect)[]): Promise<MessageRow[]> {
  const photos = await photosByMessage(db, rows.map((r) => r.id));
  return rows.map((row) => ({ ...row, photos: photos.get(row.id) ?? [] }));
}

/** Posting a message: the job's open pages and the recipient's counts hear of it at commit (ids only). */
export async function announceMessage(tx: DbOrTx, message: { id: number; jobId: number; recipientUserId: string }): Promise<void> {
  await notifyLive(tx, { topic: liveTopics.job(message.jobId), kind: "message", ids: [message.id] }, { topic: liveTopics.user(message.recipientUserId), kind: "unread", ids: [message.id] });
}

/**
 * Staff hid a message: the job's open pages show the "hidden" notice in its place, and both people's
 * counts are read again (a hidden message is never unread), at commit.
 */
export async function announceHiddenMessage(tx: DbOrTx, message: { id: number; jobId: number; participantUserIds: readonly string[] }): Promise<void> {
  await notifyLive(tx, { topic: liveTopics.job(message.jobId), kind: "hidden", ids: [message.id] });
  for (const userId of message.participantUserIds) await notifyLive(tx, { topic: liveTopics.user(userId), kind: "unread", ids: [message.id] });
}
