import { company } from "~/content/company";
import type { DbOrTx } from "#server/db/client.ts";
import { notify } from "~/features/notifications/notifications.server";
import { bookingInvite, bookingInviteCancellation } from "./calendar.server";
import { bookingPaths } from "./paths";
import { isCallOutSlot, slotText, type BookingSlot } from "./slots";
import type { BookingMessage } from "./booking-copy";

export { slotText };

/**
 * The booking emails, queued in the transaction of the transition they report (decision 005): an
 * email exists exactly when its change does. Each is a "booking" notification: listed for its
 * person, and emailed at once, in the digest or not at all as they chose (decision 049).
 */

export type BookingPerson = { userId: string; email: string; name: string };
/** `inviteSequence`: how many times the slot has changed (a calendar replaces the event with the higher one). */
/** `location`: the job's address, for the invite (invites go out only once the booking is paid, when the fixer may see it). */
export type BookingEmailContext = { publicUrl: string; bookingId: number; title: string; slot: BookingSlot; inviteSequence?: number; location?: string | null };

const hello = (to: BookingPerson) => (to.name ? `Hi ${to.name},` : "Hello,");
const reason = (role: "customer" | "fixer") => `You are receiving this email because you have a booking on ${company.brand} as its ${role}.`;

export async function queueBookingEmail(
  tx: DbOrTx,
  ctx: BookingEmailContext,
  to: BookingPerson,
  role: "customer" | "fixer",
  message: BookingMessage,
): Promise<void> {
  const path = role === "customer" ? bookingPaths.customer(ctx.bookingId) : bookingPaths.fixer(ctx.bookingId);
  const url = ctx.publicUrl + path;
  const subject = `${message.subject}: ${ctx.title}`;
  const slot = ctx.slot;
  // A call-out is happening now: no calendar invite (decision 083).
  const inviteInput = isCallOutSlot(slot) ? null : { bookingId: ctx.bookingId, title: ctx.title, slot, url, role, location: ctx.location };
  const invite = !inviteInput
    ? null
    : message.calendarInvite
    ? bookingInvite({ ...inviteInput, sequence: ctx.inviteSequence })
    : message.calendarCancel
      ? bookingInviteCancellation({ ...inviteInput, sequence: (ctx.inviteSequence ?? 0) + 1 })
      : null;
  const paragraphs = invite ? [...message.paragraphs, message.calendarCancel ? cancelNote : inviteNote] : message.paragraphs;
  await notify(tx, {
    userId: to.userId,
    kind: "booking",
    title: subject,
    link: path,
    email: {
      to: to.email,
      subject,
      replyTo: company.supportEmail,
      publicUrl: ctx.publicUrl,
      required: message.required,
      ...(invite ? { attachments: [invite] } : {}),
      content: {
        preheader: message.heading,
        heading: message.heading,
        paragraphs: [hello(to), ...paragraphs, `Booking: ${ctx.title}, ${slotText(ctx.slot)}.`],
        action: { label: "Open the booking", url },
        reason: reason(role),
      },
    },
  });
}

const inviteNote = "The calendar invite attached adds the slot to your calendar.";
const cancelNote = "The calendar file attached removes the slot from your calendar.";
