import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { jobMessages, threadReads } from "#server/db/schema/quotes.ts";
import { liveTopics, notifyLive } from "#server/live/channel.ts";
import { markReadForPage } from "~/features/notifications/notifications.server";
import { badRequestAnswer, formAnswer } from "~/lib/forms/answer.server";
import { firstError, parseSubmission } from "~/lib/forms/parse";
import { parseId } from "~/lib/ids";
import { idField, z } from "~/lib/zod";
import { notALead } from "./access.server";
import { QuotesError } from "./errors";
import { hasThreads, threadAccess } from "./messages.server";
import { quotePaths } from "./paths";

/**
 * What a person has read of their threads (`thread_reads`, behind the header's Messages count,
 * decision 071) and of the notifications pointing at a job's page (decision 067). Moved only by a
 * POST sent once a page has shown the messages, never by a GET (decision 090): a loader may run for a
 * prefetch nobody sees.
 */

export type ThreadRead = { fixerUserId: string; lastMessageId: number };

/**
 * The viewer has read these threads up to these messages (never moved back). Tells their other
 * pages (any instance) that the count changed, when the transaction commits.
 */
export async function markThreadsRead(db: DbOrTx, userId: string, jobId: number, read: readonly ThreadRead[]): Promise<void> {
  const rows = read.filter((r) => r.lastMessageId > 0).map((r) => ({ userId, jobId, fixerUserId: r.fixerUserId, lastReadMessageId: r.lastMessageId }));
  if (rows.length === 0) return;
  const moved = await db
    .insert(threadReads)
    .values(rows)
    .onConflictDoUpdate({
      target: [threadReads.userId, threadReads.jobId, threadReads.fixerUserId],
      set: { lastReadMessageId: sql`excluded.last_read_message_id`, updatedAt: sql`now()` },
      setWhere: sql`${threadReads.lastReadMessageId} < excluded.last_read_message_id`,
    })
    .returning({ fixerUserId: threadReads.fixerUserId });
  if (moved.length > 0) await notifyLive(db, { topic: liveTopics.user(userId), kind: "unread", ids: [jobId] });
}

/**
 * What the page saw: "page", the page as its loader gave it (its threads, and every notification
 * pointing at it: the quote, the review, the messages); "messages", messages that reached the open
 * page live (only the "message" notifications: nothing else on the page changed).
 */
export const SEEN = ["page", "messages"] as const;
export type Seen = (typeof SEEN)[number];

/** At most this many message ids in one "mark read": a job page shows 10 quotes' threads and a few pinned ones, and sends each thread's last. */
export const MARK_READ_IDS_MAX = 50;

/**
 * A job page's "mark read" (intent `mark_read`): each of the viewer's threads on the job is read up
 * to the newest of `messageIds` in it (ids the page showed, so never further than what was seen; an
 * id of another job or of a thread not theirs counts for nothing), and their notifications pointing
 * at their page of the job are read as `seen` says. A job the viewer may not see: "not found".
 */
export async function markShownRead(db: Db, viewerUserId: string, jobId: number, messageIds: readonly number[], seen: Seen): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await threadAccess(tx, viewerUserId, jobId);
    if (!access) throw new QuotesError("not_found", notALead);
    const ids = messageIds.slice(0, MARK_READ_IDS_MAX);
    const newest =
      ids.length > 0 && hasThreads(access)
        ? await tx
            .select({ fixerUserId: jobMessages.fixerUserId, lastMessageId: max(jobMessages.id) })
            .from(jobMessages)
            .where(and(eq(jobMessages.jobId, jobId), inArray(jobMessages.id, [...ids]), access.fixerUserId === null ? undefined : eq(jobMessages.fixerUserId, access.fixerUserId)))
            .groupBy(jobMessages.fixerUserId)
        : [];
    await markThreadsRead(tx, viewerUserId, jobId, newest.map((r) => ({ fixerUserId: r.fixerUserId, lastMessageId: r.lastMessageId ?? 0 })));
    const page = access.role === "customer" ? quotePaths.customerJob(jobId) : quotePaths.fixerJob(jobId);
    await markReadForPage(tx, viewerUserId, page, seen === "page" ? undefined : ["message"]);
  });
}

/** The `mark_read` form: the ids of the messages the page showed (each thread's last), and what it saw. */
const markReadFormSchema = z.object({
  message: z.array(idField("A message id is a whole number without leading zeros.")).max(MARK_READ_IDS_MAX, "Too many messages in one mark."),
  seen: z.enum(SEEN, "Say what the page saw: page or messages."),
});

/** The job pages' `mark_read` POST (their script sends it once the threads are on screen): 200, or 400 for a form that is not one. */
export async function markReadAnswer(db: Db, viewerUserId: string, jobId: number, form: FormData) {
  const parsed = parseSubmission(markReadFormSchema, form, { lists: ["message"] });
  if (!parsed.ok) return badRequestAnswer("mark_read", { message: firstError(parsed.fieldErrors)?.message ?? "This is not a list of messages." });
  await markShownRead(db, viewerUserId, jobId, parsed.data.message, parsed.data.seen);
  return formAnswer(200, { form: "mark_read", status: "success" });
}

/** A reply is sent from a page that showed its thread up to `readUpTo` (the form's hidden field): that much is read. */
export async function readUpToAfterReply(db: Db, viewerUserId: string, jobId: number, form: FormData): Promise<void> {
  const readUpTo = parseId(form.get("readUpTo"));
  if (readUpTo !== null) await markShownRead(db, viewerUserId, jobId, [readUpTo], "messages");
}
