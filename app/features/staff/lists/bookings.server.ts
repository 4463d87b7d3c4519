import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accountIdsWithEmail, accountIdsWithEmailLike, accountsAs } from "~/features/auth/projections.server";
import { BOOKING_STATES, bookingsView, bookingTransitionsView } from "~/features/bookings/projections.server";
import { fixerProfilesView, jobsView } from "~/features/quotes/projections.server";
import { statusLabel } from "~/features/staff/status";
import { defineList, keyset, searchIndexed, type PageSpec } from "./define";

/**
 * Paid bookings in the console (issue 34): every booking with its amounts and dates, and the
 * Disputes queue — disputed bookings, those sent to staff review, and those a card dispute froze —
 * oldest waiting first. Both rows open the staff booking page (/staff/bookings/:id).
 */

/** The states grouped as staff think of them: a filter picks a group or one state. */
export const BOOKING_STATE_GROUPS = {
  upcoming: { label: "Upcoming (waiting, booked)", states: ["pending_payment", "awaiting_fixer_confirmation", "booked"] },
  in_question: { label: "Awaiting the customer, the fixer or staff", states: ["done_marked", "disputed", "staff_review", "claim_open", "claim_contested"] },
  settled: { label: "Settled (released or refunded)", states: ["released", "partly_released", "refunded"] },
  closed: { label: "Cancelled or closed", states: ["cancelled_by_customer", "cancelled_late", "cancelled_by_fixer", "slot_declined", "no_show", "lapsed", "expired"] },
} as const satisfies Record<string, { label: string; states: readonly (typeof BOOKING_STATES)[number][] }>;

/** The states that put a booking in the Disputes queue (a frozen release puts it there in any state). */
export const DISPUTE_STATES = ["disputed", "staff_review", "claim_contested"] as const;

const customerUsers = accountsAs("customer_users");
const fixerUsers = accountsAs("fixer_users");
const t = bookingsView;

/** When the booking joined the queue: the report, the escalation to review or the card dispute, whichever came first (least() skips nulls). */
const waitingSince = sql<Date>`coalesce(least(${t.releaseFrozenAt}, (select min(${bookingTransitionsView.createdAt}) from ${bookingTransitionsView} where ${bookingTransitionsView.bookingId} = ${t.id} and ${bookingTransitionsView.transition} in ('report_problem', 'escalate', 'contest_claim'))), ${t.updatedAt})`.mapWith(
  (value: string | Date) => (value instanceof Date ? value : new Date(value)),
);

const select = {
  id: t.id,
  state: t.state,
  title: jobsView.title,
  customerEmail: customerUsers.email,
  fixerName: fixerProfilesView.displayName,
  fixerEmail: fixerUsers.email,
  pricePence: t.pricePence,
  totalPence: t.totalPence,
  slotDate: t.slotDate,
  slotWindow: t.slotWindow,
  frozen: sql<boolean>`${t.releaseFrozenAt} is not null`,
  createdAt: t.createdAt,
  waitingSince,
};
export type StaffBookingRow = {
  id: number;
  state: string;
  title: string | null;
  customerEmail: string | null;
  fixerName: string | null;
  fixerEmail: string | null;
  pricePence: number;
  totalPence: number;
  slotDate: string;
  slotWindow: string;
  frozen: boolean;
  createdAt: Date;
  waitingSince: Date;
};

const from = (db: Db, extra: PageSpec["select"]) =>
  db
    .select({ ...select, ...extra })
    .from(t)
    .leftJoin(jobsView, eq(jobsView.id, t.jobId))
    .leftJoin(customerUsers, eq(customerUsers.id, t.customerUserId))
    .leftJoin(fixerUsers, eq(fixerUsers.id, t.fixerUserId))
    .leftJoin(fixerProfilesView, eq(fixerProfilesView.userId, t.fixerUserId));

/**
 * "#12" or "12" finds booking 12; an email address finds the bookings of that customer or fixer
 * (users.email's unique index, then bookings_customer_idx / bookings_fixer_idx); a fragment finds
 * job titles, emails and fixer names through their trigram indexes, each as a set of ids.
 */
function search(q: string): SQL | undefined {
  return searchIndexed(q, { table: t, id: t.id }, {
    ids: [t.id],
    emails: [(e) => sql`${t.customerUserId} in (${accountIdsWithEmail(e)})`, (e) => sql`${t.fixerUserId} in (${accountIdsWithEmail(e)})`],
    text: [
      (p) => sql`${t.jobId} in (select ${jobsView.id} from ${jobsView} where ${jobsView.title} ilike ${p})`,
      (p) => sql`${t.customerUserId} in (${accountIdsWithEmailLike(p)})`,
      (p) => sql`${t.fixerUserId} in (${accountIdsWithEmailLike(p)})`,
      (p) => sql`${t.fixerUserId} in (select ${fixerProfilesView.userId} from ${fixerProfilesView} where ${fixerProfilesView.displayName} ilike ${p})`,
    ],
  });
}

