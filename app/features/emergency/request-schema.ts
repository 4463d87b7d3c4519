/**
 * The emergency request form's one schema (decision 081), shared by the page (checked as the
 * customer types) and the action (the authority). No server imports: this module reaches the browser.
 */
import { z } from "~/lib/zod";
import { checkTextInput } from "~/lib/text-input";
import { parseJobPostcode } from "~/features/quotes/postcodes";
import { emergencyServiceSlugs } from "./rates";
import { emergencyRequestLimits, emergencyRequestMessages } from "./request-fields";

export { emergencyRequestLimits, emergencyRequestMessages };

const trimmed = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");

export const emergencyRequestFormSchema = z.object({
  service: z.preprocess(trimmed, z.enum(emergencyServiceSlugs, emergencyRequestMessages.service)),
  postcode: z.unknown().transform((raw, ctx) => {
    const value = trimmed(raw);
    const place = value ? parseJobPostcode(value) : null;
    if (!place) {
      ctx.addIssue({ code: "custom", message: value ? emergencyRequestMessages.postcodeInvalid : emergencyRequestMessages.postcodeEmpty });
      return z.NEVER;
    }
    return place;
  }),
  description: z.unknown().transform((raw, ctx) => {
    const checked = checkTextInput(typeof raw === "string" ? raw : "", true);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    const value = checked.value.trim();
    if (value.length < emergencyRequestLimits.description.min || value.length > emergencyRequestLimits.description.max) {
      ctx.addIssue({ code: "custom", message: value.length > emergencyRequestLimits.description.max ? emergencyRequestMessages.descriptionLong : emergencyRequestMessages.descriptionShort });
      return z.NEVER;
    }
    return value;
  }),
});

export type EmergencyRequestInput = z.infer<typeof emergencyRequestFormSchema>;
