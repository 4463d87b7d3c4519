import type { Db } from "#server/db/client.ts";
import { deleteFinishedJobsBefore } from "#server/jobs/queue.ts";
import { deleteMailboxMessagesBefore } from "#server/mail/mailbox.ts";
import { deleteSecurityEventsBefore } from "~/features/auth/security-events.server.ts";
import { deleteUnheldFixerApplicationsBefore } from "~/features/fixers/retention.server.ts";
import { deleteFormsBefore } from "~/features/forms/retention.server.ts";
import { deletePaymentsBefore } from "~/features/payments/retention.server.ts";
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
    const forms = await deleteFormsBefore(tx, communications);
    const finishedOutboxJobs = await deleteFinishedJobsBefore(tx, communications);
    const devMailboxMessages = await deleteMailboxMessagesBefore(tx, communications);
    const paid = await deletePaymentsBefore(tx, transactions);
    const fixers = await deleteUnheldFixerApplicationsBefore(tx, fixerData);
    const security = await deleteSecurityEventsBefore(tx, securityLog);
    return {
      contactSubmissions: forms.contactSubmissions,
      recruitmentApplications: forms.recruitmentApplications,
      cvKeys: forms.cvKeys,
      finishedOutboxJobs,
      devMailboxMessages,
      payments: paid,
      fixerApplications: fixers.fixerApplications,
      fixerRegistrations: fixers.fixerRegistrations,
      documentKeys: fixers.documentKeys,
      securityEvents: security,
    };
  });

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
