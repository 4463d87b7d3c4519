import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, bookingSlotProposals, type Booking, type BookingSlotProposal } from "#server/db/schema/bookings.ts";
import { freeCancellationHours } from "~/content/prices";
import { bookedNotices } from "./booking-copy";
import { move, startTimers } from "./process.server";
import { slotText } from "./emails.server";
import { BookingError } from "./errors";
import { slotSchema } from "./schemas";
import { bookingSlotOf, isCallOutSlot, sameSlot, slotIsBookable, slotStartsAt, type Slot } from "./slots";
import { callOutWords } from "./call-out";
import { RESCHEDULABLE_STATES, STATE_LABELS } from "./state-machine";
import { lockBooking, nowOf, recordOnTimeline, tell, type BookingDeps } from "./transition.server";

/**
 * Moving a booking to a new slot (decision 054): either side proposes, the other accepts or declines.
 * Not a state of the machine: the booking stays where it is while a proposal is open, and every step
 * is a timeline row that leaves the state as it was. Each step locks the booking row, so of two
 * answers racing for one proposal the second finds it answered.
 */

type Side = "customer" | "fixer";

const otherSide = (side: Side): Side => (side === "customer" ? "fixer" : "customer");
const sideName = (side: Side) => (side === "customer" ? "The customer" : "The fixer");
const asSlot = (p: Pick<BookingSlotProposal, "slotDate" | "slotWindow">): Slot => ({ date: p.slotDate, window: p.slotWindow });
/** A booking's slot of a day; a call-out has none to move (decision 083). */
function slotOf(b: Pick<Booking, "slotDate" | "slotWindow" | "arriveBy">): Slot {
  const slot = bookingSlotOf(b);
  if (isCallOutSlot(slot)) throw new BookingError("conflict", callOutWords.noReschedule);
  return slot;
}

/** The slot a proposal may name (checked before any transaction: a refusal is a 400 that writes nothing). */
export function checkProposedSlot(raw: unknown, now: Date): Slot {
  const slot = slotSchema.safeParse(raw);
  if (!slot.success) throw new BookingError("invalid", slot.error.issues[0]?.message ?? "Choose a date and a time of day.");
  if (!slotIsBookable(slot.data, now)) throw new BookingError("invalid", "Choose a date from tomorrow onwards, within a year.");
  return slot.data;
}

/** The booking may still move: the right state and its slot not started. */
function checkMovable(booking: Booking, now: Date): void {
  if (!RESCHEDULABLE_STATES.includes(booking.state)) throw new BookingError("conflict", `This booking's slot cannot be moved: it is ${STATE_LABELS[booking.state]}.`);
  if (now >= slotStartsAt(slotOf(booking))) throw new BookingError("conflict", "This booking's slot has started: it can no longer be moved.");
}

export async function openProposalOf(db: DbOrTx, bookingId: number): Promise<BookingSlotProposal | null> {
  const [open] = await db
    .select()
    .from(bookingSlotProposals)
    .where(and(eq(bookingSlotProposals.bookingId, bookingId), eq(bookingSlotProposals.status, "open")))
    .orderBy(desc(bookingSlotProposals.id));
  return open ?? null;
}

/**
 * One side proposes a new slot. Their own open proposal is replaced; the other side's must be
 * answered first (409). Same slot rules as booking: from tomorrow (UK), within a year.
 */
export async function proposeSlot(deps: BookingDeps, side: Side, userId: string, bookingId: number, input: { slot: unknown }): Promise<{ proposalId: number }> {
  const now = nowOf(deps);
  const slot = checkProposedSlot(input.slot, now);
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, { role: side, userId });
    checkMovable(booking, now);
    if (sameSlot(slot, slotOf(booking))) throw new BookingError("invalid", "That is the booking's slot already: choose another.");
    const open = await openProposalOf(tx, bookingId);
    if (open && open.proposedBy !== side) {
      throw new BookingError("conflict", `${sideName(open.proposedBy)} has proposed a new slot: accept or decline it before proposing another.`);
    }
    if (open) await tx.update(bookingSlotProposals).set({ status: "replaced", answeredAt: now }).where(eq(bookingSlotProposals.id, open.id));
    const [proposal] = await tx
      .insert(bookingSlotProposals)
      .values({ bookingId, proposedBy: side, slotDate: slot.date, slotWindow: slot.window, createdAt: now })
      .returning({ id: bookingSlotProposals.id });
    await recordOnTimeline(tx, booking, "propose_new_slot", { role: side, userId }, { key: `booking-${bookingId}-slot-proposal-${proposal!.id}`, details: { slot } });
    const message = {
      subject: "A new slot is proposed",
      heading: `${sideName(side)} proposes a new slot`,
      paragraphs: [`${sideName(side)} asks to move the booking to ${slotText(slot)}. Accept or decline it on the booking's page; until then the booking keeps its slot.`],
    };
    await tell(tx, booking, deps.publicUrl, { [otherSide(side)]: message });
    return { proposalId: proposal!.id };
  });
}

