import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { fixerProfiles, jobPhotos, jobs, quotes, type Job, type Quote } from "#server/db/schema/quotes.ts";
import { servicesLackingChecks } from "~/features/fixers/checks.server";
import { checkLabels } from "~/features/fixers/required-checks";
import type { ServiceSlug } from "~/content/services";
import { checkRateLimit, contactOf, jobOfCustomer, jobVisibleToFixer, requireActiveFixer, type QuotesDeps } from "./access.server";
import { queueQuoteAcceptedEmails, queueQuoteNotChosenEmail, queueQuoteReceivedEmail, type Member } from "./emails.server";
import { QuotesError } from "./errors";
import { maskContactDetails } from "./messages.server";
import { fixerSummaries, type FixerSummary } from "./profiles.server";
import { openReviewWindow } from "./reviews.server";
import { liveBookingBlockingJob } from "~/features/bookings/job-bookings.server";
import { quoteInputSchema, quoteLimits, type QuoteInput } from "./schemas";

/**
 * Quotes and the job's life after posting. Every change locks the job's row first, so two quotes
 * racing for the fifth place, or an accept racing a withdraw, are decided one after the other.
 */

/** Quotes that count against the limit of 5: live ones (a declined or withdrawn quote frees its place). */
const LIVE = ["sent", "accepted"] as const;

function checkQuoteInput(input: QuoteInput): QuoteInput {
  const checked = quoteInputSchema.safeParse(input);
  if (!checked.success) throw new QuotesError("invalid", "Check the quote's price, dates and text, and try again.");
  return checked.data;
}

const summaryOf = (job: Job) => ({ id: job.id, title: job.title, service: job.service, district: job.district });

// A quote is always sent before acceptance: its texts are masked like a thread's messages, so
// contact details never reach the customer (or the table) before the customer has chosen.
const quoteValues = (q: QuoteInput) => ({
  priceKind: q.priceKind,
  amountPence: q.amountPence,
  amountToPence: q.priceKind === "range" ? q.amountToPence : null,
  includes: maskContactDetails(q.includes),
  earliestStart: q.earliestStart,
  message: maskContactDetails(q.message),
});

/** Work another feature adds to a quote's transaction (the booking feature's proposed slots): it commits or rolls back with the quote. */
export type QuoteWriteHook = (tx: DbOrTx, quoteId: number) => Promise<void>;

/**
 * A fixer's quote. Rules: an active fixer (approved, enabled, leads on) who may see the job
 * (matched or covering it); the job open; one quote per fixer per job; at most 5 live quotes per job.
 */
export async function sendQuote(deps: QuotesDeps, fixerUserId: string, jobId: number, input: QuoteInput, inTransaction?: QuoteWriteHook): Promise<{ quoteId: number }> {
  const quote = checkQuoteInput(input);
  await checkRateLimit(deps.db, "sendQuote", fixerUserId);
  return deps.db.transaction(async (tx) => {
    const fixer = await requireActiveFixer(tx, fixerUserId);
    const job = await jobVisibleToFixer(tx, fixerUserId, jobId, { forUpdate: true });
    if (job.status !== "open") throw new QuotesError("conflict", "This job is no longer taking quotes.");
    // A fixer quotes only for a service whose required checks staff recorded (decision 065), even on a lead matched before.
    const [lacking] = await servicesLackingChecks(tx, fixerUserId, [job.service as ServiceSlug]);
    if (lacking) throw new QuotesError("forbidden", `You can quote for this service once FixiT has recorded these checks: ${lacking.missing.map((k) => checkLabels[k].name).join(", ")}.`);
    const [mine] = await tx.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.jobId, jobId), eq(quotes.fixerUserId, fixerUserId)));
    if (mine) throw new QuotesError("conflict", "You have already quoted for this job: change your quote instead.");
    const [live] = await tx.select({ n: count() }).from(quotes).where(and(eq(quotes.jobId, jobId), inArray(quotes.status, LIVE)));
    if ((live?.n ?? 0) >= quoteLimits.quotesPerJob) throw new QuotesError("limit", `This job already has ${quoteLimits.quotesPerJob} quotes and is closed to new ones.`);

    const [created] = await tx.insert(quotes).values({ jobId, fixerUserId, ...quoteValues(quote) }).returning({ id: quotes.id });
    await inTransaction?.(tx, created!.id);
    const customer = await contactOf(tx, job.customerUserId);
    await queueQuoteReceivedEmail(tx, deps.publicUrl, { ...customer, userId: job.customerUserId }, summaryOf(job), fixer.displayName);
    return { quoteId: created!.id };
  });
}

