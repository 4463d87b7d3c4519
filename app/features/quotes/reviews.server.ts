import { and, asc, eq, exists, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingsView, bookingTransitionsView } from "~/features/bookings/projections.server";
import { COMPLETED_STATES } from "~/features/bookings/next-steps";
import { fixerProfiles, jobMessages, jobs, quotes, reviewWindows, reviews, type Job, type ReviewAuthor, type ReviewWindow } from "#server/db/schema/quotes.ts";
import { recordStaffAction, type AuditActor } from "#server/audit-log.ts";
import { enqueueJob, PermanentJobError } from "#server/jobs/queue.ts";
import { contactOf, jobOfCustomer, quotesDeps, type PublicChangeDeps, type QuotesDeps } from "./access.server";
import { matchNewlyCoveredWork } from "./waiting.server";
import { queueContentHiddenEmail, queueCustomerReviewedEmail, queueLeadsChangedEmail, queueReviewReceivedEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { quoteLimits, reviewInputSchema, type ReviewInput } from "./schemas";
import { formatCount } from "~/content/format";
import { announceHiddenMessage } from "~/features/live/threads.server";
import { formatLongDate } from "~/content/dates";

/**
 * Verified reviews, both ways (decision 055), and staff moderation. A finished job (marked done, or
 * its booking released) opens a 14-day window in which its customer reviews the fixer whose quote
 * they accepted and that fixer reviews the customer, once each. A review is published
 * (`visible_from`) when the other side's arrives or the window closes, whichever is first; until then
 * only its author sees it. The reviewed person is told at publication, once.
 */

export const REVIEW_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The job-queue timer at a window's close: tells the reviewed people whose review was published by it. */
export const REVIEW_WINDOW_JOB = "review_window_close";
export type ReviewWindowPayload = { jobId: number };

/**
 * The job's booking whose work was done and paid for (decision 064): released by the customer, or
 * settled by a staff decision (a part release, or a staff refund after a dispute or a contested
 * case). A job whose booking was cancelled, refunded or never paid has none, and cannot be reviewed.
 */
async function paidBookingOf(db: DbOrTx, jobId: number): Promise<{ fixerUserId: string; settledAt: Date | null } | null> {
  const [paid] = await db
    .select({ fixerUserId: bookingsView.fixerUserId, settledAt: bookingsView.settledAt })
    .from(bookingsView)
    .where(
      and(
        eq(bookingsView.jobId, jobId),
        or(
          inArray(bookingsView.state, [...COMPLETED_STATES]),
          and(eq(bookingsView.state, "refunded"), exists(db.select({ id: bookingTransitionsView.id }).from(bookingTransitionsView).where(and(eq(bookingTransitionsView.bookingId, bookingsView.id), eq(bookingTransitionsView.transition, "staff_refund"))))),
        ),
      ),
    )
    .orderBy(asc(bookingsView.settledAt))
    .limit(1);
  return paid ?? null;
}
/** Stores a job's window (once; a second opener keeps the first) with its timer at the close. */
async function storeWindow(tx: DbOrTx, jobId: number, fixerUserId: string, opensAt: Date): Promise<ReviewWindow> {
  const closesAt = new Date(opensAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
  const [created] = await tx.insert(reviewWindows).values({ jobId, fixerUserId, opensAt, closesAt }).onConflictDoNothing().returning();
  if (created) {
    await enqueueJob(tx, REVIEW_WINDOW_JOB, { jobId } satisfies ReviewWindowPayload, { runAt: closesAt, maxAttempts: 20 });
    return created;
  }
  const [stored] = await tx.select().from(reviewWindows).where(eq(reviewWindows.jobId, jobId));
  return stored!;
}

/** The fixer whose quote on the job was accepted, if any. */
async function acceptedFixerOf(tx: DbOrTx, jobId: number): Promise<string | null> {
  const [accepted] = await tx.select({ fixerUserId: quotes.fixerUserId }).from(quotes).where(and(eq(quotes.jobId, jobId), eq(quotes.status, "accepted"))).limit(1);
  return accepted?.fixerUserId ?? null;
}

/** Opens the job's window as the customer marks it done (in that transaction), when its booking's work was paid for; answers whether it is open. */
export async function openReviewWindow(tx: DbOrTx, jobId: number, now: Date): Promise<boolean> {
  const paid = await paidBookingOf(tx, jobId);
  if (!paid) return false;
  await storeWindow(tx, jobId, paid.fixerUserId, paid.settledAt ?? now);
  return true;
}

/**
 * The job's window as it stands, without writing: only for a job whose booking's work was paid for
 * ({@link paidBookingOf}); the stored one, else one that opened when the booking was settled.
 * Null otherwise: nothing to review, and no form offered.
 */
export async function findReviewWindow(db: DbOrTx, job: Pick<Job, "id" | "status">, now: Date): Promise<(Omit<ReviewWindow, "jobId"> & { stored: boolean }) | null> {
  const paid = await paidBookingOf(db, job.id);
  if (!paid) return null;
  const [stored] = await db.select().from(reviewWindows).where(eq(reviewWindows.jobId, job.id));
  if (stored) return { ...stored, stored: true };
  const opensAt = paid.settledAt ?? now;
  return { fixerUserId: paid.fixerUserId, opensAt, closesAt: new Date(opensAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS), stored: false };
}

/**
 * The people told a review of them was published, once each: the reviews given whose time has come
 * and whose subject was not told yet. Answers how many were told.
 */
async function tellReviewed(tx: DbOrTx, publicUrl: string, reviewIds: number[], now: Date): Promise<number> {
  if (reviewIds.length === 0) return 0;
  const published = await tx
    .update(reviews)
    .set({ subjectNotifiedAt: now })
    .where(and(inArray(reviews.id, reviewIds), isNull(reviews.subjectNotifiedAt), lte(reviews.visibleFrom, now)))
    .returning();
  for (const review of published) {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, review.jobId));
    const summary = { id: job!.id, title: job!.title, service: job!.service, district: job!.district };
    if (review.author === "customer") {
      const [fixer] = await tx.select({ name: fixerProfiles.displayName }).from(fixerProfiles).where(eq(fixerProfiles.userId, review.fixerUserId));
      const to = await contactOf(tx, review.fixerUserId);
      await queueReviewReceivedEmail(tx, publicUrl, { userId: review.fixerUserId, email: to.email, name: fixer?.name ?? to.name }, review.rating, summary);
    } else if (review.customerUserId) {
      const to = await contactOf(tx, review.customerUserId);
      await queueCustomerReviewedEmail(tx, publicUrl, { userId: review.customerUserId, email: to.email, name: to.name }, review.rating, summary);
    }
  }
  return published.length;
}

