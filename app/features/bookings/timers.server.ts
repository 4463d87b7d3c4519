import { eq } from "drizzle-orm";
import { bookings } from "#server/db/schema/bookings.ts";
import { BOOKING_NOTICES } from "./booking-copy";
import { runClaimDeadline } from "./cases.server";
import { BOOKING_TIMERS, isBookingTimer } from "./process";
import { take } from "./process.server";
import { bookingSlotOf, slotStartsAt } from "./slots";
import { IllegalTransitionError } from "./state-machine";
import { lockBooking, nowOf, recordOnTimeline, slotKey, tell, type BookingDeps, type BookingTimerPayload } from "./transition.server";

/**
 * The booking's timers (process.ts `BOOKING_TIMERS`) when the job queue runs them: each acts only
 * while the booking is in the timer's state (a timer whose moment has passed does nothing), and
 * either takes its transition as the system or sends its reminder, once.
 */

const system = { role: "system", userId: null } as const;

export async function runBookingTimer(deps: BookingDeps, payload: BookingTimerPayload): Promise<void> {
  const { bookingId, timer } = payload;
  if (!isBookingTimer(timer)) throw new Error(`unknown booking timer ${String(timer)}`);
  const rule = BOOKING_TIMERS[timer];
  const [current] = await deps.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, bookingId));
  if (!current || current.state !== rule.in) return;
  if ("takes" in rule) {
    // The claim settles as the case's kind says (no-show or late cancellation).
    if (rule.takes === "claim_unanswered") await runClaimDeadline(deps, bookingId).catch(ignoreIfMoved);
    else await take(deps, bookingId, rule.takes, system).catch(ignoreIfMoved);
    return;
  }
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.state !== rule.in) return;
    const forSlot = timer === "slot_reminder";
    // A slot moved earlier since the reminder was queued (TEST MODE's slot-passed) has no "tomorrow" left to remind of.
    if (forSlot && slotStartsAt(bookingSlotOf(booking)) <= now) return;
    // A reminder for a slot the booking has since moved from (decision 054) does nothing; the new slot has its own, keyed by that slot.
    if (forSlot && payload.slot !== undefined && payload.slot !== slotKey(booking)) return;
    const key = forSlot ? `booking-${bookingId}-${timer}-${slotKey(booking)}` : `booking-${bookingId}-${timer}`;
    if (!(await recordOnTimeline(tx, booking, timer, system, { key }))) return;
    await tell(tx, booking, deps.publicUrl, BOOKING_NOTICES[rule.notify]());
  });
}

/**
 * A timer that lost a race to a person's action (the state moved on under the lock), or whose moment
 * has not come (a checkout opened in the payment window's last half hour runs on; its own timer
 * expires the booking then), has nothing to do now.
 */
function ignoreIfMoved(error: unknown): void {
  if (error instanceof IllegalTransitionError) return;
  throw error;
}
