import type { Booking } from "#server/db/schema/bookings.ts";
import { company } from "~/content/company";
import { formatUkDateTime } from "~/content/dates";
import { caseAnswerHours, confirmationTimeline, formatGBP, freeCancellationHours } from "~/content/prices";
import { CALL_OUT_PAYMENT_WINDOW_MINUTES, callOutWords, NO_SHOW_GRACE_MINUTES } from "./call-out";
import { cancellationWords } from "./cancellation";
import type { Settlement as Split } from "./pricing";
import { bookingSlotOf, isCallOutSlot, ukTimeText } from "./slots";
import { STRIKE_WINDOW_DAYS } from "./strikes";

/**
 * Every email and notification a booking's transitions and timers send, in one place: the process
 * table (process.ts) names them by key, the executor (process.server.ts) queues them in the
 * transition's transaction through emails.server.ts. Each takes the facts of the move and answers
 * the message to each side (a side left out is not told).
 */

export type BookingMessage = {
  subject: string;
  heading: string;
  paragraphs: string[];
  required?: boolean;
  /** Attach the booking's calendar invite (.ics) for its slot. */
  calendarInvite?: boolean;
  /** Attach the calendar cancellation of the invite sent before (METHOD:CANCEL, the next SEQUENCE). */
  calendarCancel?: boolean;
};
export type BookingNotices = { customer?: BookingMessage; fixer?: BookingMessage };

/** What a move's messages may say: the booking before and after, the reason given, the money's split, and what the service adds. */
export type NoticeFacts = {
  name: string;
  before: Booking;
  booking: Booking;
  reason: string | null;
  now: Date;
  split: Split | null;
  /** A release: what the booking's paid extras add to the fixer's payout (decision 084). */
  extrasNetPence: number;
  /** The done note and photo count; a case's photo count; the amount a provider moved. */
  input: { note?: string | null; photoCount?: number; amountPence?: number; decision?: "release" | "refund" | "partial" };
};

export const moneyText = {
  held: (pence: number) => `${formatGBP(pence)} is held by ${company.brand} until the customer confirms the job is done.`,
  refund: (pence: number) => `${formatGBP(pence)} is being refunded to your card.`,
  payout: (pence: number) => `${formatGBP(pence)} will be paid to you (the price less the ${company.brand} service charge).`,
};

/** Only a booked slot was sent as a calendar invite: its cancellation withdraws it. */
const withdrawsInvite = (f: NoticeFacts) => f.before.state === "booked";
const reasonLine = (f: NoticeFacts) => (f.reason ? [`Reason: ${f.reason}`] : []);

/** The booked emails to both sides, each with the calendar invite for the booking's (current) slot. */
export function bookedNotices(booking: Booking): BookingNotices {
  return {
    customer: {
      subject: "Booking confirmed",
      heading: "Your booking is confirmed",
      paragraphs: [moneyText.held(booking.totalPence), `Free cancellation up to ${freeCancellationHours} hours before the slot; after that, ${formatGBP(booking.lateFeePence)} goes to the fixer.`],
      calendarInvite: true,
    },
    fixer: {
      subject: "New booking",
      heading: "You have a new booking",
      paragraphs: [moneyText.payout(booking.fixerNetPence), "Mark the job done on the booking's page once the work is finished."],
      calendarInvite: true,
    },
  };
}

