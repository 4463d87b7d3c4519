/**
 * The postcode check on each service page. The browser and the server read the postcode the same
 * way here (format only: a full postcode or its outward code); whether a fixer covers it is the
 * one coverage answer, from the database (`coverageFor`, decision 043): the page's loader asks it
 * for the GET form without JavaScript, the browser through GET /request/coverage.
 */
import { parseCoveragePlace } from "~/features/quotes/postcodes";
import { findPostcodeIn } from "./find-postcode";

export { findPostcodeIn };

export type PostcodeCheck =
  | { status: "invalid"; input: string; message: string }
  | { status: "covered"; postcode: string; district: string; fixers: number }
  | { status: "not-yet"; postcode: string; district: string };

// One field, checked by this one function on the server (the GET form) and in the browser alike.
// No zod here: it would add ~25 KB gz to every service page's first load for a single string.
const messages = {
  empty: "Enter a postcode, for example SW1A 1AA.",
  tooLong: "That is too long for a UK postcode. Enter it like SW1A 1AA or M1.",
  invalid: "That doesn't look like a UK postcode. Enter it like SW1A 1AA, or just the first part, like M1.",
} as const;

/** A full postcode ("SW1A 1AA") or just its outward code ("M1"), normalised; or the message to show. */
export function readPostcode(input: string): { ok: true; postcode: string } | { ok: false; check: PostcodeCheck } {
  const trimmed = input.trim();
  const invalid = (message: string) => ({ ok: false as const, check: { status: "invalid" as const, input, message } });
  if (!trimmed) return invalid(messages.empty);
  if (trimmed.length > 10) return invalid(messages.tooLong);
  const place = parseCoveragePlace(trimmed.toUpperCase().replace(/\s+/g, " "));
  return place ? { ok: true, postcode: place.postcode } : invalid(messages.invalid);
}

/** The check's result from the coverage answer. */
export function checkFromCoverage(answer: { covered: boolean; postcode: string; district: string; fixers: number }): PostcodeCheck {
  return answer.covered
    ? { status: "covered", postcode: answer.postcode, district: answer.district, fixers: answer.fixers }
    : { status: "not-yet", postcode: answer.postcode, district: answer.district };
}
