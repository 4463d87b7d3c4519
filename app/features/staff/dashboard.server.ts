import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { fixerOnboardingView, fixerRegistrationsView } from "~/features/fixers/projections.server";
import { contactSubmissionsView, recruitmentApplicationsView } from "~/features/forms/projections.server";
import { outboxJobsView } from "#server/jobs/queue.ts";
import { paymentsView } from "~/features/payments/projections.server";
import { paymentCountsByStatus } from "~/features/payments/reads.server";
import { vipMembershipsView } from "~/features/vip/projections.server";
import { contactSubjects } from "./lists/contacts.server";
import { paymentStatuses } from "./lists/payments.server";
import { onboardingStatuses } from "./review-schema";

/**
 * The dashboard's figures: for each kind of thing the site collects, how many arrived in the last
 * 7 and 30 days (and in all), plus the states that need someone — pending applications and
 * failed outbox jobs. A handful of grouped count queries, run together.
 *
 * At national scale (decision 069) the payments' windows are counted by their created_at index
 * (30 days of rows, not every payment); the all-time totals per status, the one figure that would
 * read the whole table, are kept for a minute (TOTALS_TTL_MS) and the page says when they were
 * counted. The outbox counts (failed, pending, overdue) stay live: staff act on them.
 */

export type WindowCounts = { last7: number; last30: number; total: number };
export type DashboardTile = WindowCounts & { key: string; label: string; href: string };
export type DashboardData = {
  inbox: DashboardTile[];
  fixers: DashboardTile[];
  onboardingByStatus: (WindowCounts & { status: string; href: string })[];
  vip: DashboardTile[];
  paymentsByStatus: (WindowCounts & { status: string; href: string })[];
  paidLast30Pence: number;
  /** When the payments' all-time totals were counted (they are kept for a minute). */
  totalsCountedAt: string;
  outbox: { failed: number; pending: number; overdue: number; sentLast7: number };
};

const within = (column: AnyPgColumn, days: number, extra?: SQL) =>
  sql<number>`count(*) filter (where ${column} > now() - ${days} * interval '1 day'${extra ? sql` and ${extra}` : sql``})`.mapWith(Number);
const all = (extra?: SQL) => (extra ? sql<number>`count(*) filter (where ${extra})`.mapWith(Number) : sql<number>`count(*)`.mapWith(Number));
const windows = (column: AnyPgColumn, extra?: SQL) => ({ last7: within(column, 7, extra), last30: within(column, 30, extra), total: all(extra) });
const zero: WindowCounts = { last7: 0, last30: 0, total: 0 };

/** How long the payments' all-time totals are kept before they are counted again. */
export const TOTALS_TTL_MS = 60_000;
const totalsCache = new WeakMap<Db, { at: number; rows: Promise<{ status: string; total: number }[]> }>();

/** The payments per status over all time, counted at most once a minute per database. */
function paymentTotals(db: Db, now = Date.now()) {
  const hit = totalsCache.get(db);
  if (hit && now - hit.at < TOTALS_TTL_MS) return { at: hit.at, rows: hit.rows };
  const rows = paymentCountsByStatus(db);
  const entry = { at: now, rows: Promise.resolve(rows) };
  // A failed count is not kept.
  entry.rows.catch(() => totalsCache.delete(db));
  totalsCache.set(db, entry);
  return entry;
}

