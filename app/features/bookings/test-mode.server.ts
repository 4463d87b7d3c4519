import { eq } from "drizzle-orm";
import { recordStaffAction, type AuditActor } from "#server/audit-log.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { BookingError } from "./errors";
import { bookingSlotOf, isCallOutSlot, slotStartsAt, ukDate, type Slot } from "./slots";
import { lockBooking, nowOf, recordOnTimeline, type ActorRef, type BookingDeps } from "./transition.server";

/**
 * TEST MODE only (`npm run staff -- slot-passed <id>`, decision 053): moves a booked booking's slot
 * to yesterday, so the fixer may mark it done now (markDone allows it from the slot's start) and the
 * paid loop can be tried, and browser-tested, in minutes. The state does not change; the move is on
 * the timeline as a staff action, with the slot before and after, and audited. The caller checks TEST MODE.
 */
export const SLOT_PASSED_TRANSITION = "test_slot_passed";

export async function moveSlotToYesterday(deps: BookingDeps, bookingId: number, staff: AuditActor, via: string): Promise<{ date: string }> {
  const actor: ActorRef = { role: "staff", userId: staff.userId };
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.state !== "booked") throw new BookingError("conflict", `Only a booked booking's slot can be moved: booking ${bookingId} is ${booking.state.replaceAll("_", " ")}.`);
    const slot = bookingSlotOf(booking);
    if (isCallOutSlot(slot)) throw new BookingError("conflict", `Booking ${bookingId} is an emergency call-out: the fixer can mark it done as soon as it is paid.`);
    if (slotStartsAt(slot) <= now) throw new BookingError("conflict", `Booking ${bookingId}'s slot (${slot.date}, ${slot.window}) has already started: the fixer can mark it done.`);
    const date = ukDate(new Date(now.getTime() - 86_400_000));
    await tx.update(bookings).set({ slotDate: date, updatedAt: now }).where(eq(bookings.id, bookingId));
    await recordOnTimeline(tx, booking, SLOT_PASSED_TRANSITION, actor, {
      reason: "TEST MODE: the slot was moved to yesterday so the job can be marked done.",
      details: { from: slot, to: { date, window: booking.slotWindow } },
      key: `booking-${bookingId}-${SLOT_PASSED_TRANSITION}-${date}`,
    });
    await recordStaffAction(tx, staff, { action: "booking.test_slot_passed", targetType: "booking", targetId: bookingId, details: { from: slot, to: date, via } });
    return { date };
  });
}

/**
 * Seeding's writes (app/features/seeding: the integration tests and the browser tests' seeding
 * endpoint, decision 085), which start from a state rather than reach it: a quote's proposed slots
 * as given, unchecked, and a booking's slot moved to yesterday with nothing recorded, as if it had begun.
 */
export async function seedQuoteSlots(db: DbOrTx, quoteId: number, slots: Slot[]): Promise<void> {
  await db.insert(quoteBookingTerms).values({ quoteId, slots });
}

export async function seedSlotStartedYesterday(db: DbOrTx, bookingId: number): Promise<void> {
  await db.update(bookings).set({ slotDate: ukDate(new Date(Date.now() - 86_400_000)) }).where(eq(bookings.id, bookingId));
}
