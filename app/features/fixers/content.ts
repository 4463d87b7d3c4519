import { formatGBP, products } from "~/content/prices";

/**
 * The fixer journey's copy and labels up to payment: /fixer-register and the checkout hand-off. The
 * onboarding portal's and My Account's are in ./portal-content.ts, so the registration page does not
 * load them. Texts in quotes in the spec are reproduced exactly.
 */

export type FixerStep = "details" | "payment" | "onboarding";
export const fixerSteps: readonly { id: FixerStep; label: string }[] = [
  { id: "details", label: "Details" },
  { id: "payment", label: "Payment" },
  { id: "onboarding", label: "Onboarding" },
];

export const feeLabel = formatGBP(products.fixerOnboarding.pricePence);

export const registrationCopy = {
  title: "Become a Fixer",
  intro: `Join FixiT as a vetted, independent professional. Tell us who you are, pay the one-time ${feeLabel} onboarding fee, then complete your profile in the onboarding portal.`,
  detailsHeading: "Your details",
  detailsDescription: "All fields are required. We use your email for your access code and updates about your application.",
  submit: `Save & Pay ${feeLabel} Fee`,
  submitBusy: "Saving...",
  feeNote: `The onboarding fee is ${feeLabel}, ${products.fixerOnboarding.terms}. Payment opens in a new tab.`,
  portalHeading: "Already paid?",
  portalText: "Your access code is in your email. Sign in and enter it in the onboarding portal to finish your profile.",
  portalButton: "Access Onboarding Portal",
  continueToPayment: "Continue to payment",
  popupBlocked: "Your browser blocked the payment tab. Use the button to open it.",
  savedHeading: "Details saved",
  alreadyPaidHeading: "You're already registered",
  alreadyPaidText:
    "This email has already registered and paid the onboarding fee, so nothing new was saved or charged. Open the Onboarding Portal and enter the access code we emailed you.",
  savedText: "Complete the payment in the new tab. We email your access code as soon as it goes through.",
} as const;

export const registrationToasts = {
  required: "Please fill in all required fields",
  saved: { title: "Details Saved! 🎉", description: "Redirecting you to payment..." },
  saveFailed: { title: "Error", description: "We couldn't save your details. Please try again." },
  checkoutFailed: { title: "Error", description: "Your details are saved, but the payment page could not be opened. Please try again in a moment." },
  rateLimited: { title: "Error", description: "Too many attempts. Please wait a few minutes and try again." },
} as const;

/** What a fixer gets for the fee: shown beside the form. */
export const fixerBenefits = [
  "Set your own rates and working hours",
  "Customers pay when they book; you are paid when they confirm the job is done",
  "Get matched with local jobs across the UK",
  "A verified badge once your checks are approved",
] as const;

/** The checkout opens 1.5 s after a successful save, so the 'Details Saved' toast is read first. */
export const PAYMENT_REDIRECT_DELAY_MS = 1500;
