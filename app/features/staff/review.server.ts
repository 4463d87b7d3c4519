import type { InfraServices } from "#server/services.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { applicationAccount, isApplicationDocument, lockApplicationForReview, writeReviewDecision } from "~/features/fixers/review-decision.server";
import { recordCheck } from "~/features/fixers/checks.server";
import { checkLabels } from "~/features/fixers/required-checks";
import { siteUrl } from "#server/http/site-url.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { createFixerProfileFromApproval } from "~/features/quotes/coverage.server.ts";
import { quotePaths } from "~/features/quotes/paths.ts";
import { recordStaffAction } from "#server/audit-log.ts";
import { company } from "~/content/company";
import { actorOf, type StaffUser } from "./guard.server";
import { done, refused, type StaffOutcome } from "./messages";
import { canDecide, decisionLabels, type CheckRecordInput, type ReviewDecision, type ReviewInput } from "./review-schema";
import { statusLabel } from "./status";

/**
 * A review decision on an onboarding application. In ONE transaction: the application's status
 * and note (conditional on the status it was read with, so two reviewers cannot both decide), the
 * onboarding_reviews row, the email to the fixer (outbox) and the audit entry. Nothing is written
 * when the input is invalid or the move is not allowed (400).
 */

export const reviewEmailSubjects: Record<ReviewDecision, string> = {
  approved: "Your FixiT fixer application is approved",
  changes_requested: "Your FixiT fixer application: changes needed",
  rejected: "Your FixiT fixer application",
};

export function reviewEmail(decision: ReviewDecision, input: { firstName: string | null; note: string; publicUrl: string }) {
  const hello = input.firstName ? `Hi ${input.firstName},` : "Hello,";
  const accountUrl = `${input.publicUrl}/account`;
  const reason = `You are receiving this email because you applied to become a fixer on the ${company.brand} website.`;
  switch (decision) {
    case "approved":
      return renderEmail({
        preheader: "Your fixer application has been approved",
        heading: "You're approved as a FixiT fixer",
        paragraphs: [
          hello,
          "Good news: we have reviewed your fixer profile and documents, and your application is approved.",
          ...(input.note ? ["A note from our team:", input.note] : []),
          "Next, open your fixer dashboard and set the services you offer and the postcode areas you cover: jobs are matched on them, so until they are set you receive none.",
        ],
        action: { label: "Set your areas", url: `${input.publicUrl}${quotePaths.fixerDashboard}` },
        reason,
      });
    case "changes_requested":
      return renderEmail({
        preheader: "We need a few changes before we can approve your application",
        heading: "A few changes are needed",
        paragraphs: [
          hello,
          "Thank you for your fixer application. We have reviewed it and need a few changes before we can approve it.",
          "What to change:",
          input.note,
          "Open the Fixer Onboarding Portal to update your details and documents and send your application again.",
        ],
        action: { label: "Update your application", url: `${input.publicUrl}/fixer-onboarding` },
        note: `Questions? Reply to this email or write to ${company.supportEmail}.`,
        reason,
      });
    case "rejected":
      return renderEmail({
        preheader: "The outcome of your fixer application",
        heading: "About your fixer application",
        paragraphs: [
          hello,
          "Thank you for applying to become a FixiT fixer. We have reviewed your application carefully and are unable to approve it.",
          "The reason:",
          input.note,
        ],
        action: { label: "Open My Account", url: accountUrl },
        note: `If you have questions or think we have made a mistake, write to ${company.supportEmail}.`,
        reason,
      });
  }
}

export async function reviewApplication(
  { db, config, logger }: Pick<InfraServices, "db" | "config" | "logger">,
  user: StaffUser,
  applicationId: number,
  { decision, note, checks }: ReviewInput,
): Promise<StaffOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const current = await lockApplicationForReview(tx as DbOrTx, applicationId);
    if (!current) return { kind: "missing" as const };
    if (!canDecide(current.status, decision)) return { kind: "not-allowed" as const, from: current.status };
    await writeReviewDecision(tx as DbOrTx, {
      applicationId,
      fromStatus: current.status,
      decision,
      note,
      reviewerUserId: user.id,
      checked: { identity: checks.includes("identity"), insurance: checks.includes("insurance"), qualifications: checks.includes("qualifications") },
      at: new Date(),
    });
    if (decision === "approved") await createFixerProfileFromApproval(tx as DbOrTx, applicationId); // quotes marketplace: the approved fixer's public profile and services
    const { html, text } = reviewEmail(decision, { firstName: current.firstName, note, publicUrl: siteUrl(config) });
    await enqueueEmail(tx as DbOrTx, { to: current.email, subject: reviewEmailSubjects[decision], html, text, replyTo: company.supportEmail });
    await recordStaffAction(tx as DbOrTx, actorOf(user), {
      action: "onboarding.review",
      targetType: "onboarding",
      targetId: applicationId,
      details: { from: current.status, to: decision, checks, ...(note ? { note } : {}) },
    });
    return { kind: "done" as const, from: current.status };
  });

  if (outcome.kind === "missing") return refused("not-found", "Not found", "There is no such application.");
  if (outcome.kind === "not-allowed") {
    return refused(
      "invalid",
      "This application is already decided",
      `It is ${statusLabel(outcome.from).toLowerCase()}. Only a pending application can be reviewed; a fixer asked for changes sends a new application.`,
    );
  }
  logger.info({ applicationId, from: outcome.from, to: decision, staff: user.id }, "onboarding application reviewed");
  return done(decisionLabels[decision].done, "The fixer has been emailed, and sees the new status on My Account.");
}

/**
 * Records a vetting check staff made for an application's fixer (decision 065): the kind, the
 * evidence, the document it was read from (one of this application's), the staff member and the
 * time, with an audit entry, in one transaction. Recording a kind again replaces the earlier one.
 * Any application status: a check made after approval (a DBS certificate sent later) counts too.
 */
export async function recordApplicationCheck(
  { db, logger }: Pick<InfraServices, "db" | "logger">,
  user: StaffUser,
  applicationId: number,
  input: CheckRecordInput,
): Promise<StaffOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const fixerUserId = await applicationAccount(tx as DbOrTx, applicationId);
    if (fixerUserId === undefined) return "missing" as const;
    if (!fixerUserId) return "no-account" as const;
    if (input.documentId !== null && !(await isApplicationDocument(tx as DbOrTx, applicationId, input.documentId))) return "bad-document" as const;
    await recordCheck(tx as DbOrTx, { fixerUserId, kind: input.kind, evidence: input.evidence, documentId: input.documentId, onboardingId: applicationId, staffUserId: user.id });
    await recordStaffAction(tx as DbOrTx, actorOf(user), {
      action: "onboarding.check",
      targetType: "onboarding",
      targetId: applicationId,
      details: { kind: input.kind, evidence: input.evidence, ...(input.documentId !== null ? { documentId: input.documentId } : {}) },
    });
    return "done" as const;
  });
  if (outcome === "missing") return refused("not-found", "Not found", "There is no such application.");
  if (outcome === "no-account") return refused("invalid", "No account to record it for", "This application has no account linked, so a check cannot be recorded.");
  if (outcome === "bad-document") return refused("invalid", "Check the document", "Choose a document of this application, or none.", { documentId: "Choose a document of this application, or none." });
  logger.info({ applicationId, kind: input.kind, staff: user.id }, "fixer check recorded");
  return done(`${checkLabels[input.kind].name} check recorded`, "It counts towards the services it unlocks, and shows on the fixer's public profile with today's date.");
}