/** The fixer's own quote and its job, both locked; anyone else's quote is "not found". */
async function ownQuote(tx: DbOrTx, fixerUserId: string, quoteId: number): Promise<{ quote: Quote; job: Job }> {
  const [quote] = await tx.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.fixerUserId, fixerUserId))).limit(1);
  if (!quote) throw new QuotesError("not_found", "There is no such quote of yours.");
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, quote.jobId)).for("update");
  const [locked] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  return { quote: locked!, job: job! };
}

/** Changes a quote: its fixer only, active, while it is sent (not accepted, declined or withdrawn) and the job open. */
export async function updateQuote(deps: QuotesDeps, fixerUserId: string, quoteId: number, input: QuoteInput, inTransaction?: QuoteWriteHook): Promise<void> {
  const quote = checkQuoteInput(input);
  await deps.db.transaction(async (tx) => {
    await requireActiveFixer(tx, fixerUserId);
    const { quote: current, job } = await ownQuote(tx, fixerUserId, quoteId);
    if (current.status !== "sent" || job.status !== "open") throw new QuotesError("conflict", "This quote can no longer be changed.");
    await tx.update(quotes).set({ ...quoteValues(quote), updatedAt: new Date() }).where(eq(quotes.id, quoteId));
    await inTransaction?.(tx, quoteId);
  });
}

/** Withdraws a sent quote: its fixer only (even with leads paused: withdrawing is always allowed). Final. */
export async function withdrawQuote(deps: QuotesDeps, fixerUserId: string, quoteId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { quote } = await ownQuote(tx, fixerUserId, quoteId);
    if (quote.status !== "sent") throw new QuotesError("conflict", "Only a quote that is still waiting for the customer can be withdrawn.");
    await tx.update(quotes).set({ status: "withdrawn", updatedAt: new Date() }).where(eq(quotes.id, quoteId));
  });
}

/** A quote on the customer's own job, with the job, both locked; any other quote is "not found". */
async function quoteOnOwnJob(tx: DbOrTx, customerUserId: string, quoteId: number): Promise<{ quote: Quote; job: Job }> {
  const [found] = await tx
    .select({ jobId: quotes.jobId })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(and(eq(quotes.id, quoteId), eq(jobs.customerUserId, customerUserId)))
    .limit(1);
  if (!found) throw new QuotesError("not_found", "There is no such quote on your jobs.");
  const job = await jobOfCustomer(tx, customerUserId, found.jobId, { forUpdate: true });
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  return { quote: quote!, job };
}

/**
 * Accepts a quote: the job's customer only, the job open, the quote sent and its fixer still
 * active. The quote becomes accepted, every other sent quote not_selected, the job in_progress;
 * the customer and the fixer get each other's contact details by email, the others are told.
 */
export async function acceptQuote(deps: QuotesDeps, customerUserId: string, quoteId: number): Promise<void> {
  await deps.db.transaction((tx) => acceptQuoteIn(tx, deps, customerUserId, quoteId));
}

/** acceptQuote inside the caller's transaction: the booking feature accepts and books a quote in one. */
export async function acceptQuoteIn(tx: DbOrTx, deps: QuotesDeps, customerUserId: string, quoteId: number): Promise<void> {
  const { quote, job } = await quoteOnOwnJob(tx, customerUserId, quoteId);
  if (job.status !== "open") throw new QuotesError("conflict", "This job already has an accepted quote or is closed.");
  if (quote.status !== "sent") throw new QuotesError("conflict", "This quote was withdrawn or declined and can no longer be accepted.");
  try {
    await requireActiveFixer(tx, quote.fixerUserId);
  } catch {
    throw new QuotesError("conflict", "This fixer is not taking jobs at the moment. Choose another quote.");
  }
  const now = new Date();
  await tx.update(quotes).set({ status: "accepted", updatedAt: now }).where(eq(quotes.id, quoteId));
  const others = await tx
    .update(quotes)
    .set({ status: "not_selected", updatedAt: now })
    .where(and(eq(quotes.jobId, job.id), eq(quotes.status, "sent")))
    .returning({ fixerUserId: quotes.fixerUserId });
  await tx.update(jobs).set({ status: "in_progress", updatedAt: now }).where(eq(jobs.id, job.id));

  const customer = await contactOf(tx, customerUserId);
  const fixer = await contactOf(tx, quote.fixerUserId);
  await queueQuoteAcceptedEmails(tx, deps.publicUrl, { ...summaryOf(job), postcode: job.postcode }, customer, { ...fixer, userId: quote.fixerUserId });
  for (const other of await fixerPeople(tx, others.map((o) => o.fixerUserId))) {
    await queueQuoteNotChosenEmail(tx, deps.publicUrl, other, summaryOf(job), "another_accepted");
  }
}

