/**
 * The home chat widget's answers about where FixiT works (~/content/coverage, with the postcode
 * check) and how to reach a person (~/content/company). Kept apart from ./site-answers.ts so
 * /fixer-ai does not load the postcode code.
 */
import { company } from "~/content/company";
import { coverageAreas, coverageCopy, coveredCityList, findCoverageByCity } from "~/content/coverage";
import { checkPostcode, findPostcodeIn } from "~/features/coverage/postcode-check";
import type { SiteAnswer } from "./site-answers";

export function coverageAnswer(message: string): SiteAnswer {
  const postcode = findPostcodeIn(message);
  const check = postcode ? checkPostcode(postcode) : null;
  const city = findCoverageByCity(message);
  const servicesLink = { label: "Check a postcode on any service page", href: "/categories" };
  const joinLink = { label: "Join early access", href: "/early-access" };
  if (check?.status === "covered" || (!check && city)) {
    const area = check?.status === "covered" ? check.area : city!;
    const lead = check?.status === "covered" ? `Yes, ${check.postcode} is in our ${area.city} area.` : `Yes, FixiT works in ${area.city}.`;
    return {
      topic: "coverage",
      text: `${lead} We cover ${area.region} (postcodes starting ${area.postcodeAreas.join(", ")}).`,
      links: [servicesLink],
    };
  }
  const lead = check?.status === "not-yet" ? `Not yet: ${check.postcode} is outside the areas we serve today.` : coverageCopy.statement;
  return {
    topic: "coverage",
    text: `${lead} Today that is ${coveredCityList()}. ${coverageCopy.elsewhere}`,
    links: [servicesLink, joinLink],
  };
}

export function humanAnswer(): SiteAnswer {
  return {
    topic: "human",
    text: `You can talk to our support team: send a message with the form on our Help Center and we reply within 24 hours, or call ${company.phone} (${company.supportHours}).`,
    links: [
      { label: "Contact form", href: "/help#contact-support" },
      { label: `Call ${company.phone}`, href: company.phoneHref },
    ],
  };
}

/** Every launch city's name, for spotting coverage questions. */
export const coveredCityPattern = new RegExp(`\\b(${coverageAreas.map((a) => a.city.toLowerCase()).join("|")})\\b`);
