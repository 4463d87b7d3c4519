/**
 * The coverage answer as the browser gets it (GET /request/coverage, computed by `coverageFor` in
 * ./coverage.server.ts), and the one way the browser asks for it: the job form, the service pages'
 * postcode check and the assistant all call `fetchCoverage`. No server imports.
 */
import type { ServiceSlug } from "~/content/services";
import { quotePaths } from "./paths";

export type CoverageAnswer = {
  /** At least one approved fixer taking jobs offers the service (any service when null) there. */
  covered: boolean;
  fixers: number;
  /** As checked, normalised: "N1 9GU" or "N1". */
  postcode: string;
  district: string;
  service: ServiceSlug | null;
};

export const coverageMessages = {
  invalid: "Enter a UK postcode like N1 9GU, or just its first part like N1.",
  failed: "We couldn't check that just now. Please try again.",
} as const;

export function coverageAnswer(coverage: { place: { postcode: string; district: string }; service: ServiceSlug | null; fixers: number }): CoverageAnswer {
  return { covered: coverage.fixers > 0, fixers: coverage.fixers, postcode: coverage.place.postcode, district: coverage.place.district, service: coverage.service };
}

export const coveragePath = (service: string | null, postcode: string) =>
  `${quotePaths.request}/coverage?${new URLSearchParams(service ? { service, postcode } : { postcode })}`;

/** Asks the server; an answer, or `{ error }` with the message to show (bad postcode, too many checks, offline). */
export async function fetchCoverage(service: string | null, postcode: string, signal?: AbortSignal): Promise<CoverageAnswer | { error: string }> {
  try {
    const res = await fetch(coveragePath(service, postcode), { signal, headers: { accept: "application/json" } });
    const body = (await res.json()) as Partial<CoverageAnswer> & { error?: string };
    if (!res.ok || typeof body.covered !== "boolean") return { error: body.error ?? coverageMessages.failed };
    return body as CoverageAnswer;
  } catch (error) {
    if (signal?.aborted) throw error;
    return { error: coverageMessages.failed };
  }
}

/** Where a customer posts a job for this service and postcode (the form comes filled in). */
export const requestPathForPlace = (service: string | null, postcode: string) =>
  `${quotePaths.request}?${new URLSearchParams(service ? { service, postcode } : { postcode })}`;

/** The area waitlist's page, filled in with what was checked. */
export const areaWaitlistPath = (service: string | null, postcode: string) =>
  `/waitlist?${new URLSearchParams(service ? { service, postcode } : { postcode })}`;
