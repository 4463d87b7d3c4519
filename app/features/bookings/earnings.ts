import { formatGBP } from "~/content/prices";

/** The earnings page's groups and lines (the view's types; the figures come from earnings.server.ts). */

/** The prompt while released money waits for a payout account (issue 52): "Connect your payout account to receive £81." */
export const connectPayoutText = (pence: number) => `Connect your payout account to receive ${formatGBP(pence)}.`;

/** How long a card payment usually takes to clear at Stripe in the UK, in working days (what the fixer is told to expect). */
export const FUNDS_CLEAR_WORKING_DAYS = 3;

/** A payout to the fixer's bank failed (Stripe's payout.failed, decision 078): the earnings page says so until a payout reaches the bank. */
export const PAYOUT_FAILED_TEXT = "A payout to your bank failed, so that money is owed to you again. Update your bank details from your payouts page and it is paid out again.";

/** A release whose transfer waits for the customer's payment to clear (decision 076): the earnings page and the booking page say this. */
export const ON_ITS_WAY_TEXT = `Released — on its way to your Stripe balance when the customer's payment clears (usually ${FUNDS_CLEAR_WORKING_DAYS} working days).`;

/** A line whose price includes extra charges the customer paid (decision 084). */
export const extrasIncludedText = (pence: number) => `Includes extra charges of ${formatGBP(pence)}`;

export const EARNINGS_GROUPS = ["held", "awaiting_confirmation", "released", "paid_out", "cancelled"] as const;
export type EarningsGroup = (typeof EARNINGS_GROUPS)[number];

export const EARNINGS_GROUP_LABELS: Record<EarningsGroup, string> = {
  held: "Held",
  awaiting_confirmation: "Awaiting confirmation",
  released: "Released",
  paid_out: "Paid out",
  cancelled: "Refunded or cancelled",
};

export const EARNINGS_GROUP_HINTS: Record<EarningsGroup, string> = {
  held: "Paid by the customer and held by FixiT until the job is done and confirmed.",
  awaiting_confirmation: "You marked the job done; the customer has 7 days to confirm it or report a problem.",
  released: "Yours: waiting to be transferred to your payout account.",
  paid_out: "Transferred to your payout account.",
  cancelled: "Refunded to the customer; a late cancellation pays you its fee.",
};

export type EarningsLine = {
  bookingId: number;
  title: string;
  /** The slot's date (YYYY-MM-DD). */
  slotDate: string;
  group: EarningsGroup;
  /** The booking's price and its paid extra charges' (decision 084). */
  pricePence: number;
  /** How much of the price is extra charges the customer paid (0: none). */
  extrasPence: number;
  /** The part of the price that went back to the customer (a refund, a part release, a late cancellation): price − refunded − charge = net. */
  refundedPence: number;
  /** FixiT's service charge on what the fixer earns. */
  chargePence: number;
  /** What the fixer receives (before settling: will receive). */
  netPence: number;
  lateFeePence: number;
  paidOutPence: number;
  /** Transferred, waiting at Stripe for the customer's payment to clear (decision 076): released, not yet paid out. */
  onItsWayPence: number;
};

export type EarningsTotals = Record<EarningsGroup, { count: number; pricePence: number; refundedPence: number; chargePence: number; netPence: number }>;
/** Totals of every paid booking; one page of lines (keyset: `after` this page's cursor, `next` the next page's; decision 068). */
export type EarningsPage = { lines: EarningsLine[]; totals: EarningsTotals; after: number | null; next: number | null };
