import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountsAs } from "~/features/auth/projections.server";
import { fixerChecksView, fixerOnboardingView, fixerRegistrationsView, onboardingDocumentsView, onboardingReviewsView } from "~/features/fixers/projections.server";
import { onboardingStatuses } from "~/features/staff/review-schema";
import { statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchAny } from "./define";

const t = fixerOnboardingView;
const reviewer = accountsAs("reviewer");
const documentCount = sql<number>`(select count(*) from ${onboardingDocumentsView} where ${onboardingDocumentsView.onboardingId} = ${t.id})`.mapWith(Number);
const applicantName = sql<string | null>`nullif(trim(coalesce(${fixerRegistrationsView.firstName}, '') || ' ' || coalesce(${fixerRegistrationsView.lastName}, '')), '')`;

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
  db.select(fields).from(t).leftJoin(fixerRegistrationsView, eq(fixerRegistrationsView.id, t.registrationId)).leftJoin(reviewer, eq(reviewer.id, t.reviewedBy));

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
      .leftJoin(fixerRegistrationsView, eq(fixerRegistrationsView.id, t.registrationId))
      .leftJoin(reviewer, eq(reviewer.id, t.reviewedBy))
      .where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadOnboardingApplication(db: Db, id: number) {
  const [application] = await base(db, select).where(eq(t.id, id)).limit(1);
  if (!application) return null;
  const staffUser = accountsAs("staff_user");
  const [documents, reviews, earlier] = await Promise.all([
    db
      .select({
        id: onboardingDocumentsView.id,
        folder: onboardingDocumentsView.folder,
        originalName: onboardingDocumentsView.originalName,
        contentType: onboardingDocumentsView.contentType,
        size: onboardingDocumentsView.size,
        createdAt: onboardingDocumentsView.createdAt,
      })
      .from(onboardingDocumentsView)
      .where(eq(onboardingDocumentsView.onboardingId, id))
      .orderBy(asc(onboardingDocumentsView.folder), asc(onboardingDocumentsView.id)),
    db
      .select({
        id: onboardingReviewsView.id,
        fromStatus: onboardingReviewsView.fromStatus,
        toStatus: onboardingReviewsView.toStatus,
        note: onboardingReviewsView.note,
        staffEmail: staffUser.email,
        createdAt: onboardingReviewsView.createdAt,
      })
      .from(onboardingReviewsView)
      .leftJoin(staffUser, eq(staffUser.id, onboardingReviewsView.staffUserId))
      .where(eq(onboardingReviewsView.onboardingId, id))
      .orderBy(asc(onboardingReviewsView.createdAt), asc(onboardingReviewsView.id)),
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
        .select({ kind: fixerChecksView.kind, evidence: fixerChecksView.evidence, documentId: fixerChecksView.documentId, checkedAt: fixerChecksView.checkedAt, staffEmail: staffUser.email })
        .from(fixerChecksView)
        .leftJoin(staffUser, eq(staffUser.id, fixerChecksView.checkedBy))
        .where(eq(fixerChecksView.fixerUserId, application.userId))
        .orderBy(asc(fixerChecksView.id))
    : [];
  return { application, documents, reviews, otherApplications: earlier, checks };
}
