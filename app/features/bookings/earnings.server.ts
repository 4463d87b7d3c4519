import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { formatGBPAs } from "~/content/money";
import { CSV_BOM, csvFileName, csvLine } from "~/lib/csv";
import { EARNINGS_GROUPS, EARNINGS_GROUP_LABELS, type EarningsGroup, type EarningsLine, type EarningsPage, type EarningsTotals } from "./earnings";
import { ACCOUNTS } from "./ledger.server";
import type { BookingState } from "./state-machine";

/**
 * A fixer's earnings (/fixer/earnings and its CSV; decision 052): one line per paid booking. Before a
 * booking is settled its figures are what the fixer will receive (the booking's agreed split); after,
 * what they earned is what the ledger credited to their payable account for that booking, and what was
 * paid out is the transfers the provider carried out. Nothing is stored as a balance.
 */

/** Never paid: not an earning of any kind. */
const UNPAID: BookingState[] = ["pending_payment", "expired"];
/** Paid, and held by FixiT until the work is done and confirmed (or staff decide). */
/** An extra charge the customer paid: part of the booking's line whatever became of it (released with it, or refunded with it). */
const PAID_EXTRA_STATES = ["paid", "released", "refunded"] as const;
const HELD: BookingState[] = ["awaiting_fixer_confirmation", "booked", "disputed", "staff_review", "claim_open", "claim_contested"];

/** The earnings page shows this many bookings, the latest slot first; "Earlier bookings" pages on (decision 068). */
export const EARNINGS_PAGE_SIZE = 50;
/** The CSV reads its rows in batches of this many, by the same keyset. */
const CSV_BATCH = 500;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * The fixer's paid bookings with each one's figures, in SQL: one rule for the page's lines, its
 * totals (SUM … GROUP BY) and the CSV. Before a booking is settled its figures are the agreed split;
 * after, what the ledger credited to the fixer's payable account for it; paid out is the provider's
 * succeeded transfers. Each booking's sums are read by its id through the booking indexes: never an
 * IN-list of the fixer's bookings. `page` keysets on (slot_date, id) after a booking of this fixer's.
 */
