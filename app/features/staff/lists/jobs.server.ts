import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsAs, accountsView } from "~/features/auth/projections.server";
import { fixerProfilesView, jobMessagesView, jobsView, quotesView, reviewsView } from "~/features/quotes/projections.server";
import { findService, services } from "~/content/services";
import { budgetBandLabels, jobTimingLabels, type BudgetBand, type JobTiming } from "~/features/quotes/schemas";
import { defineList, keyset, searchIndexed } from "./define";

/**
 * Customers' jobs (the quotes marketplace). Lists show the district only; the full postcode is on
 * the job's page, for staff who need it. The job's page holds its quotes, messages and review,
 * and the reviews, messages and quotes lists link there.
 */

const t = jobsView;
export const jobStatuses = ["open", "in_progress", "done", "closed"] as const;
export const serviceName = (slug: string) => findService(slug)?.name ?? slug;

const quoteCount = sql<number>`(select count(*) from ${quotesView} where ${quotesView.jobId} = ${t.id})`.mapWith(Number);

const select = {
  id: t.id,
  createdAt: t.createdAt,
  customerUserId: t.customerUserId,
  customerEmail: accountsView.email,
  service: t.service,
  district: t.district,
  title: t.title,
  status: t.status,
  quoteCount,
};
export type JobRow = {
  id: number;
  createdAt: Date;
  customerUserId: string;
  customerEmail: string;
  service: string;
  district: string;
  title: string;
  status: string;
  quoteCount: number;
};

function where(query: { q: string; filters: Record<string, string> }) {
  // "#12" or "12" is job 12; an email address the customer's jobs; a fragment a title or district (trigram indexes).
  const search = searchIndexed(query.q, { table: t, id: t.id }, {
    ids: [t.id],
    emails: [(e) => sql`${t.customerUserId} in (${accountIdsWithEmail(e)})`],
    text: [t.title, t.district, (p) => sql`${t.customerUserId} in (${accountIdsWithEmailLike(p)})`],
  });
  return and(query.filters.status ? eq(t.status, query.filters.status) : undefined, query.filters.service ? eq(t.service, query.filters.service) : undefined, search);
}

