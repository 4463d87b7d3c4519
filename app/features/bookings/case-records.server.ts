import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingCases, type Booking, type BookingCase } from "#server/db/schema/bookings.ts";
import { setStrikeStatus } from "./strikes.server";

/**
 * A booking's case record (decision 064), read and closed apart from the case's transitions
 * (cases.server.ts) so the process table's executor can close one without importing them.
 */

/** The booking's case with its words; null when it has none. */
export async function caseOf(db: DbOrTx, bookingId: number): Promise<BookingCase | null> {
  const [row] = await db.select().from(bookingCases).where(eq(bookingCases.bookingId, bookingId));
  return row ?? null;
}

/**
 * The money of a booking with an open or contested case was settled at the provider (a lost
 * chargeback, a full dashboard refund; decision 078): the case closes with that outcome, and a no-show
 * strike nobody decided on does not count (overturned).
 */
export async function closeCaseByProvider(tx: DbOrTx, booking: Booking, outcome: "lose_chargeback" | "dashboard_refund", publicUrl: string, now: Date): Promise<void> {
  const [closed] = await tx
    .update(bookingCases)
    .set({ outcome, closedAt: now })
    .where(and(eq(bookingCases.bookingId, booking.id), isNull(bookingCases.closedAt)))
    .returning({ kind: bookingCases.kind });
  if (closed?.kind === "no_show") await setStrikeStatus(tx, booking, "overturned", publicUrl, now);
}

/** After a staff decision on a contested case: the case's outcome, and the strike upheld only when staff refunded in full. */
export async function closeContestedCase(tx: DbOrTx, booking: Booking, decision: "staff_release" | "staff_release_part" | "staff_refund", publicUrl: string, now: Date): Promise<void> {
  const [closed] = await tx
    .update(bookingCases)
    .set({ outcome: decision, closedAt: now })
    .where(and(eq(bookingCases.bookingId, booking.id)))
    .returning({ kind: bookingCases.kind });
  if (closed?.kind === "no_show") await setStrikeStatus(tx, booking, decision === "staff_refund" ? "upheld" : "overturned", publicUrl, now);
}
