import { and, eq } from "drizzle-orm";
import { fieldsOf } from "#server/db/projection.ts";
import type { Db } from "#server/db/client.ts";
import { type ContactSubmission, contactSubmissionsView } from "~/features/forms/projections.server";
import { defineList, keyset, searchAny } from "./define";

/** The four forms that write contact_submissions, by the subject they store (app/features/forms/submissions.server.ts). */
export const contactSubjects = [
  { value: "help", label: "Help requests", subject: "Help Center Inquiry" },
  { value: "investor", label: "Investor inquiries", subject: "Investment Inquiry" },
  { value: "waitlist", label: "Waitlist sign-ups", subject: "Early Access Waitlist" },
  { value: "feedback", label: "Feedback", subject: "Early Access Feedback" },
] as const;

const filters = [{ name: "subject", label: "Subject", options: contactSubjects.map(({ value, label }) => ({ value, label })) }] as const;

function where(query: { q: string; filters: Record<string, string> }) {
  const subject = contactSubjects.find((s) => s.value === query.filters.subject)?.subject;
  const t = contactSubmissionsView;
  return and(subject ? eq(t.subject, subject) : undefined, searchAny(query.q, [t.name, t.email, t.message, t.phone]));
}

export const contactsList = defineList<ContactSubmission>({
  id: "contacts",
  title: "Contact submissions",
  description: "Help requests, investor inquiries, waitlist sign-ups and feedback.",
  path: "/staff/contacts",
  searchLabel: "Search name, email, phone or message",
  emptyText: "No one has used the contact forms yet.",
  filters,
  columns: [
    { key: "name", label: "Name", value: (r) => r.name },
    { key: "subject", label: "Subject", value: (r) => r.subject },
    { key: "email", label: "Email", value: (r) => r.email },
    { key: "phone", label: "Phone", value: (r) => r.phone, table: false },
    { key: "message", label: "Message", kind: "longtext", value: (r) => r.message },
    { key: "createdAt", label: "Received", kind: "datetime", value: (r) => r.createdAt },
    { key: "id", label: "ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath: (r) => `/staff/contacts/${r.id}`,
order: keyset("desc", { sql: contactSubmissionsView.createdAt, type: "timestamptz" }, { sql: contactSubmissionsView.id, type: "bigint" }),
  table: contactSubmissionsView,
  fetch: (db, query, page) =>
    db.select({ ...fieldsOf(contactSubmissionsView), ...page.select }).from(contactSubmissionsView).where(and(where(query), page.where)).orderBy(...page.orderBy),
});

export async function loadContact(db: Db, id: number) {
  const [row] = await db.select().from(contactSubmissionsView).where(eq(contactSubmissionsView.id, id)).limit(1);
  return row ?? null;
}
