/**
 * Where FixiT works today: the launch cities, the postcode areas each one covers, and the
 * early-access wording for everywhere else. /how-it-works, /help, the postcode check on each
 * service page and the home chat widget all read this one list.
 *
 * Postcode areas are the letters at the start of a UK postcode ("SW" in SW1A 1AA, "M" in M1 1AE).
 */
export type CoverageArea = {
  city: string;
  /** How the area is described to visitors. */
  region: string;
  postcodeAreas: readonly string[];
};

export const coverageAreas: readonly CoverageArea[] = [
  {
    city: "London",
    region: "Greater London",
    postcodeAreas: ["E", "EC", "N", "NW", "SE", "SW", "W", "WC", "BR", "CR", "DA", "EN", "HA", "IG", "KT", "RM", "SM", "TW", "UB"],
  },
  { city: "Manchester", region: "Greater Manchester", postcodeAreas: ["M", "BL", "OL", "SK", "WN"] },
  { city: "Birmingham", region: "Birmingham and the West Midlands", postcodeAreas: ["B", "WS", "WV", "DY", "CV"] },
  { city: "Leeds", region: "Leeds and West Yorkshire", postcodeAreas: ["LS", "BD", "WF", "HX", "HD"] },
  { city: "Bristol", region: "Bristol and Bath", postcodeAreas: ["BS", "BA"] },
  { city: "Glasgow", region: "Greater Glasgow", postcodeAreas: ["G", "PA", "ML"] },
];

/** "London, Manchester, Birmingham, Leeds, Bristol and Glasgow" */
export function coveredCityList(): string {
  const cities = coverageAreas.map((a) => a.city);
  return cities.length > 1 ? `${cities.slice(0, -1).join(", ")} and ${cities.at(-1)}` : (cities[0] ?? "");
}

export const coverageCopy = {
  title: "Where FixiT works",
  // Not "fixers work across …": whether a fixer covers a postcode is counted by the check below (decision 065).
  statement: `FixiT is opening first in ${coveredCityList()} and their surrounding areas. Check your postcode to see whether approved fixers cover it today.`,
  elsewhere:
    "Somewhere else in the UK? We are adding towns and cities as local fixers join. Join the early access list and we will tell you as soon as FixiT reaches your postcode.",
  checkLabel: "Check your postcode",
  checkHint: "For example SW1A 1AA or M1",
} as const;

/** Finds the launch area a city name is in, e.g. "manchester" → Manchester. */
export function findCoverageByCity(text: string): CoverageArea | undefined {
  const lower = text.toLowerCase();
  return coverageAreas.find((a) => new RegExp(`\\b${a.city.toLowerCase()}\\b`).test(lower));
}

/** Finds the launch area serving a postcode area such as "SW" or "M". */
export function findCoverageByPostcodeArea(postcodeArea: string): CoverageArea | undefined {
  const area = postcodeArea.toUpperCase();
  return coverageAreas.find((a) => a.postcodeAreas.includes(area));
}
