import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { staffAuditLog, type StaffAuditEntry } from "#server/db/schema/staff.ts";
import { auditActions } from "#server/audit-log.ts";
import { defineList, keyset, searchAny } from "./define";

const t = staffAuditLog;

function where(query: { q: string; filters: Record<string, string> }) {
  return and(
    query.filters.action ? eq(t.action, query.filters.action) : undefined,
    searchAny(query.q, [t.actorEmail, t.targetId, t.targetType, sql`${t.details}::text`]),
  );
}

export const auditList = defineList<StaffAuditEntry>({
  id: "audit",
  title: "Audit trail",
  description: "What each staff member did in the console and with the command-line tool. Admins only.",
  path: "/staff/audit",
  adminOnly: true,
  searchLabel: "Search staff email, target or details",
  emptyText: "Nothing has been done in the console yet.",
  filters: [{ name: "action", label: "Action", options: auditActions.map((value) => ({ value, label: value })) }],
  columns: [
    { key: "action", label: "Action", kind: "mono", value: (r) => r.action },
    { key: "actor", label: "Who", value: (r) => r.actorEmail },
    { key: "target", label: "Target", value: (r) => (r.targetType ? `${r.targetType} ${r.targetId ?? ""}`.trim() : null) },
    { key: "details", label: "Details", kind: "longtext", value: (r) => JSON.stringify(r.details) },
    { key: "createdAt", label: "When", kind: "datetime", value: (r) => r.createdAt },
    { key: "actorUserId", label: "Staff user ID", kind: "mono", value: (r) => r.actorUserId, table: false },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/audit/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => db.select({ ...getTableColumns(t), ...page.select }).from(t).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadAuditEntry(db: Db, id: number) {
  const [entry] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  return entry ?? null;
}