const sideWord: Record<ReviewAuthor, string> = { customer: "the fixer", fixer: "the customer" };

/**
 * One review by one side of a finished job. The job's row is locked first, so the two sides
 * writing at once are decided one after the other: the second publishes both.
 */
async function writeReview(deps: PublicChangeDeps, author: ReviewAuthor, authorUserId: string, jobId: number, input: ReviewInput, now: Date): Promise<{ reviewId: number; published: boolean }> {
  const checked = reviewInputSchema.safeParse(input);
  if (!checked.success) throw new QuotesError("invalid", `Choose 1 to 5 stars and write ${quoteLimits.review.min} to ${formatCount(quoteLimits.review.max)} characters.`);
  const written = await deps.db.transaction(async (tx) => {
    let job: Job;
    if (author === "customer") {
      // Another customer's job is "not found".
      job = await jobOfCustomer(tx, authorUserId, jobId, { forUpdate: true });
    } else {
      // Only the fixer who did the work reviews its customer: for anyone else the job is "not found".
      const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
      if (!locked || (await acceptedFixerOf(tx, jobId)) !== authorUserId) throw new QuotesError("not_found", "There is no job of yours with this customer to review.");
      job = locked;
    }
    const found = await findReviewWindow(tx, job, now);
    if (!found) {
      throw new QuotesError("conflict", "Reviews are for work that was done and paid for: you can review once the booking's payment is released to the fixer (or FixiT staff have decided it).");
    }
    const window = found.stored ? found : await storeWindow(tx, jobId, found.fixerUserId, found.opensAt);
    if (now >= window.closesAt) throw new QuotesError("conflict", `The ${REVIEW_WINDOW_DAYS} days to review ${sideWord[author]} ended on ${formatLongDate(window.closesAt)}.`);
    const [created] = await tx
      .insert(reviews)
      .values({ jobId, author, fixerUserId: window.fixerUserId, customerUserId: job.customerUserId, rating: checked.data.rating, body: checked.data.body, visibleFrom: window.closesAt, createdAt: now })
      .onConflictDoNothing({ target: [reviews.jobId, reviews.author] })
      .returning({ id: reviews.id });
    if (!created) throw new QuotesError("conflict", "You have already reviewed this job.");
    // The other side's review is in: both are published now.
    const [other] = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.jobId, jobId), ne(reviews.author, author)));
    if (!other) return { reviewId: created.id, published: false };
    const opened = await tx
      .update(reviews)
      .set({ visibleFrom: now })
      .where(and(eq(reviews.jobId, jobId), gt(reviews.visibleFrom, now)))
      .returning({ id: reviews.id });
    await tellReviewed(tx, deps.publicUrl, opened.map((r) => r.id), now);
    return { reviewId: created.id, published: true };
  });
  if (written.published) deps.publicFixerData.changed();
  return written;
}

