/**
 * The customer's emergency request form (/emergency) and its page (decision 081): words only, no
 * server imports, so the form's first load carries nothing else.
 */
import { emergencyFormPath } from "./job-form-pointer";

export const emergencyRequestPaths = {
  form: emergencyFormPath,
  request: (id: number) => `/account/emergencies/${id}`,
} as const;

export const emergencyRequestCopy = {
  title: "Ask for help now",
  metaDescription: "An emergency plumber, electrician or handyman: see who is on call near you and what you pay up front before you send.",
  intro:
    "For an emergency with plumbing, electrics or a repair that cannot wait. Tell us where and what is wrong: before you send, you see how many fixers are on call near you right now and what you will pay up front.",
  signedOutNote: "You can fill this in now. When you send it we'll ask you to sign in or create a free account, and keep what you typed and your photos (privately, for 30 minutes).",
  draftRestored: "We kept what you typed before signing in. Check it and send your request.",
  serviceLabel: "What kind of emergency?",
  servicePlaceholder: "Choose plumbing, electrical or handyman",
  postcodeLabel: "Postcode",
  postcodeHint: "Where the emergency is. Fixers see only the district (like SW1) until one is booked.",
  descriptionLabel: "What is wrong?",
  descriptionHint: (min: number, max: string) => `For example: a burst pipe under the kitchen sink, water coming through the ceiling. ${min} to ${max} characters.`,
  photosHint: "Optional. Up to 5 photos, JPEG, PNG or WebP, 10 MB each. We remove location and camera details.",
  check: "Check who is on call",
  checking: "Checking who is on call near you…",
  submit: "Send emergency request",
  signInNext: "You'll sign in next; what you typed is kept.",
  summaryTitle: "Before you send",
  rateRange: (name: string, range: string) => `${name} emergency rates on FixiT: ${range}.`,
  onCall: (count: number, district: string) =>
    count === 1 ? `1 fixer is on call near you (${district}) right now.` : `${count} fixers are on call near you (${district}) right now.`,
  upFront: (amount: string, feePercent: number) =>
    `You pay ${amount} up front: a call-out covering the first hour at the fixer's emergency rate, plus FixiT's ${feePercent}% service fee.`,
  upFrontWhen: "Nothing is charged when you send this request: you pay the call-out once a fixer has accepted it and you have seen who is coming.",
  nobody: (name: string, district: string) =>
    `Nobody is on call for ${name.toLowerCase()} emergencies near you (${district}) right now, so this request cannot be sent and you will not be charged. You can post it as a normal job instead, marked “As soon as possible”: what you typed comes with it.`,
  postAsJob: "Post it as a normal job instead",
  /** Where "Post it as a normal job instead" posts (intent=job) from a request no fixer could take. */
  postAsJobPath: emergencyFormPath,
  gasTitle: "If you smell gas: call 0800 111 999 now",
  refused: {
    nobody: "Nobody is on call for this service near you right now, so your request was not sent and nothing was charged. Post it as a normal job instead.",
    badRequest: "The form could not be read. Please reload the page and try again.",
    invalidTitle: "Check the form",
    invalid: "Some answers need changing: see the messages beside them.",
    rateLimited: "Too many attempts. Please wait a few minutes and try again.",
    honeypot: "Your request could not be sent. Please try again.",
  },
  signInFlash: { kind: "success" as const, title: "Sign in to send your emergency request", text: "We've kept what you typed and your photos for 30 minutes. Sign in or create a free account, then send it." },
  sentFlash: { kind: "success" as const, title: "Emergency request received", text: "Nothing has been charged." },
  page: {
    title: "Your emergency request",
    received: "Received",
    next: "We have received your request. The next step is offering it to the fixers on call near you; you pay nothing until a fixer accepts it and you have seen who is coming and what the call-out costs.",
    nothingCharged: "Nothing has been charged.",
    onCallAtSend: (count: number) => (count === 1 ? "1 fixer was on call near you when you sent it." : `${count} fixers were on call near you when you sent it.`),
    service: "Service",
    postcode: "Postcode",
    sent: "Sent",
    description: "What is wrong",
    photos: (n: number) => (n === 1 ? "1 photo added" : `${n} photos added`),
    status: "Status",
  },
} as const;
