/**
 * Every price and fee the site shows, in one typed file. Pages import from here and never
 * write a "£" amount of their own; tests/content-pages.test.ts checks every "£" figure on
 * every public page against `allPricePence()`.
 *
 * Money is held in pence (integers) so that £1.20 and £3.99 are exact.
 */
import type { ServiceSlug } from "~/content/services";

export type PriceUnit = "call-out" | "per hour" | "per job" | "per room" | "per m²" | "per mile" | "per night" | "per week" | "per walk";

export type PriceRange = {
  /** What the range is for, e.g. "Call-out fee". */
  label: string;
  minPence: number;
  maxPence: number;
  unit: PriceUnit;
};

/** Indicative GBP ranges for every service (spec 001 §9). Fixers quote each job upfront. */
export const servicePrices: Readonly<Record<ServiceSlug, readonly PriceRange[]>> = {
  plumbing: [
    { label: "Call-out fee", minPence: 4500, maxPence: 6500, unit: "call-out" },
    { label: "Hourly rate", minPence: 3500, maxPence: 5500, unit: "per hour" },
    { label: "Emergency rate", minPence: 6500, maxPence: 8500, unit: "per hour" },
  ],
  electrical: [
    { label: "Call-out fee", minPence: 5000, maxPence: 7000, unit: "call-out" },
    { label: "Hourly rate", minPence: 4000, maxPence: 6000, unit: "per hour" },
    { label: "Emergency rate", minPence: 7000, maxPence: 9000, unit: "per hour" },
  ],
  cleaning: [
    { label: "Regular cleaning", minPence: 1500, maxPence: 2500, unit: "per hour" },
    { label: "Deep cleaning", minPence: 2000, maxPence: 3000, unit: "per hour" },
    { label: "One-off clean", minPence: 1800, maxPence: 2800, unit: "per hour" },
  ],
  assembly: [
    { label: "Simple item", minPence: 2500, maxPence: 4500, unit: "per job" },
    { label: "Medium item", minPence: 4500, maxPence: 8500, unit: "per job" },
    { label: "Complex item", minPence: 8500, maxPence: 15000, unit: "per job" },
  ],
  painting: [
    { label: "Medium room", minPence: 15000, maxPence: 30000, unit: "per room" },
    { label: "Interior walls", minPence: 1200, maxPence: 2500, unit: "per m²" },
    { label: "Exterior walls", minPence: 1500, maxPence: 3000, unit: "per m²" },
  ],
  moving: [
    { label: "Local move", minPence: 7500, maxPence: 12000, unit: "per hour" },
    { label: "Long distance", minPence: 120, maxPence: 250, unit: "per mile" },
    { label: "Packing service", minPence: 2500, maxPence: 4000, unit: "per hour" },
  ],
  handyman: [
    { label: "Standard jobs", minPence: 2500, maxPence: 4500, unit: "per hour" },
    { label: "Specialist jobs", minPence: 3500, maxPence: 5500, unit: "per hour" },
    { label: "Emergency call", minPence: 4500, maxPence: 6500, unit: "per hour" },
  ],
  landscaping: [
    { label: "Garden maintenance", minPence: 2000, maxPence: 3500, unit: "per hour" },
    { label: "Garden design", minPence: 3500, maxPence: 5500, unit: "per hour" },
    { label: "Installation", minPence: 3000, maxPence: 5000, unit: "per hour" },
  ],
  "dog-walking": [
    { label: "30-minute walk", minPence: 1200, maxPence: 1800, unit: "per walk" },
    { label: "1-hour walk", minPence: 2000, maxPence: 2800, unit: "per walk" },
  ],
  "house-sitting": [
    { label: "Overnight stay", minPence: 2500, maxPence: 4500, unit: "per night" },
    { label: "Weekly sitting", minPence: 15000, maxPence: 28000, unit: "per week" },
  ],
  nanny: [
    { label: "Babysitting", minPence: 800, maxPence: 1500, unit: "per hour" },
    { label: "Nanny", minPence: 1200, maxPence: 2200, unit: "per hour" },
  ],
};

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