/** Declines one sent quote: the job's customer only, while the job is open. Frees its place. */
export async function declineQuote(deps: QuotesDeps, customerUserId: string, quoteId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { quote, job } = await quoteOnOwnJob(tx, customerUserId, quoteId);
    if (job.status !== "open" || quote.status !== "sent") throw new QuotesError("conflict", "Only a quote waiting for your answer on an open job can be declined.");
    await tx.update(quotes).set({ status: "declined", updatedAt: new Date() }).where(eq(quotes.id, quoteId));
    const [fixer] = await fixerPeople(tx, [quote.fixerUserId]);
    if (fixer) await queueQuoteNotChosenEmail(tx, deps.publicUrl, fixer, summaryOf(job), "declined");
  });
}

/** Closes a job (open or in progress): the customer only. Quotes still waiting become not_selected, their fixers are told. */
export async function closeJob(deps: QuotesDeps, customerUserId: string, jobId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const job = await jobOfCustomer(tx, customerUserId, jobId, { forUpdate: true });
    if (job.status !== "open" && job.status !== "in_progress") throw new QuotesError("conflict", "This job is already finished or closed.");
    // Closing must not go behind a booking's back (issue 52): the booking's page cancels it, with its refund and the fixer told.
    const booking = await liveBookingBlockingJob(tx, jobId);
    if (booking) {
      throw new QuotesError(
        "conflict",
        booking.state === "pending_payment"
          ? "This job has a booking waiting for payment. Cancel the booking on its page first, then close the job."
          : "This job has a paid booking, so it cannot be closed here. To stop, cancel the booking on its page: it shows what is refunded and tells the fixer.",
      );
    }
    const now = new Date();
    await tx.update(jobs).set({ status: "closed", updatedAt: now }).where(eq(jobs.id, jobId));
    const waiting = await tx
      .update(quotes)
      .set({ status: "not_selected", updatedAt: now })
      .where(and(eq(quotes.jobId, jobId), eq(quotes.status, "sent")))
      .returning({ fixerUserId: quotes.fixerUserId });
    for (const fixer of await fixerPeople(tx, waiting.map((w) => w.fixerUserId))) {
      await queueQuoteNotChosenEmail(tx, deps.publicUrl, fixer, summaryOf(job), "job_closed");
    }
  });
}

/**
 * Marks an in-progress job done (the work happened): the customer only. When its booking's work was
 * paid for, the 14 days in which both sides review each other are open; answers whether they are.
 */
export async function markJobDone(deps: QuotesDeps, customerUserId: string, jobId: number): Promise<{ reviewable: boolean }> {
  return deps.db.transaction(async (tx) => {
    const job = await jobOfCustomer(tx, customerUserId, jobId, { forUpdate: true });
    if (job.status !== "in_progress") throw new QuotesError("conflict", "Only a job with an accepted quote can be marked done.");
    // A booked job is done when its booking is confirmed: one "done", on the booking's page.
    const booking = await liveBookingBlockingJob(tx, jobId);
    if (booking) throw new QuotesError("conflict", "This job has a booking: confirm the work on the booking's page once it is done.");
    const now = new Date();
    await tx.update(jobs).set({ status: "done", updatedAt: now }).where(eq(jobs.id, jobId));
    return { reviewable: await openReviewWindow(tx, jobId, now) };
  });
}

async function fixerPeople(tx: DbOrTx, fixerUserIds: string[]): Promise<Member[]> {
  if (fixerUserIds.length === 0) return [];
  return tx
    .select({ userId: fixerProfiles.userId, email: accountsView.email, name: fixerProfiles.displayName })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(inArray(fixerProfiles.userId, fixerUserIds));
}

export type QuoteForCustomer = {
  id: number;
  status: string;
  priceKind: string;
  amountPence: number;
  amountToPence: number | null;
  includes: string;
  earliestStart: string;
  message: string;
  createdAt: Date;
  fixer: FixerSummary;
  /** Only on the accepted quote: the fixer's name and contact details. */
  contact: { name: string; email: string; phone: string | null } | null;
};

