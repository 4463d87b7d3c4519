import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerProfiles, jobMessagePhotos, jobMessages, jobs, quotes, type Job } from "#server/db/schema/quotes.ts";
import { activeFixer, checkRateLimit, contactName, fixerMaySeeJob, noSuchAccount, notALead, ref, type QuotesDeps } from "./access.server";
import { queueNewMessageEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { quoteLimits, tooManyMessagePhotos } from "./schemas";
import { formatCount } from "~/content/format";
import { announceMessage } from "~/features/live/threads.server";
import { photosByMessage } from "./thread-messages.server";
import { threadMessage, type ThreadMessage } from "~/features/live/live-events";
import type { StoredJobPhoto } from "./jobs.server";
import { photoRow } from "~/lib/photos/photos.server";
import { accountsAs } from "~/features/auth/projections.server";

/**
 * Message threads on a job: one thread per (job, fixer), between the job's customer and that fixer.
 * Before a quote is accepted a thread exists only with a fixer whose quote is waiting, and contact
 * details are masked (so the marketplace is not skipped before anyone has chosen); after
 * acceptance only the accepted fixer's thread is open, unmasked. A closed job takes no messages.
 */

export const MASKED = "[contact details hidden until a quote is accepted]";

// "ann@example.com", also spelt out ("ann at example dot com"); the last label is letters, so "2026-12-01 at 9.30" is not one.
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*(?:[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*)+[a-z]{2,}\b/gi;
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
const DOMAIN = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|co\.uk|org\.uk|uk|net|org|io|me|info|biz|app|dev|ly|to)\b(?:\/\S*)?/gi;
// Ten or more digits with spaces, dots, dashes or brackets between them: a phone number, not a price or a date.
const PHONE = /(?:\(\s*)?(?:\+\s*)?\d(?:[\s().-]*\d){9,}/g;

/** Replaces email addresses, links and phone numbers with a notice. */
export function maskContactDetails(text: string): string {
  return text.replace(EMAIL, MASKED).replace(LINK, MASKED).replace(DOMAIN, MASKED).replace(PHONE, MASKED);
}

/**
 * Who may read and write a job's message threads, the one rule (decision 090) the job pages (their
 * loaders and actions) and the live stream all ask: the job's customer reads every thread of it (one
 * per fixer who quoted) and writes in the one they name; a fixer who may see the job
 * ({@link fixerMaySeeJob}) has their own thread once they quoted; anyone else, and a job that does not
 * exist, gets null, which every caller answers as "not found" (job ids reveal nothing).
 */
export type ThreadAccess = {
  jobId: number;
  viewerUserId: string;
  job: Job;
  role: "customer" | "fixer";
  /** The threads the viewer reads: null every thread of the job (the customer), else the fixer's own. */
  fixerUserId: string | null;
  /** The quote behind the thread asked for (the one the customer names, the fixer's own): its status, or null when there is no such thread. */
  quoteStatus: string | null;
};

/** One query: the job, whether the viewer may see it as a fixer, and the quote of the thread asked for (`namedFixerUserId`: the customer's choice). */
export async function threadAccess(db: DbOrTx, viewerUserId: string, jobId: number, namedFixerUserId?: string): Promise<ThreadAccess | null> {
  // The thread's fixer: the one the customer names, or the viewer (a fixer) themself.
  const threadFixer = sql`case when ${ref(jobs.customerUserId)} = ${viewerUserId} then ${namedFixerUserId ?? null} else ${viewerUserId} end`;
  const [row] = await db
    .select({
      ...getTableColumns(jobs),
      fixerMaySee: fixerMaySeeJob(viewerUserId).mapWith(Boolean),
      quoteStatus: sql<string | null>`(select ${quotes.status} from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.fixerUserId} = ${threadFixer} limit 1)`,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!row) return null;
  const { fixerMaySee, quoteStatus, ...job } = row;
  if (job.customerUserId === viewerUserId) return { jobId, viewerUserId, job, role: "customer", fixerUserId: null, quoteStatus };
  return fixerMaySee ? { jobId, viewerUserId, job, role: "fixer", fixerUserId: viewerUserId, quoteStatus } : null;
}

/** True when the viewer has a thread on the job to read: the customer always, a fixer once they quoted (the live stream refuses anyone else). */
export const hasThreads = (access: ThreadAccess): boolean => access.role === "customer" || access.quoteStatus !== null;

type Thread = { job: Job; fixerUserId: string; role: "customer" | "fixer"; accepted: boolean; quoteStatus: string | null };

/** The one thread a message goes to or a reader opens, by {@link threadAccess}: the customer names it; a fixer's is their own. */
async function openThread(db: DbOrTx, viewerUserId: string, jobId: number, threadFixerUserId: string | undefined): Promise<Thread & { access: ThreadAccess }> {
  const access = await threadAccess(db, viewerUserId, jobId, threadFixerUserId);
  if (!access) throw new QuotesError("not_found", notALead);
  if (access.role === "customer") {
    if (!threadFixerUserId) throw new QuotesError("invalid", "Choose which fixer to write to.");
    // The customer sees no thread with a fixer who never quoted (the fixer id reveals nothing).
    if (access.quoteStatus === null) throw new QuotesError("not_found", "There is no conversation with this fixer on your job.");
  }
  const { job, role, quoteStatus } = access;
  return { access, job, fixerUserId: threadFixerUserId && role === "customer" ? threadFixerUserId : viewerUserId, role, quoteStatus, accepted: job.status === "in_progress" || job.status === "done" };
}

/**
 * Posts a message, with up to 3 photos already checked and stored (message-photos.server.ts; the
 * caller deletes their files when this throws). The customer names the fixer's thread; a fixer
 * writes in their own. Rules: before acceptance, only with a fixer whose quote is waiting (sent),
 * masked; after acceptance, only the accepted fixer's thread, unmasked; nothing on a closed job.
 * Rate limited per sender.
 */
export async function postMessage(
  deps: QuotesDeps,
  senderUserId: string,
  jobId: number,
  input: { body: string; fixerUserId?: string; photos?: readonly StoredJobPhoto[] },
): Promise<{ messageId: number; masked: boolean }> {
  const body = input.body.trim();
  const photos = input.photos ?? [];
  if (body.length < quoteLimits.message.min || body.length > quoteLimits.message.max || body.includes("\u0000")) {
    throw new QuotesError("invalid", `Write a message of up to ${formatCount(quoteLimits.message.max)} characters.`);
  }
  if (photos.length > quoteLimits.photosPerMessage) throw new QuotesError("invalid", tooManyMessagePhotos);
  await checkRateLimit(deps.db, "message", senderUserId);
  return deps.db.transaction(async (tx) => {
    const thread = await openThread(tx, senderUserId, jobId, input.fixerUserId);
    if (thread.job.status === "closed") throw new QuotesError("conflict", "This job is closed, so its conversations are closed too.");
    if (thread.accepted) {
      if (thread.quoteStatus !== "accepted") throw new QuotesError("forbidden", "This job is now with another fixer.");
    } else if (thread.quoteStatus !== "sent") {
      throw new QuotesError("forbidden", "You can message once a quote is sent, while it is waiting for an answer.");
    }
    const people = await threadPeople(tx, thread);
    // Before acceptance a fixer writes only while they may take part in jobs.
    if (!thread.accepted && thread.role === "fixer") activeFixer(people.fixerProfile === null ? undefined : people);
    const stored = thread.accepted ? body : maskContactDetails(body);
    const [created] = await tx.insert(jobMessages).values({ jobId, fixerUserId: thread.fixerUserId, senderUserId, body: stored }).returning({ id: jobMessages.id });
    if (photos.length) {
      await tx.insert(jobMessagePhotos).values(photos.map((p) => ({ messageId: created!.id, ...photoRow(p) })));
    }
    // Open pages on any instance hear of it when this commits (ids only: they read the row).
    await announceMessage(tx, { id: created!.id, jobId, recipientUserId: thread.role === "customer" ? thread.fixerUserId : thread.job.customerUserId });

    const summary = { id: jobId, title: thread.job.title, service: thread.job.service, district: thread.job.district };
    if (thread.role === "customer") {
      // The fixer learns the customer's name only once their quote is accepted.
      const from = thread.accepted ? people.customerName : "Your customer";
      await queueNewMessageEmail(tx, deps.publicUrl, { userId: thread.fixerUserId, email: people.fixerEmail, name: people.fixerName ?? "" }, from, summary, "fixer");
    } else {
      await queueNewMessageEmail(tx, deps.publicUrl, { userId: thread.job.customerUserId, email: people.customerEmail, name: people.customerName }, people.fixerName ?? "Your fixer", summary, "customer");
    }
    return { messageId: created!.id, masked: stored !== body };
  });
}

const fixerUser = accountsAs("thread_fixer");
const customerUser = accountsAs("thread_customer");

/**
 * The thread's two people in one query: the fixer's account and profile (none: not an approved
 * fixer), their public name, and the customer's email and name ({@link contactOf}'s).
 */
async function threadPeople(db: DbOrTx, thread: Thread) {
  const [row] = await db
    .select({
      fixerProfile: fixerProfiles.userId,
      fixerName: fixerProfiles.displayName,
      leadsDisabledAt: fixerProfiles.leadsDisabledAt,
      disabledAt: fixerUser.disabledAt,
      fixerEmail: fixerUser.email,
      customerEmail: customerUser.email,
      customerName: contactName(customerUser),
    })
    .from(fixerUser)
    .innerJoin(customerUser, eq(customerUser.id, thread.job.customerUserId))
    .leftJoin(fixerProfiles, eq(fixerProfiles.userId, fixerUser.id))
    .where(eq(fixerUser.id, thread.fixerUserId))
    .limit(1);
  if (!row) throw new QuotesError("not_found", noSuchAccount);
  return row;
}

/** A thread page shows this many messages, the latest first read; "Show earlier" pages back (decision 068). */
export const THREAD_PAGE_SIZE = 20;

/** A thread's shown page: its messages oldest first, and the cursor of the page before it (null: none). */
export type ThreadPage = { messages: ThreadMessage[]; earlier: number | null };

/** A "Show earlier" cursor placed: the thread it pages and the message it shows the messages before. */
export type ThreadCursor = { fixerUserId: string; before: number };

/**
 * A job page's threads in a fixed number of queries, whatever their number and length: the ids of
 * each thread's latest page (one index walk per thread, stopped at a page), then those messages and
 * their photos. The thread `cursor` names shows the page before its message instead. Only threads
 * `access` lets the viewer read ({@link threadAccess}); a hidden message shows as hidden, without text or photos.
 */
export async function threadPages(db: DbOrTx, access: ThreadAccess, threadFixerUserIds: readonly string[], cursor: ThreadCursor | null = null): Promise<Record<string, ThreadPage>> {
  const { jobId, viewerUserId } = access;
  const fixerUserIds = access.fixerUserId === null ? threadFixerUserIds : threadFixerUserIds.filter((f) => f === access.fixerUserId && hasThreads(access));
  const pages: Record<string, ThreadPage> = Object.fromEntries(fixerUserIds.map((f) => [f, { messages: [], earlier: null }]));
  if (fixerUserIds.length === 0) return pages;
  const before = cursor ? sql`(t.fixer_user_id <> ${cursor.fixerUserId} or m.id < ${cursor.before})` : sql`true`;
  const result = (await db.execute(sql`select w.id, t.fixer_user_id from (values ${sql.join(
    fixerUserIds.map((f) => sql`(${f})`),
    sql`, `,
  )}) as t(fixer_user_id) cross join lateral (
      select m.id from job_messages m where m.job_id = ${jobId} and m.fixer_user_id = t.fixer_user_id and ${before}
      order by m.id desc limit ${THREAD_PAGE_SIZE + 1}) w`)) as unknown as { rows: { id: string | number; fixer_user_id: string }[] };
  const idsOf = new Map<string, number[]>();
  for (const row of result.rows) idsOf.set(row.fixer_user_id, [...(idsOf.get(row.fixer_user_id) ?? []), Number(row.id)]);
  const shownIds: number[] = [];
  for (const [fixer, ids] of idsOf) {
    const newestFirst = ids.sort((a, b) => b - a);
    const shown = newestFirst.slice(0, THREAD_PAGE_SIZE);
    shownIds.push(...shown);
    pages[fixer]!.earlier = newestFirst.length > THREAD_PAGE_SIZE ? shown.at(-1)! : null;
  }
  if (shownIds.length === 0) return pages;
  const rows = await db.select().from(jobMessages).where(inArray(jobMessages.id, shownIds)).orderBy(asc(jobMessages.id));
  const photos = await photosByMessage(db, rows.filter((m) => !m.hiddenAt).map((m) => m.id));
  for (const m of rows) pages[m.fixerUserId]?.messages.push(threadMessage({ ...m, photos: photos.get(m.id) ?? [] }, viewerUserId));
  return pages;
}

/**
 * Where a "Show earlier" link points: the message's thread, when it is one of these threads of this
 * job (`fixerUserIds` null: any thread of the job whose fixer's quote is not withdrawn); anything
 * else (another job's message, another fixer's thread, no such message) is no cursor.
 */
export async function threadCursor(db: DbOrTx, jobId: number, fixerUserIds: readonly string[] | null, before: number | null): Promise<ThreadCursor | null> {
  if (before === null || fixerUserIds?.length === 0) return null;
  const quoted = sql`exists (select 1 from ${quotes} where ${quotes.jobId} = ${jobId} and ${quotes.fixerUserId} = ${jobMessages.fixerUserId} and ${quotes.status} <> 'withdrawn')`;
  const [row] = await db
    .select({ fixerUserId: jobMessages.fixerUserId })
    .from(jobMessages)
    .where(and(eq(jobMessages.id, before), eq(jobMessages.jobId, jobId), fixerUserIds ? inArray(jobMessages.fixerUserId, [...fixerUserIds]) : quoted))
    .limit(1);
  return row ? { fixerUserId: row.fixerUserId, before } : null;
}

/** The newest message of a thread (0: none): where a page showing an earlier page starts its live stream. */
export async function newestMessageId(db: DbOrTx, jobId: number, fixerUserId: string): Promise<number> {
  const [row] = await db
    .select({ id: jobMessages.id })
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, jobId), eq(jobMessages.fixerUserId, fixerUserId)))
    .orderBy(desc(jobMessages.id))
    .limit(1);
  return row?.id ?? 0;
}

/** A thread as its customer or its fixer reads it: its latest page ({@link threadPages}). */
export async function threadForViewer(db: DbOrTx, viewerUserId: string, jobId: number, fixerUserId?: string): Promise<ThreadMessage[]> {
  const thread = await openThread(db, viewerUserId, jobId, fixerUserId);
  return (await threadPages(db, thread.access, [thread.fixerUserId]))[thread.fixerUserId]?.messages ?? [];
}