/** The emails (with the bell and push) when a call-out is paid: both sides, and the fixer sets off. No calendar invite: it is happening now. */
function callOutPaid(booking: Booking): BookingNotices {
  const by = ukTimeText(booking.arriveBy!);
  return {
    customer: {
      subject: "Call-out paid: your fixer is on the way",
      heading: `Your fixer is on the way, arriving by ${by}`,
      paragraphs: [
        moneyText.held(booking.totalPence),
        `Your fixer said they would arrive within ${booking.arrivalMinutes} minutes of your payment: by ${by}. If they have not come by ${NO_SHOW_GRACE_MINUTES} minutes after that, you can tell us on the booking's page.`,
        `The fixer has set off: if you cancel now, the late-cancellation fee of ${formatGBP(booking.lateFeePence)} goes to them and the rest is refunded.`,
      ],
    },
    fixer: {
      subject: "Call-out paid: set off now",
      heading: `The customer has paid: set off now, arriving by ${by}`,
      paragraphs: [
        `The address is on the booking's page. You said you would arrive within ${booking.arrivalMinutes} minutes: by ${by}.`,
        moneyText.payout(booking.fixerNetPence),
        `Extra hours are agreed with the customer and paid through ${company.brand}. Mark the job done on the booking's page once the work is finished.`,
      ],
      required: true,
    },
  };
}

/** A paid booking closed with a full refund by the fixer or the clock: both sides told, the fixer of any strike. */
function refundedInFull(f: NoticeFacts, customer: { subject: string; heading: string }, strike: boolean): BookingNotices {
  const refundPence = f.split?.refundPence ?? 0;
  return {
    customer: { ...customer, paragraphs: [cancellationWords.refund(refundPence), ...reasonLine(f)], calendarCancel: withdrawsInvite(f) },
    fixer: {
      subject: "Booking closed",
      heading: "This booking is closed",
      paragraphs: [
        cancellationWords.fixerCancelled(refundPence),
        ...reasonLine(f),
        // The fixer is told of every strike and why (decision 064): their own cancellation counts at once.
        ...(strike ? [`A strike is recorded on your account for this cancellation. Three in ${STRIKE_WINDOW_DAYS} days pause new jobs.`] : []),
      ],
      calendarCancel: withdrawsInvite(f),
    },
  };
}

const caseKindWords = { no_show: "the fixer did not come", late_cancel: "the customer cancelled after the slot had started" } as const;

/** How a claim settles when the fixer agrees or does not answer, in words. */
export function claimedTermsWords(kind: keyof typeof caseKindWords, booking: Pick<Booking, "lateFeePence">): string {
  return kind === "no_show" ? "the customer is refunded in full" : `the late-cancellation fee of ${formatGBP(booking.lateFeePence)} goes to the fixer and the rest is refunded`;
}

const staffDecided = (f: NoticeFacts): BookingNotices => {
  const decided = `${company.brand} staff decided: ${f.name === "staff_release" ? "the fixer is paid in full" : f.name === "staff_refund" ? "the customer is refunded in full" : "part is paid to the fixer and the rest refunded"}. Reason: ${f.reason}`;
  const split = f.split!;
  return {
    customer: { subject: "Decision on your booking", heading: "Our staff have decided", paragraphs: [decided, ...(split.refundPence > 0 ? [moneyText.refund(split.refundPence)] : [])] },
    fixer: { subject: "Decision on your booking", heading: "Our staff have decided", paragraphs: [decided, ...(split.fixerPayablePence > 0 ? [`${formatGBP(split.fixerPayablePence)} will be paid to you.`] : [])] },
  };
};

const sameToBoth = (message: BookingMessage): BookingNotices => ({ customer: message, fixer: message });