/**
 * The other side answers the open proposal `proposalId`. Accepting moves the slot (and with it the
 * free-cancellation window and the 24-hour reminder) and re-sends the calendar invites with the next
 * SEQUENCE; on a booking still waiting for the fixer's confirmation it is that confirmation, since the
 * fixer proposed or accepted the slot. Declining keeps the slot.
 */
export async function answerSlotProposal(deps: BookingDeps, side: Side, userId: string, bookingId: number, proposalId: number, answer: "accept" | "decline"): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, { role: side, userId });
    const open = await openProposalOf(tx, bookingId);
    if (!open || open.id !== proposalId) throw new BookingError("conflict", "That proposal has already been answered or replaced. Reload the page to see the booking as it is.");
    if (open.proposedBy === side) throw new BookingError("conflict", `You proposed this slot: ${otherSide(side) === "customer" ? "the customer" : "the fixer"} accepts or declines it.`);
    checkMovable(booking, now);
    const slot = asSlot(open);
    const actor = { role: side, userId };
    if (answer === "decline") {
      await tx.update(bookingSlotProposals).set({ status: "declined", answeredAt: now }).where(eq(bookingSlotProposals.id, open.id));
      await recordOnTimeline(tx, booking, "decline_new_slot", actor, { key: `booking-${bookingId}-slot-proposal-${open.id}-declined`, details: { slot } });
      await tell(tx, booking, deps.publicUrl, {
        [open.proposedBy]: { subject: "New slot declined", heading: `${sideName(side)} declined the new slot`, paragraphs: [`The booking keeps its slot: ${slotText(slotOf(booking))}.`] },
      });
      return;
    }
    if (!slotIsBookable(slot, now)) throw new BookingError("conflict", "The proposed slot is no longer open (it is from tomorrow onwards only). Propose another.");
    await tx.update(bookingSlotProposals).set({ status: "accepted", answeredAt: now }).where(eq(bookingSlotProposals.id, open.id));
    const [moved] = await tx.update(bookings).set({ slotDate: slot.date, slotWindow: slot.window, updatedAt: now }).where(eq(bookings.id, bookingId)).returning();
    await recordOnTimeline(tx, moved!, "accept_new_slot", actor, { key: `booking-${bookingId}-slot-proposal-${open.id}-accepted`, details: { slot, from: slotOf(booking) } });
    // Accepting a new slot the fixer had still to confirm confirms it (its row starts the reminder); the emails below say both.
    const confirmed =
      moved!.state === "awaiting_fixer_confirmation"
        ? await move(tx, moved!, "confirm_slot", { role: "fixer", userId: moved!.fixerUserId }, { now, publicUrl: deps.publicUrl, tells: false })
        : moved!;
    if (confirmed === moved) await startTimers(tx, confirmed, ["slot_reminder"], now);
    const booked = bookedNotices(confirmed);
    const moveNote = `The booking moves to ${slotText(slot)}. Free cancellation now ends ${freeCancellationHours} hours before this new slot. The calendar invite attached replaces the one you had.`;
    await tell(tx, confirmed, deps.publicUrl, {
      customer: { subject: "Booking moved", heading: "Your booking has a new slot", paragraphs: [moveNote, ...booked.customer!.paragraphs], calendarInvite: true },
      fixer: { subject: "Booking moved", heading: "The booking has a new slot", paragraphs: [moveNote, ...booked.fixer!.paragraphs], calendarInvite: true },
    });
  });
}
