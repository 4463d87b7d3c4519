import { firstError, type FieldErrors } from "~/lib/forms/parse";
import type { FormResult } from "~/lib/forms/result";
import { phoneMessages, type PhoneProblem } from "~/lib/phone";
import { textInputMessages } from "~/lib/text-input";

/** Every account message a person sees, in one place so the wording stays the same on every page. */
export const authMessages = {
  signUpDone: { title: "Check your email", text: "Please check your email for the confirmation link." },
  signUpFailed: { title: "Signup Failed", text: "An unexpected error occurred during signup" },
  signInFailed: { title: "Sign In Failed", text: "" },
  signInMissing: { title: "Sign In Failed", text: "Please enter your email and password." },
  invalidCredentials: { title: "Sign In Failed", text: "Invalid email or password" },
  accountDisabled: {
    title: "Sign In Failed",
    text: "This account has been disabled. If you think this is a mistake, please contact support@fixit.co.uk.",
  },
  unverified: {
    title: "Sign In Failed",
    text: "Please confirm your email address before signing in. Check your inbox for the confirmation link, or we can send you a new one.",
  },
  emailConfirmed: { title: "Email confirmed — welcome to FixiT", text: "" },
  confirmLinkFailed: {
    title: "This confirmation link has expired",
    text: "It may have been used already or be over 24 hours old. Sign in with your email and password and we'll offer to send a new one.",
  },
  resent: { title: "Confirmation email sent", text: "If that address has an unconfirmed account, a new confirmation link is on its way." },
  signOutFailed: { title: "Sign Out Failed", text: "We could not sign you out. Please try again." },
  resetSent: { title: "Password Reset Email Sent", text: "Please check your email for the password reset link." },
  resetFailed: { title: "Password Reset Failed", text: "" },
  badResetLink: { title: "Password Reset Failed", text: "This password reset link is invalid or has expired. Please ask for a new one." },
  passwordUpdated: { title: "Password updated", text: "Your password has been changed. Please sign in with your new password." },
  rateLimited: { title: "Too many attempts", text: "Too many attempts. Please wait a few minutes and try again." },
  lockedOut: {
    title: "Too many failed sign-ins",
    text: "Too many failed sign-ins for this account. Try again later, or reset your password with “Forgot your password?”.",
  },
  unexpected: { title: "Something went wrong", text: "An unexpected error occurred. Please try again." },
} as const;

/** The API's answer to a locked-out sign-in: no page around it, so the reset link is in the text. */
export const lockedOutApiText = (resetUrl: string) => `Too many failed sign-ins for this account. Try again later, or reset your password: ${resetUrl}`;

/** The "check your email" view that ends a sign-up (app/routes/_site.auth.tsx). */
export const checkEmailCopy = {
  title: "Check your email",
  sentTo: "We've sent a confirmation link to",
  open: (place: string) => `Open it to confirm your account: it signs you in and brings you back to ${place}. The link works for 24 hours.`,
  notThere: "Not there after a few minutes? Look in your spam or junk folder, or send it again.",
  resend: "Resend confirmation email",
  wrongAddress: "Wrong address? Sign up again",
} as const;

/**
 * The account forms' limits and the toast for each failed check: what the pages need before
 * the rules themselves (./schemas, with zod) have loaded (decision 036).
 */
export const TEXT_MAX = 1000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** The toast for each failed check (title / text). */
export const formMessages = {
  nameRequired: { title: "Name required", text: "Please enter your full name." },
  invalidEmail: { title: "Invalid email", text: "Please enter a valid email address." },
  passwordRequired: { title: "Password required", text: "Please create a password." },
  weakPassword: { title: "Weak password", text: "Password must be at least 6 characters." },
  passwordMismatch: { title: "Passwords do not match", text: "Please make sure both passwords match." },
  passwordTooLong: { title: "Weak password", text: `Password must be at most ${PASSWORD_MAX} characters.` },
  userType: { title: "Invalid account type", text: "Please choose customer or fixer." },
  signInMissing: authMessages.signInMissing,
  currentPasswordRequired: { title: "Password required", text: "Please enter your current password." },
  ...(Object.fromEntries(
    Object.entries(phoneMessages).map(([problem, text]) => [`phone.${problem}`, { title: "Invalid phone number", text }]),
  ) as Record<`phone.${PhoneProblem}`, { title: string; text: string }>),
} as const;
export type FormMessageCode = keyof typeof formMessages;

export type FormProblem = { title: string; text: string; field?: string };

/**
 * The first failed check, in the schema's field order, as its toast.
 * The schemas' messages are codes of `formMessages`; the control-character rule's are shown as they are.
 */
export function firstProblem(fieldErrors: FieldErrors): FormProblem {
  const first = firstError(fieldErrors);
  const code = (first?.message ?? "") as FormMessageCode;
  const known: string[] = Object.values(textInputMessages);
  const message = formMessages[code] ?? { title: "Invalid input", text: known.includes(code) ? code : "Please check the form and try again." };
  return { title: message.title, text: message.text, field: first?.field };
}

/**
 * What every account action answers with (toasts on the page; also shown inline without JavaScript):
 * the form pipeline's result (~/lib/forms/result) with `title` and `message` always set. `reset`: the
 * form should be cleared (sign-up) or closed (reset request); `reasons`: why the server judged a
 * password weak; `unverified` and `email`: sign-in refused until the address is confirmed (offer to resend);
 * `lockedOut`: too many failed sign-ins for the account (offer the password reset).
 */
export type AuthResult = FormResult<{ title: string; message: string; reset?: true; reasons?: string[]; unverified?: true; email?: string; lockedOut?: true }>;
type AuthExtra = { reset?: true; reasons?: string[]; unverified?: true; email?: string; lockedOut?: true };

/** An account action's success. */
export function authSuccess(form: string, title: string, message: string, extra: AuthExtra = {}): AuthResult {
  return { form, status: "success", title, message, ...extra };
}

/** An account action's refusal: about one field (`invalid`, nothing typed is sent back), or about the request. */
export function authFailure(form: string, title: string, message: string, extra: AuthExtra & { field?: string } = {}): AuthResult {
  const { field, ...rest } = extra;
  return field
    ? { form, status: "invalid", title, message, fieldErrors: { [field]: message }, values: {}, ...rest }
    : { form, status: "error", title, message, ...rest };
}

/** The answer to a POST with no known intent. */
export const invalidRequest = (form: string) => authFailure(form, "Invalid request", "Please try again.");
