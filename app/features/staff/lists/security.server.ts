import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { securityEventTypes } from "~/features/auth/security-events.server.ts";
import { accountsView, securityEventsView } from "~/features/auth/projections.server";
import { humanise } from "~/features/staff/status";
import { defineList, keyset, searchAny } from "./define";

const t = securityEventsView;
const select = {
  id: t.id,
  type: t.type,
  userId: t.userId,
  email: sql<string | null>`coalesce(${accountsView.email}, ${t.details}->>'email')`,
  ipAddress: t.ipAddress,
  userAgent: t.userAgent,
  details: t.details,
  createdAt: t.createdAt,
};
export type SecurityEventRow = {
  id: number;
  type: string;
  userId: string | null;
  email: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

function where(query: { q: string; filters: Record<string, string> }) {
  return and(
    query.filters.type ? eq(t.type, query.filters.type) : undefined,
    searchAny(query.q, [accountsView.email, sql`${t.details}->>'email'`, t.ipAddress, t.userAgent]),
  );
}

export const securityEventsList = defineList<SecurityEventRow>({
  id: "security-events",
  title: "Security events",
  description: "Sign-ins, failures, resets and account changes, with the address and browser they came from.",
  path: "/staff/security-events",
  searchLabel: "Search email, IP address or browser",
  emptyText: "No security events yet.",
  filters: [{ name: "type", label: "Event", options: securityEventTypes.map((value) => ({ value, label: humanise(value) })) }],
  columns: [
    { key: "type", label: "Event", value: (r) => humanise(r.type) },
    { key: "email", label: "Account", value: (r) => r.email },
    { key: "ipAddress", label: "IP address", kind: "mono", value: (r) => r.ipAddress },
    { key: "userAgent", label: "Browser", kind: "longtext", value: (r) => r.userAgent, table: false },
    { key: "details", label: "Details", kind: "longtext", value: (r) => JSON.stringify(r.details) },
    { key: "createdAt", label: "When", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/security-events/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) =>
    db.select({ ...select, ...page.select }).from(t).leftJoin(accountsView, eq(accountsView.id, t.userId)).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadSecurityEvent(db: Db, id: number) {
  const [event] = await db.select(select).from(t).leftJoin(accountsView, eq(accountsView.id, t.userId)).where(eq(t.id, id)).limit(1);
  return event ?? null;
}
