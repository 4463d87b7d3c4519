import { and, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, bookingTransitions, ledgerAccounts, ledgerEntries, ledgerEvents, providerOperations } from "#server/db/schema/bookings.ts";
import { jobs } from "#server/db/schema/quotes.ts";
import { csvFileName, toCsv } from "~/lib/csv";
import { EARNINGS_GROUPS, EARNINGS_GROUP_LABELS, type EarningsLine, type EarningsPage, type EarningsTotals } from "./earnings";
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
const HELD: ReadonlySet<BookingState> = new Set(["awaiting_fixer_confirmation", "booked", "disputed", "staff_review", "claim_open", "claim_contested"]);

export async function fixerEarnings(db: DbOrTx, fixerUserId: string): Promise<EarningsPage> {
  const rows = await db
    .select({ booking: bookings, title: jobs.title })
    .from(bookings)
    .leftJoin(jobs, eq(jobs.id, bookings.jobId))
    .where(and(eq(bookings.fixerUserId, fixerUserId), notInArray(bookings.state, UNPAID)))
    .orderBy(desc(bookings.slotDate), desc(bookings.id));
  const ids = rows.map((r) => r.booking.id);
  const [earned, paidOut, parts] = ids.length
    ? await Promise.all([
        // What settling each booking credited to this fixer's payable account.
        db
          .select({ bookingId: ledgerEvents.bookingId, pence: sql<string>`sum(${ledgerEntries.amountPence})` })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
          .where(and(eq(ledgerAccounts.code, ACCOUNTS.fixerPayable(fixerUserId)), gt(ledgerEntries.amountPence, 0), inArray(ledgerEvents.bookingId, ids)))
          .groupBy(ledgerEvents.bookingId),
        db
          .select({ bookingId: providerOperations.bookingId, pence: sql<string>`sum(${providerOperations.amountPence})` })
          .from(providerOperations)
          .where(and(eq(providerOperations.fixerUserId, fixerUserId), eq(providerOperations.kind, "transfer"), eq(providerOperations.status, "succeeded"), inArray(providerOperations.bookingId, ids)))
          .groupBy(providerOperations.bookingId),
        // A part release's share of the price (the service charge is taken on that share).
        db
          .select({ bookingId: bookingTransitions.bookingId, details: bookingTransitions.details })
          .from(bookingTransitions)
          .where(and(eq(bookingTransitions.transition, "staff_release_part"), inArray(bookingTransitions.bookingId, ids))),
      ])
    : [[], [], []];
  const byBooking = (list: { bookingId: number | null; pence: string }[]) => new Map(list.map((r) => [r.bookingId, Number(r.pence)]));
  const earnedOf = byBooking(earned);
  const paidOutOf = byBooking(paidOut);
  const partOf = new Map(parts.map((p) => [p.bookingId, Number((p.details.decision as { releasePricePence?: number } | undefined)?.releasePricePence ?? 0)]));

  const lines = rows.map(({ booking: b, title }): EarningsLine => {
    const base = { bookingId: b.id, title: title ?? `Booking ${b.id}`, slotDate: b.slotDate, pricePence: b.pricePence, refundedPence: 0, lateFeePence: 0, paidOutPence: paidOutOf.get(b.id) ?? 0 };
    if (HELD.has(b.state)) return { ...base, group: "held", chargePence: b.fixerChargePence, netPence: b.fixerNetPence };
    if (b.state === "done_marked") return { ...base, group: "awaiting_confirmation", chargePence: b.fixerChargePence, netPence: b.fixerNetPence };
    const netPence = earnedOf.get(b.id) ?? 0;
    // What of the price did not reach the fixer and is not the charge went back to the customer: each row adds up.
    const settled = (chargePence: number) => ({ chargePence, netPence, refundedPence: Math.max(0, b.pricePence - chargePence - netPence) });
    // A late cancellation pays the fixer the fee in full; a refund pays nothing.
    if (b.state === "cancelled_late") return { ...base, group: "cancelled", ...settled(0), lateFeePence: netPence };
    if (netPence === 0) return { ...base, group: "cancelled", ...settled(0) };
    const grossPence = b.state === "partly_released" ? (partOf.get(b.id) ?? netPence) : b.pricePence;
    return { ...base, group: base.paidOutPence >= netPence ? "paid_out" : "released", ...settled(grossPence - netPence) };
  });

  const totals = Object.fromEntries(EARNINGS_GROUPS.map((g) => [g, { count: 0, pricePence: 0, refundedPence: 0, chargePence: 0, netPence: 0 }])) as EarningsTotals;
  for (const line of lines) {
    const t = totals[line.group];
    t.count += 1;
    t.pricePence += line.pricePence;
    t.refundedPence += line.refundedPence;
    t.chargePence += line.chargePence;
    t.netPence += line.netPence;
  }
  return { lines, totals };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The same lines as the page, as a CSV download (amounts in pounds, two decimals). */
export function earningsCsv(page: EarningsPage, now = new Date()): { fileName: string; body: string } {
  const header = ["Booking", "Job", "Date", "Status", "Price (GBP)", "Refunded to the customer (GBP)", "Service charge (GBP)", "Net (GBP)", "Late-cancellation fee (GBP)", "Paid out (GBP)"];
  const rows = page.lines.map((l) => [
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
  ]);
  return { fileName: csvFileName("earnings", now), body: toCsv(header, rows) };
}
