import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { fixerOnboardingView, fixerRegistrationsView } from "~/features/fixers/projections.server";
import { paymentsView } from "~/features/payments/projections.server";
import { defineList, keyset, searchAny } from "./define";

/**
 * /fixer-register details with their payment state. A registration is paid once its fee's
 * fulfilment set paid_at; before that its latest checkout attempt (payments.reference.fixerRegistrationId)
 * says whether it is pending, failed or was never started.
 */

const t = fixerRegistrationsView;
const latestPaymentStatus = sql<string | null>`(
  select ${paymentsView.status} from ${paymentsView}
  where ${paymentsView.reference}->>'fixerRegistrationId' = ${t.id}::text
  order by ${paymentsView.createdAt} desc limit 1
)`;

const select = {
  id: t.id,
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  phone: t.phone,
  paidAt: t.paidAt,
  accessCodeIssuedAt: t.accessCodeIssuedAt,
  unlockedAt: t.unlockedAt,
  onboardingCompleted: t.onboardingCompleted,
  createdAt: t.createdAt,
  latestPaymentStatus,
};
export type RegistrationRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  paidAt: Date | null;
  accessCodeIssuedAt: Date | null;
  unlockedAt: Date | null;
  onboardingCompleted: boolean;
  createdAt: Date;
  latestPaymentStatus: string | null;
};

/** Paid, or the latest checkout's status, or unpaid when no checkout was started. */
export function registrationPaymentStatus(row: Pick<RegistrationRow, "paidAt" | "latestPaymentStatus">): string {
  if (row.paidAt) return "paid";
  return row.latestPaymentStatus && row.latestPaymentStatus !== "paid" ? row.latestPaymentStatus : "unpaid";
}

const filters = [
  {
    name: "payment",
    label: "Fee",
    options: [
      { value: "paid", label: "Paid" },
      { value: "unpaid", label: "Not paid" },
    ],
  },
  {
    name: "onboarding",
    label: "Onboarding",
    options: [
      { value: "submitted", label: "Application sent" },
      { value: "not-submitted", label: "No application yet" },
    ],
  },
] as const;

function where(query: { q: string; filters: Record<string, string> }) {
  const payment = query.filters.payment === "paid" ? isNotNull(t.paidAt) : query.filters.payment === "unpaid" ? isNull(t.paidAt) : undefined;
  const onboarding =
    query.filters.onboarding === "submitted"
      ? eq(t.onboardingCompleted, true)
      : query.filters.onboarding === "not-submitted"
        ? eq(t.onboardingCompleted, false)
        : undefined;
  return and(payment, onboarding, searchAny(query.q, [sql`${t.firstName} || ' ' || ${t.lastName}`, t.email, t.phone]));
}

export const registrationsList = defineList<RegistrationRow>({
  id: "registrations",
  title: "Fixer registrations",
  description: "Everyone who filled in /fixer-register, and whether they paid the onboarding fee.",
  path: "/staff/registrations",
  searchLabel: "Search name, email or phone",
  emptyText: "No fixer registrations yet.",
  filters,
  columns: [
    { key: "name", label: "Name", value: (r) => `${r.firstName} ${r.lastName}` },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "phone", label: "Phone", value: (r) => r.phone, table: false },
    { key: "payment", label: "Fee", kind: "status", value: (r) => registrationPaymentStatus(r) },
    { key: "paidAt", label: "Paid", kind: "datetime", value: (r) => r.paidAt, table: false },
    { key: "code", label: "Access code", kind: "yesno", yesNo: ["Issued", "Not issued"], value: (r) => r.accessCodeIssuedAt !== null, table: false },
    { key: "unlocked", label: "Portal", kind: "yesno", yesNo: ["Unlocked", "Locked"], value: (r) => r.unlockedAt !== null },
    { key: "onboarding", label: "Application", kind: "yesno", yesNo: ["Sent", "Not yet"], value: (r) => r.onboardingCompleted },
    { key: "createdAt", label: "Registered", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/registrations/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => db.select({ ...select, ...page.select }).from(t).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadRegistration(db: Db, id: number) {
  const [registration] = await db
    .select({ ...select, userId: t.userId, ip: t.ip, userAgent: t.userAgent, accountEmail: accountsView.email })
    .from(t)
    .leftJoin(accountsView, eq(accountsView.id, t.userId))
    .where(eq(t.id, id))
    .limit(1);
  if (!registration) return null;
  const [checkouts, applications] = await Promise.all([
    db
      .select({ id: paymentsView.id, status: paymentsView.status, amountPence: paymentsView.amountPence, provider: paymentsView.provider, createdAt: paymentsView.createdAt, paidAt: paymentsView.paidAt })
      .from(paymentsView)
      .where(sql`${paymentsView.reference}->>'fixerRegistrationId' = ${String(id)}`)
      .orderBy(asc(paymentsView.createdAt)),
    db
      .select({ id: fixerOnboardingView.id, status: fixerOnboardingView.status, createdAt: fixerOnboardingView.createdAt })
      .from(fixerOnboardingView)
      .where(eq(fixerOnboardingView.registrationId, id))
      .orderBy(asc(fixerOnboardingView.createdAt)),
  ]);
  return { registration, checkouts, applications };
}