/** The three one-time payments the site takes today. */
export const products = {
  fixerOnboarding: { name: "Fixer onboarding fee", pricePence: 399, terms: "one-time, non-refundable" },
  vipAccess: { name: "VIP early access", pricePence: 199, terms: "one-time, lifetime access" },
  earlyAccessDonation: { name: "Early access donation", pricePence: 199, terms: "one-time" },
} as const satisfies Record<string, Product>;

/** A product's price with its terms, each word once: "£1.99 (one-time, lifetime access)". */
export function priceWithTerms(product: Product): string {
  return `${formatGBP(product.pricePence)} (${product.terms})`;
}

/** The VIP promotions (spec 001 §2, §9): the early-bird discount and the referral bonus for both sides. */
export const vipPromotions = {
  earlyBird: { discountPercent: 50, bookings: 3, firstUsers: 100 },
  referral: { creditPence: 2500, fixCoins: 100 },
} as const;

/** The marketing claim "Professionals can earn up to £40/hour" (spec 000 §1). */
export const earningsClaimPerHour = { maxPence: 4000 } as const;

/** Free cancellation up to this many hours before the service starts. */
export const freeCancellationHours = 24;

/** The wording every price display carries (indicative, plus the 5% fee). */
export const priceDisclaimer = `Prices are indicative ranges; your fixer confirms a fixed quote before you book. A ${fees.customerServiceFeePercent}% customer service fee is added at checkout.`;

/** "£45", "£1.20", "£3.99", "£1,500" — whole pounds lose their pence. */
export function formatGBP(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`not a whole, non-negative number of pence: ${pence}`);
  const pounds = pence / 100;
  return new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: "GBP",
    minimumFractionDigits: pence % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(pounds);
}

/** "£45–£65": both ends carry the pound sign, so every figure on a page is checkable. */
export function formatPriceRange(range: Pick<PriceRange, "minPence" | "maxPence">): string {
  if (range.maxPence < range.minPence) throw new RangeError(`range ends below its start: ${range.minPence}–${range.maxPence}`);
  if (range.minPence === range.maxPence) return formatGBP(range.minPence);
  return `${formatGBP(range.minPence)}–${formatGBP(range.maxPence)}`;
}

const unitSuffix: Record<PriceUnit, string> = {
  "call-out": "call-out",
  "per hour": "/hr",
  "per job": "per job",
  "per room": "per room",
  "per m²": "per m²",
  "per mile": "per mile",
  "per night": "per night",
  "per week": "per week",
  "per walk": "per walk",
};

/** "£35–£55/hr", "£45–£65 call-out", "£1.20–£2.50 per mile". */
export function formatPriceWithUnit(range: PriceRange): string {
  const suffix = unitSuffix[range.unit];
  return suffix.startsWith("/") ? `${formatPriceRange(range)}${suffix}` : `${formatPriceRange(range)} ${suffix}`;
}

/** The lowest price of a service, for "from £15" teasers. */
export function startingPricePence(slug: ServiceSlug): number {
  return Math.min(...servicePrices[slug].map((r) => r.minPence));
}

/** "£35/hr", "£1.20 per mile": a service's lowest price with its unit. */
export function formatStartingPrice(slug: ServiceSlug): string {
  const cheapest = servicePrices[slug].reduce((a, b) => (b.minPence < a.minPence ? b : a));
  return formatPriceWithUnit({ ...cheapest, maxPence: cheapest.minPence });
}

/** Every pence amount this file defines: the set of figures a page may show after "£". */
export function allPricePence(): Set<number> {
  const amounts = new Set<number>();
  for (const ranges of Object.values(servicePrices)) {
    for (const r of ranges) {
      amounts.add(r.minPence);
      amounts.add(r.maxPence);
    }
  }
  for (const p of Object.values(products)) amounts.add(p.pricePence);
  amounts.add(earningsClaimPerHour.maxPence);
  amounts.add(vipPromotions.referral.creditPence);
  return amounts;
}