const groupOptions = Object.entries(BOOKING_STATE_GROUPS).map(([value, g]) => ({ value, label: g.label }));
const stateOptions = BOOKING_STATES.map((value) => ({ value, label: statusLabel(value) }));

function bookingsWhere(query: { q: string; filters: Record<string, string> }) {
  const group = BOOKING_STATE_GROUPS[query.filters.group as keyof typeof BOOKING_STATE_GROUPS];
  return and(group ? inArray(t.state, [...group.states]) : undefined, query.filters.state ? eq(t.state, query.filters.state as (typeof BOOKING_STATES)[number]) : undefined, search(query.q));
}

const slotColumn = { key: "slot", label: "Slot", value: (r: StaffBookingRow) => `${r.slotDate} ${r.slotWindow}` };
const partyColumns = [
  { key: "customer", label: "Customer", value: (r: StaffBookingRow) => r.customerEmail },
  { key: "fixer", label: "Fixer", value: (r: StaffBookingRow) => r.fixerName },
  { key: "fixerEmail", label: "Fixer email", value: (r: StaffBookingRow) => r.fixerEmail, table: false },
] as const;
const detailPath = (r: StaffBookingRow) => `/staff/bookings/${r.id}`;

export const bookingsList = defineList<StaffBookingRow>({
  id: "bookings",
  title: "Bookings",
  description: "Every paid booking: where it stands, who it is between, and what was charged.",
  path: "/staff/bookings",
  searchLabel: "Search booking number, job title, customer email, fixer name or email",
  emptyText: "No bookings yet.",
  filters: [
    { name: "group", label: "Stage", options: groupOptions },
    { name: "state", label: "State", options: stateOptions },
  ],
  columns: [
    { key: "booking", label: "Booking", value: (r) => `#${r.id} ${r.title ?? ""}`.trim() },
    { key: "state", label: "State", kind: "status", value: (r) => r.state },
    ...partyColumns,
    { key: "price", label: "Price", kind: "money", value: (r) => r.pricePence },
    { key: "total", label: "Total", kind: "money", value: (r) => r.totalPence },
    slotColumn,
    { key: "createdAt", label: "Created", kind: "datetime", value: (r) => r.createdAt },
    { key: "frozen", label: "Card dispute", kind: "yesno", value: (r) => r.frozen, table: false },
    { key: "id", label: "Booking ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath,
  order: keyset("desc", { sql: t.createdAt, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => from(db, page.select).where(and(bookingsWhere(query), page.where)).orderBy(...page.orderBy),
});

const QUEUE_REASONS = [
  { value: "disputed", label: "Problem reported" },
  { value: "staff_review", label: "No answer: staff review" },
  { value: "claim_contested", label: "Case contested by the fixer" },
  { value: "card_dispute", label: "Card dispute" },
] as const;

function queueWhere(query: { q: string; filters: Record<string, string> }) {
  const reason = query.filters.reason;
  const inQueue = or(inArray(t.state, [...DISPUTE_STATES]), isNotNull(t.releaseFrozenAt));
  const byReason = reason === "card_dispute" ? isNotNull(t.releaseFrozenAt) : reason === "disputed" || reason === "staff_review" || reason === "claim_contested" ? eq(t.state, reason) : undefined;
  return and(inQueue, byReason, search(query.q));
}

export const disputesList = defineList<StaffBookingRow>({
  id: "disputes",
  title: "Disputes queue",
  description: "Bookings waiting for a staff decision — problems reported, no answer after 7 days, cases the fixer contested, card disputes — the longest waiting first.",
  path: "/staff/disputes",
  searchLabel: "Search booking number, job title, customer email, fixer name or email",
  emptyText: "Nothing is waiting for a decision.",
  filters: [{ name: "reason", label: "Why", options: QUEUE_REASONS }],
  columns: [
    { key: "booking", label: "Booking", value: (r) => `#${r.id} ${r.title ?? ""}`.trim() },
    { key: "state", label: "State", kind: "status", value: (r) => r.state },
    { key: "frozen", label: "Card dispute", kind: "yesno", value: (r) => r.frozen, yesNo: ["Open", "—"] },
    { key: "waitingSince", label: "Waiting since", kind: "datetime", value: (r) => r.waitingSince },
    ...partyColumns,
    { key: "total", label: "Charged", kind: "money", value: (r) => r.totalPence },
    slotColumn,
    { key: "id", label: "Booking ID", value: (r) => r.id, table: false },
  ],
  rowId: (r) => r.id,
  detailPath,
  // "Waiting since" is computed, so no index holds it; the queue is bounded instead: the partial index
  // bookings_queue_idx holds only queued bookings, and their few rows are sorted (decision 069).
  order: keyset("asc", { sql: waitingSince, type: "timestamptz" }, { sql: t.id, type: "bigint" }),
  table: t,
  fetch: (db, query, page) => from(db, page.select).where(and(queueWhere(query), page.where)).orderBy(...page.orderBy),
});
