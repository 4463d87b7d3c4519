import { and, eq, getTableColumns, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { recruitmentApplications, type RecruitmentApplication } from "#server/db/schema/forms.ts";
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
  const t = recruitmentApplications;
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
order: keyset("desc", { sql: recruitmentApplications.createdAt, type: "timestamptz" }, { sql: recruitmentApplications.id, type: "bigint" }),
  table: recruitmentApplications,
  fetch: (db, query, page) =>
    db
      .select({ ...getTableColumns(recruitmentApplications), ...page.select })
      .from(recruitmentApplications)
      .where(and(where(query), page.where))
      .orderBy(...page.orderBy),
});

export async function loadRecruitmentApplication(db: Db, id: number) {
  const [row] = await db.select().from(recruitmentApplications).where(eq(recruitmentApplications.id, id)).limit(1);
  return row ?? null;
}
