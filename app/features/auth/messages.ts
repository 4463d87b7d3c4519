/** Every account message a person sees (spec §5 and §8 word for word where the spec has them). */
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
  resent: { title: "Confirmation email sent", text: "If that address has an unconfirmed account, a new confirmation link is on its way." },
  signOutFailed: { title: "Sign Out Failed", text: "We could not sign you out. Please try again." },
  resetSent: { title: "Password Reset Email Sent", text: "Please check your email for the password reset link." },
  resetFailed: { title: "Password Reset Failed", text: "" },
  badResetLink: { title: "Password Reset Failed", text: "This password reset link is invalid or has expired. Please ask for a new one." },
  passwordUpdated: { title: "Password updated", text: "Your password has been changed. Please sign in with your new password." },
  rateLimited: { title: "Too many attempts", text: "Too many attempts. Please wait a few minutes and try again." },
  unexpected: { title: "Something went wrong", text: "An unexpected error occurred. Please try again." },
} as const;

/** What every account action answers with (toasts on the page; also shown inline without JavaScript). */
export type AuthResult = {
  ok: boolean;
  title: string;
  text: string;
  /** The form should be cleared (sign-up) or closed (reset request). */
  reset?: boolean;
  field?: string;
  /** The password was judged weak: the server's reasons. */
  reasons?: string[];
  /** Sign-in refused because the email is not confirmed yet: offer to resend. */
  unverified?: boolean;
  email?: string;
};
