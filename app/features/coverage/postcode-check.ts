/**
 * The postcode check on each service page: is this UK postcode in an area FixiT serves today?
 * Answers from ~/content/coverage; the format is checked with the `postcode` package. Runs on the
 * server (the GET form without JavaScript) and in the browser (instant answer) alike.
 */
import { parse, validOutcode } from "postcode";
import { type CoverageArea, findCoverageByPostcodeArea } from "~/content/coverage";

export type PostcodeCheck =
  | { status: "invalid"; input: string; message: string }
  | { status: "covered"; postcode: string; area: CoverageArea }
  | { status: "not-yet"; postcode: string };

// One field, checked by this one function on the server (the GET form) and in the browser alike.
// No zod here: it would add ~25 KB gz to every service page's first load for a single string.
const messages = {
  empty: "Enter a postcode, for example SW1A 1AA.",
  tooLong: "That is too long for a UK postcode. Enter it like SW1A 1AA or M1.",
} as const;
const invalidMessage = "That doesn't look like a UK postcode. Enter it like SW1A 1AA, or just the first part, like M1.";

/** Checks a full postcode ("SW1A 1AA") or just its outward code ("M1"). */
export function checkPostcode(input: string): PostcodeCheck {
  const trimmed = input.trim();
  if (!trimmed) return { status: "invalid", input, message: messages.empty };
  if (trimmed.length > 10) return { status: "invalid", input, message: messages.tooLong };
  const value = trimmed.toUpperCase().replace(/\s+/g, " ");

  const full = parse(value);
  let normalised: string;
  let area: string;
  if (full.valid) {
    normalised = full.postcode;
    area = full.area;
  } else if (validOutcode(value.replace(/\s/g, ""))) {
    normalised = value.replace(/\s/g, "");
    area = normalised.match(/^[A-Z]{1,2}/)![0];
  } else {
    return { status: "invalid", input, message: invalidMessage };
  }
  const coverage = findCoverageByPostcodeArea(area);
  return coverage ? { status: "covered", postcode: normalised, area: coverage } : { status: "not-yet", postcode: normalised };
}

/** A postcode anywhere in a sentence ("do you cover SW1A 1AA?"), or null. */
export function findPostcodeIn(text: string): string | null {
  const match = text.toUpperCase().match(/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/);
  return match && parse(match[0]).valid ? match[0] : null;
}
