/**
 * Indicative GBP ranges for every service, and how they are written. Money is in pence.
 */
import type { ServiceSlug } from "~/content/services";
import { earningsClaimPerHour, formatGBP, lateCancellationFee, products, vipPromotions } from "~/content/prices";

export type PriceUnit = "call-out" | "per hour" | "per job" | "per room" | "per m²" | "per mile" | "per night" | "per week" | "per walk";

export type PriceRange = {
  /** What the range is for, e.g. "Call-out fee". */
  label: string;
  minPence: number;
  maxPence: number;
  unit: PriceUnit;
};

/** Indicative GBP ranges for every service. Fixers quote each job upfront. */
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
  for (const p of Object.values(products)) if (p.pricePence > 0) amounts.add(p.pricePence);
  amounts.add(earningsClaimPerHour.maxPence);
  amounts.add(vipPromotions.referral.creditPence);
  amounts.add(lateCancellationFee.maxPence);
  return amounts;
}
