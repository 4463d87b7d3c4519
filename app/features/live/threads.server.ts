import type { DbOrTx } from "#server/db/client.ts";
import { liveTopics, notifyLive } from "#server/live/channel.ts";
import type { StoredMessage } from "./live-events";

/**
 * The message threads as the live stream sees them (decision 048): the scope a viewer's stream carries
 * and how it reads messages (ThreadReads, the quotes feature's), and the announcements a posted or
 * hidden message makes at commit. Who may read which threads is the quotes feature's one rule
 * (`threadAccess`, decision 090); the stream is handed its answer as a ThreadScope.
 */

/** The threads of one job a viewer's stream carries: the customer all of them (`fixerUserId` null), a fixer their own. */
export type ThreadScope = { jobId: number; viewerUserId: string; fixerUserId: string | null };

/** A message as the stream reads it: the stored message, its photos, and its job. */
export type StreamMessage = StoredMessage & { jobId: number };

/**
 * How the stream reads the threads, handed in by its route: the thread tables are the quotes
 * feature's (decision 089), and quotes imports live, so live cannot call it.
 */
export type ThreadReads = {
  /** The scope's messages after a cursor, oldest first, at most REPLAY_LIMIT + 1 (one more says "too far behind"). */
  messagesAfter(db: DbOrTx, scope: ThreadScope, afterId: number): Promise<StreamMessage[]>;
  /** One message and its photos; null when there is none. */
  messageById(db: DbOrTx, id: number): Promise<StreamMessage | null>;
};

export function inScope(scope: ThreadScope, row: Pick<StreamMessage, "jobId" | "fixerUserId">): boolean {
  return row.jobId === scope.jobId && (scope.fixerUserId === null || row.fixerUserId === scope.fixerUserId);
}

/** At most this many messages are replayed after a reconnection; a longer gap reloads the page. */
export const REPLAY_LIMIT = 200;

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