export type JobForCustomer = {
  job: Job;
  photos: { id: number; contentType: string; width: number | null; height: number | null }[];
  /** The quotes shown: the page's, after the pinned ones not on it (the accepted quote, the one asked for). */
  quotes: QuoteForCustomer[];
  /** How the quotes are paged (decision 068): how many the job has, the next page's cursor (null: none) and this page's (null: the first). */
  quotesPage: { total: number; more: number | null; after: number | null };
};

/** A job page shows this many quotes, oldest first; "Show more quotes" pages on (decision 068). */
export const JOB_QUOTES_PAGE_SIZE = 10;

/**
 * Which quotes a job page shows: the page after the quote `after` (a quote of this job; any other id:
 * the first page), and, pinned above the page when not on it, the accepted quote and the quote of
 * `pinFixerUserId`'s thread or `pinQuoteId`. Without `page`: every quote (an action's check).
 */
export type JobQuotesPage = { after: number | null; pinFixerUserId?: string | null; pinQuoteId?: number | null };

/**
 * The customer's job page: their own job only. Quotes side by side (withdrawn ones left out), oldest
 * first, each with the fixer's public summary; contact details only for the accepted fixer. With
 * `page`, one page of quotes ({@link JobQuotesPage}): the queries read the job's quotes through
 * `quotes_job_idx` and fetch summaries, contacts and threads for the shown quotes only.
 */
export async function jobForCustomer(db: DbOrTx, customerUserId: string, jobId: number, page?: JobQuotesPage): Promise<JobForCustomer> {
  const job = await jobOfCustomer(db, customerUserId, jobId);
  const shown = and(eq(quotes.jobId, jobId), sql`${quotes.status} <> 'withdrawn'`);
  // The cursor is a quote of this job (withdrawn meanwhile: still a position); any other id is the first page.
  const [cursor] = page?.after ? await db.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.id, page.after), eq(quotes.jobId, jobId))).limit(1) : [];
  const after = cursor ? sql`(${quotes.createdAt}, ${quotes.id}) > (select q2.created_at, q2.id from quotes q2 where q2.id = ${cursor.id})` : sql`true`;
  const pinned = sql`(${quotes.status} = 'accepted' or ${quotes.fixerUserId} = ${page?.pinFixerUserId ?? null} or ${quotes.id} = ${page?.pinQuoteId ?? null})`;
  const [photos, pageRows, pinRows, [counted]] = await Promise.all([
    db.select({ id: jobPhotos.id, contentType: jobPhotos.contentType, width: jobPhotos.width, height: jobPhotos.height }).from(jobPhotos).where(eq(jobPhotos.jobId, jobId)).orderBy(asc(jobPhotos.id)),
    page
      ? db.select().from(quotes).where(and(shown, after)).orderBy(asc(quotes.createdAt), asc(quotes.id)).limit(JOB_QUOTES_PAGE_SIZE + 1)
      : db.select().from(quotes).where(shown).orderBy(asc(quotes.createdAt), asc(quotes.id)),
    page ? db.select().from(quotes).where(and(shown, pinned)).orderBy(asc(quotes.createdAt), asc(quotes.id)) : [],
    page ? db.select({ n: count() }).from(quotes).where(shown) : [{ n: -1 }],
  ]);
  const onPage = page ? pageRows.slice(0, JOB_QUOTES_PAGE_SIZE) : pageRows;
  const pageIds = new Set(onPage.map((q) => q.id));
  const rows = [...pinRows.filter((q) => !pageIds.has(q.id)), ...onPage];
  const quotesPage = {
    total: counted!.n < 0 ? rows.length : counted!.n,
    more: page && pageRows.length > JOB_QUOTES_PAGE_SIZE ? onPage.at(-1)!.id : null,
    after: cursor?.id ?? null,
  };
  const summaries = await fixerSummaries(db, rows.map((q) => q.fixerUserId));
  const accepted = rows.find((q) => q.status === "accepted");
  const contact = accepted ? await contactOf(db, accepted.fixerUserId) : null;
  return {
    job,
    photos,
    quotes: rows.map((q) => ({
      id: q.id,
      status: q.status,
      priceKind: q.priceKind,
      amountPence: q.amountPence,
      amountToPence: q.amountToPence,
      includes: q.includes,
      earliestStart: q.earliestStart,
      message: q.message,
      createdAt: q.createdAt,
      fixer: summaries.get(q.fixerUserId)!,
      contact: q.status === "accepted" ? contact : null,
    })),
    quotesPage,
  };
}
