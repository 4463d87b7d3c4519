/**
 * The words of reviews both ways (decision 055), for the customer's and the fixer's job pages and
 * the fixer's public profile. No server imports: the pages use it too.
 */
import { formatLongDate } from "~/content/dates";

export const reviewCopy = {
  customer: {
    formTitle: (fixer: string) => `Review ${fixer}`,
    mineTitle: (fixer: string) => `Your review of ${fixer}`,
    theirsTitle: (fixer: string) => `${fixer}'s review of you`,
    formHint: "What was done, and how it went. Other customers read it on the fixer's profile.",
  },
  fixer: {
    formTitle: "Review the customer",
    mineTitle: "Your review of the customer",
    theirsTitle: "The customer's review",
    formHint: "Were they clear about the job, easy to reach, and did they pay as agreed? Other fixers see the customer's rating before they quote.",
  },
  /** Both are published together: neither side reads the other's first. */
  rule: (closesAt: Date | string) =>
    `You have until ${formatLongDate(new Date(closesAt))} to review. Neither of you sees the other's review until both are in or that day has passed.`,
  closed: (closesAt: Date | string) => `The 14 days to review ended on ${formatLongDate(new Date(closesAt))}.`,
  hiddenUntil: (name: string, visibleFrom: Date | string) => `Hidden until ${name} reviews you or ${formatLongDate(new Date(visibleFrom))}.`,
  removed: "Removed by FixiT.",
  removedReason: (reason: string) => `Reason: ${reason}`,
  /** A customer's rating as fixers see it before quoting. */
  customerRating: (average: number | null, count: number) =>
    average === null || count === 0 ? "New customer: no reviews from fixers yet" : `Customer rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? "fixer" : "fixers"}`,
} as const;
