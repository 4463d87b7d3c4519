import type { DbOrTx } from "#server/db/client.ts";
import type { ServiceSlug } from "~/content/services";
import { coverageAnswer } from "~/features/quotes/coverage-answer";
import { coverageFor } from "~/features/quotes/coverage.server";
import { checkFromCoverage, readPostcode, type PostcodeCheck } from "./postcode-check";

/** The service page's postcode check without JavaScript: the format, then the coverage answer. */
export async function postcodeCheckFor(db: DbOrTx, service: ServiceSlug, input: string): Promise<PostcodeCheck> {
  const read = readPostcode(input);
  if (!read.ok) return read.check;
  return checkFromCoverage(coverageAnswer((await coverageFor(db, service, read.postcode))!));
}
