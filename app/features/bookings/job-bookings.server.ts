import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, type BookingState } from "#server/db/schema/bookings.ts";
import { bookingRows } from "./rows-port.server";
import { COMPLETED_STATES, PAID_UNSETTLED_STATES } from "./next-steps";

/**
 * A job and its booking agree (issue 52): the job reads "Booked" while its booking is paid and
 * unsettled and "Completed" once released; it cannot be closed or marked done beside a live booking
 * (the booking's own page cancels it, or confirms the work).
 */

/** The job's booking that decides its state: one paid and unsettled, else the last completed, else the last waiting for payment. */
export async function bookingOfJob(db: DbOrTx, jobId: number): Promise<{ id: number; state: BookingState } | null> {
  const rows = await db
    .select({ id: bookings.id, state: bookings.state })
    .from(bookings)
    .where(and(eq(bookings.jobId, jobId), inArray(bookings.state, [...PAID_UNSETTLED_STATES, ...COMPLETED_STATES, "pending_payment"])))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.find((b) => PAID_UNSETTLED_STATES.includes(b.state)) ?? rows.find((b) => COMPLETED_STATES.includes(b.state)) ?? rows[0] ?? null;
}

/** A booking that closing (or marking done) the job would go behind the back of: waiting for payment, or paid and unsettled. */
export async function liveBookingBlockingJob(db: DbOrTx, jobId: number): Promise<{ id: number; state: BookingState } | null> {
  const [row] = await db
    .select({ id: bookings.id, state: bookings.state })
    .from(bookings)
    .where(and(eq(bookings.jobId, jobId), inArray(bookings.state, [...PAID_UNSETTLED_STATES, "pending_payment"])))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/** The booking's work is paid for (released, or settled in part by staff): its job is done. In the release's transaction. */
export async function completeJobOf(tx: DbOrTx, booking: { jobId: number | null }, now: Date): Promise<void> {
  if (booking.jobId === null) return;
  await bookingRows().completeJob(tx, booking.jobId, now);
}
