/**
 * UK postcodes for jobs and fixer coverage. A job keeps its full postcode (private) and the three
 * levels matching reads: the outward code ("SW1A"), the district ("SW1") and the area ("SW").
 * Format checks come from the `postcode` package; the area must also be one of the UK's postcode
 * areas, so "ZZ9 9ZZ" (well formed, nowhere) is refused. No server imports: the browser uses it too.
 */
import { parse, validOutcode } from "postcode";

/** Every UK postcode area (Great Britain, Northern Ireland and the Crown Dependencies). */
export const UK_POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    "AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX " +
    "FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE " +
    "NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ " +
    "TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE"
  ).split(" "),
);

export type JobPostcode = {
  /** "SW1A 1AA" */
  postcode: string;
  /** "SW1A" */
  outward: string;
  /** "SW1" */
  district: string;
  /** "SW" */
  area: string;
};

export const postcodeMessages = {
  empty: "Enter the postcode of the job, for example SW1A 1AA.",
  invalid: "That doesn't look like a full UK postcode. Enter it like SW1A 1AA or M1 1AE.",
  area: "Enter areas like M, districts like SW1 or LS6, separated by commas.",
} as const;

/** A full UK postcode, normalised and split into the levels matching reads; null when it is not one. */
export function parseJobPostcode(input: string): JobPostcode | null {
  const value = input.trim();
  if (!value || value.length > 10) return null;
  const parsed = parse(value);
  if (!parsed.valid || !UK_POSTCODE_AREAS.has(parsed.area)) return null;
  return { postcode: parsed.postcode, outward: parsed.outcode, district: parsed.district, area: parsed.area };
}

/**
 * A coverage code as a fixer types it: an area ("m" → "M") or an outward code ("sw1" → "SW1",
 * "sw1a" → "SW1A"), upper-case without spaces; null when it is neither or not in the UK.
 */
export function normaliseCoverageCode(input: string): string | null {
  const code = input.replace(/\s+/g, "").toUpperCase();
  if (!code || code.length > 4) return null;
  if (/^[A-Z]{1,2}$/.test(code)) return UK_POSTCODE_AREAS.has(code) ? code : null;
  if (!validOutcode(code)) return null;
  const area = /^[A-Z]{1,2}/.exec(code)?.[0];
  return area && UK_POSTCODE_AREAS.has(area) ? code : null;
}

/** The coverage codes that cover a job's postcode, broadest first: ["SW", "SW1", "SW1A"]. */
export function coveringCodes(place: Pick<JobPostcode, "area" | "district" | "outward">): string[] {
  return [...new Set([place.area, place.district, place.outward])];
}

/**
 * A place to check coverage for: a full postcode ("N1 9GU") or just its outward code ("N1",
 * "SW1A"), as the service pages' check and the assistant accept. Null when it is neither.
 */
export function parseCoveragePlace(input: string): JobPostcode | null {
  const full = parseJobPostcode(input);
  if (full) return full;
  const outward = input.replace(/\s+/g, "").toUpperCase();
  if (!outward || outward.length > 4 || !validOutcode(outward)) return null;
  const area = /^[A-Z]{1,2}/.exec(outward)![0];
  if (!UK_POSTCODE_AREAS.has(area)) return null;
  // "SW1A" is in district "SW1"; "N1" and "M11" are districts themselves.
  const district = /^[A-Z]{1,2}\d+/.exec(outward)![0];
  return { postcode: outward, outward, district, area };
}
