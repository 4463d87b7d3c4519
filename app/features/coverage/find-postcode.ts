import { parse } from "postcode";

/** A postcode anywhere in a sentence ("do you cover SW1A 1AA?"), or null. */
export function findPostcodeIn(text: string): string | null {
  const match = text.toUpperCase().match(/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/);
  return match && parse(match[0]).valid ? match[0] : null;
}
