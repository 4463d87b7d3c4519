import { registrationToasts } from "./content";

/**
 * The fixer forms' rules, shared by the browser (instant toasts) and the server (the authority).
 * Plain functions, no zod, so the pages' bundles stay small; the server-only schemas are in schemas.ts.
 * Spec 001 §5: values trimmed with < and > stripped; all four details required; email without
 * spaces; phone, after removing spaces, hyphens and parentheses: optional +, a non-zero digit,
 * then up to 15 more digits.
 */

/** Applied as the person types: < and > never reach the field. */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}

/** What the server stores: stripped and trimmed. */
export function cleanText(value: unknown): string {
  return typeof value === "string" ? stripAngleBrackets(value).trim() : "";
}

export const registrationLimits = { name: 100, email: 254, phone: 30 } as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export function phoneDigits(phone: string): string {
  return phone.replace(/[\s\-()]/g, "");
}

export function isValidFixerEmail(email: string): boolean {
  return email.length <= registrationLimits.email && EMAIL_PATTERN.test(email);
}

export function isValidFixerPhone(phone: string): boolean {
  return phone.length <= registrationLimits.phone && PHONE_PATTERN.test(phoneDigits(phone));
}

export type RegistrationField = "firstName" | "lastName" | "email" | "phone";
export const registrationFields: readonly RegistrationField[] = ["firstName", "lastName", "email", "phone"];

export type RegistrationDetails = Record<RegistrationField, string>;

/**
 * The spec's order of checks, each with its exact toast: anything missing, then the email, then the
 * phone. Returns the cleaned details or the message and the field to focus.
 */
export function checkRegistration(input: Partial<Record<string, unknown>>):
  | { ok: true; data: RegistrationDetails }
  | { ok: false; message: string; field: RegistrationField } {
  const values = Object.fromEntries(registrationFields.map((f) => [f, cleanText(input[f])])) as RegistrationDetails;
  const missing = registrationFields.find((f) => values[f] === "");
  if (missing) return { ok: false, message: registrationToasts.required, field: missing };
  if (values.firstName.length > registrationLimits.name) return { ok: false, message: registrationToasts.required, field: "firstName" };
  if (values.lastName.length > registrationLimits.name) return { ok: false, message: registrationToasts.required, field: "lastName" };
  if (!isValidFixerEmail(values.email)) return { ok: false, message: registrationToasts.invalidEmail, field: "email" };
  if (!isValidFixerPhone(values.phone)) return { ok: false, message: registrationToasts.invalidPhone, field: "phone" };
  return { ok: true, data: { ...values, email: values.email.toLowerCase() } };
}

/** The hidden field bots fill (the public forms' own): a filled one is dropped. */
export { HONEYPOT_FIELD as FIXER_HONEYPOT_FIELD } from "~/components/honeypot";
