import { formatGBP } from "~/content/prices";

/**
 * Extra charges on a booking (decision 084): the limits, the view's types and the words the pages and
 * emails use. No server imports and no zod: the booking page's view loads it (the forms' schemas are
 * in ./extras-schemas.ts).
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
