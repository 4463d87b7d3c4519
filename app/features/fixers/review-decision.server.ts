import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments, onboardingReviews } from "#server/db/schema/fixers.ts";

/**
 * An onboarding application as a staff review changes it (decision 089): the staff console holds the
 * rules and the emails; these run in its transaction.
 */

/** The application to decide, locked until the transaction ends (two reviewers cannot both decide); null when there is none. */
export async function lockApplicationForReview(tx: DbOrTx, applicationId: number) {
  const [current] = await tx
    .select({ id: fixerOnboarding.id, status: fixerOnboarding.status, email: fixerOnboarding.email, firstName: fixerRegistrations.firstName })
    .from(fixerOnboarding)
    .leftJoin(fixerRegistrations, eq(fixerRegistrations.id, fixerOnboarding.registrationId))
    .where(eq(fixerOnboarding.id, applicationId))
    .limit(1)
    .for("update", { of: fixerOnboarding });
  return current ?? null;
}

export type ReviewDecisionRow = {
  applicationId: number;
  fromStatus: string;
  decision: string;
  note: string;
  reviewerUserId: string;
  /** What the reviewer checked; only an approval's checks ever reach a public badge. */
  checked: { identity: boolean; insurance: boolean; qualifications: boolean };
  at: Date;
};

/** The application's new status and note, and the onboarding_reviews row that records the move. */
export async function writeReviewDecision(tx: DbOrTx, review: ReviewDecisionRow): Promise<void> {
  const updated = await tx
    .update(fixerOnboarding)
    .set({
      status: review.decision,
      reviewNote: review.note || null,
      reviewedBy: review.reviewerUserId,
      reviewedAt: review.at,
      updatedAt: review.at,
      identityChecked: review.checked.identity,
      insuranceChecked: review.checked.insurance,
      qualificationsChecked: review.checked.qualifications,
    })
    .where(eq(fixerOnboarding.id, review.applicationId))
    .returning({ id: fixerOnboarding.id });
  if (updated.length !== 1) throw new Error(`application ${review.applicationId} could not be updated`);
  await tx.insert(onboardingReviews).values({
    onboardingId: review.applicationId,
    fromStatus: review.fromStatus,
    toStatus: review.decision,
    note: review.note || null,
    staffUserId: review.reviewerUserId,
    createdAt: review.at,
  });
}

/** The account an application belongs to: undefined when there is no such application, null when none is linked. */
export async function applicationAccount(tx: DbOrTx, applicationId: number): Promise<string | null | undefined> {
  const [application] = await tx.select({ userId: fixerOnboarding.userId }).from(fixerOnboarding).where(eq(fixerOnboarding.id, applicationId)).limit(1);
  return application ? application.userId : undefined;
}

/** Whether the document is one of this application's. */
export async function isApplicationDocument(tx: DbOrTx, applicationId: number, documentId: number): Promise<boolean> {
  const [doc] = await tx
    .select({ id: onboardingDocuments.id })
    .from(onboardingDocuments)
    .where(and(eq(onboardingDocuments.id, documentId), eq(onboardingDocuments.onboardingId, applicationId)))
    .limit(1);
  return doc !== undefined;
}
