import { company } from "~/content/company";
import type { QuotesErrorCode } from "./errors";

/** The words of the fixer's pages and the public fixer profile. */
export const fixerCopy = {
  dashboard: {
    title: "Your jobs",
    metaDescription: "Jobs near you that match your services, your quotes and the areas you cover.",
    leadsTitle: "Jobs for you",
    leadsIntro: "Open jobs in your areas for the services you offer, newest first. Customers' names and contact details are shared once they accept your quote.",
    noLeads: "No open jobs match your services and areas right now. Adding districts or services brings more jobs.",
    myQuotesTitle: "My quotes",
    noQuotes: "You have not sent a quote yet.",
    coverageTitle: "Services and areas",
    coverageIntro: "Jobs are matched on the services you offer and the postcode areas or districts you cover.",
    pausedTitle: "New jobs are paused on your account",
    /** The way to reach staff about a pause (the help page's contact form), and to see the strikes behind it. */
    pausedContact: { href: company.contactPath, label: "Contact our support team" },
    applicantTitle: "Jobs are for approved fixers",
    applicantText: "Once our team approves your application you will see jobs near you here, and can send quotes.",
  },
  checklist: {
    title: (name: string) => `Welcome to FixiT, ${name}`,
    intro: (done: number, total: number) => `${done} of ${total} steps done. Finish these to start receiving jobs:`,
  },
  job: {
    quoteTitle: "Send a quote",
    quoteIntro: "Customers book and pay through FixiT: the money is held by FixiT until they confirm the job is done, then paid to you less the 10% service charge.",
    yourQuoteTitle: "Your quote",
    contactTitle: "Customer contact details",
    messagesTitle: "Messages",
    maskedNote: "Until the customer accepts a quote, email addresses, phone numbers and links are hidden in messages.",
  },
  profile: {
    reviewsTitle: "Reviews",
    noReviews: "No reviews yet. Reviews come only from customers whose job this fixer did through FixiT.",
    inviteNote: (name: string) => `Describe your job and ${name} is asked to quote. It also goes to other approved fixers who cover your area, so you can compare.`,
  },
  invitedBadge: "Asked for you",
  quoteStatus: {
    sent: "Waiting for the customer",
    accepted: "Accepted",
    declined: "Declined",
    not_selected: "Not chosen",
    withdrawn: "Withdrawn",
  } as Record<string, string>,
  jobStatus: { open: "Open", in_progress: "In progress", done: "Done", closed: "Closed" } as Record<string, string>,
  flash: {
    coverageSaved: { title: "Saved", text: "Your services and areas are saved. Matching jobs show below." },
    quoteSent: { title: "Quote sent", text: "The customer has been told. You can change your quote until they answer." },
    quoteUpdated: { title: "Quote updated", text: "The customer sees your new quote." },
    quoteWithdrawn: { title: "Quote withdrawn", text: "Your quote is withdrawn and the customer no longer sees it as an option." },
    messageSent: { title: "Message sent", text: "The customer is told by email." },
    messageMasked: { title: "Message sent", text: "Contact details in it were hidden: they are shared once the customer accepts a quote." },
    replied: { title: "Reply posted", text: "Your reply shows under the review on your profile." },
    reviewed: { title: "Review posted", text: "Both reviews are published: the customer's review of you shows below." },
    reviewedHidden: { title: "Review saved", text: "It is published when the customer has reviewed you too, or when the 14 days to review are over." },
    priceFixed: { title: "Price fixed", text: "The customer can now book your quote at this price." },
  },
  errorTitles: {
    not_found: "Not found",
    forbidden: "Not allowed",
    conflict: "Not possible now",
    limit: "Limit reached",
    invalid: "Please check the form",
    rate_limited: "Too many attempts",
  } satisfies Record<QuotesErrorCode, string>,
  errors: {
    not_found: "There is no such job, or it is not one of your leads.",
    noQuote: "You have no quote on this job.",
    noReview: "There is no review on this job to reply to.",
    badRequest: { title: "Invalid request", text: "Please reload the page and try again." },
    invalid: { title: "Please check the form", text: "Some answers need changing: see the messages by the fields." },
  },
} as const;
