import { and, desc, eq, inArray, isNull, or, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations, onboardingDocuments } from "#server/db/schema/fixers.ts";
import { latestFixerFeePayment } from "~/features/payments/reads.server.ts";
import { isApplicationStatus, type ApplicationStatus } from "./portal-content";

/**
 * The fixer's side of My Account: their registration (linked to the account by its code, or made
 * with the account's email and not yet claimed), its payment, and the latest application with the
 * review note when changes were requested or it was rejected. Never a code or its hash.
 */

export type FixerNextStep = "register" | "pay" | "unlock" | "complete" | "resubmit" | "none";

export type FixerAccountStatus = {
  registration: {
    name: string;
    email: string;
    registeredAt: string;
    linked: boolean;
  } | null;
  payment: { status: "paid" | "pending" | "failed" | "none"; paidAt: string | null; retryPath: string | null };
  application: { status: ApplicationStatus; submittedAt: string; reviewedAt: string | null; note: string | null } | null;
  next: FixerNextStep;
};

/** The status of an account with no fixer registration (neither linked nor made with its email): the usual customer's. */
export function noFixerRegistration(): FixerAccountStatus {
  return { registration: null, payment: { status: "none", paidAt: null, retryPath: null }, application: null, next: "register" };
}

/**
 * Whether {@link loadFixerStatus} would find a registration for this account, as an SQL boolean
 * (the same condition), for a page that reads it in its own query and skips the lookup when false.
 * `email` must be the account's email lowercased as loadFixerStatus lowercases it.
 */
/** Values or a prepared statement's placeholders (My Account's query is prepared once). */
export function hasFixerRegistrationSql(userId: string | Placeholder, email: string | Placeholder): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${fixerRegistrations} r where r.user_id = ${userId} or (r.email = ${email} and r.user_id is null))`;
}

/**
 * Whether staff approved an application of this account (its id, an outer column), as an SQL
 * boolean: half of the session's approved-fixer flag, which auth reads in its one query (decision 071).
 */
export const hasApprovedApplicationSql = (userId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${fixerOnboarding} where (${fixerOnboarding.userId} = ${userId} and ${fixerOnboarding.status} = ${"approved"}))`;

export async function loadFixerStatus(db: DbOrTx, user: { id: string; email: string }): Promise<FixerAccountStatus> {
  const email = user.email.toLowerCase();
  // Prefer the registration this account unlocked; otherwise the newest one made with its email and not claimed by another account.
  const [registration] = await db
    .select()
    .from(fixerRegistrations)
    .where(or(eq(fixerRegistrations.userId, user.id), and(eq(fixerRegistrations.email, email), isNull(fixerRegistrations.userId))))
    .orderBy(sql`${fixerRegistrations.userId} is null`, desc(fixerRegistrations.paidAt), desc(fixerRegistrations.createdAt))
    .limit(1);
  if (!registration) return noFixerRegistration();

  const linked = registration.userId === user.id && Boolean(registration.unlockedAt);
  let payment: FixerAccountStatus["payment"] = { status: "none", paidAt: null, retryPath: null };
  if (registration.paidAt) {
    payment = { status: "paid", paidAt: registration.paidAt.toISOString(), retryPath: null };
  } else {
    const latest = await latestFixerFeePayment(db, registration.id);
    if (latest && latest.status !== "paid") {
      payment = { status: latest.status as "pending" | "failed", paidAt: null, retryPath: latest.provider === "test" ? `/checkout/test/${latest.id}` : null };
    }
  }

  const [application] = linked
    ? await db
        .select()
        .from(fixerOnboarding)
        .where(eq(fixerOnboarding.registrationId, registration.id))
        .orderBy(desc(fixerOnboarding.createdAt), desc(fixerOnboarding.id))
        .limit(1)
    : [];
  const status = application && isApplicationStatus(application.status) ? application.status : application ? "pending" : null;

  const next: FixerNextStep =
    payment.status !== "paid" ? (payment.retryPath ? "pay" : "register")
    : !linked ? "unlock"
    : !status ? "complete"
    : status === "changes_requested" ? "resubmit"
    : "none";

  return {
    registration: { name: `${registration.firstName} ${registration.lastName}`, email: registration.email, registeredAt: registration.createdAt.toISOString(), linked },
    payment,
    application:
      application && status
        ? {
            status,
            submittedAt: application.createdAt.toISOString(),
            reviewedAt: application.reviewedAt?.toISOString() ?? null,
            note: status === "changes_requested" || status === "rejected" ? application.reviewNote : null,
          }
        : null,
    next,
  };
}

/** For the account data export: the fixer registrations and applications of this account (no code hashes). */
export async function exportFixerData(db: DbOrTx, userId: string) {
  const registrations = await db
    .select({
      id: fixerRegistrations.id,
      firstName: fixerRegistrations.firstName,
      lastName: fixerRegistrations.lastName,
      email: fixerRegistrations.email,
      phone: fixerRegistrations.phone,
      createdAt: fixerRegistrations.createdAt,
      paidAt: fixerRegistrations.paidAt,
      unlockedAt: fixerRegistrations.unlockedAt,
      onboardingCompleted: fixerRegistrations.onboardingCompleted,
    })
    .from(fixerRegistrations)
    .where(eq(fixerRegistrations.userId, userId));
  const applications = await db
    .select({
      id: fixerOnboarding.id,
      registrationId: fixerOnboarding.registrationId,
      email: fixerOnboarding.email,
      qualifications: fixerOnboarding.qualifications,
      expertise: fixerOnboarding.expertise,
      insurance: fixerOnboarding.insurance,
      rightToWorkShareCode: fixerOnboarding.rightToWorkShareCode,
      gasSafeNumber: fixerOnboarding.gasSafeNumber,
      electricalNumber: fixerOnboarding.electricalNumber,
      dbsNumber: fixerOnboarding.dbsNumber,
      status: fixerOnboarding.status,
      reviewNote: fixerOnboarding.reviewNote,
      reviewedAt: fixerOnboarding.reviewedAt,
      createdAt: fixerOnboarding.createdAt,
    })
    .from(fixerOnboarding)
    .where(eq(fixerOnboarding.userId, userId));
  const documents = applications.length
    ? await db
        .select({ applicationId: onboardingDocuments.onboardingId, folder: onboardingDocuments.folder, name: onboardingDocuments.originalName, size: onboardingDocuments.size, createdAt: onboardingDocuments.createdAt })
        .from(onboardingDocuments)
        .where(inArray(onboardingDocuments.onboardingId, applications.map((a) => a.id)))
    : [];
  return { registrations, applications: applications.map((a) => ({ ...a, documents: documents.filter((d) => d.applicationId === a.id) })) };
}
