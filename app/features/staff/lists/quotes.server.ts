import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsView } from "~/features/auth/projections.server";
import { fixerProfilesView, jobsView, quotesView } from "~/features/quotes/projections.server";
import { formatQuotePence } from "~/features/staff/format";
import { defineList, keyset, searchIndexed, type PageSpec } from "./define";
import { serviceName } from "./jobs.server";

/** Fixers' quotes for jobs (prices only: the money moves on the booking). Each row links to its job's page. */

const t = quotesView;
const select = {
  id: t.id,
  jobId: t.jobId,
  jobTitle: jobsView.title,
  service: jobsView.service,
  district: jobsView.district,
  fixerName: fixerProfilesView.displayName,
  fixerEmail: accountsView.email,
  priceKind: t.priceKind,
  amountPence: t.amountPence,
  amountToPence: t.amountToPence,
  status: t.status,
  createdAt: t.createdAt,
};
export type QuoteRow = {
  id: number;
  jobId: number;
  jobTitle: string;
  service: string;
  district: string;
  fixerName: string;
  fixerEmail: string;
  priceKind: string;
  amountPence: number;
  amountToPence: number | null;
  status: string;
  createdAt: Date;
};

function where(query: { q: string; filters: Record<string, string> }) {
  // "#12" is job 12's quotes; an email address a fixer's; a fragment a job's title or district or a fixer's name (trigram indexes).
  const search = searchIndexed(query.q, { table: t, id: t.id }, {
    ids: [t.jobId],
    emails: [(e) => sql`${t.fixerUserId} in (${accountIdsWithEmail(e)})`],
    text: [
      (p) => sql`${t.jobId} in (select ${jobsView.id} from ${jobsView} where ${jobsView.title} ilike ${p} or ${jobsView.district} ilike ${p})`,
      (p) => sql`${t.fixerUserId} in (select ${fixerProfilesView.userId} from ${fixerProfilesView} where ${fixerProfilesView.displayName} ilike ${p})`,
      (p) => sql`${t.fixerUserId} in (${accountIdsWithEmailLike(p)})`,
    ],
  });
  return and(query.filters.status ? eq(t.status, query.filters.status) : undefined, search);
}

const from = (db: Db, extra: PageSpec["select"]) =>
  db
    .select({ ...select, ...extra })
    .from(t)
    .innerJoin(jobsView, eq(jobsView.id, t.jobId))
    .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, t.fixerUserId))
    .innerJoin(accountsView, eq(accountsView.id, t.fixerUserId));

export const quotesList = defineList<QuoteRow>({
  id: "quotes",
  title: "Quotes",
  description: "Fixers' quotes for customers' jobs, and where each stands.",
  path: "/staff/quotes",
  searchLabel: "Search job title, fixer name or email, or district",
  emptyText: "No quotes yet.",
  filters: [
    {
      name: "status",
      label: "Status",
      options: [
        { value: "sent", label: "Sent" },
        { value: "accepted", label: "Accepted" },
        { value: "declined", label: "Declined" },
        { value: "not_selected", label: "Not selected" },
        { value: "withdrawn", label: "Withdrawn" },
      ],
    },
  ],
  columns: [
    { key: "job", label: "Job", value: (r) => `#${r.jobId} ${r.jobTitle}` },
    { key: "service", label: "Service", value: (r) => serviceName(r.service), table: false },
    { key: "district", label: "District", value: (r) => r.district, table: false },
    { key: "fixer", label: "Fixer", value: (r) => r.fixerName },
    { key: "fixerEmail", label: "Fixer email", value: (r) => r.fixerEmail, table: false },
    // The table shows the whole price ("£70.00 to £120.00" for a range); the CSV keeps both amounts as numbers.
    { key: "priceText", label: "Price", value: (r) => formatQuotePence(r.amountPence, r.amountToPence), csv: false },
    { key: "price", label: "Price", kind: "money", value: (r) => r.amountPence, table: false },
    { key: "priceTo", label: "Price up to", kind: "money", value: (r) => r.amountToPence, table: false },
    { key: "status", label: "Status", kind: "status", value: (r) => r.status },
    { key: "createdAt", label: "Sent", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "Quote ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/jobs/${r.jobId}#quote-${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => from(db, page.select).where(and(where(query), page.where)).orderBy(...page.orderBy),
});