/** The customer of a finished job reviews the fixer whose quote they accepted. */
export function leaveReview(deps: PublicChangeDeps, customerUserId: string, jobId: number, input: ReviewInput, now = new Date()) {
  return writeReview(deps, "customer", customerUserId, jobId, input, now);
}

/** The fixer who did a finished job reviews its customer. */
export function reviewCustomer(deps: PublicChangeDeps, fixerUserId: string, jobId: number, input: ReviewInput, now = new Date()) {
  return writeReview(deps, "fixer", fixerUserId, jobId, input, now);
}

/**
 * The window's close (the job-queue timer, once however many instances: the subject's
 * `subject_notified_at` is set in the transaction that tells them). Publication itself needs no
 * timer (readers compare `visible_from` with now); this only tells people. Early (clocks apart): retried.
 */
export async function closeReviewWindow(deps: PublicChangeDeps, jobId: number, now = new Date()): Promise<number> {
  const told = await deps.db.transaction(async (tx) => {
    const [window] = await tx.select().from(reviewWindows).where(eq(reviewWindows.jobId, jobId));
    if (!window) return 0;
    if (now < window.closesAt) throw new Error(`review window of job ${jobId} not closed yet`);
    const waiting = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.jobId, jobId), isNull(reviews.subjectNotifiedAt))).for("update");
    return tellReviewed(tx, deps.publicUrl, waiting.map((r) => r.id), now);
  });
  if (told > 0) deps.publicFixerData.changed();
  return told;
}

/** The job-queue handler of REVIEW_WINDOW_JOB (the composition root wires it with the server's services). */
export async function runReviewWindowTimer(services: Parameters<typeof quotesDeps>[0], payload: unknown): Promise<void> {
  const jobId = (payload as Partial<ReviewWindowPayload> | null)?.jobId;
  if (typeof jobId !== "number" || !Number.isSafeInteger(jobId) || jobId <= 0) throw new PermanentJobError("review window timer without a valid job id");
  await closeReviewWindow(quotesDeps(services), jobId);
}

/** The reviewed fixer's one public reply to a customer's review (published, not hidden). */
export async function replyToReview(deps: PublicChangeDeps, fixerUserId: string, reviewId: number, body: string): Promise<void> {
  const reply = body.trim();
  if (reply.length < quoteLimits.reply.min || reply.length > quoteLimits.reply.max || reply.includes("\u0000")) {
    throw new QuotesError("invalid", `Write a reply of up to ${formatCount(quoteLimits.reply.max)} characters.`);
  }
  await deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.fixerUserId, fixerUserId), eq(reviews.author, "customer"), lte(reviews.visibleFrom, sql`now()`)))
      .for("update");
    if (!review || review.hiddenAt) throw new QuotesError("not_found", "There is no such review of your work.");
    if (review.reply !== null) throw new QuotesError("conflict", "You have already replied to this review.");
    await tx.update(reviews).set({ reply, repliedAt: new Date() }).where(and(eq(reviews.id, reviewId), isNull(reviews.reply)));
  });
  deps.publicFixerData.changed();
}

function checkReason(reason: string): string {
  const value = reason.trim();
  if (value.length < quoteLimits.reason.min || value.length > quoteLimits.reason.max || value.includes("\u0000")) {
    throw new QuotesError("invalid", `Give a reason of ${quoteLimits.reason.min} to ${quoteLimits.reason.max} characters: the author is told it.`);
  }
  return value;
}

/**
 * Staff hide a review with a reason (audited); its author (customer or fixer) is told by email; where
 * it showed, it says it was removed and why. Only
 * staff reach this: the staff route checks the role (requireStaff) before calling it.
 */
