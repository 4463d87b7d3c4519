/**
 * The customer side's words: the job request page, My jobs and a job's page. No server imports:
 * the pages use it too.
 */
import { quotePaths } from "./paths";

export const requestCopy = {
  title: "Post a job",
  intro: "Tell local FixiT fixers what you need. Approved fixers who cover your area quote for it; you compare their quotes and choose one. You pay the fixer directly: FixiT takes no payment for the job.",
  signedOutNote: "You can fill this in now. When you send it we'll ask you to sign in or create a free account, and keep what you typed and your photos (privately, for 30 minutes).",
  photosHint: "Up to 5 photos, JPEG, PNG or WebP, 10 MB each. We remove location and camera details from every photo before fixers see it.",
  submit: "Post job",
  checking: "Checking for fixers near you…",
  covered: (district: string, fixers: number) => `Good news: ${fixers === 1 ? "1 approved FixiT fixer covers" : `${fixers} approved FixiT fixers cover`} ${district} for this service.`,
  notCovered: (district: string) =>
    `No approved FixiT fixer covers ${district} for this service yet. You can still post your job: we keep it, waiting for a fixer, and email you as soon as one starts covering ${district}.`,
  waitlistInstead: "Not ready to post? Join the waitlist for this area",
  invited: (name: string) => `You're asking ${name} for a quote. Your job also goes to the other approved fixers who cover your area.`,
  signInFlash: { kind: "success" as const, title: "Sign in to post your job", text: "We've kept what you typed and your photos for 30 minutes. Sign in or create a free account, then send the form." },
  draftRestored: "We kept what you typed before signing in, and your photos. Check it and post your job, or start a new one.",
  startNew: "Start a new job",
  keptPhotosLabel: "Photos you added",
  keepPhoto: "Keep this photo",
  draftRateLimited: "Too many attempts. Please wait a few minutes and try again.",
  posted: ({ matchedFixers, waiting, invited }: { matchedFixers: number; waiting: boolean; invited: string | null }) =>
    waiting
      ? {
          kind: "success" as const,
          title: "Job posted: waiting for a fixer",
          text: "No approved fixer covers this service in your area yet. We've kept your job and will email you as soon as one does.",
        }
      : {
          kind: "success" as const,
          title: "Job posted",
          text: invited
            ? `Your job is posted and ${invited} was asked to quote${matchedFixers > 1 ? `, with ${matchedFixers - 1} other local ${matchedFixers === 2 ? "fixer" : "fixers"}` : ""}. We've emailed you a copy.`
            : `Your job is posted and ${matchedFixers} local ${matchedFixers === 1 ? "fixer was" : "fixers were"} told. We've emailed you a copy.`,
        },
  rateLimited: "Too many checks. Please wait a few minutes and try again.",
} as const;

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
  payDirect: "You pay the fixer directly for the work. FixiT never takes payment for a job.",
  flashes: {
    accepted: { kind: "success" as const, title: "Quote accepted", text: "We've emailed you both each other's contact details. The other fixers have been told." },
    declined: { kind: "success" as const, title: "Quote declined", text: "The fixer has been told." },
    closed: { kind: "success" as const, title: "Job closed", text: "Fixers still waiting have been told." },
    done: { kind: "success" as const, title: "Job marked done", text: "Thank you. You can now review your fixer." },
    reviewed: { kind: "success" as const, title: "Review posted", text: "Thank you for helping other customers choose." },
    messageSent: { kind: "success" as const, title: "Message sent", text: "The fixer has been emailed." },
    messageMasked: { kind: "success" as const, title: "Message sent", text: "Contact details in it were hidden: they are shared once you accept a quote." },
  },
} as const;

/** A job's state as the customer reads it: an open job nobody covers yet is "Waiting for a fixer". */
export function jobStateLabel(job: { status: string; waitingSince: Date | string | null }): string {
  return job.status === "open" && job.waitingSince ? jobsCopy.waitingLabel : (jobsCopy.statusLabels[job.status] ?? job.status);
}
