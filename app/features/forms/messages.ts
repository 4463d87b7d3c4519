import { company } from "~/content/company";
import type { FormName } from "./form-fields";

/** Toast texts, in one place so every form words the same outcome the same way. */
export type ToastCopy = { title: string; description?: string };

export const successToasts: Record<FormName, ToastCopy> = {
  investor: { title: "Inquiry Sent Successfully", description: "Thank you for your interest in FixiT. We'll be in touch soon." },
  help: { title: "Message sent successfully!", description: "We'll get back to you within 24 hours." },
  waitlist: { title: "Welcome to FixiT early access!", description: "You're on the list. We'll email you with news and offers." },
  feedback: { title: "Thank you for your feedback!", description: "It helps us shape FixiT around what UK homes need." },
  recruitment: { title: "Application submitted successfully! Thank you for your interest in FixiT. We'll be in touch soon." },
};

/** A waitlist sign-up from an address already on the list (its details are updated; no second welcome email). */
export const waitlistRepeatToast: ToastCopy = { title: "You're already on the list", description: "We've updated your details. We'll email you with news and offers." };

/** The success copy for an answer: the waitlist's repeat sign-up has its own. */
export function successCopy(form: FormName, repeat?: boolean): ToastCopy {
  return form === "waitlist" && repeat ? waitlistRepeatToast : successToasts[form];
}

export const failureToasts: Record<FormName, ToastCopy> = {
  investor: { title: "Error", description: "There was a problem sending your inquiry. Please try again." },
  help: { title: "Failed to send message", description: `Please try again or contact us directly at ${company.supportEmail}` },
  waitlist: { title: "Something went wrong", description: "Please try again or contact us directly." },
  feedback: { title: "Failed to submit feedback", description: "Please try again later." },
  recruitment: { title: "Error submitting application: Please try again later or contact us directly." },
};

export const busyLabels: Record<FormName, string> = {
  investor: "Sending...",
  help: "Sending...",
  waitlist: "Joining...",
  feedback: "Submitting...",
  recruitment: "Submitting Application...",
};