export async function hideReview(deps: PublicChangeDeps, actor: AuditActor, reviewId: number, reason: string): Promise<void> {
  const why = checkReason(reason);
  await deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, hiddenAt: reviews.hiddenAt, author: reviews.author, customerUserId: reviews.customerUserId, fixerUserId: reviews.fixerUserId, jobTitle: jobs.title })
      .from(reviews)
      .innerJoin(jobs, eq(jobs.id, reviews.jobId))
      .where(eq(reviews.id, reviewId))
      .for("update", { of: reviews });
    if (!review) throw new QuotesError("not_found", "There is no such review.");
    if (review.hiddenAt) throw new QuotesError("conflict", "This review is already hidden.");
    await tx.update(reviews).set({ hiddenAt: new Date(), hiddenReason: why }).where(eq(reviews.id, reviewId));
    await recordStaffAction(tx, actor, { action: "review.hide", targetType: "review", targetId: reviewId, details: { reason: why } });
    const authorUserId = review.author === "customer" ? review.customerUserId : review.fixerUserId;
    if (authorUserId) await queueContentHiddenEmail(tx, await contactOf(tx, authorUserId), "review", review.jobTitle, why);
  });
  deps.publicFixerData.changed();
}

/** Staff hide a message (and its photos) with a reason (audited); its sender is told by email. Staff only (the route checks). */
export async function hideMessage(deps: QuotesDeps, actor: AuditActor, messageId: number, reason: string): Promise<void> {
  const why = checkReason(reason);
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: jobMessages.id, hiddenAt: jobMessages.hiddenAt, senderUserId: jobMessages.senderUserId, jobId: jobMessages.jobId, fixerUserId: jobMessages.fixerUserId, customerUserId: jobs.customerUserId, jobTitle: jobs.title })
      .from(jobMessages)
      .innerJoin(jobs, eq(jobs.id, jobMessages.jobId))
      .where(eq(jobMessages.id, messageId))
      .for("update", { of: jobMessages });
    if (!message) throw new QuotesError("not_found", "There is no such message.");
    if (message.hiddenAt) throw new QuotesError("conflict", "This message is already hidden.");
    await tx.update(jobMessages).set({ hiddenAt: new Date(), hiddenReason: why }).where(eq(jobMessages.id, messageId));
    // Open pages of the thread replace it (and its photos) with the notice at once.
    await announceHiddenMessage(tx, { id: messageId, jobId: message.jobId, participantUserIds: [message.customerUserId, message.fixerUserId] });
    await recordStaffAction(tx, actor, { action: "message.hide", targetType: "job_message", targetId: messageId, details: { reason: why } });
    if (message.senderUserId) await queueContentHiddenEmail(tx, await contactOf(tx, message.senderUserId), "message", message.jobTitle, why);
  });
}

/**
 * Staff pause (or resume) a fixer's leads: no new matches, quotes or messages before acceptance;
 * the profile stays public. Audited; the fixer is told. Staff only (the route checks).
 * Answers whether anything changed.
 */
export async function setLeadsDisabled(deps: QuotesDeps, actor: AuditActor, fixerUserId: string, disabled: boolean, reason: string): Promise<boolean> {
  const why = disabled ? checkReason(reason) : reason.trim().slice(0, quoteLimits.reason.max);
  return deps.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(fixerProfiles).where(eq(fixerProfiles.userId, fixerUserId)).for("update");
    if (!profile) throw new QuotesError("not_found", "There is no such fixer profile.");
    if ((profile.leadsDisabledAt !== null) === disabled) return false;
    await tx
      .update(fixerProfiles)
      .set(disabled ? { leadsDisabledAt: new Date(), leadsDisabledReason: why, updatedAt: new Date() } : { leadsDisabledAt: null, leadsDisabledReason: null, updatedAt: new Date() })
      .where(eq(fixerProfiles.userId, fixerUserId));
    await recordStaffAction(tx, actor, {
      action: disabled ? "fixer.leads_disable" : "fixer.leads_enable",
      targetType: "user",
      targetId: fixerUserId,
      details: { slug: profile.slug, ...(why ? { reason: why } : {}) },
    });
    const to = await contactOf(tx, fixerUserId);
    await queueLeadsChangedEmail(tx, { email: to.email, name: profile.displayName }, disabled, why);
    // Leads back on: jobs that waited meanwhile in the fixer's areas reach them now.
    if (!disabled) await matchNewlyCoveredWork(tx, deps.publicUrl, fixerUserId);
    return true;
  });
}
