import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsView } from "~/features/auth/projections.server";
import { PAYMENT_STATUSES, paymentEventsView, type PaymentStatus, paymentsView } from "~/features/payments/projections.server";
import { humanise, statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchIndexed } from "./define";

/** Stored values (~/features/payments/products.ts): products by code, statuses and providers. */
export const paymentProducts = ["fixer_onboarding", "vip_access", "early_access_donation"] as const;
export const paymentStatuses = PAYMENT_STATUSES;
export const paymentProviders = ["test", "stripe"] as const;

const t = paymentsView;
const select = {
  id: t.id,
  product: t.product,
  amountPence: t.amountPence,
  currency: t.currency,
  provider: t.provider,
  providerSessionId: t.providerSessionId,
  status: t.status,
  email: sql<string | null>`coalesce(${t.email}, ${accountsView.email})`,
  userId: t.userId,
  failureReason: t.failureReason,
  createdAt: t.createdAt,
  paidAt: t.paidAt,
  fulfilledAt: t.fulfilledAt,
};
export type PaymentRow = {
  id: string;
  product: string;
  amountPence: number;
  currency: string;
  provider: string;
  providerSessionId: string | null;
  status: string;
  email: string | null;
  userId: string | null;
  failureReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  fulfilledAt: Date | null;
};

const filters = [
  { name: "status", label: "Status", options: paymentStatuses.map((value) => ({ value, label: statusLabel(value) })) },
  { name: "product", label: "Product", options: paymentProducts.map((value) => ({ value, label: humanise(value) })) },
  { name: "provider", label: "Provider", options: paymentProviders.map((value) => ({ value, label: humanise(value) })) },
] as const;

function where(query: { q: string; filters: Record<string, string> }) {
  return and(
    // A status not in the list matches no row, as the text comparison always did.
    query.filters.status ? eq(t.status, query.filters.status as PaymentStatus) : undefined,
    query.filters.product ? eq(t.product, query.filters.product) : undefined,
    query.filters.provider ? eq(t.provider, query.filters.provider) : undefined,
    // A payment's id or provider session id typed whole (their unique indexes); an email address or a
    // fragment of one on the payment or its account (trigram indexes).
    searchIndexed(query.q, { table: t, id: t.id }, {
      exact: [t.id, t.providerSessionId],
      emails: [t.email, (e) => sql`${t.userId} in (${accountIdsWithEmail(e)})`],
      text: [t.email, (p) => sql`${t.userId} in (${accountIdsWithEmailLike(p)})`],
    }),
  );
}

export const paymentsList = defineList<PaymentRow>({
  id: "payments",
  title: "Payments",
  description: "Every checkout attempt: fixer fees, VIP access and donations.",
  path: "/staff/payments",
  searchLabel: "Search email, payment ID or provider session",
  emptyText: "No payments yet.",
  filters,
  columns: [
    { key: "product", label: "Product", value: (r) => humanise(r.product) },
    { key: "amount", label: "Amount", kind: "money", value: (r) => r.amountPence },
    { key: "status", label: "Status", kind: "status", value: (r) => r.status },
    { key: "email", label: "Buyer", value: (r) => r.email },
    { key: "provider", label: "Provider", value: (r) => humanise(r.provider) },
    { key: "createdAt", label: "Started", kind: "datetime", value: (r) => r.createdAt },
    { key: "paidAt", label: "Paid", kind: "datetime", value: (r) => r.paidAt, table: false },
    { key: "fulfilled", label: "Fulfilled", kind: "yesno", value: (r) => r.fulfilledAt !== null, table: false },
    { key: "failureReason", label: "Failure reason", value: (r) => r.failureReason, table: false },
    { key: "id", label: "Payment ID", kind: "mono", value: (r) => r.id, table: false },
    { key: "providerSessionId", label: "Provider session", kind: "mono", value: (r) => r.providerSessionId, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/payments/${encodeURIComponent(r.id)}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "text" }),
  table: t,
  fetch: (db, query, page) =>
    db.select({ ...select, ...page.select }).from(t).leftJoin(accountsView, eq(accountsView.id, t.userId)).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

/** A payment with its event log. The fulfilment column is left out: it may hold a sealed access code. */
export async function loadPayment(db: Db, id: string) {
  const [payment] = await db
    .select({ ...select, reference: t.reference, updatedAt: t.updatedAt })
    .from(t)
    .leftJoin(accountsView, eq(accountsView.id, t.userId))
    .where(eq(t.id, id))
    .limit(1);
  if (!payment) return null;
  const events = await db
    .select({ id: paymentEventsView.id, type: paymentEventsView.type, details: paymentEventsView.details, createdAt: paymentEventsView.createdAt })
    .from(paymentEventsView)
    .where(eq(paymentEventsView.paymentId, id))
    .orderBy(asc(paymentEventsView.createdAt), asc(paymentEventsView.id));
  return { payment, events };
}
