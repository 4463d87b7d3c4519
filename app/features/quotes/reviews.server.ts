import { and, eq, isNull } from "drizzle-orm";
import { fixerProfiles, jobMessages, jobs, quotes, reviews } from "#server/db/schema/quotes.ts";
import { recordStaffAction, type AuditActor } from "#server/audit-log.ts";
import { contactOf, jobOfCustomer, type PublicChangeDeps, type QuotesDeps } from "./access.server";
import { matchNewlyCoveredWork } from "./waiting.server";
import { queueContentHiddenEmail, queueLeadsChangedEmail, queueReviewReceivedEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { quoteLimits, reviewInputSchema, type ReviewInput } from "./schemas";
import { formatCount } from "~/content/format";
import { announceHiddenMessage } from "~/features/live/threads.server";

/**
 * Verified reviews and staff moderation. leaveReview is the only code that creates a review: its
 * author is the customer of a job marked done, and the review is about the fixer whose quote they
 * accepted, once per job (also a unique index on job_id).
 */

export async function leaveReview(deps: PublicChangeDeps, customerUserId: string, jobId: number, input: ReviewInput): Promise<{ reviewId: number }> {
  const checked = reviewInputSchema.safeParse(input);
  if (!checked.success) throw new QuotesError("invalid", `Choose 1 to 5 stars and write ${quoteLimits.review.min} to ${formatCount(quoteLimits.review.max)} characters.`);
  const left = await deps.db.transaction(async (tx) => {
    // Another customer's job is "not found"; only a done job can be reviewed.
    const job = await jobOfCustomer(tx, customerUserId, jobId, { forUpdate: true });
    if (job.status !== "done") throw new QuotesError("conflict", "You can review the fixer once you have marked the job done.");
    const [accepted] = await tx.select({ fixerUserId: quotes.fixerUserId }).from(quotes).where(and(eq(quotes.jobId, jobId), eq(quotes.status, "accepted"))).limit(1);
    if (!accepted) throw new QuotesError("conflict", "Only a job with an accepted quote can be reviewed.");
    const [created] = await tx
      .insert(reviews)
      .values({ jobId, fixerUserId: accepted.fixerUserId, customerUserId, rating: checked.data.rating, body: checked.data.body })
      .onConflictDoNothing({ target: reviews.jobId })
      .returning({ id: reviews.id });
    if (!created) throw new QuotesError("conflict", "You have already reviewed this job.");
    const [fixer] = await tx.select({ name: fixerProfiles.displayName }).from(fixerProfiles).where(eq(fixerProfiles.userId, accepted.fixerUserId));
    const to = await contactOf(tx, accepted.fixerUserId);
    await queueReviewReceivedEmail(tx, deps.publicUrl, { userId: accepted.fixerUserId, email: to.email, name: fixer!.name }, checked.data.rating, { id: job.id, title: job.title, service: job.service, district: job.district });
    return { reviewId: created.id };
  });
  deps.publicFixerData.changed();
  return left;
}

/** The reviewed fixer's one public reply to a review (not to a hidden one). */
export async function replyToReview(deps: PublicChangeDeps, fixerUserId: string, reviewId: number, body: string): Promise<void> {
  const reply = body.trim();
  if (reply.length < quoteLimits.reply.min || reply.length > quoteLimits.reply.max || reply.includes("\u0000")) {
    throw new QuotesError("invalid", `Write a reply of up to ${formatCount(quoteLimits.reply.max)} characters.`);
  }
  await deps.db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.fixerUserId, fixerUserId))).for("update");
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
 * Staff hide a review with a reason (audited); its author, the customer, is told by email. Only
 * staff reach this: the staff route checks the role (requireStaff) before calling it.
 */
export async function hideReview(deps: PublicChangeDeps, actor: AuditActor, reviewId: number, reason: string): Promise<void> {
  const why = checkReason(reason);
  await deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, hiddenAt: reviews.hiddenAt, customerUserId: reviews.customerUserId, jobTitle: jobs.title })
      .from(reviews)
      .innerJoin(jobs, eq(jobs.id, reviews.jobId))
      .where(eq(reviews.id, reviewId))
      .for("update", { of: reviews });
    if (!review) throw new QuotesError("not_found", "There is no such review.");
    if (review.hiddenAt) throw new QuotesError("conflict", "This review is already hidden.");
    await tx.update(reviews).set({ hiddenAt: new Date(), hiddenReason: why }).where(eq(reviews.id, reviewId));
    await recordStaffAction(tx, actor, { action: "review.hide", targetType: "review", targetId: reviewId, details: { reason: why } });
    if (review.customerUserId) await queueContentHiddenEmail(tx, await contactOf(tx, review.customerUserId), "review", review.jobTitle, why);
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
