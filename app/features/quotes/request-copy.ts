/**
 * The job form's words (/request): apart from the rest of the customer side's (./customer-copy.ts),
 * so that a visitor's first page loads only these. No server imports: the page uses it too.
 */
export const requestCopy = {
  title: "Post a job",
  intro: "Tell local FixiT fixers what you need. Approved fixers who cover your area quote for it; you compare their quotes and choose one. You book and pay through FixiT, and the money is held by FixiT until you confirm the job is done.",
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
