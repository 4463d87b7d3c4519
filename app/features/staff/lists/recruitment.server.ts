import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { fieldsOf } from "#server/db/projection.ts";
import type { Db } from "#server/db/client.ts";
import { type RecruitmentApplication, recruitmentApplicationsView } from "~/features/forms/projections.server";
import { defineList, keyset, searchAny } from "./define";

const filters = [
  {
    name: "cv",
    label: "CV",
    options: [
      { value: "with", label: "With a CV" },
      { value: "without", label: "Without a CV" },
    ],
  },
] as const;

function where(query: { q: string; filters: Record<string, string> }) {
  const t = recruitmentApplicationsView;
  const cv = query.filters.cv === "with" ? isNotNull(t.cvKey) : query.filters.cv === "without" ? isNull(t.cvKey) : undefined;
  return and(cv, searchAny(query.q, [sql`${t.firstName} || ' ' || ${t.lastName}`, t.email, t.position, t.phone]));
}

export const recruitmentList = defineList<RecruitmentApplication>({
  id: "recruitment",
  title: "Job applications",
  description: "Job applications sent from /recruitment, with their CVs.",
  path: "/staff/recruitment",
  searchLabel: "Search name, email, phone or position",
  emptyText: "No job applications yet.",
  filters,
  columns: [
    { key: "name", label: "Name", value: (r) => `${r.firstName} ${r.lastName}` },
    { key: "position", label: "Position", value: (r) => r.position },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "phone", label: "Phone", value: (r) => r.phone, table: false },
    { key: "cv", label: "CV", kind: "yesno", yesNo: ["Attached", "None"], value: (r) => r.cvKey !== null },
    { key: "cvName", label: "CV file", value: (r) => r.cvName, table: false },
    { key: "experience", label: "Experience", value: (r) => r.experience, table: false },
    { key: "qualifications", label: "Qualifications", value: (r) => r.qualifications, table: false },
    { key: "coverLetter", label: "Cover letter", value: (r) => r.coverLetter, table: false },
    { key: "createdAt", label: "Received", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/recruitment/${r.id}`,
order: keyset("desc", { sql: recruitmentApplicationsView.createdAt, type: "timestamptz" }, { sql: recruitmentApplicationsView.id, type: "bigint" }),
  table: recruitmentApplicationsView,
  fetch: (db, query, page) =>
    db
      .select({ ...fieldsOf(recruitmentApplicationsView), ...page.select })
      .from(recruitmentApplicationsView)
      .where(and(where(query), page.where))
      .orderBy(...page.orderBy),
});

export async function loadRecruitmentApplication(db: Db, id: number) {
  const [row] = await db.select().from(recruitmentApplicationsView).where(eq(recruitmentApplicationsView.id, id)).limit(1);
  return row ?? null;
}
