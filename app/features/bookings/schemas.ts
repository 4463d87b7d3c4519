import { formatCount } from "~/lib/format";
import { checkTextInput } from "~/lib/text-input";
import { z } from "~/lib/zod";
import { poundsToPence } from "~/features/quotes/job-fields";
import { SLOT_WINDOWS } from "./slots";

/**
 * The booking pages' forms: one zod schema each, used by the browser and re-checked by the action.
 * No server imports: this module reaches the browser bundle.
 */

export const bookingTextLimit = 2000;

function text(options: { min: number; label: string }) {
  return z.unknown().transform((raw, ctx) => {
    const checked = checkTextInput(typeof raw === "string" ? raw : "", true);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    const value = checked.value.trim();
    if (value.length < options.min) {
      ctx.addIssue({ code: "custom", message: options.min <= 1 ? `Please write ${options.label}.` : `Please write at least ${options.min} characters for ${options.label}.` });
      return z.NEVER;
    }
    if (value.length > bookingTextLimit) {
      ctx.addIssue({ code: "custom", message: `Please keep ${options.label} under ${formatCount(bookingTextLimit)} characters.` });
      return z.NEVER;
    }
    return value;
  });
}

const optionalString = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");

/** The slot: one of the fixer's ("<date>|<window>") or "own" with a date and window of the customer's choosing. */
export const bookSlotFormSchema = z
  .object({
    slot: z.preprocess(optionalString, z.string().min(1, "Choose a slot, or propose your own.").max(40)),
    ownDate: z.preprocess(optionalString, z.string().max(10)),
    ownWindow: z.preprocess(optionalString, z.string().max(10)),
  })
  .transform((v, ctx) => {
    const own = v.slot === "own";
    const [date, window] = own ? [v.ownDate, v.ownWindow] : v.slot.split("|");
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      ctx.addIssue({ code: "custom", path: [own ? "ownDate" : "slot"], message: own ? "Choose the date you would like." : "Choose a slot, or propose your own." });
      return z.NEVER;
    }
    if (!(SLOT_WINDOWS as readonly string[]).includes(window ?? "")) {
      ctx.addIssue({ code: "custom", path: [own ? "ownWindow" : "slot"], message: "Choose morning, afternoon or evening." });
      return z.NEVER;
    }
    return { date, window: window as (typeof SLOT_WINDOWS)[number] };
  });

export const markDoneFormSchema = z.object({ note: text({ min: 0, label: "a note" }) });
export const reportProblemFormSchema = z.object({ reason: text({ min: 10, label: "what went wrong" }) });
export const cancelFormSchema = z.object({ reason: text({ min: 0, label: "a reason" }) });
export const fixerCancelFormSchema = z.object({ reason: text({ min: 5, label: "a reason" }) });

/** A range quote's one price, fixed by its fixer before it can be booked (the range is checked by the service). */
export const fixPriceFormSchema = z.object({
  price: z.unknown().transform((raw, ctx) => {
    const pence = typeof raw === "string" ? poundsToPence(raw) : null;
    if (pence === null || pence <= 0) {
      ctx.addIssue({ code: "custom", message: "Enter the price in pounds, for example 120 or 120.50." });
      return z.NEVER;
    }
    return pence;
  }),
});
