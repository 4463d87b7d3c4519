import { ukTimeText, type CallOutSlot } from "./slots";

/**
 * An emergency call-out booking's own figures and words (decision 083). Pure: the booking page, the
 * services and scripts/decision-figures.test.ts read them.
 */

/** A call-out waits this long for its payment (not the 2 hours of a booked slot): the customer is waiting for help, the fixer for the word to set off. */
export const CALL_OUT_PAYMENT_WINDOW_MINUTES = 15;
export const CALL_OUT_PAYMENT_WINDOW_MS = CALL_OUT_PAYMENT_WINDOW_MINUTES * 60_000;

/** The customer may say the fixer did not come this long after the time they said they would arrive by. */
export const NO_SHOW_GRACE_MINUTES = 30;

/** The arrival estimates a fixer may give when accepting (minutes). */
export const ARRIVAL_MINUTES = { min: 15, max: 90 } as const;

/** From when "The fixer did not come" may be reported on a call-out. */
export const noShowOpensAt = (slot: CallOutSlot): Date => new Date(new Date(slot.arriveBy).getTime() + NO_SHOW_GRACE_MINUTES * 60_000);

export const callOutWords = {
  title: "Emergency call-out",
  arrivingBy: (slot: CallOutSlot) => `Arriving by ${ukTimeText(slot.arriveBy)}`,
  firstHour: (ratePence: string) => `The call-out: the first hour at ${ratePence}/hour`,
  waitForPayment: "Wait for the customer's payment before you set off.",
  noShowTooEarly: (slot: CallOutSlot) =>
    `You can report that the fixer did not come from ${ukTimeText(noShowOpensAt(slot))}, ${NO_SHOW_GRACE_MINUTES} minutes after the time they said they would arrive by (${ukTimeText(slot.arriveBy)}).`,
  paymentWindowOver: `The time to pay for this call-out has ended (${CALL_OUT_PAYMENT_WINDOW_MINUTES} minutes from the fixer accepting), so the fixer has been told not to come. Nothing was charged. If you still need help, ask again.`,
  needsAddress: "Enter the address the fixer should come to.",
  noReschedule: "An emergency call-out cannot be moved to another time. Cancel it instead, and ask for help again when you need it.",
};
