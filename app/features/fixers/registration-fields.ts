import { EMAIL_MAX, PHONE_INPUT_MAX } from "~/lib/contact-fields";

/**
 * What the registration form needs to render: its name, fields and limits. The checks themselves
 * (./rules.ts, with the email and phone rules) reach the browser after the page has loaded.
 */

/** The registration form's name: its fetcher's key and the `form` of its answers. */
export const REGISTRATION_FORM = "fixer-registration";

export const registrationLimits = { name: 100, email: EMAIL_MAX, phone: PHONE_INPUT_MAX } as const;

export type RegistrationField = "firstName" | "lastName" | "email" | "phone";
export const registrationFields: readonly RegistrationField[] = ["firstName", "lastName", "email", "phone"];

/** Applied as the person types: < and > never reach the field. */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}
