/**
 * The emergency request form's limits and messages, without zod: what the page needs to render. Its
 * schema (./request-schema.ts) loads when the customer first reaches into the form.
 */
import { formatCount } from "~/content/format";
import { postcodeMessages } from "~/features/quotes/postcodes";

/** Photos: as many as a job takes (the server checks with the job's own limit). */
export const emergencyRequestLimits = { description: { min: 10, max: 2000 }, photos: 5 } as const;

export const emergencyRequestMessages = {
  service: "Choose plumbing, electrical or handyman: emergency call-outs are for those three.",
  postcodeEmpty: "Enter the postcode where the emergency is, for example SW1A 1AA.",
  postcodeInvalid: postcodeMessages.invalid,
  descriptionShort: `Please tell us what is wrong in at least ${emergencyRequestLimits.description.min} characters.`,
  descriptionLong: `Please keep what is wrong under ${formatCount(emergencyRequestLimits.description.max)} characters.`,
} as const;
