/**
 * Every fee and product price the site shows, in one typed file (the services' indicative ranges
 * are in service-prices.ts, so a page that shows only a fee does not load every service's table).
 * Pages import from these two and never write a "£" amount of their own;
 * tests/content-pages.test.ts checks every "£" figure on every public page against `allPricePence()`.
 *
 * Money is held in pence (integers) so that £1.20 and £3.99 are exact.
 */
import { formatCount } from "~/content/format";

/** Percentages: the customer pays 5% on top at checkout; the fixer's payout has 10% deducted. */
export const fees = {
  customerServiceFeePercent: 5,
  fixerServiceChargePercent: 10,
} as const;

export type Product = {
  name: string;
  pricePence: number;
  /** How the charge behaves, in words a customer reads. */
  terms: string;
};


/**
 * Where a booking's money is until the job is confirmed, in the words every page uses. FixiT holds it
 * through its payment provider; it is not an escrow agent, so no page says "escrow" (decision 054).
 */
export const heldUntilConfirmed = "held by FixiT until you confirm the job is done";

/** The three one-time payments the site takes today. */
export const products = {
  fixerOnboarding: { name: "Fixer onboarding fee", pricePence: 399, terms: "one-time, non-refundable" },
  vipAccess: { name: "VIP early access", pricePence: 199, terms: "one-time, lifetime access" },
  earlyAccessDonation: { name: "Early access donation", pricePence: 199, terms: "one-time" },
  /** Priced per booking (the quote's price plus the fee): 0 here means "the checkout names the amount". */
  booking: { name: "FixiT booking", pricePence: 0, terms: heldUntilConfirmed },
} as const satisfies Record<string, Product>;

/** A product's price with its terms, each word once: "£1.99 (one-time, lifetime access)". */
export function priceWithTerms(product: Product): string {
  return `${formatGBP(product.pricePence)} (${product.terms})`;
}

/**
 * The promotions every customer may get (not VIP benefits: decision 065): the early-bird discount
 * (the first 100 customers to pay for a booking, on their first three released bookings; decision 075) and the referral credit for both sides.
 */
export const vipPromotions = {
  earlyBird: { discountPercent: 50, bookings: 3, firstUsers: 100 },
  referral: { creditPence: 2500 },
} as const;

/** The marketing claim "Professionals can earn up to £40/hour", kept here with the other figures. */
export const earningsClaimPerHour = { maxPence: 4000 } as const;

/**
 * VAT on a booking, as receipts and the terms word it. FixiT adds no VAT to a booking's price or its
 * fees, and no VAT registration is recorded in ~/content/company, so nothing claims one.
 */
export const bookingVatStatement = "No VAT is charged on this booking.";

/** Free cancellation up to this many hours before the service starts. */
export const freeCancellationHours = 24;

/**
 * A customer who cancels a booking later than `freeCancellationHours` before its slot pays this fee,
 * and it goes to the fixer in full: a share of the price, never more than the cap (shown before paying).
 */
export const lateCancellationFee = { percentOfPrice: 20, maxPence: 3000 } as const;

/** The late-cancellation fee's rule as pages and the terms quote it (app/features/bookings/pricing.ts `lateFeeFor` applies it). */
// The call is marked pure so that a chunk importing prices.ts for something else leaves this out (the JS budgets).
export const lateCancellationRule = `${lateCancellationFee.percentOfPrice}% of the price, at most ${/* @__PURE__ */ formatGBP(lateCancellationFee.maxPence)}`;

/** After the fixer marks a job done: the customer is reminded after these days, and staff review it after the last (the money stays held). */
export const confirmationTimeline = { reminderDays: [2, 5], staffReviewDays: 7 } as const;

/** How long a fixer has to answer a case ("the fixer did not come", a cancellation after the slot started) before it is settled as claimed (decision 064). */
export const caseAnswerHours = 48;

/** The wording every price display carries (indicative, plus the 5% fee). */
export const priceDisclaimer = `Prices are indicative ranges; your fixer confirms a fixed quote before you book. A ${fees.customerServiceFeePercent}% customer service fee is added at checkout.`;

/**
 * The one pence formatter (issue 48): "£45", "£1.20", "£3.99", "£1,500", "£1,234.56" — whole pounds
 * lose their pence. For pages, emails and receipts; a negative amount is refused, so a page never
 * shows a negative price by mistake. Not Intl.NumberFormat: see ~/content/format. Every public page
 * ships this function (tests/js-budget.test.ts): the other ways of writing an amount are
 * `formatGBPAs` (~/content/money), derived from it, in a module of its own so those pages never load it.
 */
export function formatGBP(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`not a whole, non-negative number of pence: ${pence}`);
  const pennies = pence % 100;
  return `£${formatCount(Math.floor(pence / 100))}${pennies === 0 ? "" : `.${String(pennies).padStart(2, "0")}`}`;
}
