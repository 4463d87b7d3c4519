import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { outboxJobsView } from "#server/jobs/queue.ts";
import { humanise, statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchAny } from "./define";

/**
 * The outbox, as staff see it: what kind of job, for whom, its state, attempts and last error.
 * Message bodies are never shown or exported: they can hold sign-in links and access codes.
 */

export const outboxStatuses = ["pending", "processing", "sent", "failed"] as const;
export const outboxKinds = ["email", "webhook"] as const;

const t = outboxJobsView;
/** Who or where a job goes: an email's recipient, a webhook's host. */
const recipient = sql<string | null>`coalesce(${t.payload}->>'to', substring(${t.payload}->>'url' from '^[a-z]+://([^/?#]+)'))`;
const subject = sql<string | null>`${t.payload}->>'subject'`;

const select = {
  id: t.id,
  kind: t.kind,
  status: t.status,
  attempts: t.attempts,
  maxAttempts: t.maxAttempts,
  recipient,
  subject,
  runAt: t.runAt,
  lastError: t.lastError,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
};
export type OutboxRow = {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  recipient: string | null;
  subject: string | null;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

function where(query: { q: string; filters: Record<string, string> }) {
  return and(
    query.filters.status ? eq(t.status, query.filters.status) : undefined,
    query.filters.kind ? eq(t.kind, query.filters.kind) : undefined,
    searchAny(query.q, [recipient, subject, t.lastError]),
  );
}

export const outboxList = defineList<OutboxRow>({
  id: "outbox",
  title: "Outbox",
  description: "Emails and webhooks waiting to go, sent, or failed after every retry.",
  path: "/staff/outbox",
  searchLabel: "Search recipient, subject or error",
  emptyText: "The outbox is empty.",
  filters: [
    { name: "status", label: "Status", options: outboxStatuses.map((value) => ({ value, label: statusLabel(value) })) },
    { name: "kind", label: "Kind", options: outboxKinds.map((value) => ({ value, label: humanise(value) })) },
  ],
  columns: [
    { key: "subject", label: "Job", value: (r) => r.subject ?? humanise(r.kind) },
    { key: "recipient", label: "To", value: (r) => r.recipient },
    { key: "status", label: "Status", kind: "status", value: (r) => r.status },
    { key: "attempts", label: "Attempts", value: (r) => `${r.attempts} of ${r.maxAttempts}` },
    { key: "lastError", label: "Last error", kind: "longtext", value: (r) => r.lastError },
    { key: "createdAt", label: "Queued", kind: "datetime", value: (r) => r.createdAt },
    { key: "runAt", label: "Next attempt", kind: "datetime", value: (r) => (r.status === "pending" ? r.runAt : null), table: false },
    { key: "completedAt", label: "Sent", kind: "datetime", value: (r) => r.completedAt, table: false },
    { key: "kind", label: "Kind", value: (r) => r.kind, table: false },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/outbox/${r.id}`,
order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => db.select({ ...select, ...page.select }).from(t).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadOutboxJob(db: Db, id: number) {
  const [job] = await db.select({ ...select, lockedUntil: t.lockedUntil }).from(t).where(eq(t.id, id)).limit(1);
  return job ?? null;
}
