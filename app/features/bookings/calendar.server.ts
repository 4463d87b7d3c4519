import { createEvent } from "ics";
import { company } from "~/content/company";
import type { EmailAttachment } from "#server/mail/outbox.ts";
import { SLOT_WINDOW_LABELS, slotStartsAt, type Slot, type SlotWindow } from "./slots";

/**
 * A booking's calendar invite (.ics, RFC 5545, written by the `ics` library) attached to the
 * confirmation emails. One UID per booking, so a calendar that imported the invite updates the same
 * event when a later invite (a new slot: a higher SEQUENCE) arrives.
 */

/** How long each window lasts (its start is the slot's start, UK time). */
const WINDOW_HOURS: Record<SlotWindow, number> = { morning: 4, afternoon: 5, evening: 3 };

/** `location`: the job's address on one line (the library escapes its commas, semicolons and line breaks, RFC 5545 §3.3.11). */
export type InviteInput = { bookingId: number; title: string; slot: Slot; url: string; role: "customer" | "fixer"; sequence?: number; location?: string | null };

/**
 * `cancel`: the same event (its UID) withdrawn, METHOD:CANCEL and STATUS:CANCELLED, with a SEQUENCE
 * above the last invite's, so a calendar that imported the invite removes the event (RFC 5546 §3.2.5).
 */
export function bookingInviteText(input: InviteInput, options: { cancel?: boolean } = {}): string {
  const start = slotStartsAt(input.slot);
  const { error, value } = createEvent({
    productId: `${company.brand}//bookings//EN`,
    method: options.cancel ? "CANCEL" : "PUBLISH",
    // FixiT's own domain, not the link's host: in development the link follows the visitor's origin, and one booking must keep one UID (decision 054).
    uid: `booking-${input.bookingId}@${company.email.split("@")[1]}`,
    sequence: input.sequence ?? 0,
    title: `${options.cancel ? "Cancelled: " : ""}${company.brand} booking: ${input.title}`,
    // The link is in the description, not URL: the library refuses loopback and private hosts there (a dev server's).
    description: options.cancel
      ? `This booking is cancelled. Open the booking: ${input.url}`
      : `${input.role === "customer" ? "Your fixer starts" : "You start"} in the ${SLOT_WINDOW_LABELS[input.slot.window].toLowerCase()} window. Open the booking: ${input.url}`,
    ...(input.location ? { location: input.location } : {}),
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: WINDOW_HOURS[input.slot.window] },
    status: options.cancel ? "CANCELLED" : "CONFIRMED",
    busyStatus: options.cancel ? "FREE" : "BUSY",
  });
  if (error || !value) throw error ?? new Error("the calendar invite could not be written");
  return value;
}

/** The invite as an email attachment; null (and the email goes without it) if it cannot be written: an invite never stops a payment or a transition. */
export function bookingInvite(input: InviteInput): EmailAttachment | null {
  let content: string;
  try {
    content = bookingInviteText(input);
  } catch {
    return null;
  }
  return { filename: `fixit-booking-${input.bookingId}.ics`, contentType: "text/calendar; charset=utf-8; method=PUBLISH", content };
}

/** The calendar cancellation of a booking's invite, as an attachment (`sequence`: one above the last invite's); null if it cannot be written. */
export function bookingInviteCancellation(input: InviteInput): EmailAttachment | null {
  let content: string;
  try {
    content = bookingInviteText(input, { cancel: true });
  } catch {
    return null;
  }
  return { filename: `fixit-booking-${input.bookingId}-cancelled.ics`, contentType: "text/calendar; charset=utf-8; method=CANCEL", content };
}
