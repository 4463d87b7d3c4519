import { callOutTerms } from "~/content/call-out-terms";
import { priceBooking, type BookingPrice } from "./pricing";
import { ukTimeText, type CallOutSlot } from "./slots";

/**
 * An emergency call-out booking's own figures and words (decision 083). Pure: the booking page, the
 * services and scripts/decision-figures.test.ts read them.
 */

/** A call-out waits this long for its payment (not the 2 hours of a booked slot): the customer is waiting for help, the fixer for the word to set off. The terms state it. */
export const CALL_OUT_PAYMENT_WINDOW_MINUTES = callOutTerms.paymentWindowMinutes;
export const CALL_OUT_PAYMENT_WINDOW_MS = CALL_OUT_PAYMENT_WINDOW_MINUTES * 60_000;

/** The customer may say the fixer did not come this long after the time they said they would arrive by. */
export const NO_SHOW_GRACE_MINUTES = callOutTerms.noShowGraceMinutes;

/** The arrival estimates a fixer may give when accepting (minutes). */
export const ARRIVAL_MINUTES = { min: 15, max: 90 } as const;

/** The call-out's price: the first hour at the fixer's emergency rate, the 5% fee on it, no promotion (the figure /emergency showed up front, decision 081). */
export function priceCallOut(ratePence: number): BookingPrice {
  return priceBooking({ pricePence: ratePence, earlyBird: false, creditAvailablePence: 0 });
}

/** From when "The fixer did not come" may be reported on a call-out. */
export const noShowOpensAt = (slot: CallOutSlot): Date => new Date(new Date(slot.arriveBy).getTime() + NO_SHOW_GRACE_MINUTES * 60_000);

export const callOutWords = {
  title: "Emergency call-out",
  panelTitle: (customer: boolean) => (customer ? "Your call-out" : "The call-out"),
  labels: { fixer: "Who is coming", postcode: "Customer's postcode", when: "When", price: "Price" },
  arrivingBy: (slot: CallOutSlot) => `Arriving by ${ukTimeText(slot.arriveBy)}`,
  arrivingWithin: (minutes: number) => `Arriving within ${minutes} minutes of payment`,
  firstHour: (rate: string) => `The call-out: the first hour at ${rate}/hour`,
  waitForPayment: "Wait for the customer's payment before you set off.",
  payBy: (payBy: string) =>
    `Pay by ${ukTimeText(payBy)}. The fixer sets off as soon as you have paid; if the call-out is not paid by then, the fixer is told not to come and nothing is charged.`,
  fixerPayBy: (payBy: string) => `The customer has until ${ukTimeText(payBy)} to pay. You will be told by email, notification and push as soon as they pay, or if they do not.`,
  accepted: (fixerName: string, minutes: number) => `${fixerName} accepted your request and can be with you within ${minutes} minutes of your payment.`,
  onTheWay: (fixerName: string, slot: CallOutSlot) => `${fixerName} is on the way, arriving by ${ukTimeText(slot.arriveBy)}.`,
  setOff: (slot: CallOutSlot) => `The customer has paid: set off now. You said you would arrive by ${ukTimeText(slot.arriveBy)}.`,
  paidHeading: "Your call-out is paid: the fixer is on the way",
  paidCancellation: (fee: string) => `The fixer has set off: if you cancel now, the late-cancellation fee of ${fee} goes to them and the rest is refunded. If the fixer cancels or does not come, you get everything back.`,
  paid: "The call-out is paid and held by FixiT until you confirm the job is done.",
  extraHours: "More time beyond the first hour is agreed with the fixer and paid through FixiT in the same way.",
  /** The cancellation terms of a call-out (cancellation.ts: no free period once paid). */
  cancellation: (fee: string, customer: boolean, paid: boolean) =>
    customer
      ? `${paid ? "The fixer has set off: cancelling now" : "Before you pay, cancelling costs nothing. Once you have paid, the fixer sets off: cancelling then"} costs the late-cancellation fee of ${fee}, which goes to the fixer, and the rest is refunded. If the fixer cancels or does not come, you get everything back.`
      : `Once the customer has paid, a cancellation by them pays you the late-cancellation fee of ${fee}. If you cancel or do not come, the customer gets everything back and you get a strike.`,
  afterArrival: (slot: CallOutSlot, customer: boolean) =>
    customer
      ? `A cancellation after ${ukTimeText(slot.arriveBy)} (the time the fixer said they would arrive by) opens a case the fixer answers.`
      : `A cancellation by the customer after ${ukTimeText(slot.arriveBy)}, or a claim that you did not come, is a case you answer.`,
  noShowOpens: (slot: CallOutSlot) =>
    `If the fixer has not come by ${ukTimeText(noShowOpensAt(slot))} (${NO_SHOW_GRACE_MINUTES} minutes after the time they said), you can tell us here. The money stays held until it is settled.`,
  noShowTooEarly: (slot: CallOutSlot) =>
    `You can report that the fixer did not come from ${ukTimeText(noShowOpensAt(slot))}, ${NO_SHOW_GRACE_MINUTES} minutes after the time they said they would arrive by (${ukTimeText(slot.arriveBy)}).`,
  paymentWindowOver: `The time to pay for this call-out has ended (${CALL_OUT_PAYMENT_WINDOW_MINUTES} minutes from the fixer accepting), so the fixer has been told not to come. Nothing was charged. If you still need help, ask again.`,
  needsAddress: "Enter the address the fixer should come to.",
  addressNote: "Where should the fixer come? They see the address and notes once you have paid, to come straight to you.",
  noReschedule: "An emergency call-out cannot be moved to another time. Cancel it instead, and ask for help again when you need it.",
};
