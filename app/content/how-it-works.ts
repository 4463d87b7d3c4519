import { fees, freeCancellationHours } from "~/content/prices";

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
    points: ["ID, right-to-work and insurance checks", "Upfront quotes before you commit", "Chat directly with professionals"],
  },
  {
    title: "Book and schedule",
    description: "Accept the quote that suits you, book a slot and pay. FixiT holds your payment until you confirm.",
    points: ["A calendar invite and a reminder", `Free cancellation up to ${freeCancellationHours} hours before`, "Either side can propose a new slot"],
  },
  {
    title: "Confirm, then the fixer is paid",
    description: `When you confirm the work is done, the fixer is paid, minus their ${fees.fixerServiceChargePercent}% service charge.`,
    points: ["Nothing released until you confirm", "Problems reviewed by our staff", "Rate your fixer afterwards"],
  },
];
