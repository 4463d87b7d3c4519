import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "#server/db/schema/auth.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerProfiles, jobMessagePhotos, jobMessages, jobs, quotes, type Job } from "#server/db/schema/quotes.ts";
import { activeFixer, checkRateLimit, contactName, fixerMaySeeJob, noSuchAccount, notALead, ref, type QuotesDeps } from "./access.server";
import { queueNewMessageEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { quoteLimits, tooManyMessagePhotos } from "./schemas";
import { formatCount } from "~/content/format";
import { announceMessage, photosByMessage } from "~/features/live/threads.server";
import type { MessagePhoto } from "~/features/live/live-events";
import type { StoredJobPhoto } from "./jobs.server";
import { photoRow } from "~/lib/photos/photos.server";

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

type Thread = { job: Job; fixerUserId: string; role: "customer" | "fixer"; accepted: boolean };

/**
 * Who may use the thread (job, fixer): the job's customer (any fixer who quoted) or that fixer
 * themself (a job they may see). Another customer or fixer gets "not found". One query: the job,
 * whether the viewer may see it as a fixer, and the thread's quote.
 */
async function openThread(db: DbOrTx, viewerUserId: string, jobId: number, threadFixerUserId: string | undefined): Promise<Thread & { quoteStatus: string | null }> {
  // The thread's fixer: the one the customer names, or the viewer (a fixer) themself.
  const threadFixer = sql`case when ${ref(jobs.customerUserId)} = ${viewerUserId} then ${threadFixerUserId ?? null} else ${viewerUserId} end`;
  const [row] = await db
    .select({
      ...getTableColumns(jobs),
      fixerMaySee: fixerMaySeeJob(viewerUserId).mapWith(Boolean),
      quoteStatus: sql<string | null>`(select ${quotes.status} from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.fixerUserId} = ${threadFixer} limit 1)`,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  const role = row?.customerUserId === viewerUserId ? "customer" : "fixer";
  let fixerUserId: string;
  if (role === "customer") {
    if (!threadFixerUserId) throw new QuotesError("invalid", "Choose which fixer to write to.");
    fixerUserId = threadFixerUserId;
  } else {
    if (!row?.fixerMaySee) throw new QuotesError("not_found", notALead);
    fixerUserId = viewerUserId;
  }
  const { fixerMaySee: _, quoteStatus, ...full } = row!;
  // The customer sees no thread with a fixer who never quoted (the fixer id reveals nothing).
  if (quoteStatus === null && role === "customer") throw new QuotesError("not_found", "There is no conversation with this fixer on your job.");
  return { job: full, fixerUserId, role, accepted: full.status === "in_progress" || full.status === "done", quoteStatus };
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

const fixerUser = alias(users, "thread_fixer");
const customerUser = alias(users, "thread_customer");

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

export type ThreadMessage = { id: number; fromMe: boolean; body: string | null; hidden: boolean; photos: MessagePhoto[]; createdAt: Date };

/** A thread as its customer or its fixer reads it; a hidden message shows as hidden, without its text or photos. */
export async function threadForViewer(db: DbOrTx, viewerUserId: string, jobId: number, fixerUserId?: string): Promise<ThreadMessage[]> {
  const thread = await openThread(db, viewerUserId, jobId, fixerUserId);
  const rows = await db
    .select()
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, jobId), eq(jobMessages.fixerUserId, thread.fixerUserId)))
    .orderBy(asc(jobMessages.createdAt), asc(jobMessages.id));
  const photos = await photosByMessage(db, rows.filter((m) => !m.hiddenAt).map((m) => m.id));
  return rows.map((m) => ({
    id: m.id,
    fromMe: m.senderUserId === viewerUserId,
    body: m.hiddenAt ? null : m.body,
    hidden: m.hiddenAt !== null,
    photos: photos.get(m.id) ?? [],
    createdAt: m.createdAt,
  }));
}
