import { z } from "~/lib/zod";
import { gateToasts, onboardingMessages, onboardingUploadLimits, type NumberField, type TextField } from "./portal-content";
import { cleanText } from "./rules";
import { formatCount } from "~/content/format";

/** The server's schemas for the portal (the browser checks the same rules by hand in onboarding-form.tsx). */

export * from "./rules";

/** The access code: no format rule (a wrong code is simply not found); only a sane length before the server looks it up. */
export const accessCodeSchema = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().min(1, gateToasts.required.description).max(64, gateToasts.invalid.description));

const onboardingText = z
  .string()
  .transform(cleanText)
  .pipe(z.string().min(1, onboardingMessages.required).max(onboardingUploadLimits.maxTextLength, `Please keep each answer under ${formatCount(onboardingUploadLimits.maxTextLength)} characters.`));

/** A register or certificate number: optional; when given, letters, digits, spaces and dashes only. Empty → null. */
const registerNumber = z
  .string()
  .optional()
  .transform((v) => cleanText(v ?? ""))
  .pipe(z.union([z.literal(""), z.string().regex(/^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 -]{2,19}$/, onboardingMessages.badNumber)]))
  .transform((v) => (v === "" ? null : v.toUpperCase()));

/** The onboarding texts and numbers (files are checked separately while they stream). */
export const onboardingTextSchema = z.object({
  qualifications: onboardingText,
  expertise: onboardingText,
  insurance: onboardingText,
  rightToWorkShareCode: registerNumber,
  gasSafeNumber: registerNumber,
  electricalNumber: registerNumber,
  dbsNumber: registerNumber,
} satisfies Record<TextField | NumberField, unknown>);

export type OnboardingTexts = z.infer<typeof onboardingTextSchema>;
