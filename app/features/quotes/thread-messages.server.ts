import { and, asc, eq, getTableColumns, getTableName, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { jobMessagePhotos, jobMessages } from "#server/db/schema/quotes.ts";
import type { MessagePhoto } from "~/features/live/live-events";
import { REPLAY_LIMIT, type StreamMessage, type ThreadReads, type ThreadScope } from "~/features/live/threads.server";

/**
 * The thread messages as the live stream reads them (decision 048), here with the tables they read
 * (decision 089); the stream's route hands them to the live feature as its ThreadReads.
 */

export async function messagesAfter(db: DbOrTx, scope: ThreadScope, afterId: number): Promise<StreamMessage[]> {
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
export async function messageById(db: DbOrTx, id: number): Promise<StreamMessage | null> {
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

async function withPhotos(db: DbOrTx, rows: (typeof jobMessages.$inferSelect)[]): Promise<StreamMessage[]> {
  const photos = await photosByMessage(db, rows.map((r) => r.id));
  return rows.map((row) => ({ ...row, photos: photos.get(row.id) ?? [] }));
}

export const threadStreamReads: ThreadReads = { messagesAfter, messageById };
