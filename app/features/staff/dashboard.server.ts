import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { fixerOnboarding, fixerRegistrations } from "#server/db/schema/fixers.ts";
import { contactSubmissions, recruitmentApplications } from "#server/db/schema/forms.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { payments } from "#server/db/schema/payments.ts";
import { vipMemberships } from "#server/db/schema/vip.ts";
import { contactSubjects } from "./lists/contacts.server";
import { paymentStatuses } from "./lists/payments.server";
import { onboardingStatuses } from "./review-schema";

/**
 * The dashboard's figures: for each kind of thing the site collects, how many arrived in the last
 * 7 and 30 days (and in all), plus the states that need someone — pending applications and
 * failed outbox jobs. A handful of grouped count queries, run together.
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
  outbox: { failed: number; pending: number; overdue: number; sentLast7: number };
};

const within = (column: AnyPgColumn, days: number, extra?: SQL) =>
  sql<number>`count(*) filter (where ${column} > now() - ${days} * interval '1 day'${extra ? sql` and ${extra}` : sql``})`.mapWith(Number);
const all = (extra?: SQL) => (extra ? sql<number>`count(*) filter (where ${extra})`.mapWith(Number) : sql<number>`count(*)`.mapWith(Number));
const windows = (column: AnyPgColumn, extra?: SQL) => ({ last7: within(column, 7, extra), last30: within(column, 30, extra), total: all(extra) });
const zero: WindowCounts = { last7: 0, last30: 0, total: 0 };

export async function loadDashboard(db: Db): Promise<DashboardData> {
  const [contacts, recruitment, registrations, onboarding, members, paymentRows, paidSum, outbox] = await Promise.all([
    db
      .select({ subject: contactSubmissions.subject, ...windows(contactSubmissions.createdAt) })
      .from(contactSubmissions)
      .groupBy(contactSubmissions.subject),
    db.select(windows(recruitmentApplications.createdAt)).from(recruitmentApplications),
    db
      .select({
        all: windows(fixerRegistrations.createdAt),
        paid: windows(fixerRegistrations.createdAt, sql`${fixerRegistrations.paidAt} is not null`),
        unpaid: windows(fixerRegistrations.createdAt, sql`${fixerRegistrations.paidAt} is null`),
      })
      .from(fixerRegistrations),
    db.select({ status: fixerOnboarding.status, ...windows(fixerOnboarding.createdAt) }).from(fixerOnboarding).groupBy(fixerOnboarding.status),
    db.select(windows(vipMemberships.createdAt)).from(vipMemberships),
    db.select({ status: payments.status, ...windows(payments.createdAt) }).from(payments).groupBy(payments.status),
    db
      .select({ pence: sql<number>`coalesce(sum(${payments.amountPence}), 0)`.mapWith(Number) })
      .from(payments)
      .where(sql`${payments.status} = 'paid' and ${payments.paidAt} > now() - interval '30 days'`),
    db
      .select({
        failed: all(sql`${outboxJobs.status} = 'failed'`),
        pending: all(sql`${outboxJobs.status} = 'pending'`),
        // Due for more than 10 minutes and still not sent: the worker may be stuck or the mail server down.
        overdue: all(sql`${outboxJobs.status} in ('pending', 'processing') and ${outboxJobs.runAt} < now() - interval '10 minutes'`),
        sentLast7: all(sql`${outboxJobs.status} = 'sent' and ${outboxJobs.completedAt} > now() - interval '7 days'`),
      })
      .from(outboxJobs),
  ]);

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
      ...pick(paymentRows.find((p) => p.status === status)),
    })),
    paidLast30Pence: paidSum[0]?.pence ?? 0,
    outbox: outbox[0] ?? { failed: 0, pending: 0, overdue: 0, sentLast7: 0 },
  };
}

function pick(row: Partial<WindowCounts> | undefined): WindowCounts {
  return row ? { last7: row.last7 ?? 0, last30: row.last30 ?? 0, total: row.total ?? 0 } : { ...zero };
}
