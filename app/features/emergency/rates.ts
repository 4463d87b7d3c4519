import { servicePrices, formatPriceRange, type PriceRange } from "~/content/service-prices";
import { findService, type ServiceSlug } from "~/content/services";

/**
 * The services with emergency call-outs and their published emergency rates (per hour, in pence):
 * read from the service pages' price list, the one source of every price, so a fixer's rate is
 * always inside what the service page tells customers.
 */
export const emergencyServiceSlugs = ["plumbing", "electrical", "handyman"] as const satisfies readonly ServiceSlug[];
export type EmergencyService = (typeof emergencyServiceSlugs)[number];

function emergencyRange(service: EmergencyService): PriceRange {
  const range = servicePrices[service].find((r) => r.unit === "per hour" && r.label.startsWith("Emergency"));
  if (!range) throw new Error(`no published emergency rate for ${service}`);
  return range;
}

export const emergencyRates: Readonly<Record<EmergencyService, { minPence: number; maxPence: number }>> = Object.fromEntries(
  emergencyServiceSlugs.map((s) => [s, { minPence: emergencyRange(s).minPence, maxPence: emergencyRange(s).maxPence }]),
) as Record<EmergencyService, { minPence: number; maxPence: number }>;

export const isEmergencyService = (value: unknown): value is EmergencyService => typeof value === "string" && (emergencyServiceSlugs as readonly string[]).includes(value);

export const emergencyServiceName = (service: EmergencyService): string => findService(service)?.name ?? service;

/** "£65–£85 an hour", as the field's hint and its refusal say it. */
export const rateRangeText = (service: EmergencyService): string => `${formatPriceRange(emergencyRates[service])} an hour`;
