import { and, count, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { bookings, bookingSlotProposals, bookingTransitions, type Booking } from "#server/db/schema/bookings.ts";
import { enqueueJob } from "#server/jobs/queue.ts";
import { callOutRequestOf, callOutTitle } from "./call-out-request.server";
import { bookingRows } from "./rows-port.server";
import { addressLocation, bookingAddressOf, fixerSeesAddress } from "./address.server";
import { payoutPromptPence } from "./payout-prompt.server";
import { bookingPaths } from "./paths";
import { connectPayoutText } from "./earnings";
import { queueBookingEmail, type BookingEmailContext, type BookingPerson } from "./emails.server";
import { BookingError } from "./errors";
import { bookingSlotOf } from "./slots";
import type { BookingMessage } from "./booking-copy";
import type { Actor, BookingTimer } from "./process";
import type { BookingState } from "./state-machine";

/**
 * What every booking change is made of, in the caller's transaction: the row lock and the person's
 * check, the timeline row (once per idempotency key), the timers on the job queue and the emails to
 * either side. The process table's executor (process.server.ts) takes its steps from here.
 */

export type BookingDeps = { db: Db; publicUrl: string; now?: () => Date };
export type ActorRef = { role: Actor; userId: string | null };

export const nowOf = (deps: Pick<BookingDeps, "now">) => (deps.now ? deps.now() : new Date());

/** The booking, locked for the rest of the transaction; someone else's is "not found". */
export async function lockBooking(tx: DbOrTx, bookingId: number, actor?: ActorRef): Promise<Booking> {
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) throw new BookingError("not_found", "There is no such booking.");
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!booking) throw new BookingError("not_found", "There is no such booking.");
  if (actor) {
    const party = actor.role === "customer" ? booking.customerUserId : actor.role === "fixer" ? booking.fixerUserId : null;
    if (party !== null && party !== actor.userId) throw new BookingError("not_found", "There is no such booking.");
  }
  return booking;
}

/**
 * A timeline row. For an event that leaves the state as it is (a reminder, a payout, a card dispute),
 * `from` is the current state. Answers false when the key was already recorded (nothing written).
 */
export async function recordOnTimeline(
  tx: DbOrTx,
  booking: Pick<Booking, "id" | "state">,
  name: string,
  actor: ActorRef,
  options: { from?: BookingState; reason?: string | null; details?: Record<string, unknown>; key: string },
): Promise<boolean> {
  const rows = await tx
    .insert(bookingTransitions)
    .values({
      bookingId: booking.id,
      transition: name,
      fromState: options.from ?? booking.state,
      toState: booking.state,
      actorRole: actor.role,
      actorUserId: actor.userId,
      reason: options.reason ?? null,
      details: options.details ?? {},
      idempotencyKey: options.key,
    })
    .onConflictDoNothing({ target: bookingTransitions.idempotencyKey })
    .returning({ id: bookingTransitions.id });
  return rows.length > 0;
}

export type { BookingTimer } from "./process";
export const BOOKING_TIMER_JOB = "booking_timer";
/** `slot` ("date|window"): the slot a slot reminder is for (it does nothing once the booking has moved to another). */
export type BookingTimerPayload = { bookingId: number; timer: BookingTimer; slot?: string };

/** A timer on the job queue (run_at), written with the transition that starts it. */
export async function scheduleTimer(tx: DbOrTx, bookingId: number, timer: BookingTimer, runAt: Date, extra: Pick<BookingTimerPayload, "slot"> = {}): Promise<void> {
  await enqueueJob(tx, BOOKING_TIMER_JOB, { bookingId, timer, ...extra } satisfies BookingTimerPayload, { runAt, maxAttempts: 20 });
}

/** The two people of a booking and what emails about it say. */
export async function partiesOf(tx: DbOrTx, booking: Booking, publicUrl: string): Promise<{ customer: BookingPerson; fixer: BookingPerson; ctx: BookingEmailContext }> {
  // In a transaction the queries share one connection: one after another, never side by side.
  const [customer] = await tx.select({ email: accountsView.email, name: accountsView.fullName, fallback: accountsView.name }).from(accountsView).where(eq(accountsView.id, booking.customerUserId));
  // The fixer's profile and the job are quotes' rows: read through the rows port (decision 089).
  const fixer = await bookingRows().fixerContact(tx, booking.fixerUserId);
  const jobTitle = booking.jobId ? await bookingRows().jobTitle(tx, booking.jobId) : null;
  const callOut = booking.emergencyRequestId !== null ? callOutTitle(await callOutRequestOf(tx, booking.emergencyRequestId)) : null;
  return {
    customer: { userId: booking.customerUserId, email: customer?.email ?? "", name: customer?.name || customer?.fallback || "" },
    fixer: { userId: booking.fixerUserId, email: fixer?.email ?? "", name: fixer?.name ?? "" },
    ctx: { publicUrl, bookingId: booking.id, title: jobTitle ?? callOut ?? `Booking ${booking.id}`, slot: bookingSlotOf(booking) },
  };
}

type Message = BookingMessage;

/** The job's address for the invite's LOCATION: only while the fixer may see it (an invite goes out once the booking is paid). */
async function inviteLocationOf(tx: DbOrTx, booking: Booking): Promise<string | null> {
  if (!fixerSeesAddress(booking)) return null;
  const address = await bookingAddressOf(tx, booking.id);
  return address ? addressLocation(address) : null;
}

/** How many times the booking's slot has moved (accepted proposals): its calendar invite's SEQUENCE, so a calendar moves the event it already has. */
async function inviteSequenceOf(tx: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingSlotProposals)
    .where(and(eq(bookingSlotProposals.bookingId, bookingId), eq(bookingSlotProposals.status, "accepted")));
  return row?.n ?? 0;
}

/** Emails either or both sides (an account deleted since has no address: nothing is sent to it). */
export async function tell(tx: DbOrTx, booking: Booking, publicUrl: string, messages: { customer?: Message; fixer?: Message }): Promise<void> {
  const { customer, fixer, ctx: base } = await partiesOf(tx, booking, publicUrl);
  const withInvite = [messages.customer, messages.fixer].some((m) => m?.calendarInvite || m?.calendarCancel);
  const ctx = withInvite ? { ...base, inviteSequence: await inviteSequenceOf(tx, booking.id), location: await inviteLocationOf(tx, booking) } : base;
  if (messages.customer && customer.email) await queueBookingEmail(tx, ctx, customer, "customer", messages.customer);
  if (messages.fixer && fixer.email) await queueBookingEmail(tx, ctx, fixer, "fixer", await withPayoutPrompt(tx, booking, publicUrl, messages.fixer));
}

/** The states in which money was just released to the fixer: their email says so. */
const RELEASING_STATES: readonly BookingState[] = ["released", "partly_released", "cancelled_late"];

/** A release email to a fixer without an active payout account asks them to connect one, with what waits for it (issue 52). */
async function withPayoutPrompt(tx: DbOrTx, booking: Booking, publicUrl: string, message: Message): Promise<Message> {
  if (!RELEASING_STATES.includes(booking.state)) return message;
  const waiting = await payoutPromptPence(tx, booking.fixerUserId);
  if (!waiting) return message;
  return { ...message, paragraphs: [...message.paragraphs, `${connectPayoutText(waiting)} Connect it on your payouts page: ${publicUrl}${bookingPaths.payouts}`] };
}

/** A booking's slot as a slot reminder names it ("2026-12-01|morning"). */
export const slotKey = (booking: Pick<Booking, "slotDate" | "slotWindow">) => `${booking.slotDate}|${booking.slotWindow}`;
