import { formatGBP } from "~/content/prices";
import { checkTextInput } from "~/lib/text-input";
import { z } from "~/lib/zod";
import { EXTRA_DESCRIPTION_LIMIT, MAX_EXTRA_HOURS, MAX_EXTRA_PRICE_PENCE } from "./extras";
import { bookingTextLimit } from "./form-limits";

/** The extra charges' forms (decision 084): one zod schema each, used by the action (the authority) and fit for the browser. */

function singleLine(options: { min: number; max: number; label: string }) {
  return z.unknown().transform((raw, ctx) => {
    const checked = checkTextInput(typeof raw === "string" ? raw : "", false);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    const value = checked.value.trim();
    if (value.length < options.min) {
      ctx.addIssue({ code: "custom", message: `Please write at least ${options.min} characters for ${options.label}.` });
      return z.NEVER;
    }
    if (value.length > options.max) {
      ctx.addIssue({ code: "custom", message: `Please keep ${options.label} under ${options.max} characters.` });
      return z.NEVER;
    }
    return value;
  });
}

/** Pounds as typed ("45", "£1,000.50") → whole pence; null for anything else (fractions of a penny, signs, words). */
export function extraPoundsToPence(input: string): number | null {
  const value = input.replace(/[£,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [pounds, pence = ""] = value.split(".");
  return Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
}

const asString = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");

/** The fixer's extra hours on a booking priced by the hour: a whole number from 1 to 8. */
export const extraHoursFormSchema = z.object({
  hours: z.preprocess(
    asString,
    z
      .string()
      .regex(/^\d{1,2}$/, `Enter a whole number of hours from 1 to ${MAX_EXTRA_HOURS}.`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_EXTRA_HOURS, `Enter a whole number of hours from 1 to ${MAX_EXTRA_HOURS}.`),
  ),
});

/** The fixer's extra amount: what it is for, and a price above £0 and at most £1,000. */
export const extraAmountFormSchema = z.object({
  description: singleLine({ min: 3, max: EXTRA_DESCRIPTION_LIMIT, label: "what the extra is for" }),
  amount: z.preprocess(
    asString,
    z
      .string()
      .transform((value, ctx) => {
        const pence = extraPoundsToPence(value);
        if (pence === null || pence <= 0 || pence > MAX_EXTRA_PRICE_PENCE) {
          ctx.addIssue({ code: "custom", message: `Enter an amount above £0 and at most ${formatGBP(MAX_EXTRA_PRICE_PENCE)}, like 45 or 45.50.` });
          return z.NEVER;
        }
        return pence;
      }),
  ),
});

/** The customer's reason for declining an extra (the fixer is told it). */
export const declineExtraFormSchema = z.object({ reason: singleLine({ min: 3, max: bookingTextLimit, label: "your reason" }) });
