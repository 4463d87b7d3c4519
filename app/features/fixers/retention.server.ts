import { and, eq, inArray, isNull, lt, notExists } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";

/**
 * What the privacy notice's retention deletes of the fixer journey (app/features/privacy): applications
 * and registrations no account holds that were made before `before`, in the caller's transaction. The
 * storage keys of documents no remaining application uses come back for the caller to delete once it
 * has committed.
 */
export async function deleteUnheldFixerApplicationsBefore(
  tx: DbOrTx,
  before: Date,
): Promise<{ fixerApplications: number; fixerRegistrations: number; documentKeys: string[] }> {
  const oldApplications = and(isNull(fixerOnboarding.userId), lt(fixerOnboarding.createdAt, before));
  const documentKeys = await tx
    .select({ key: onboardingDocuments.storageKey })
    .from(onboardingDocuments)
    .innerJoin(fixerOnboarding, eq(onboardingDocuments.onboardingId, fixerOnboarding.id))
    .where(oldApplications);
  const fixerApplications = await tx.delete(fixerOnboarding).where(oldApplications).returning({ id: fixerOnboarding.id });
  const keys = [...new Set(documentKeys.map((d) => d.key))];
  const stillUsed = keys.length
    ? new Set((await tx.select({ key: onboardingDocuments.storageKey }).from(onboardingDocuments).where(inArray(onboardingDocuments.storageKey, keys))).map((d) => d.key))
    : new Set<string>();
  const fixerRegistrationRows = await tx
    .delete(fixerRegistrations)
    .where(
      and(
        isNull(fixerRegistrations.userId),
        lt(fixerRegistrations.createdAt, before),
        notExists(tx.select({ id: fixerOnboarding.id }).from(fixerOnboarding).where(eq(fixerOnboarding.registrationId, fixerRegistrations.id))),
      ),
    )
    .returning({ id: fixerRegistrations.id });
  return { fixerApplications: fixerApplications.length, fixerRegistrations: fixerRegistrationRows.length, documentKeys: keys.filter((key) => !stillUsed.has(key)) };
}
