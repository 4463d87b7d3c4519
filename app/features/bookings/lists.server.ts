import { and, desc, eq, sql } from "drizzle-orm";
import { data, type AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { bookings, type BookingState } from "#server/db/schema/bookings.ts";
import { requireUser } from "~/features/auth/guard.server";
import { parseId } from "~/lib/ids";
import { BOOKING_NEXT_STEPS, type NextStep } from "./next-steps";
import { bookingPaths } from "./paths";
import { callOutWords } from "./call-out";
import type { BookingQuoteReads } from "./quote-reads.server";
import { bookingSlotOf, type BookingSlot } from "./slots";

/**
 * The "Bookings" lists (issue 52): the customer's (/account/bookings) and the fixer's
 * (/fixer/bookings), newest first, a page at a time. Keyset paging on (created_at, id) over
 * bookings_customer_idx / bookings_fixer_idx: `?before=<id>` is the last booking of the page before,
 * so a page costs the same however far back it is, and a booking made meanwhile moves nothing. The
 * job's title and the fixer's name are the quotes feature's, read in the same query through the
 * scalar subqueries its route hands in (decision 089).
 */

/** What a list reads of the quotes feature's rows. */
export type BookingListReads = Pick<BookingQuoteReads, "jobTitleSql" | "fixerNameSql">;

export const BOOKINGS_PAGE_SIZE = 20;

export type BookingListRole = "customer" | "fixer";

export type BookingListItem = {
  id: number;
  href: string;
  title: string;
  /** The other side: the fixer's public name for the customer, the customer's name for the fixer. */
  otherParty: string;
  slot: BookingSlot;
  state: BookingState;
  status: string;
  next: NextStep;
};

export type BookingListPage = { role: BookingListRole; items: BookingListItem[]; olderHref: string | null; newestHref: string | null };

/** One page of the person's bookings in that role, newest first, from just after `before` (a booking id of theirs). */
export async function bookingsPageFor(db: DbOrTx, reads: BookingListReads, role: BookingListRole, userId: string, before: number | null, pageSize = BOOKINGS_PAGE_SIZE): Promise<BookingListPage> {
  const mine = role === "customer" ? eq(bookings.customerUserId, userId) : eq(bookings.fixerUserId, userId);
  // The cursor's own row gives the exact created_at (microseconds, which a Date in a URL would round); one not theirs gives no rows.
  const after = before === null ? undefined : sql`(${bookings.createdAt}, ${bookings.id}) < (select b.created_at, b.id from bookings b where b.id = ${before} and ${role === "customer" ? sql`b.customer_user_id` : sql`b.fixer_user_id`} = ${userId})`;
  const rows = await db
    .select({
      id: bookings.id,
      title: reads.jobTitleSql(bookings.jobId),
      slotDate: bookings.slotDate,
      slotWindow: bookings.slotWindow,
      arriveBy: bookings.arriveBy,
      state: bookings.state,
      fixerName: reads.fixerNameSql(bookings.fixerUserId),
      customerName: sql<string | null>`coalesce(nullif(${accountsView.fullName}, ''), ${accountsView.name})`,
    })
    .from(bookings)
    .leftJoin(accountsView, eq(accountsView.id, bookings.customerUserId))
    .where(and(mine, after))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const base = role === "customer" ? bookingPaths.customerList : bookingPaths.fixerList;
  return {
    role,
    items: page.map((row) => ({
      id: row.id,
      href: role === "customer" ? bookingPaths.customer(row.id) : bookingPaths.fixer(row.id),
      title: row.title ?? (row.slotWindow === "now" ? callOutWords.title : `Booking ${row.id}`),
      otherParty: (role === "customer" ? row.fixerName : row.customerName) ?? "Account deleted",
      slot: bookingSlotOf(row),
      state: row.state,
      status: BOOKING_NEXT_STEPS[row.state].status,
      next: BOOKING_NEXT_STEPS[row.state][role],
    })),
    olderHref: rows.length > pageSize ? `${base}?before=${page[page.length - 1]!.id}` : null,
    newestHref: before === null ? null : base,
  };
}

/** The two lists' loader (`reads`: quotes' bookingQuoteReads, from the route): the signed-in person's own bookings in the role; a `before` that is not an id is a 400. */
export async function bookingListLoader({ request, context }: { request: Request; context: AppLoadContext }, role: BookingListRole, reads: BookingListReads) {
  const user = await requireUser(request, context);
  const raw = new URL(request.url).searchParams.get("before");
  const before = raw === null ? null : parseId(raw);
  if (raw !== null && before === null) throw data("That page of bookings does not exist. Open the list from its first page.", { status: 400, headers: { "cache-control": "private, no-store" } });
  const page = await bookingsPageFor(context.services.db, reads, role, user.id, before);
  return data(page, { headers: { "cache-control": "private, no-store" } });
}
