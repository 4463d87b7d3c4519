import { and, eq, isNotNull, isNull, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsAs } from "~/features/auth/projections.server";
import { fixerProfilesView, jobsView, type ReviewAuthor, reviewsView } from "~/features/quotes/projections.server";
import { defineList, keyset, searchIndexed, type PageSpec } from "./define";

/** Verified reviews, hidden ones too (staff hide them on the job's page, with a reason). */

const t = reviewsView;
const customer = accountsAs("customer");
const select = {
  id: t.id,
  jobId: t.jobId,
  jobTitle: jobsView.title,
  author: t.author,
  fixerName: fixerProfilesView.displayName,
  customerEmail: customer.email,
  rating: t.rating,
  body: t.body,
  hiddenAt: t.hiddenAt,
  createdAt: t.createdAt,
};
export type ReviewRow = {
  id: number;
  jobId: number;
  jobTitle: string;
  author: ReviewAuthor;
  fixerName: string;
  customerEmail: string | null;
  rating: number;
  body: string;
  hiddenAt: Date | null;
  createdAt: Date;
};

export const visibilityFilter = {
  name: "hidden",
  label: "Visibility",
  options: [
    { value: "shown", label: "Shown" },
    { value: "hidden", label: "Hidden" },
  ],
} as const;

/** The condition for the visibility filter's choice, over a row's `hidden_at`. */
export function visibilityCondition(hiddenAt: AnyColumn, choice: string | undefined) {
  return choice === "hidden" ? isNotNull(hiddenAt) : choice === "shown" ? isNull(hiddenAt) : undefined;
}

function where(query: { q: string; filters: Record<string, string> }) {
  const hidden = visibilityCondition(t.hiddenAt, query.filters.hidden);
  const rating = query.filters.rating ? eq(t.rating, Number(query.filters.rating)) : undefined;
  // "#12" is job 12's reviews; an email address a customer's; a fragment the text, a job title or a fixer's name (trigram indexes).
  const search = searchIndexed(query.q, { table: t, id: t.id }, {
    ids: [t.jobId],
    emails: [(e) => sql`${t.customerUserId} in (${accountIdsWithEmail(e)})`],
    text: [
      t.body,
      (p) => sql`${t.jobId} in (select ${jobsView.id} from ${jobsView} where ${jobsView.title} ilike ${p})`,
      (p) => sql`${t.fixerUserId} in (select ${fixerProfilesView.userId} from ${fixerProfilesView} where ${fixerProfilesView.displayName} ilike ${p})`,
      (p) => sql`${t.customerUserId} in (${accountIdsWithEmailLike(p)})`,
    ],
  });
  return and(hidden, rating, search);
}

/** The page of rows, and the count, over the same joins and filters. */
const rows = (db: Db, query: { q: string; filters: Record<string, string> }, page: PageSpec) =>
  db
    .select({ ...select, ...page.select })
    .from(t)
    .innerJoin(jobsView, eq(jobsView.id, t.jobId))
    .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, t.fixerUserId))
    .leftJoin(customer, eq(customer.id, t.customerUserId))
    .where(and(where(query), page.where))
    .orderBy(...page.orderBy);

export const reviewsList = defineList<ReviewRow>({
  id: "reviews",
  title: "Reviews",
  description: "Verified reviews both ways: customers' of fixers and fixers' of customers. Hide one on its job's page; its author is told why.",
  path: "/staff/reviews",
  searchLabel: "Search job title, fixer, customer email or text",
  emptyText: "No reviews yet.",
  filters: [visibilityFilter, { name: "rating", label: "Rating", options: ["1", "2", "3", "4", "5"].map((value) => ({ value, label: `${value} star${value === "1" ? "" : "s"}` })) }],
  columns: [
    { key: "job", label: "Job", value: (r) => `#${r.jobId} ${r.jobTitle}` },
    { key: "author", label: "By", value: (r) => (r.author === "customer" ? "Customer" : "Fixer") },
    { key: "fixer", label: "Fixer", value: (r) => r.fixerName },
    { key: "customer", label: "Customer", value: (r) => r.customerEmail ?? "(deleted account)" },
    { key: "rating", label: "Rating", kind: "number", value: (r) => r.rating },
    { key: "body", label: "Review", kind: "longtext", value: (r) => r.body },
    { key: "hidden", label: "Hidden", kind: "yesno", yesNo: ["Hidden", "Shown"], value: (r) => r.hiddenAt !== null },
    { key: "createdAt", label: "Written", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "Review ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/jobs/${r.jobId}#review`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: rows,
});