export async function loadDashboard(db: Db): Promise<DashboardData> {
  const totals = paymentTotals(db);
  const [contacts, recruitment, registrations, onboarding, members, paymentRows, paidSum, outbox] = await Promise.all([
    db
      .select({ subject: contactSubmissionsView.subject, ...windows(contactSubmissionsView.createdAt) })
      .from(contactSubmissionsView)
      .groupBy(contactSubmissionsView.subject),
    db.select(windows(recruitmentApplicationsView.createdAt)).from(recruitmentApplicationsView),
    db
      .select({
        all: windows(fixerRegistrationsView.createdAt),
        paid: windows(fixerRegistrationsView.createdAt, sql`${fixerRegistrationsView.paidAt} is not null`),
        unpaid: windows(fixerRegistrationsView.createdAt, sql`${fixerRegistrationsView.paidAt} is null`),
      })
      .from(fixerRegistrationsView),
    db.select({ status: fixerOnboardingView.status, ...windows(fixerOnboardingView.createdAt) }).from(fixerOnboardingView).groupBy(fixerOnboardingView.status),
    db.select(windows(vipMembershipsView.createdAt)).from(vipMembershipsView),
    // Only the last 30 days' payments, through payments_created_idx; the all-time totals come from paymentTotals.
    db
      .select({ status: paymentsView.status, last7: within(paymentsView.createdAt, 7), last30: within(paymentsView.createdAt, 30) })
      .from(paymentsView)
      .where(sql`${paymentsView.createdAt} > now() - interval '30 days'`)
      .groupBy(paymentsView.status),
    db
      .select({ pence: sql<number>`coalesce(sum(${paymentsView.amountPence}), 0)`.mapWith(Number) })
      .from(paymentsView)
      // A checkout is paid within a day of starting (its session expires), so created_at bounds the
      // rows read to the last month's (payments_created_idx) whatever the table holds.
      .where(sql`${paymentsView.status} = 'paid' and ${paymentsView.paidAt} > now() - interval '30 days' and ${paymentsView.createdAt} > now() - interval '31 days'`),
    db
      .select({
        failed: all(sql`${outboxJobsView.status} = 'failed'`),
        pending: all(sql`${outboxJobsView.status} = 'pending'`),
        // Due for more than 10 minutes and still not sent: the worker may be stuck or the mail server down.
        overdue: all(sql`${outboxJobsView.status} in ('pending', 'processing') and ${outboxJobsView.runAt} < now() - interval '10 minutes'`),
        sentLast7: all(sql`${outboxJobsView.status} = 'sent' and ${outboxJobsView.completedAt} > now() - interval '7 days'`),
      })
      .from(outboxJobsView),
  ]);
  const paymentTotalRows = await totals.rows;

  const inbox: DashboardTile[] = contactSubjects.map((s) => {
    const row = contacts.find((c) => c.subject === s.subject);
    return { key: s.value, label: s.label, href: `/staff/contacts?subject=${s.value}`, ...pick(row) };
  });
  inbox.push({ key: "recruitment", label: "Job applications", href: "/staff/recruitment", ...pick(recruitment[0]) });

  const reg = registrations[0];
  const fixers: DashboardTile[] = [
    { key: "registrations", label: "Fixer registrations", href: "/staff/registrations", ...pick(reg?.all) },
    { key: "paid", label: "Registered and paid", href: "/staff/registrations?payment=paid", ...pick(reg?.paid) },
    { key: "unpaid", label: "Registered, not paid", href: "/staff/registrations?payment=unpaid", ...pick(reg?.unpaid) },
  ];

  return {
    inbox,
    fixers,
    onboardingByStatus: onboardingStatuses.map((status) => ({
      status,
      href: `/staff/onboarding?status=${status}`,
      ...pick(onboarding.find((o) => o.status === status)),
    })),
    vip: [{ key: "members", label: "VIP members", href: "/staff/vip-members", ...pick(members[0]) }],
    paymentsByStatus: paymentStatuses.map((status) => ({
      status,
      href: `/staff/payments?status=${status}`,
      ...pick({ ...paymentRows.find((p) => p.status === status), total: paymentTotalRows.find((p) => p.status === status)?.total ?? 0 }),
    })),
    paidLast30Pence: paidSum[0]?.pence ?? 0,
    totalsCountedAt: new Date(totals.at).toISOString(),
    outbox: outbox[0] ?? { failed: 0, pending: 0, overdue: 0, sentLast7: 0 },
  };
}

function pick(row: Partial<WindowCounts> | undefined): WindowCounts {
  return row ? { last7: row.last7 ?? 0, last30: row.last30 ?? 0, total: row.total ?? 0 } : { ...zero };
}
