import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsAs } from "~/features/auth/projections.server";
import { fixerProfilesView, jobMessagesView, jobsView } from "~/features/quotes/projections.server";
import { defineList, keyset, searchIndexed, type PageSpec } from "./define";
import { senderRole } from "./jobs.server";
import { visibilityCondition, visibilityFilter } from "./reviews.server";

/** Messages between customers and fixers on jobs, as stored (masked before acceptance), hidden ones too. */

const t = jobMessagesView;
const sender = accountsAs("sender");
const select = {
  id: t.id,
  jobId: t.jobId,
  jobTitle: jobsView.title,
  customerUserId: jobsView.customerUserId,
  fixerUserId: t.fixerUserId,
  fixerName: fixerProfilesView.displayName,
  senderUserId: t.senderUserId,
  senderEmail: sender.email,
  body: t.body,
  hiddenAt: t.hiddenAt,
  createdAt: t.createdAt,
};
export type MessageRow = {
  id: number;
  jobId: number;
  jobTitle: string;
  customerUserId: string;
  fixerUserId: string;
  fixerName: string;
  senderUserId: string | null;
  senderEmail: string | null;
  body: string;
  hiddenAt: Date | null;
  createdAt: Date;
};

/** The role a message went to: the other side of the thread. */
export function recipientRole(row: Pick<MessageRow, "senderUserId" | "customerUserId" | "fixerUserId">): string {
  const from = senderRole(row.senderUserId, row.customerUserId, row.fixerUserId);
  return from === "customer" ? "fixer" : from === "fixer" ? "customer" : "unknown";
}

function where(query: { q: string; filters: Record<string, string> }) {
  const hidden = visibilityCondition(t.hiddenAt, query.filters.hidden);
  const to =
    query.filters.to === "fixer"
      ? sql`${t.senderUserId} = ${jobsView.customerUserId}`
      : query.filters.to === "customer"
        ? sql`${t.senderUserId} = ${t.fixerUserId}`
        : undefined;
  // "#12" is job 12's messages; an email address a sender's; a fragment the text, a job title or a fixer's name (trigram indexes).
  const search = searchIndexed(query.q, { table: t, id: t.id }, {
    ids: [t.jobId],
    emails: [(e) => sql`${t.senderUserId} in (${accountIdsWithEmail(e)})`],
    text: [
      t.body,
      (p) => sql`${t.jobId} in (select ${jobsView.id} from ${jobsView} where ${jobsView.title} ilike ${p})`,
      (p) => sql`${t.senderUserId} in (${accountIdsWithEmailLike(p)})`,
      (p) => sql`${t.fixerUserId} in (select ${fixerProfilesView.userId} from ${fixerProfilesView} where ${fixerProfilesView.displayName} ilike ${p})`,
    ],
  });
  return and(hidden, to, search);
}

/** The page of rows, and the count, over the same joins and filters. */
const rows = (db: Db, query: { q: string; filters: Record<string, string> }, page: PageSpec) =>
  db
    .select({ ...select, ...page.select })
    .from(t)
    .innerJoin(jobsView, eq(jobsView.id, t.jobId))
    .innerJoin(fixerProfilesView, eq(fixerProfilesView.userId, t.fixerUserId))
    .leftJoin(sender, eq(sender.id, t.senderUserId))
    .where(and(where(query), page.where))
    .orderBy(...page.orderBy);

export const messagesList = defineList<MessageRow>({
  id: "messages",
  title: "Messages",
  description: "Messages between customers and fixers on jobs. Hide one on its job's page; its sender is told why.",
  path: "/staff/messages",
  searchLabel: "Search job title, sender email, fixer or text",
  emptyText: "No messages yet.",
  filters: [
    visibilityFilter,
    {
      name: "to",
      label: "To",
      options: [
        { value: "fixer", label: "To the fixer" },
        { value: "customer", label: "To the customer" },
      ],
    },
  ],
  columns: [
    { key: "job", label: "Job", value: (r) => `#${r.jobId} ${r.jobTitle}` },
    { key: "from", label: "From", value: (r) => r.senderEmail ?? "(deleted account)" },
    { key: "to", label: "To", kind: "status", value: (r) => recipientRole(r) },
    { key: "fixer", label: "Fixer", value: (r) => r.fixerName, table: false },
    { key: "body", label: "Message", kind: "longtext", value: (r) => r.body },
    { key: "hidden", label: "Hidden", kind: "yesno", yesNo: ["Hidden", "Shown"], value: (r) => r.hiddenAt !== null },
    { key: "createdAt", label: "Sent", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "Message ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/jobs/${r.jobId}#message-${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: rows,
});
