import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountsAs, accountsView } from "~/features/auth/projections.server";
import { vipCodesView, vipMembershipsView } from "~/features/vip/projections.server";
import { humanise } from "~/features/staff/status";
import { defineList, keyset, searchAny } from "./define";

/**
 * VIP members (accounts with a membership) and the codes issued by purchase. Codes are stored only
 * as hashes; staff see the hint (the last characters) so they can tell codes apart, never a code.
 */

export const vipSources = ["purchase", "code", "campaign"] as const;

const m = vipMembershipsView;
const memberSelect = {
  userId: m.userId,
  name: sql<string>`coalesce(nullif(${accountsView.fullName}, ''), ${accountsView.name})`,
  email: accountsView.email,
  source: m.source,
  codeHint: vipCodesView.codeHint,
  paymentId: m.paymentId,
  createdAt: m.createdAt,
};
export type VipMemberRow = {
  userId: string;
  name: string;
  email: string;
  source: string;
  codeHint: string | null;
  paymentId: string | null;
  createdAt: Date;
};

function memberWhere(query: { q: string; filters: Record<string, string> }) {
  return and(query.filters.source ? eq(m.source, query.filters.source) : undefined, searchAny(query.q, [accountsView.email, accountsView.fullName, accountsView.name]));
}

export const vipMembersList = defineList<VipMemberRow>({
  id: "vip-members",
  title: "VIP members",
  description: "Accounts with VIP early access, and how they got it.",
  path: "/staff/vip-members",
  searchLabel: "Search name or email",
  emptyText: "No VIP members yet.",
  filters: [{ name: "source", label: "Joined by", options: vipSources.map((value) => ({ value, label: humanise(value) })) }],
  columns: [
    { key: "name", label: "Name", value: (r) => r.name },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "source", label: "Joined by", value: (r) => humanise(r.source) },
    { key: "codeHint", label: "Code", kind: "mono", value: (r) => (r.codeHint ? `…${r.codeHint}` : null) },
    { key: "createdAt", label: "Member since", kind: "datetime", value: (r) => r.createdAt },
    { key: "paymentId", label: "Payment ID", kind: "mono", value: (r) => r.paymentId, table: false },
  ],
  rowId: (r) => r.userId,
  detailPath: (r) => `/staff/users/${encodeURIComponent(r.userId)}`,
order: keyset("desc", { sql: m.createdAt, type: "timestamptz" }, { sql: m.userId, type: "text" }),
  table: m,
  fetch: (db, query, page) =>
    db
      .select({ ...memberSelect, ...page.select })
      .from(m)
      .innerJoin(accountsView, eq(accountsView.id, m.userId))
      .leftJoin(vipCodesView, eq(vipCodesView.id, m.vipCodeId))
      .where(and(memberWhere(query), page.where))
      .orderBy(...page.orderBy),
});

const c = vipCodesView;
const owner = accountsAs("owner");
const codeSelect = {
  id: c.id,
  codeHint: c.codeHint,
  email: c.email,
  accountEmail: owner.email,
  paymentId: c.paymentId,
  lastUsedAt: c.lastUsedAt,
  revokedAt: c.revokedAt,
  createdAt: c.createdAt,
};
export type VipCodeRow = {
  id: number;
  codeHint: string;
  email: string | null;
  accountEmail: string | null;
  paymentId: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
};

function codeWhere(query: { q: string; filters: Record<string, string> }) {
  const state = query.filters.state === "active" ? isNull(c.revokedAt) : query.filters.state === "revoked" ? isNotNull(c.revokedAt) : undefined;
  const used = query.filters.used === "used" ? isNotNull(c.lastUsedAt) : query.filters.used === "unused" ? isNull(c.lastUsedAt) : undefined;
  return and(state, used, searchAny(query.q, [c.email, owner.email, c.codeHint]));
}

export const vipCodesList = defineList<VipCodeRow>({
  id: "vip-codes",
  title: "VIP codes",
  description: "Codes issued by VIP purchases. Only the last characters are shown; codes are stored hashed.",
  path: "/staff/vip-codes",
  searchLabel: "Search email or code ending",
  emptyText: "No VIP codes have been issued yet.",
  filters: [
    {
      name: "state",
      label: "State",
      options: [
        { value: "active", label: "Active" },
        { value: "revoked", label: "Revoked" },
      ],
    },
    {
      name: "used",
      label: "Use",
      options: [
        { value: "used", label: "Used" },
        { value: "unused", label: "Never used" },
      ],
    },
  ],
  columns: [
    { key: "codeHint", label: "Code", kind: "mono", value: (r) => `…${r.codeHint}` },
    { key: "email", label: "Bought by", value: (r) => r.email },
    { key: "accountEmail", label: "Account", value: (r) => r.accountEmail },
    { key: "state", label: "State", kind: "status", value: (r) => (r.revokedAt ? "revoked" : "active") },
    { key: "lastUsedAt", label: "Last used", kind: "datetime", value: (r) => r.lastUsedAt },
    { key: "createdAt", label: "Issued", kind: "datetime", value: (r) => r.createdAt },
    { key: "paymentId", label: "Payment ID", kind: "mono", value: (r) => r.paymentId, table: false },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/vip-codes/${r.id}`,
order: keyset("desc", { sql: c.createdAt, type: "timestamptz" }, { sql: c.id, type: "bigint" }),
  table: c,
  fetch: (db, query, page) =>
    db.select({ ...codeSelect, ...page.select }).from(c).leftJoin(owner, eq(owner.id, c.userId)).where(and(codeWhere(query), page.where)).orderBy(...page.orderBy),
});

export async function loadVipCode(db: Db, id: number) {
  const [code] = await db.select(codeSelect).from(c).leftJoin(owner, eq(owner.id, c.userId)).where(eq(c.id, id)).limit(1);
  if (!code) return null;
  const members = await db
    .select({ userId: m.userId, email: accountsView.email, createdAt: m.createdAt })
    .from(m)
    .innerJoin(accountsView, eq(accountsView.id, m.userId))
    .where(eq(m.vipCodeId, id));
  return { code, members };
}
