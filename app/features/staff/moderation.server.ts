import { and, eq } from "drizzle-orm";
import type { InfraServices } from "#server/services.ts";
import type { PublicFixerData } from "~/features/quotes/public-changes";
import { accountById } from "~/features/auth/accounts.server";
import { fixerProfilesView, jobMessagesView, reviewsView } from "~/features/quotes/projections.server";
import { quotesDeps } from "~/features/quotes/access.server";
import { isQuotesError, type QuotesErrorCode } from "~/features/quotes/errors";
import { hideMessage, hideReview, setLeadsDisabled } from "~/features/quotes/reviews.server";
import { moderationFormSchema } from "~/features/quotes/schemas";
import type { ParseOptions } from "~/lib/forms/parse";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome, type StaffProblem } from "./messages";
import { staffCan } from "./users-admin.server";

/**
 * Staff moderation of the quotes marketplace: hiding a review or a message, pausing a fixer's leads.
 * The rules (like reviewing fixer applications, every staff member may moderate content):
 * - staff and admins may hide any review or message (the route's requireStaff is the check);
 * - pausing or resuming leads follows staffCan's rule for disabling an account: never one's own,
 *   and a fixer who is also staff or admin takes an admin.
 * Every action needs a reason (the author is told it by email) and is audited, in the quotes
 * services (app/features/quotes/reviews.server.ts); nothing changes when it is refused.
 */

type Deps = Pick<InfraServices, "db" | "config"> & { publicFixerData: PublicFixerData };

export const moderationSchema = moderationFormSchema;
export const moderationParsing: ParseOptions = { multiLine: ["reason"] };
export const reasonProblem = (errors: Record<string, string>) => ({ title: "Give a reason", text: errors.reason ?? "Give a reason the author can read." });

const problemOf: Record<QuotesErrorCode, StaffProblem> = {
  not_found: "not-found",
  forbidden: "forbidden",
  conflict: "conflict",
  limit: "conflict",
  invalid: "invalid",
  rate_limited: "conflict",
};

/** The quotes service's refusal as the console's answer; anything else is a real fault and is thrown. */
async function outcomeOf(run: () => Promise<StaffOutcome>, title: string): Promise<StaffOutcome> {
  try {
    return await run();
  } catch (error) {
    if (isQuotesError(error)) return refused(problemOf[error.code], title, error.message);
    throw error;
  }
}

const depsOf = (deps: Deps) => quotesDeps(deps);

/** Hides the job's review (the id must be this job's), telling its author why. */
export async function staffHideReview(deps: Deps, actor: StaffUser, jobId: number, reviewId: number, reason: string): Promise<StaffOutcome> {
  const [review] = await deps.db.select({ id: reviewsView.id }).from(reviewsView).where(and(eq(reviewsView.id, reviewId), eq(reviewsView.jobId, jobId))).limit(1);
  if (!review) return refused("not-found", "Not found", "This job has no such review.");
  return outcomeOf(async () => {
    await hideReview(depsOf(deps), actorOf(actor), reviewId, reason);
    return done("Review hidden", "It now shows as removed, with the reason, and no longer counts in a rating. Its author has been emailed the reason.");
  }, "Review not hidden");
}

/** Hides one of the job's messages, telling its sender why. */
export async function staffHideMessage(deps: Deps, actor: StaffUser, jobId: number, messageId: number, reason: string): Promise<StaffOutcome> {
  const [message] = await deps.db
    .select({ id: jobMessagesView.id })
    .from(jobMessagesView)
    .where(and(eq(jobMessagesView.id, messageId), eq(jobMessagesView.jobId, jobId)))
    .limit(1);
  if (!message) return refused("not-found", "Not found", "This job has no such message.");
  return outcomeOf(async () => {
    await hideMessage(depsOf(deps), actorOf(actor), messageId, reason);
    return done("Message hidden", "Neither side sees it any more. Its sender has been emailed the reason.");
  }, "Message not hidden");
}

/** A fixer's leads state for the staff user page, or null for an account without a fixer profile. */
export async function fixerLeadsOf(db: Deps["db"], userId: string) {
  const [profile] = await db
    .select({ slug: fixerProfilesView.slug, displayName: fixerProfilesView.displayName, leadsDisabledAt: fixerProfilesView.leadsDisabledAt, leadsDisabledReason: fixerProfilesView.leadsDisabledReason })
    .from(fixerProfilesView)
    .where(eq(fixerProfilesView.userId, userId))
    .limit(1);
  return profile ?? null;
}

/** Pauses (or resumes) a fixer's leads, under staffCan's rule for disabling the account. */
export async function staffSetLeads(deps: Deps, actor: StaffUser, userId: string, disable: boolean, reason: string): Promise<StaffOutcome> {
  const account = await accountById(deps.db, userId);
  if (!account) return refused("not-found", "Not found", "There is no such account.");
  const can = staffCan(actor, account);
  if (can.self) return refused("invalid", "Not allowed", "You cannot pause or resume your own leads.");
  if (!can.disable) return refused("forbidden", "Admins only", "Only an admin can pause or resume the leads of a staff or admin account.");
  return outcomeOf(async () => {
    const changed = await setLeadsDisabled(depsOf(deps), actorOf(actor), userId, disable, reason);
    if (!changed) return done(disable ? "Leads already paused" : "Leads already on", "Nothing changed.");
    // The service pages' top-rated fixers list only fixers whose leads are on: drop the cached pages.
    deps.publicFixerData.changed();
    return disable
      ? done("Leads paused", `${account.email} gets no new jobs and cannot quote or message until leads are turned back on. They have been emailed the reason.`)
      : done("Leads resumed", `${account.email} is matched to new jobs again and has been told.`);
  }, disable ? "Leads not paused" : "Leads not resumed");
}
