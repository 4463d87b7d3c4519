import type { FormResult } from "~/lib/forms/result";
import { EMAIL_MAX, PHONE_INPUT_MAX } from "~/lib/contact-fields";

/**
 * What the public forms' pages need besides the zod schemas (./schemas.ts): field limits, the
 * choices, the CV rules, how the forms are read. Kept apart so that a page renders and checks its
 * form without zod in its first-load JavaScript; the schemas load after the page (use-form-submission).
 */

export const publicFormNames = ["investor", "help", "waitlist", "feedback", "recruitment"] as const;
export type FormName = (typeof publicFormNames)[number];

export const limits = {
  name: 100,
  email: EMAIL_MAX,
  phone: PHONE_INPUT_MAX,
  company: 200,
  location: 120,
  message: 5000,
  position: 200,
  longText: 5000,
  coverLetter: 10_000,
} as const;

export const investmentAmounts = ["£10K-£50K", "£50K-£100K", "£100K-£500K", "£500K-£1M", "£1M+", "Other"] as const;
export const investmentTypes = ["Equity Investment", "Strategic Partnership", "Angel Investment", "Venture Capital", "Other"] as const;
export const investmentTimelines = [
  "Immediate (1-3 months)",
  "Short-term (3-6)",
  "Medium-term (6-12)",
  "Long-term (12+)",
] as const;

export const likelihoods = [
  { value: "definitely", label: "Definitely" },
  { value: "likely", label: "Likely" },
  { value: "maybe", label: "Maybe" },
  { value: "unlikely", label: "Unlikely" },
] as const;
export const frequencies = [
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "quarterly", label: "Quarterly" },
  { value: "biannually", label: "Twice a year" },
  { value: "annually", label: "Once a year" },
  { value: "rarely", label: "Rarely" },
] as const;

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_ACCEPT = ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const cvMessages = {
  invalidType: "Invalid file type: Please upload a PDF, DOC, or DOCX file.",
  tooLarge: "File too large: Please upload a file smaller than 5MB.",
} as const;

/** What the browser can check before uploading (the server checks the content again). */
export function checkCvFile(file: { name: string; size: number; type: string }): string | null {
  const okType = /\.(pdf|docx?)$/i.test(file.name) &&
    ["", "application/pdf", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/octet-stream"].includes(file.type);
  if (!okType) return cvMessages.invalidType;
  if (file.size > CV_MAX_BYTES) return cvMessages.tooLarge;
  return null;
}

/** How the public forms are read (~/lib/forms/parse): the checkbox group, and the fields where a line break belongs. */
export const publicFormParsing = {
  lists: ["services"],
  multiLine: ["message", "description", "feedback", "experience", "qualifications", "coverLetter"],
} as const;

/**
 * A public form's answer. `repeat`: the waitlist already had this address (its row was updated,
 * nothing was sent); `network`: the request never reached the server (the browser made this answer).
 */
export type PublicFormResult = FormResult<{ form: FormName; repeat?: true; network?: true }>;
