import { freeCancellationHours } from "~/content/prices";

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
    description: "Accept the quote that suits you and book a time. Your payment is held safely in escrow.",
    points: ["Fixed quote agreed in advance", "Reminders before the visit", `Free cancellation up to ${freeCancellationHours} hours before`],
  },
  {
    title: "Pay securely when done",
    description: "When the work is finished and you confirm it, the payment is released to your fixer.",
    points: ["Nothing released until you confirm", "Disputes reviewed by our team", "Rate your fixer afterwards"],
  },
];
