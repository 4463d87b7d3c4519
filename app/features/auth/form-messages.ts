/**
 * The account forms' limits and the spec's toast for each failed check: what the pages need before
 * the rules themselves (./schemas, with zod) have loaded. No zod here.
 */
import { firstError, type FieldErrors } from "~/lib/forms/parse";
import { phoneMessages, type PhoneProblem } from "~/lib/phone";
import { textInputMessages } from "~/lib/text-input";

export const TEXT_MAX = 1000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** The spec's toast for each failed check (title / text). */
export const formMessages = {
  nameRequired: { title: "Name required", text: "Please enter your full name." },
  invalidEmail: { title: "Invalid email", text: "Please enter a valid email address." },
  passwordRequired: { title: "Password required", text: "Please create a password." },
  weakPassword: { title: "Weak password", text: "Password must be at least 6 characters." },
  passwordMismatch: { title: "Passwords do not match", text: "Please make sure both passwords match." },
  passwordTooLong: { title: "Weak password", text: `Password must be at most ${PASSWORD_MAX} characters.` },
  userType: { title: "Invalid account type", text: "Please choose customer or fixer." },
  signInMissing: { title: "Sign In Failed", text: "Please enter your email and password." },
  currentPasswordRequired: { title: "Password required", text: "Please enter your current password." },
  ...(Object.fromEntries(
    Object.entries(phoneMessages).map(([problem, text]) => [`phone.${problem}`, { title: "Invalid phone number", text }]),
  ) as Record<`phone.${PhoneProblem}`, { title: string; text: string }>),
} as const;
export type FormMessageCode = keyof typeof formMessages;

export type FormProblem = { title: string; text: string; field?: string };

/**
 * The first failed check, in the schema's field order (the spec's order for sign-up), as its toast.
 * The schemas' messages are codes of `formMessages`; the control-character rule's are shown as they are.
 */
export function firstProblem(fieldErrors: FieldErrors): FormProblem {
  const first = firstError(fieldErrors);
  const code = (first?.message ?? "") as FormMessageCode;
  const known: string[] = Object.values(textInputMessages);
  const message = formMessages[code] ?? { title: "Invalid input", text: known.includes(code) ? code : "Please check the form and try again." };
  return { title: message.title, text: message.text, field: first?.field };
}
