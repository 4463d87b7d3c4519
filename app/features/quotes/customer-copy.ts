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
  covered: (district: string) => `Good news: FixiT fixers cover ${district} for this service.`,
  notCovered: (district: string) => `No approved FixiT fixer covers ${district} for this service yet. Join the waitlist and we'll tell you when one does.`,
  waitlist: { label: "Join the waitlist", href: "/early-access" },
  signInFlash: { kind: "success" as const, title: "Sign in to post your job", text: "We've kept what you typed and your photos for 30 minutes. Sign in or create a free account, then send the form." },
  draftRestored: "We kept what you typed before signing in, and your photos. Check it and post your job, or start a new one.",
  startNew: "Start a new job",
  keptPhotosLabel: "Photos you added",
  keepPhoto: "Keep this photo",
  draftRateLimited: "Too many attempts. Please wait a few minutes and try again.",
  posted: (matched: number) => ({
    kind: "success" as const,
    title: "Job posted",
    text:
      matched === 0
        ? "Your job is posted. We've emailed you a copy and will tell you when a fixer quotes."
        : `Your job is posted and ${matched} local ${matched === 1 ? "fixer was" : "fixers were"} told. We've emailed you a copy.`,
  }),
  rateLimited: "Too many checks. Please wait a few minutes and try again.",
} as const;

export const jobsCopy = {
  listTitle: "My jobs",
  listIntro: "Jobs you've posted, their quotes and your conversations with fixers.",
  empty: "You haven't posted a job yet. Describe what you need and local fixers will quote.",
  postCta: { label: "Post a job", href: quotePaths.request },
  statusLabels: { open: "Open for quotes", in_progress: "In progress", done: "Done", closed: "Closed" } as Record<string, string>,
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
