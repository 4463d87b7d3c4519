import { confirmationTimeline, fees, freeCancellationHours, heldUntilConfirmed, lateCancellationRule } from "~/content/prices";

/** /how-it-works: the hero's promise. */
export const howItWorksIntro = `Describe the job, get matched with vetted professionals, then book a slot and pay. Your money is ${heldUntilConfirmed}; only then is the fixer paid.`;

/** /how-it-works: where the money goes, step by step (decision 054: "held by FixiT", never "escrow"). */
export const paymentProtection = {
  title: "Your payment is protected",
  lead: "FixiT holds your payment through its payment provider, so the fixer is paid only for work you confirm.",
  steps: [
    `You pay the price plus the ${fees.customerServiceFeePercent}% customer service fee when you book; the money is ${heldUntilConfirmed}.`,
    "After the slot, the fixer marks the job done on FixiT, and you confirm it or report a problem.",
    `When you confirm, the fixer is paid the price minus their ${fees.fixerServiceChargePercent}% service charge.`,
    `Not happy? Report a problem instead: the money stays held while our staff review it, and they release it, release part and refund the rest, or refund you. No answer from you: reminders after ${confirmationTimeline.reminderDays[0]} and ${confirmationTimeline.reminderDays[1]} days, staff review after ${confirmationTimeline.staffReviewDays}.`,
    `Cancel ${freeCancellationHours} hours or more before the slot: a full refund. Later: a refund minus the late-cancellation fee (${lateCancellationRule}), which goes to the fixer. If the fixer cancels or does not come, you get everything back.`,
  ],
} as const;

/** /how-it-works: the four steps, in order. */
export type HowItWorksStep = { title: string; description: string; points: string[] };

export const howItWorksSteps: readonly HowItWorksStep[] = [
  {
    title: "Describe your task",
    description: "Tell us what needs doing, where and when. Add photos so fixers understand the job.",
    points: ["Choose from 11 service categories", "Add photos and access notes", "Pick the dates that suit you"],
  },
  {
    title: "Get matched with pros",
    description: "We match you with vetted, insured fixers near you who are qualified for the job.",
    points: ["ID, background and certification checks", "Upfront quotes before you commit", "Chat directly with professionals"],
  },
  {
    title: "Book and schedule",
    description: `Accept the quote that suits you, pick one of the fixer's slots or propose your own, and pay the price plus the ${fees.customerServiceFeePercent}% customer service fee. Your payment is ${heldUntilConfirmed}.`,
    points: ["Fixed price agreed before you pay", "A calendar invite and a reminder 24 hours before", `Free cancellation up to ${freeCancellationHours} hours before`, "Either side can propose a new slot"],
  },
  {
    title: "Confirm, then the fixer is paid",
    description: `When the fixer marks the job done, you confirm it or report a problem. When you confirm, the fixer is paid the price minus their ${fees.fixerServiceChargePercent}% service charge.`,
    points: [
      "Nothing released until you confirm",
      `No answer: reminders after ${confirmationTimeline.reminderDays[0]} and ${confirmationTimeline.reminderDays[1]} days, staff review after ${confirmationTimeline.staffReviewDays}`,
      "Problems reviewed by our staff while the money stays held",
      "Rate your fixer afterwards",
    ],
  },
];
