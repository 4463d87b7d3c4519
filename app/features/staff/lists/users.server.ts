import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { activeSessionCount, recentSecurityEvents } from "~/features/auth/accounts.server";
import { accountsView } from "~/features/auth/projections.server";
import { fixerOnboardingView, fixerRegistrationsView } from "~/features/fixers/projections.server";
import { vipMembershipsView } from "~/features/vip/projections.server";
import { roles } from "~/features/staff/roles.server.ts";
import { humanise, statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchIndexed } from "./define";

const t = accountsView;
const select = {
  id: t.id,
  name: sql<string>`coalesce(nullif(${t.fullName}, ''), ${t.name})`,
  email: t.email,
  phone: t.phone,
  userType: t.userType,
  role: t.role,
  emailVerified: t.emailVerified,
  disabledAt: t.disabledAt,
  createdAt: t.createdAt,
};
export type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  userType: string;
  role: string;
  emailVerified: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};

function where(query: { q: string; filters: Record<string, string> }) {
  const state = query.filters.state === "active" ? isNull(t.disabledAt) : query.filters.state === "disabled" ? isNotNull(t.disabledAt) : undefined;
  return and(
    query.filters.role ? eq(t.role, query.filters.role) : undefined,
    query.filters.type ? eq(t.userType, query.filters.type) : undefined,
    state,
    // An email typed whole is one lookup in the unique index; a fragment goes through the trigram indexes.
    searchIndexed(query.q, { table: t, id: t.id }, { emails: [t.email], text: [t.email, t.fullName, t.name, t.phone] }),
  );
}

export const usersList = defineList<UserRow>({
  id: "users",
  title: "Users",
  description: "Every account: its type, role and whether it may sign in.",
  path: "/staff/users",
  searchLabel: "Search name, email or phone",
  emptyText: "No accounts yet.",
  filters: [
    { name: "role", label: "Role", options: roles.map((value) => ({ value, label: statusLabel(value) })) },
    {
      name: "type",
      label: "Type",
      options: [
        { value: "customer", label: "Customer" },
        { value: "fixer", label: "Fixer" },
      ],
    },
    {
      name: "state",
      label: "State",
      options: [
        { value: "active", label: "Active" },
        { value: "disabled", label: "Disabled" },
      ],
    },
  ],
  columns: [
    { key: "name", label: "Name", value: (r) => r.name },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "phone", label: "Phone", value: (r) => r.phone, table: false },
    { key: "type", label: "Type", value: (r) => humanise(r.userType) },
    { key: "role", label: "Role", kind: "status", value: (r) => r.role },
    { key: "state", label: "State", kind: "status", value: (r) => (r.disabledAt ? "disabled" : "active") },
    { key: "emailVerified", label: "Email confirmed", kind: "yesno", value: (r) => r.emailVerified, table: false },
    { key: "createdAt", label: "Joined", kind: "datetime", value: (r) => r.createdAt },
    { key: "disabledAt", label: "Disabled", kind: "datetime", value: (r) => r.disabledAt, table: false },
    { key: "id", label: "ID", kind: "mono", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/users/${encodeURIComponent(r.id)}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "text" }),
  table: t,
  fetch: (db, query, page) => db.select({ ...select, ...page.select }).from(t).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadUser(db: Db, id: string) {
  const [user] = await db.select(select).from(t).where(eq(t.id, id)).limit(1);
  if (!user) return null;
  const [sessionCount, vip, registrations, applications, events] = await Promise.all([
    activeSessionCount(db, id),
    db.select({ source: vipMembershipsView.source, createdAt: vipMembershipsView.createdAt }).from(vipMembershipsView).where(eq(vipMembershipsView.userId, id)).limit(1),
    db.select({ id: fixerRegistrationsView.id, paidAt: fixerRegistrationsView.paidAt, createdAt: fixerRegistrationsView.createdAt }).from(fixerRegistrationsView).where(eq(fixerRegistrationsView.userId, id)),
    db.select({ id: fixerOnboardingView.id, status: fixerOnboardingView.status, createdAt: fixerOnboardingView.createdAt }).from(fixerOnboardingView).where(eq(fixerOnboardingView.userId, id)),
    recentSecurityEvents(db, id, 10),
  ]);
  return {
    user,
    activeSessions: sessionCount,
    vip: vip[0] ?? null,
    registrations,
    applications,
    recentEvents: events,
  };
}