function figured(fixerUserId: string, page: { after: number | null; limit: number } | null) {
  // Transfers made whose funds wait for the customer's charge to clear (decision 076): released, not yet
  // paid out. Read through provider_operations_funds_pending_idx (partial: only those rows), index-only.
  const onItsWay = (bookingId: SQL) => sql`coalesce((select sum(w.amount_pence) from provider_operations w
            where w.fixer_user_id = ${fixerUserId} and w.booking_id = ${bookingId} and w.funds_pending_until is not null), 0)`;
  const payable = sql`(select a.id from ledger_accounts a where a.code = ${ACCOUNTS.fixerPayable(fixerUserId)})`;
  // A booking's paid extra charges (decision 084) are part of its line: price, charge and net include them,
  // `extras_pence` says how much of the price they are. Read by booking id through booking_extras_booking_idx.
  const withExtras = sql`b.price_pence + coalesce(x.price, 0) as price_pence, b.fixer_charge_pence + coalesce(x.charge, 0) as fixer_charge_pence,
      b.fixer_net_pence + coalesce(x.net, 0) as fixer_net_pence, coalesce(x.price, 0) as extras_pence`;
  const extrasOf = sql`left join lateral (select sum(e.price_pence) as price, sum(e.fixer_charge_pence) as charge, sum(e.fixer_net_pence) as net
      from booking_extras e where e.booking_id = b.id and e.state in (${list(PAID_EXTRA_STATES)})) x on true`;
  const paidBookings = sql`select b.id, coalesce(j.title, 'Booking ' || b.id) as title, b.slot_date, b.state, ${withExtras}
      from bookings b left join jobs j on j.id = b.job_id ${extrasOf}
      where b.fixer_user_id = ${fixerUserId} and b.state not in (${list(UNPAID)})`;
  // The totals read no title: only bookings_fixer_slot_idx, index-only (no job, no booking row; decision 068), and the extras by booking.
  const paidFigures = sql`select b.id, null::text as title, b.slot_date, b.state, ${withExtras}
      from bookings b ${extrasOf} where b.fixer_user_id = ${fixerUserId} and b.state not in (${list(UNPAID)})`;
  // A page: its bookings first (the index walk stops at the page), then each one's sums by its id.
  // "nulls last" is bookings_fixer_slot_idx's own order (drizzle's desc): with it the walk is index-only
  // and stops at the page; without it PostgreSQL reads and sorts all the fixer's bookings (decision 068).
  // "offset 0" keeps each event's entry a lookup by (account, event) instead of a scan of the account.
  // Every booking (the totals): the fixer's ledger credits, transfers and part releases, each summed once by booking.
  const lines = page
    ? sql`bk as (${paidBookings}
          ${page.after != null ? sql`and (b.slot_date, b.id) < (select cur.slot_date, cur.id from bookings cur where cur.id = ${page.after} and cur.fixer_user_id = ${fixerUserId})` : sql``}
          order by b.slot_date desc nulls last, b.id desc nulls last limit ${page.limit}),
        l as (select bk.*, bk.slot_date::text as slot_day,
          coalesce((select sum(e.amount_pence) from ledger_events ev cross join lateral (select e.amount_pence from ledger_entries e
            where e.event_id = ev.id and e.account_id = ${payable} and e.amount_pence > 0 offset 0) e where ev.booking_id = bk.id), 0) as earned,
          coalesce((select sum(o.amount_pence) from provider_operations o
            where o.booking_id = bk.id and o.fixer_user_id = ${fixerUserId} and o.kind = 'transfer' and o.status = 'succeeded'), 0) - ${onItsWay(sql`bk.id`)} as paid_out,
          ${onItsWay(sql`bk.id`)} as on_its_way,
          (select coalesce((t.details -> 'decision' ->> 'releasePricePence')::bigint, 0) from booking_transitions t
            where t.booking_id = bk.id and t.transition = 'staff_release_part' order by t.id desc limit 1) as part
          from bk)`
    : sql`bk as (${paidFigures}),
        earned as (select ev.booking_id, sum(e.amount_pence) as pence from ledger_entries e join ledger_events ev on ev.id = e.event_id
          where e.account_id = ${payable} and e.amount_pence > 0 group by ev.booking_id),
        paid as (select o.booking_id, sum(o.amount_pence) as pence from provider_operations o
          where o.fixer_user_id = ${fixerUserId} and o.kind = 'transfer' and o.status = 'succeeded' group by o.booking_id),
        waiting as (select o.booking_id, sum(o.amount_pence) as pence from provider_operations o
          where o.fixer_user_id = ${fixerUserId} and o.funds_pending_until is not null group by o.booking_id),
        parts as (select distinct on (t.booking_id) t.booking_id, coalesce((t.details -> 'decision' ->> 'releasePricePence')::bigint, 0) as pence
          from booking_transitions t join bk on bk.id = t.booking_id where t.transition = 'staff_release_part' order by t.booking_id, t.id desc),
        l as (select bk.*, bk.slot_date::text as slot_day, coalesce(earned.pence, 0) as earned, coalesce(paid.pence, 0) - coalesce(waiting.pence, 0) as paid_out,
          coalesce(waiting.pence, 0) as on_its_way, parts.pence as part
          from bk left join earned on earned.booking_id = bk.id left join paid on paid.booking_id = bk.id
            left join waiting on waiting.booking_id = bk.id left join parts on parts.booking_id = bk.id)`;
  const held = sql`l.state in (${list(HELD)}) or l.state = 'done_marked'`;
  const unearned = sql`l.state = 'cancelled_late' or l.earned = 0`;
  const gross = sql`case when l.state = 'partly_released' then coalesce(l.part, l.earned) else l.price_pence end`;
  const charge = sql`case when ${held} then l.fixer_charge_pence when ${unearned} then 0 else ${gross} - l.earned end`;
  const net = sql`case when ${held} then l.fixer_net_pence else l.earned end`;
  return sql`with ${lines}, f as (
      select l.id, l.title, l.slot_day as slot_date, l.price_pence, l.extras_pence, l.paid_out, l.on_its_way,
        case when l.state = 'done_marked' then 'awaiting_confirmation' when ${held} then 'held' when ${unearned} then 'cancelled'
          when l.paid_out >= l.earned then 'paid_out' else 'released' end as grp,
        ${charge} as charge, ${net} as net,
        case when ${held} then 0 else greatest(0, l.price_pence - (${charge}) - (${net})) end as refunded,
        case when l.state = 'cancelled_late' then l.earned else 0 end as late_fee
      from l
    )`;
}

