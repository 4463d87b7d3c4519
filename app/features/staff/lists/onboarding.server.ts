import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerChecks, fixerOnboarding, fixerRegistrations, onboardingDocuments, onboardingReviews } from "#server/db/schema/fixers.ts";
import { onboardingStatuses } from "~/features/staff/review-schema";
import { statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchAny } from "./define";

const t = fixerOnboarding;
const reviewer = alias(users, "reviewer");
const documentCount = sql<number>`(select count(*) from ${onboardingDocuments} where ${onboardingDocuments.onboardingId} = ${t.id})`.mapWith(Number);
const applicantName = sql<string | null>`nullif(trim(coalesce(${fixerRegistrations.firstName}, '') || ' ' || coalesce(${fixerRegistrations.lastName}, '')), '')`;

const select = {
  id: t.id,
  email: t.email,
  applicantName,
  status: t.status,
  qualifications: t.qualifications,
  expertise: t.expertise,
  insurance: t.insurance,
  reviewNote: t.reviewNote,
  reviewedAt: t.reviewedAt,
  reviewerEmail: reviewer.email,
  identityChecked: t.identityChecked,
  insuranceChecked: t.insuranceChecked,
  qualificationsChecked: t.qualificationsChecked,
  rightToWorkShareCode: t.rightToWorkShareCode,
  gasSafeNumber: t.gasSafeNumber,
  electricalNumber: t.electricalNumber,
  dbsNumber: t.dbsNumber,
  registrationId: t.registrationId,
  userId: t.userId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  documentCount,
};
export type OnboardingRow = {
  id: number;
  email: string;
  applicantName: string | null;
  status: string;
  qualifications: string;
  expertise: string;
  insurance: string;
  reviewNote: string | null;
  reviewedAt: Date | null;
  reviewerEmail: string | null;
  identityChecked: boolean;
  insuranceChecked: boolean;
  qualificationsChecked: boolean;
  rightToWorkShareCode: string | null;
  gasSafeNumber: string | null;
  electricalNumber: string | null;
  dbsNumber: string | null;
  registrationId: number | null;
  userId: string | null;
  createdAt: Date;
  updatedAt: Date;
  documentCount: number;
};

const filters = [{ name: "status", label: "Status", options: onboardingStatuses.map((value) => ({ value, label: statusLabel(value) })) }] as const;

function where(query: { q: string; filters: Record<string, string> }) {
  return and(
    query.filters.status ? eq(t.status, query.filters.status) : undefined,
    searchAny(query.q, [t.email, applicantName]),
  );
}

const base = (db: Db, fields: typeof select) =>
  db.select(fields).from(t).leftJoin(fixerRegistrations, eq(fixerRegistrations.id, t.registrationId)).leftJoin(reviewer, eq(reviewer.id, t.reviewedBy));

export const onboardingList = defineList<OnboardingRow>({
  id: "onboarding",
  title: "Onboarding applications",
  description: "Fixer profiles sent from the onboarding portal, waiting for review or decided.",
  path: "/staff/onboarding",
  searchLabel: "Search applicant name or email",
  emptyText: "No onboarding applications yet.",
  filters,
  columns: [
    { key: "applicant", label: "Applicant", value: (r) => r.applicantName ?? r.email },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "status", label: "Status", kind: "status", value: (r) => r.status },
    { key: "documents", label: "Documents", kind: "number", value: (r) => r.documentCount },
    { key: "createdAt", label: "Submitted", kind: "datetime", value: (r) => r.createdAt },
    { key: "reviewedAt", label: "Reviewed", kind: "datetime", value: (r) => r.reviewedAt },
    { key: "reviewer", label: "Reviewed by", value: (r) => r.reviewerEmail, table: false },
    { key: "reviewNote", label: "Note to the fixer", value: (r) => r.reviewNote, table: false },
    { key: "qualifications", label: "Qualifications", value: (r) => r.qualifications, table: false },
    { key: "expertise", label: "Expertise", value: (r) => r.expertise, table: false },
    { key: "insurance", label: "Insurance", value: (r) => r.insurance, table: false },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/onboarding/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) =>
    db
      .select({ ...select, ...page.select })
      .from(t)
      .leftJoin(fixerRegistrations, eq(fixerRegistrations.id, t.registrationId))
      .leftJoin(reviewer, eq(reviewer.id, t.reviewedBy))
      .where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadOnboardingApplication(db: Db, id: number) {
  const [application] = await base(db, select).where(eq(t.id, id)).limit(1);
  if (!application) return null;
  const staffUser = alias(users, "staff_user");
  const [documents, reviews, earlier] = await Promise.all([
    db
      .select({
        id: onboardingDocuments.id,
        folder: onboardingDocuments.folder,
        originalName: onboardingDocuments.originalName,
        contentType: onboardingDocuments.contentType,
        size: onboardingDocuments.size,
        createdAt: onboardingDocuments.createdAt,
      })
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.onboardingId, id))
      .orderBy(asc(onboardingDocuments.folder), asc(onboardingDocuments.id)),
    db
      .select({
        id: onboardingReviews.id,
        fromStatus: onboardingReviews.fromStatus,
        toStatus: onboardingReviews.toStatus,
        note: onboardingReviews.note,
        staffEmail: staffUser.email,
        createdAt: onboardingReviews.createdAt,
      })
      .from(onboardingReviews)
      .leftJoin(staffUser, eq(staffUser.id, onboardingReviews.staffUserId))
      .where(eq(onboardingReviews.onboardingId, id))
      .orderBy(asc(onboardingReviews.createdAt), asc(onboardingReviews.id)),
    // The same fixer's other applications (a resubmission after changes were requested is a new one).
    application.registrationId !== null || application.userId !== null
      ? db
          .select({ id: t.id, status: t.status, createdAt: t.createdAt })
          .from(t)
          .where(
            and(
              sql`${t.id} <> ${id}`,
              application.registrationId !== null ? eq(t.registrationId, application.registrationId) : eq(t.userId, application.userId!),
            ),
          )
          .orderBy(asc(t.createdAt))
      : Promise.resolve([]),
  ]);
  // The vetting checks staff recorded for this fixer (decision 065), with who checked.
  const checks = application.userId
    ? await db
        .select({ kind: fixerChecks.kind, evidence: fixerChecks.evidence, documentId: fixerChecks.documentId, checkedAt: fixerChecks.checkedAt, staffEmail: staffUser.email })
        .from(fixerChecks)
        .leftJoin(staffUser, eq(staffUser.id, fixerChecks.checkedBy))
        .where(eq(fixerChecks.fixerUserId, application.userId))
        .orderBy(asc(fixerChecks.id))
    : [];
  return { application, documents, reviews, otherApplications: earlier, checks };
}
