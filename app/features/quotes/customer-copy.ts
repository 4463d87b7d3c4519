import { jobStateFromBooking } from "~/features/bookings/next-steps";
import type { BookingState } from "~/features/bookings/state-machine";

/**
 * The customer side's words: My jobs and a job's page (the job form's are in ./request-copy.ts, so
 * that /request loads only its own). No server imports: the pages use it too.
 */
import { quotePaths } from "./paths";

export const jobsCopy = {
  listTitle: "My jobs",
  listIntro: "Jobs you've posted, their quotes and your conversations with fixers.",
  empty: "You haven't posted a job yet. Describe what you need and local fixers will quote.",
  postCta: { label: "Post a job", href: quotePaths.request },
  statusLabels: { open: "Open for quotes", in_progress: "In progress", done: "Done", closed: "Closed" } as Record<string, string>,
  /** An open job nobody covers yet (decision 043). */
  waitingLabel: "Waiting for a fixer",
  waitingNote: (district: string) =>
    `No approved fixer covers this service in ${district} yet. We've kept your job: the first fixer who starts covering ${district} is sent it, and we'll email you then.`,
  quoteStatusLabels: { sent: "Waiting for you", accepted: "Accepted", declined: "Declined", not_selected: "Not chosen", withdrawn: "Withdrawn" } as Record<string, string>,
  paymentNote: "You pay through FixiT when you book a quote: the money is held by FixiT until you confirm the job is done, then paid to the fixer.",
  flashes: {
    accepted: { kind: "success" as const, title: "Quote accepted", text: "We've emailed you both each other's contact details. The other fixers have been told." },
    declined: { kind: "success" as const, title: "Quote declined", text: "The fixer has been told." },
    closed: { kind: "success" as const, title: "Job closed", text: "Fixers still waiting have been told." },
    done: { kind: "success" as const, title: "Job marked done", text: "Thank you. You can now review your fixer." },
    /** Reviews are for work done and paid for (decision 064): a job whose booking was cancelled or refunded, or not paid out yet, offers none. */
    doneNotReviewable: { kind: "success" as const, title: "Job marked done", text: "Thank you. Reviews are for work paid through FixiT: you can review your fixer once the booking's payment is released to them." },
    reviewed: { kind: "success" as const, title: "Review posted", text: "Thank you for helping other customers choose. Your fixer's review of you shows below." },
    reviewedHidden: { kind: "success" as const, title: "Review saved", text: "Thank you. It is published when your fixer has reviewed you too, or when the 14 days to review are over." },
    messageSent: { kind: "success" as const, title: "Message sent", text: "The fixer has been emailed." },
    messageMasked: { kind: "success" as const, title: "Message sent", text: "Contact details in it were hidden: they are shared once you accept a quote." },
  },
} as const;

/**
 * A job's state as the customer reads it: an open job nobody covers yet is "Waiting for a fixer"; a
 * job with a paid booking is "Booked", and "Completed" once the booking is released (issue 52).
 */
export function jobStateLabel(job: { status: string; waitingSince: Date | string | null; bookingState?: BookingState | null }): string {
  const fromBooking = job.status === "closed" ? null : jobStateFromBooking(job.bookingState);
  if (fromBooking) return fromBooking;
  return job.status === "open" && job.waitingSince ? jobsCopy.waitingLabel : (jobsCopy.statusLabels[job.status] ?? job.status);
}
