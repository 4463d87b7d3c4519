import { formatGBP, freeCancellationHours } from "~/content/prices";
import { settle, type HeldAmounts } from "./pricing";
import { isCallOutSlot, slotStartsAt, type BookingSlot } from "./slots";
import type { BookingState } from "#server/db/schema/bookings.ts";

/**
 * What a customer's cancellation costs, computed by the one rule the cancel service applies, so the
 * booking page (before paying and in the cancel panel), the page after cancelling, the flash and the
 * email all say the same amounts in the same words.
 */

const HOUR = 3_600_000;

/**
 * When free cancellation ends: `freeCancellationHours` before the slot's start (UK time). A call-out
 * has none (decision 083): the fixer sets off as soon as it is paid, so from payment a cancellation
 * is a late one (the epoch stands for "always passed").
 */
export function freeCancellationEndsAt(slot: BookingSlot): Date {
  if (isCallOutSlot(slot)) return new Date(0);
  return new Date(slotStartsAt(slot).getTime() - freeCancellationHours * HOUR);
}

export type CustomerCancellation = {
  /** Nothing was paid yet: cancelling refunds nothing because nothing was taken. */
  unpaid: boolean;
  /** Later than free cancellation, on a booked slot: the late fee goes to the fixer. */
  late: boolean;
  feePence: number;
  refundPence: number;
};

type Cancellable = HeldAmounts & { state: BookingState; slot: BookingSlot; lateFeePence: number };

/**
 * The customer cancels at `now`. Before paying: nothing to refund. Waiting for the fixer to confirm
 * the customer's own slot, or up to `freeCancellationHours` before the slot: everything back. Later,
 * once booked: everything back but the late fee.
 */
export function customerCancellation(booking: Cancellable, now: Date): CustomerCancellation {
  if (booking.state === "pending_payment") return { unpaid: true, late: false, feePence: 0, refundPence: 0 };
  const late = booking.state === "booked" && now.getTime() > freeCancellationEndsAt(booking.slot).getTime();
  const split = settle(booking, late ? { kind: "late_cancel", lateFeePence: booking.lateFeePence } : { kind: "refund" });
  return { unpaid: false, late, feePence: late ? booking.lateFeePence : 0, refundPence: split.refundPence };
}

/** The words for what happened to the customer's money (email, flash and page use these). */
export const cancellationWords = {
  refund: (pence: number) => (pence > 0 ? `${formatGBP(pence)} is refunded to your card.` : "There is nothing to refund."),
  lateFee: (pence: number) => `The late-cancellation fee of ${formatGBP(pence)} goes to the fixer.`,
  /** The customer's outcome, in full. */
  customer: (c: Pick<CustomerCancellation, "late" | "feePence" | "refundPence">) =>
    [cancellationWords.refund(c.refundPence), ...(c.late ? [cancellationWords.lateFee(c.feePence)] : [])].join(" "),
  /** What the fixer is told when they cancel (or the customer reports they did not come): the customer gets everything back. */
  /** What the fixer is told when the customer cancels a paid booking. */
  toFixer: (c: { callOut: boolean; late: boolean; feePence: number }) =>
    c.callOut
      ? `The customer cancelled the call-out after paying: do not go. The late-cancellation fee of ${formatGBP(c.feePence)} will be paid to you.`
      : c.late
        ? `The customer cancelled less than ${freeCancellationHours} hours before the slot: the late-cancellation fee of ${formatGBP(c.feePence)} will be paid to you.`
        : "The customer cancelled in time; the slot is free again.",
  fixerCancelled: (refundPence: number) => `The customer is refunded in full: ${formatGBP(refundPence)} back to their card.`,
};
