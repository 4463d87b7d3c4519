import { formatGBP } from "~/content/prices";
import { checkTextInput } from "~/lib/text-input";
import { z } from "~/lib/zod";
import { bookingTextLimit } from "./form-limits";

/**
 * Extra charges on a booking (decision 084): the limits, the forms' schemas (one per form, used by the
 * browser and re-checked by the action) and the words the pages and emails use. No server imports:
 * this module reaches the browser bundle.
 */

/** At most this many extras may be asked for on one booking, whatever became of them (declined ones count: no pestering). */
export const MAX_EXTRAS_PER_BOOKING = 3;
/** At most this many extra hours in one extra. */
export const MAX_EXTRA_HOURS = 8;
/** At most £1,000 in one extra (its price, before the customer's fee). */
export const MAX_EXTRA_PRICE_PENCE = 100_000;
/** How long an accepted extra's checkout stays open before the extra expires unpaid (a payment after that is refunded). */
export const EXTRA_PAYMENT_WINDOW_MS = 2 * 3_600_000;
/** How long a description of an extra may be. */
export const EXTRA_DESCRIPTION_LIMIT = 200;

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

/** An extra as the booking page shows it. */
export type ExtraView = {
  id: number;
  /** "2 extra hours at £65.00 an hour", or the fixer's description. */
  label: string;
  state: "offered" | "declined" | "pending_payment" | "paid" | "released" | "refunded" | "expired" | "withdrawn";
  stateLabel: string;
  pricePence: number;
  customerFeePence: number;
  totalPence: number;
  fixerChargePence: number;
  fixerNetPence: number;
  declineReason: string | null;
};

/** What the booking page says of extras and offers for them. */
export type ExtrasPanel = {
  extras: ExtraView[];
  /** The fixer's page: which form to offer (hours on a booking priced by the hour), or null when no extra may be asked for now. */
  canAdd: { kind: "hours"; hourlyRatePence: number } | { kind: "amount" } | null;
  /** Why the fixer cannot add one now (the limit was reached), when the booking is otherwise open for extras. */
  addRefusal: string | null;
  /** The customer's page: an extra waits for their answer or payment, so the booking cannot be confirmed yet. */
  blocksConfirm: boolean;
};

export const extraLabel = (extra: { kind: string; hours: number | null; hourlyRatePence: number | null; description: string | null }) =>
  extra.kind === "hours" ? `${extra.hours} extra ${extra.hours === 1 ? "hour" : "hours"} at ${formatGBP(extra.hourlyRatePence ?? 0)} an hour` : (extra.description ?? "Extra charge");

export const extrasCopy = {
  heading: "Extra charges",
  customerIntro: "The fixer asked for more than the booking's price. Accept and pay it, or decline it and tell them why; the booking stays as it was if you decline.",
  fixerIntro: "Ask the customer for extra hours or an extra amount. They accept and pay it before confirming the job, or decline it.",
  confirmBlocked: "An extra charge waits for your answer: accept and pay it, or decline it, before confirming the job.",
  accept: (totalPence: number) => `Accept and pay ${formatGBP(totalPence)}`,
  decline: "Decline",
  addHours: "Ask for extra hours",
  addAmount: "Ask for an extra amount",
  limitReached: `You have asked for ${MAX_EXTRAS_PER_BOOKING} extra charges on this booking, the most one booking may have.`,
  feeLine: (extra: Pick<ExtraView, "pricePence" | "customerFeePence">) => `${formatGBP(extra.pricePence)} + ${formatGBP(extra.customerFeePence)} service fee`,
  fixerLine: (extra: Pick<ExtraView, "fixerChargePence" | "fixerNetPence">) => `You receive ${formatGBP(extra.fixerNetPence)} (after the ${formatGBP(extra.fixerChargePence)} service charge)`,
  flash: {
    offered: { kind: "success", title: "Extra charge sent", text: "We have asked the customer to accept and pay it, or decline it." },
    declined: { kind: "success", title: "Extra charge declined", text: "The booking stays as it was; we have told the fixer your reason." },
  },
} as const;