type LineRow = { id: unknown; title: string; slot_date: string; grp: string; price_pence: unknown; extras_pence: unknown; refunded: unknown; charge: unknown; net: unknown; late_fee: unknown; paid_out: unknown; on_its_way: unknown };
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const lineOf = (r: LineRow): EarningsLine => ({
  bookingId: Number(r.id),
  title: r.title,
  slotDate: r.slot_date,
  group: r.grp as EarningsGroup,
  pricePence: Number(r.price_pence),
  extrasPence: Number(r.extras_pence),
  refundedPence: Number(r.refunded),
  chargePence: Number(r.charge),
  netPence: Number(r.net),
  lateFeePence: Number(r.late_fee),
  paidOutPence: Number(r.paid_out),
  onItsWayPence: Number(r.on_its_way),
});

/** A page of lines (the latest slot first) after a booking of this fixer's (another id: the first page). */
async function earningsLines(db: DbOrTx, fixerUserId: string, after: number | null, limit: number): Promise<EarningsLine[]> {
  const rows = rowsOf<LineRow>(await db.execute(sql`${figured(fixerUserId, { after, limit })} select * from f order by slot_date desc, id desc`));
  return rows.map(lineOf);
}

/** /fixer/earnings: the totals of every paid booking (SQL aggregates), and one page of lines. */
export async function fixerEarnings(db: DbOrTx, fixerUserId: string, options: { after?: number | null } = {}): Promise<EarningsPage> {
  // A cursor that is not one of this fixer's bookings reads the first page (no "Latest" link).
  const after = options.after != null && (await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, options.after), eq(bookings.fixerUserId, fixerUserId))).limit(1)).length > 0 ? options.after : null;
  const [lines, sums] = await Promise.all([
    earningsLines(db, fixerUserId, after, EARNINGS_PAGE_SIZE + 1),
    db.execute(sql`${figured(fixerUserId, null)} select grp, count(*) as count, sum(price_pence) as price, sum(refunded) as refunded, sum(charge) as charge, sum(net) as net from f group by grp`),
  ]);
  const totals = Object.fromEntries(EARNINGS_GROUPS.map((g) => [g, { count: 0, pricePence: 0, refundedPence: 0, chargePence: 0, netPence: 0 }])) as EarningsTotals;
  for (const r of rowsOf<{ grp: EarningsGroup; count: unknown; price: unknown; refunded: unknown; charge: unknown; net: unknown }>(sums)) {
    totals[r.grp] = { count: Number(r.count), pricePence: Number(r.price), refundedPence: Number(r.refunded), chargePence: Number(r.charge), netPence: Number(r.net) };
  }
  const shown = lines.slice(0, EARNINGS_PAGE_SIZE);
  return { lines: shown, totals, after, next: lines.length > EARNINGS_PAGE_SIZE ? shown.at(-1)!.bookingId : null };
}

const pounds = (pence: number) => formatGBPAs(pence, "decimal");

const csvHeader = ["Booking", "Job", "Date", "Status", "Price (GBP)", "Refunded to the customer (GBP)", "Service charge (GBP)", "Net (GBP)", "Late-cancellation fee (GBP)", "Paid out (GBP)", "Of which extra charges (GBP)"];
const csvRow = (l: EarningsLine) => [
  l.bookingId,
  l.title,
  l.slotDate,
  EARNINGS_GROUP_LABELS[l.group],
  pounds(l.pricePence),
  pounds(l.refundedPence),
  pounds(l.chargePence),
  pounds(l.netPence),
  pounds(l.lateFeePence),
  pounds(l.paidOutPence),
  pounds(l.extrasPence),
];

/**
 * Every paid booking of the fixer as a CSV, streamed: batches of 500 by the page's keyset, so the
 * file is complete (every row) and memory stays one batch, however long the history.
 */
export function earningsCsvStream(db: DbOrTx, fixerUserId: string, now = new Date()): { fileName: string; body: ReadableStream<Uint8Array> } {
  const encoder = new TextEncoder();
  let after: number | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(csvHeader)));
      }
      const batch = await earningsLines(db, fixerUserId, after, CSV_BATCH);
      if (batch.length) controller.enqueue(encoder.encode(batch.map((l) => csvLine(csvRow(l))).join("")));
      if (batch.length < CSV_BATCH) controller.close();
      else after = batch.at(-1)!.bookingId;
    },
  });
  return { fileName: csvFileName("earnings", now), body };
}