export const jobsList = defineList<JobRow>({
  id: "jobs",
  title: "Jobs",
  description: "Jobs customers posted for fixers to quote: where (the district), what, and how far each has gone.",
  path: "/staff/jobs",
  searchLabel: "Search job number, customer email, title or district",
  emptyText: "No jobs yet.",
  filters: [
    {
      name: "status",
      label: "Status",
      options: [
        { value: "open", label: "Open" },
        { value: "in_progress", label: "In progress" },
        { value: "done", label: "Done" },
        { value: "closed", label: "Closed" },
      ],
    },
    { name: "service", label: "Service", options: services.map((s) => ({ value: s.slug, label: s.name })) },
  ],
  columns: [
    { key: "id", label: "Job", value: (r) => `#${r.id}` },
    { key: "createdAt", label: "Posted", kind: "datetime", value: (r) => r.createdAt },
    { key: "customer", label: "Customer email", value: (r) => r.customerEmail },
    { key: "service", label: "Service", value: (r) => serviceName(r.service) },
    { key: "district", label: "District", value: (r) => r.district },
    { key: "title", label: "Title", kind: "longtext", value: (r) => r.title, table: false },
    { key: "status", label: "Status", kind: "status", value: (r) => r.status },
    { key: "quotes", label: "Quotes", kind: "number", value: (r) => r.quoteCount },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/jobs/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) =>
    db.select({ ...select, ...page.select }).from(t).innerJoin(accountsView, eq(accountsView.id, t.customerUserId)).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

const fixerUser = accountsAs("fixer_user");
const sender = accountsAs("sender");

/** A job with everything staff look at: its quotes, its message threads (hidden ones too) and its reviews (one per side). */
export async function loadJob(db: Db, id: number) {
  const [job] = await db
    .select({ ...select, postcode: t.postcode, description: t.description, timing: t.timing, preferredDate: t.preferredDate, budget: t.budget, updatedAt: t.updatedAt, customerName: accountsView.name })
    .from(t)
    .innerJoin(accountsView, eq(accountsView.id, t.customerUserId))
    .where(eq(t.id, id))
    .limit(1);
  if (!job) return null;
  const [jobQuotes, messages, jobReviews] = await Promise.all([
    db
      .select({
        id: quotesView.id,
        fixerUserId: quotesView.fixerUserId,
        fixerName: fixerProfilesView.displayName,
        fixerSlug: fixerProfilesView.slug,
        fixerEmail: fixerUser.email,
        priceKind: quotesView.priceKind,
        amountPence: quotesView.amountPence,
        amountToPence: quotesView.amountToPence,
        includes: quotesView.includes,
        earliestStart: quotesView.earliestStart,
        message: quotesView.message,
        status: quotesView.status,
        createdAt: quotesView.createdAt,
      })
      .from(quotesView)
      .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, quotesView.fixerUserId))
      .innerJoin(fixerUser, eq(fixerUser.id, quotesView.fixerUserId))
      .where(eq(quotesView.jobId, id))
      .orderBy(asc(quotesView.createdAt), asc(quotesView.id)),
    db
      .select({
        id: jobMessagesView.id,
        fixerUserId: jobMessagesView.fixerUserId,
        fixerName: fixerProfilesView.displayName,
        senderUserId: jobMessagesView.senderUserId,
        senderEmail: sender.email,
        body: jobMessagesView.body,
        hiddenAt: jobMessagesView.hiddenAt,
        hiddenReason: jobMessagesView.hiddenReason,
        createdAt: jobMessagesView.createdAt,
      })
      .from(jobMessagesView)
      .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, jobMessagesView.fixerUserId))
      .leftJoin(sender, eq(sender.id, jobMessagesView.senderUserId))
      .where(eq(jobMessagesView.jobId, id))
      .orderBy(asc(jobMessagesView.fixerUserId), asc(jobMessagesView.createdAt), asc(jobMessagesView.id)),
    db
      .select({
        id: reviewsView.id,
        author: reviewsView.author,
        fixerUserId: reviewsView.fixerUserId,
        fixerName: fixerProfilesView.displayName,
        rating: reviewsView.rating,
        body: reviewsView.body,
        reply: reviewsView.reply,
        hiddenAt: reviewsView.hiddenAt,
        hiddenReason: reviewsView.hiddenReason,
        visibleFrom: reviewsView.visibleFrom,
        createdAt: reviewsView.createdAt,
      })
      .from(reviewsView)
      .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, reviewsView.fixerUserId))
      .where(eq(reviewsView.jobId, id))
      .orderBy(asc(reviewsView.author)),
  ]);
  return {
    job,
    quotes: jobQuotes,
    messages: messages.map((m) => ({ ...m, fromRole: senderRole(m.senderUserId, job.customerUserId, m.fixerUserId) })),
    reviews: jobReviews,
  };
}

/** Who wrote a message: the job's customer, the thread's fixer, or an account since deleted (null). */
export function senderRole(senderUserId: string | null, customerUserId: string, fixerUserId: string): "customer" | "fixer" | null {
  if (senderUserId === null) return null;
  return senderUserId === customerUserId ? "customer" : senderUserId === fixerUserId ? "fixer" : null;
}

/** How the job's service, timing and budget read on its page. */
export function jobDetailLabels(job: { service: string; timing: string; preferredDate: string | null; budget: string | null }) {
  const timing = job.timing === "date" && job.preferredDate ? `On ${job.preferredDate}` : (jobTimingLabels[job.timing as JobTiming] ?? job.timing);
  const budget = job.budget ? (budgetBandLabels[job.budget as BudgetBand] ?? job.budget) : "Not given";
  return { service: serviceName(job.service), timing, budget };
}
