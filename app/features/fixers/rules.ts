import { parseEmail } from "~/lib/email";
import { defineSchema } from "~/lib/forms/parse";
import { parsePhone } from "~/lib/phone";
import { registrationToasts } from "./content";
import { registrationFields, registrationLimits, stripAngleBrackets, type RegistrationField } from "./registration-fields";

/**
 * The fixer forms' rules, shared by the browser (instant toasts) and the server (the authority).
 * Plain functions, no zod, so the registration page's bundle stays small; the portal's zod schemas are in schemas.ts.
 * Values trimmed with < and > stripped (they are never markup); all four details required. The email and the
 * phone follow the site-wide rules (~/lib/email, ~/lib/phone; decision 016): `07700 900123` is a
 * valid phone.
 */

/** What the server stores: stripped and trimmed. */
export function cleanText(value: unknown): string {
  return typeof value === "string" ? stripAngleBrackets(value).trim() : "";
}

export type RegistrationDetails = Record<RegistrationField, string>;

/**
 * The order of checks: anything missing (its exact toast), then the email, then the phone
 * (each with a message saying what is wrong). Returns the cleaned details or the message and the field to focus.
 */
export function checkRegistration(input: Partial<Record<string, unknown>>):
  | { ok: true; data: RegistrationDetails }
  | { ok: false; message: string; field: RegistrationField } {
  const values = Object.fromEntries(registrationFields.map((f) => [f, cleanText(input[f])])) as RegistrationDetails;
  const missing = registrationFields.find((f) => values[f] === "");
  if (missing) return { ok: false, message: registrationToasts.required, field: missing };
  if (values.firstName.length > registrationLimits.name) return { ok: false, message: registrationToasts.required, field: "firstName" };
  if (values.lastName.length > registrationLimits.name) return { ok: false, message: registrationToasts.required, field: "lastName" };
  const email = parseEmail(values.email);
  if (!email.ok) return { ok: false, message: email.message, field: "email" };
  const phone = parsePhone(values.phone);
  if (!phone.ok) return { ok: false, message: phone.message, field: "phone" };
  // Lowercased whole, like the accounts it is matched with (better-auth stores addresses lowercased).
  return { ok: true, data: { ...values, email: email.email.toLowerCase(), phone: phone.e164 } };
}

/** The registration form's schema for the form pipeline (~/lib/forms/parse), in the browser and on the server. */
export const registrationSchema = defineSchema(checkRegistration);
