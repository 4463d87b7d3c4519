import { and, eq, inArray, isNotNull, isNull, lt, notExists } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";
import { devMailbox } from "#server/db/schema/mail.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import type { Logger } from "#server/logger.ts";
import type { FileStore } from "#server/storage/store.ts";
import { retention } from "~/content/legal/privacy";

/**
 * The retention periods the privacy notice promises, applied. Accounts are deleted when their owner
 * closes them (app/features/account), so what is left to age out is communications (form
 * submissions, job applications with their CVs, sent or failed emails), transaction records, and
 * fixer applications (with their documents) that no account holds any more, and the security log.
 */
export type RetentionPeriods = Pick<typeof retention, "communicationYears" | "transactionYears" | "fixerApplicationYears" | "securityLogMonths">;
export type RetentionReport = {
  contactSubmissions: number;
  recruitmentApplications: number;
  cvFiles: number;
  finishedOutboxJobs: number;
  devMailboxMessages: number;
  payments: number;
  fixerApplications: number;
  fixerRegistrations: number;
  fixerDocumentFiles: number;
  securityEvents: number;
};

export function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function applyRetention(
  services: { db: Db; storage: FileStore; logger: Logger },
  now: Date = new Date(),
  periods: RetentionPeriods = retention,
): Promise<RetentionReport> {
  const { db, storage, logger } = services;
  const communications = yearsBefore(now, periods.communicationYears);
  const transactions = yearsBefore(now, periods.transactionYears);
  const fixerData = yearsBefore(now, periods.fixerApplicationYears);
  const securityLog = monthsBefore(now, periods.securityLogMonths);

  const report = await db.transaction(async (tx) => {
    const contacts = await tx.delete(contactSubmissions).where(lt(contactSubmissions.createdAt, communications)).returning({ id: contactSubmissions.id });
    const applications = await tx
      .delete(recruitmentApplications)
      .where(lt(recruitmentApplications.createdAt, communications))
      .returning({ cvKey: recruitmentApplications.cvKey });
    const jobs = await tx
      .delete(outboxJobs)
      .where(and(inArray(outboxJobs.status, ["sent", "failed"]), isNotNull(outboxJobs.completedAt), lt(outboxJobs.createdAt, communications)))
      .returning({ id: outboxJobs.id });
    const mailbox = await tx.delete(devMailbox).where(lt(devMailbox.createdAt, communications)).returning({ id: devMailbox.id });
    // Payment events go with their payment (ON DELETE CASCADE); VIP codes keep working without it (SET NULL).
    const paid = await tx.delete(payments).where(lt(payments.createdAt, transactions)).returning({ id: payments.id });
    // Fixer applications whose account was closed (or that never had one); their document rows go with them (ON DELETE CASCADE).
    const oldApplications = and(isNull(fixerOnboarding.userId), lt(fixerOnboarding.createdAt, fixerData));
    const documentKeys = await tx
      .select({ key: onboardingDocuments.storageKey })
      .from(onboardingDocuments)
      .innerJoin(fixerOnboarding, eq(onboardingDocuments.onboardingId, fixerOnboarding.id))
      .where(oldApplications);
    const fixerApplications = await tx.delete(fixerOnboarding).where(oldApplications).returning({ id: fixerOnboarding.id });
    // A resubmitted application points at the files of the one before it: a file still named by a kept row stays.
    const keys = [...new Set(documentKeys.map((d) => d.key))];
    const stillUsed = keys.length
      ? new Set((await tx.select({ key: onboardingDocuments.storageKey }).from(onboardingDocuments).where(inArray(onboardingDocuments.storageKey, keys))).map((d) => d.key))
      : new Set<string>();
    const fixerRegistrationRows = await tx
      .delete(fixerRegistrations)
      .where(
        and(
          isNull(fixerRegistrations.userId),
          lt(fixerRegistrations.createdAt, fixerData),
          notExists(tx.select({ id: fixerOnboarding.id }).from(fixerOnboarding).where(eq(fixerOnboarding.registrationId, fixerRegistrations.id))),
        ),
      )
      .returning({ id: fixerRegistrations.id });
    const security = await tx.delete(securityEvents).where(lt(securityEvents.createdAt, securityLog)).returning({ id: securityEvents.id });
    return {
      contactSubmissions: contacts.length,
      recruitmentApplications: applications.length,
      cvKeys: applications.flatMap((a) => (a.cvKey ? [a.cvKey] : [])),
      finishedOutboxJobs: jobs.length,
      devMailboxMessages: mailbox.length,
      payments: paid.length,
      fixerApplications: fixerApplications.length,
      fixerRegistrations: fixerRegistrationRows.length,
      documentKeys: keys.filter((key) => !stillUsed.has(key)),
      securityEvents: security.length,
    };
  });

  // The rows are gone; a file whose deletion fails is logged and left for the storage's own clean-up.
  const deleteFiles = async (keys: string[], what: string) => {
    let deleted = 0;
    for (const key of keys) {
      try {
        await storage.delete(key);
        deleted += 1;
      } catch (error) {
        logger.error({ err: error, key }, `retention: a ${what} file could not be deleted`);
      }
    }
    return deleted;
  };
  const { cvKeys, documentKeys, ...counts } = report;
  const result = { ...counts, cvFiles: await deleteFiles(cvKeys, "CV"), fixerDocumentFiles: await deleteFiles(documentKeys, "fixer document") };
  if (Object.values(result).some((n) => n > 0)) logger.info({ retention: result }, "retention: old records deleted");
  return result;
}

/** Runs the retention once shortly after start-up and then daily; safe on several instances (deletes are idempotent). */
export function scheduleRetention(services: { db: Db; storage: FileStore; logger: Logger }, everyMs = 24 * 60 * 60 * 1000): () => void {
  const run = () => void applyRetention(services).catch((error) => services.logger.error({ err: error }, "retention run failed"));
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, everyMs);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