export const BOOKING_NOTICES = {
  paid: (f: NoticeFacts): BookingNotices => {
    if (f.booking.state === "awaiting_fixer_confirmation") {
      return {
        customer: { subject: "Payment received", heading: "Waiting for the fixer to confirm your slot", paragraphs: [moneyText.held(f.booking.totalPence), "The fixer has 24 hours to confirm the slot you proposed. If they do not, you get a full refund."] },
        fixer: { subject: "Please confirm a slot", heading: "A customer booked you for a slot they proposed", paragraphs: ["Confirm or decline the slot within 24 hours. Without an answer the booking lapses and the customer is refunded."] },
      };
    }
    return isCallOutSlot(bookingSlotOf(f.booking)) ? callOutPaid(f.booking) : bookedNotices(f.booking);
  },
  booked: (f: NoticeFacts): BookingNotices => bookedNotices(f.booking),
  /** A call-out not paid in time: the fixer must not go; nothing was charged. A booking of a quote says nothing. */
  call_out_expired: (f: NoticeFacts): BookingNotices =>
    !isCallOutSlot(bookingSlotOf(f.booking))
      ? {}
      : {
          customer: {
            subject: "Call-out not paid in time",
            heading: "Your call-out was not paid in time",
            paragraphs: [`The call-out had to be paid within ${CALL_OUT_PAYMENT_WINDOW_MINUTES} minutes of the fixer accepting, so we have told the fixer not to come. Nothing was charged. If you still need help, ask again.`],
          },
          fixer: {
            subject: "Do not go: the call-out was not paid",
            heading: "Do not set off: the customer did not pay",
            paragraphs: [`The customer did not pay the call-out within ${CALL_OUT_PAYMENT_WINDOW_MINUTES} minutes, so the booking has closed. Do not go to this job. Nothing was charged.`],
            required: true,
          },
        },
  slot_declined: (f: NoticeFacts) => refundedInFull(f, { subject: "Slot declined", heading: "The fixer cannot make the slot you proposed" }, false),
  lapsed: (f: NoticeFacts) => refundedInFull(f, { subject: "Booking lapsed", heading: "The fixer did not confirm your slot in time" }, false),
  cancelled_by_fixer: (f: NoticeFacts) => refundedInFull(f, { subject: "Booking cancelled", heading: "The fixer cancelled your booking" }, true),
  cancelled_by_customer: (f: NoticeFacts): BookingNotices => {
    // Before paying, only a call-out's fixer (waiting to set off) is told: do not go; nothing was charged.
    if (f.before.state === "pending_payment") {
      if (!isCallOutSlot(bookingSlotOf(f.booking))) return {};
      return {
        fixer: {
          subject: "Do not go: the customer cancelled the call-out",
          heading: "Do not set off: the customer cancelled",
          paragraphs: ["The customer cancelled the call-out before paying, so the booking has closed. Do not go to this job. Nothing was charged."],
          required: true,
        },
      };
    }
    const late = f.booking.state === "cancelled_late";
    const feePence = f.booking.lateFeePence;
    const refundPence = f.split?.refundPence ?? 0;
    return {
      customer: { subject: "Booking cancelled", heading: "Your booking is cancelled", paragraphs: [cancellationWords.customer({ late, feePence, refundPence })], calendarCancel: withdrawsInvite(f) },
      fixer: {
        subject: "Booking cancelled",
        heading: "The customer cancelled",
        paragraphs: [cancellationWords.toFixer({ callOut: isCallOutSlot(bookingSlotOf(f.booking)), late, feePence })],
        calendarCancel: withdrawsInvite(f),
      },
    };
  },
  marked_done: (f: NoticeFacts): BookingNotices => {
    const photos = f.input.photoCount ?? 0;
    return {
      customer: {
        subject: "Is the job done?",
        heading: "The fixer has marked the job done",
        paragraphs: [
          ...(f.input.note ? [`The fixer's note: ${f.input.note}`] : []),
          ...(photos ? [photos === 1 ? "The fixer added a photo: you can see it on the booking's page." : `The fixer added ${photos} photos: you can see them on the booking's page.`] : []),
          "Confirm it, and the fixer is paid; or report a problem, and we hold the money while we look into it.",
          `Without an answer in ${confirmationTimeline.staffReviewDays} days, ${company.brand} staff review the booking; the money stays held until then.`,
        ],
      },
    };
  },
  released_by_customer: (f: NoticeFacts): BookingNotices => ({
    customer: { subject: "Thanks for confirming", heading: "You confirmed the job is done", paragraphs: ["The fixer is being paid. You can leave a review on your job's page."] },
    fixer: { subject: "Payment released", heading: "The customer confirmed the job", paragraphs: [moneyText.payout(f.booking.fixerNetPence + f.extrasNetPence)] },
  }),
  problem_reported: (f: NoticeFacts): BookingNotices => ({
    customer: { subject: "Problem reported", heading: "We have your report", paragraphs: [`The money stays held by ${company.brand} while our staff look into it. Both of you will see their decision and its reason.`] },
    fixer: { subject: "The customer reported a problem", heading: "The customer reported a problem", paragraphs: [`Their report: ${f.reason}`, `The money stays held while ${company.brand} staff look into it.`] },
  }),
  escalated: (): BookingNotices =>
    sameToBoth({
      subject: "Booking sent to staff review",
      heading: `${company.brand} staff will review this booking`,
      paragraphs: [`The customer has not confirmed the job or reported a problem within ${confirmationTimeline.staffReviewDays} days. The money stays held until our staff have reviewed it; both of you will see their decision.`],
    }),
  staff_decided: staffDecided,
  remind_done: (): BookingNotices => ({
    customer: { subject: "Reminder: is the job done?", heading: "Please confirm the job or report a problem", paragraphs: [`The fixer marked the job done. Without an answer by ${confirmationTimeline.staffReviewDays} days after that, ${company.brand} staff review the booking.`] },
  }),
  slot_reminder: (): BookingNotices => sameToBoth({ subject: "Reminder: booking tomorrow", heading: "Your booking is tomorrow", paragraphs: ["This is a reminder of your booking in 24 hours."] }),
  case_opened: (f: NoticeFacts): BookingNotices => {
    const kind = f.name === "report_no_show" ? "no_show" : "late_cancel";
    const due = formatUkDateTime(new Date(f.now.getTime() + caseAnswerHours * 3_600_000));
    const settles = claimedTermsWords(kind, f.booking);
    const photos = f.input.photoCount ?? 0;
    return {
      customer: {
        subject: kind === "no_show" ? "No-show reported" : "Cancellation after the slot started",
        heading: "We have asked the fixer to answer",
        paragraphs: [
          `You told us ${caseKindWords[kind]}. The money stays held by ${company.brand} while the fixer answers.`,
          `The fixer has ${caseAnswerHours} hours, until ${due}, to agree or to contest it. If they agree or do not answer, ${settles}. If they contest it, ${company.brand} staff look at both sides and decide.`,
        ],
      },
      fixer: {
        subject: kind === "no_show" ? "The customer says you did not come" : "The customer cancelled after the slot started",
        // A claim against the fixer with a deadline: sent whatever they chose for booking emails.
        required: true,
        heading: "Please answer within " + caseAnswerHours + " hours",
        paragraphs: [
          `The customer says ${caseKindWords[kind]}.${f.reason ? ` Their words: ${f.reason}` : ""}${photos ? ` They added ${photos === 1 ? "a photo" : `${photos} photos`}.` : ""}`,
          `You have until ${due} to agree or to contest it with your answer and photos on the booking's page. If you agree or do not answer, ${settles}.`,
          ...(kind === "no_show"
            ? [`This claim records a strike on your account. It counts towards pausing your leads only if you agree, do not answer in time, or ${company.brand} staff uphold it after you contest.`]
            : []),
        ],
      },
    };
  },
  claim_settled: (f: NoticeFacts): BookingNotices => {
    const agreed = f.name === "agree_claim";
    const noShow = f.booking.state === "no_show";
    const split = f.split!;
    return {
      customer: {
        subject: "Your claim is settled",
        heading: agreed ? "The fixer agreed with your claim" : `The fixer did not answer within ${caseAnswerHours} hours`,
        paragraphs: [split.refundPence > 0 ? moneyText.refund(split.refundPence) : "There is nothing to refund."],
      },
      fixer: {
        subject: "The claim is settled",
        heading: agreed ? "You agreed with the customer's claim" : `You did not answer within ${caseAnswerHours} hours`,
        paragraphs: [
          `Settled as claimed: ${claimedTermsWords(noShow ? "no_show" : "late_cancel", f.booking)}.`,
          ...(split.fixerPayablePence > 0 ? [`${formatGBP(split.fixerPayablePence)} will be paid to you.`] : []),
          ...(noShow ? ["The strike counts as not contested."] : []),
        ],
      },
    };
  },
  claim_contested: (f: NoticeFacts): BookingNotices => ({
    customer: {
      subject: "The fixer contests your claim",
      heading: `${company.brand} staff will decide`,
      paragraphs: [`The fixer's answer: ${f.reason}`, `The money stays held while ${company.brand} staff look at both sides. Both of you will see their decision and its reason.`],
    },
    fixer: {
      subject: "Your answer is with our staff",
      heading: `${company.brand} staff will decide`,
      paragraphs: [`The money stays held while ${company.brand} staff look at both sides. Both of you will see their decision and its reason.`],
    },
  }),
  running_late: (f: NoticeFacts): BookingNotices => ({
    customer: {
      subject: "Your fixer is running late",
      heading: "Your fixer is running late",
      paragraphs: [
        `The fixer's words: ${f.reason}`,
        "You may cancel without a fee on the booking's page: everything you paid is refunded to your card. Or keep the booking, and the fixer comes as they said.",
      ],
    },
  }),
  cancelled_free_after_late: (f: NoticeFacts): BookingNotices => ({
    customer: {
      subject: "Booking cancelled",
      heading: "Your booking is cancelled",
      paragraphs: [cancellationWords.refund(f.split?.refundPence ?? 0), "There is no fee: the fixer was running late."],
      calendarCancel: true,
    },
    fixer: {
      subject: "Booking cancelled",
      heading: "The customer cancelled",
      paragraphs: ["You said you were running late, so the customer cancelled with no fee. The slot is free again.", ...reasonLine(f)],
      calendarCancel: true,
    },
  }),
  chargeback_lost: (f: NoticeFacts): BookingNotices => {
    const words = `The customer's bank returned the card payment of ${formatGBP(f.input.amountPence ?? 0)} to the customer through a card dispute (chargeback). The booking is closed and the fixer is not paid for it.`;
    return {
      customer: { subject: "Card dispute decided", heading: "Your bank returned your payment", paragraphs: [words] },
      fixer: { subject: "Card dispute decided", heading: "The booking was closed after a card dispute", paragraphs: [words] },
    };
  },
  dashboard_refunded: (f: NoticeFacts): BookingNotices => ({
    customer: { subject: "Booking refunded", heading: "Your booking was refunded", paragraphs: [`${company.brand} staff refunded ${formatGBP(f.input.amountPence ?? 0)} to your card. The booking is closed.`] },
    fixer: { subject: "Booking refunded", heading: "The booking was refunded", paragraphs: [`${company.brand} staff refunded the customer in full. The booking is closed and nothing is paid out for it.`] },
  }),
} satisfies Record<string, (facts: NoticeFacts) => BookingNotices>;

export type BookingNotice = keyof typeof BOOKING_NOTICES;

/** The refusals of the process table's guards (409), in the words the pages show. */
export const GUARD_REFUSALS: Record<"before_slot_start" | "no_show_before_slot_start" | "no_show_too_early" | "case_answer_ended", (booking: Booking, dueAt: Date | null) => string> = {
  before_slot_start: () => "You can mark the job done once its slot has started.",
  no_show_before_slot_start: () => "You can report a no-show once the slot has started.",
  no_show_too_early: (booking: Booking) => {
    const slot = bookingSlotOf(booking);
    return isCallOutSlot(slot) ? callOutWords.noShowTooEarly(slot) : GUARD_REFUSALS.no_show_before_slot_start(booking, null);
  },
  case_answer_ended: (_booking: Booking, dueAt: Date | null) => `The ${caseAnswerHours} hours to answer ended at ${dueAt ? formatUkDateTime(dueAt) : "the deadline"}.`,
};

