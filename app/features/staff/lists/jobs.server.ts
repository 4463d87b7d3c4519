import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerProfiles, jobMessages, jobs, quotes, reviews } from "#server/db/schema/quotes.ts";
import { findService, services } from "~/content/services";
import { budgetBandLabels, jobTimingLabels, type BudgetBand, type JobTiming } from "~/features/quotes/schemas";
import { defineList, keyset, searchIndexed } from "./define";

/**
 * Customers' jobs (the quotes marketplace). Lists show the district only; the full postcode is on
 * the job's page, for staff who need it. The job's page holds its quotes, messages and review,
 * and the reviews, messages and quotes lists link there.
 */

const t = jobs;
export const jobStatuses = ["open", "in_progress", "done", "closed"] as const;
export const serviceName = (slug: string) => findService(slug)?.name ?? slug;

const quoteCount = sql<number>`(select count(*) from ${quotes} where ${quotes.jobId} = ${t.id})`.mapWith(Number);

const select = {
  id: t.id,
  createdAt: t.createdAt,
  customerUserId: t.customerUserId,
  customerEmail: users.email,
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
    emails: [(e) => sql`${t.customerUserId} in (select ${users.id} from ${users} where ${users.email} = ${e})`],
    text: [t.title, t.district, (p) => sql`${t.customerUserId} in (select ${users.id} from ${users} where ${users.email} ilike ${p})`],
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
    db.select({ ...select, ...page.select }).from(t).innerJoin(users, eq(users.id, t.customerUserId)).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

const fixerUser = alias(users, "fixer_user");
const sender = alias(users, "sender");

/** A job with everything staff look at: its quotes, its message threads (hidden ones too) and its reviews (one per side). */
export async function loadJob(db: Db, id: number) {
  const [job] = await db
    .select({ ...select, postcode: t.postcode, description: t.description, timing: t.timing, preferredDate: t.preferredDate, budget: t.budget, updatedAt: t.updatedAt, customerName: users.name })
    .from(t)
    .innerJoin(users, eq(users.id, t.customerUserId))
    .where(eq(t.id, id))
    .limit(1);
  if (!job) return null;
  const [jobQuotes, messages, jobReviews] = await Promise.all([
    db
      .select({
        id: quotes.id,
        fixerUserId: quotes.fixerUserId,
        fixerName: fixerProfiles.displayName,
        fixerSlug: fixerProfiles.slug,
        fixerEmail: fixerUser.email,
        priceKind: quotes.priceKind,
        amountPence: quotes.amountPence,
        amountToPence: quotes.amountToPence,
        includes: quotes.includes,
        earliestStart: quotes.earliestStart,
        message: quotes.message,
        status: quotes.status,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .innerJoin(fixerProfiles, eq(fixerProfiles.userId, quotes.fixerUserId))
      .innerJoin(fixerUser, eq(fixerUser.id, quotes.fixerUserId))
      .where(eq(quotes.jobId, id))
      .orderBy(asc(quotes.createdAt), asc(quotes.id)),
    db
      .select({
        id: jobMessages.id,
        fixerUserId: jobMessages.fixerUserId,
        fixerName: fixerProfiles.displayName,
        senderUserId: jobMessages.senderUserId,
        senderEmail: sender.email,
        body: jobMessages.body,
        hiddenAt: jobMessages.hiddenAt,
        hiddenReason: jobMessages.hiddenReason,
        createdAt: jobMessages.createdAt,
      })
      .from(jobMessages)
      .innerJoin(fixerProfiles, eq(fixerProfiles.userId, jobMessages.fixerUserId))
      .leftJoin(sender, eq(sender.id, jobMessages.senderUserId))
      .where(eq(jobMessages.jobId, id))
      .orderBy(asc(jobMessages.fixerUserId), asc(jobMessages.createdAt), asc(jobMessages.id)),
    db
      .select({
        id: reviews.id,
        author: reviews.author,
        fixerUserId: reviews.fixerUserId,
        fixerName: fixerProfiles.displayName,
        rating: reviews.rating,
        body: reviews.body,
        reply: reviews.reply,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
        visibleFrom: reviews.visibleFrom,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(fixerProfiles, eq(fixerProfiles.userId, reviews.fixerUserId))
      .where(eq(reviews.jobId, id))
      .orderBy(asc(reviews.author)),
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
