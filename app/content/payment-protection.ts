/**
 * /how-it-works: the hero's promise and where the money goes. Apart from the steps (./how-it-works.ts),
 * which an island loads: the route alone renders these.
 */

import { confirmationTimeline, fees, freeCancellationHours, heldUntilConfirmed, lateCancellationRule } from "~/content/prices";

/** /how-it-works: the hero's promise. */
export const howItWorksIntro = `Describe the job, get matched with vetted professionals, then book a slot and pay. Your money is ${heldUntilConfirmed}.`;

/** /how-it-works: where the money goes, step by step (decision 054: "held by FixiT", never "escrow"). */
export const paymentProtection = {
  title: "Your payment is protected",
  lead: "FixiT holds your payment until you confirm the work.",
  steps: [
    `You pay the price plus the ${fees.customerServiceFeePercent}% service fee when you book.`,
    "The fixer marks the job done; you confirm it or report a problem.",
    `Once you confirm, the fixer is paid, minus their ${fees.fixerServiceChargePercent}% service charge.`,
    `A problem, or no answer in ${confirmationTimeline.staffReviewDays} days: staff review it; the money stays held.`,
    `Cancel ${freeCancellationHours}+ hours before the slot: full refund. Later: minus a late fee (${lateCancellationRule}) for the fixer.`,
  ],
} as const;
