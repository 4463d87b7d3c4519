/**
 * The home chat widget's answers about where FixiT works and how to reach a person
 * (~/content/company). Whether a fixer covers a postcode is the one coverage answer, from the
 * server (decision 043): a message with a postcode gets `coverageLookup`, and the widget asks
 * GET /request/coverage before replying (`coverageLookupAnswer`). Kept apart from ./site-answers.ts
 * so /fixer-ai does not load the postcode code.
 */
import { company } from "~/content/company";
import { coverageAreas, coveredCityList } from "~/content/coverage";
import { findPostcodeIn } from "~/features/coverage/find-postcode";
import { areaWaitlistPath, coverageMessages, requestPathForPlace, type CoverageAnswer } from "~/features/quotes/coverage-answer";
import { findServiceIn, type SiteAnswer } from "./site-answers";

export type CoverageLookup = { postcode: string; service: CoverageAnswer["service"] };

export function coverageAnswer(message: string): SiteAnswer & { coverageLookup?: CoverageLookup } {
  const postcode = findPostcodeIn(message);
  const service = findServiceIn(message);
  if (postcode) {
    // The reply is written once the server has answered (coverageLookupAnswer).
    return { topic: "coverage", text: "", links: [], coverageLookup: { postcode, service: service?.slug ?? null } };
  }
  return {
    topic: "coverage",
    text: `Whether a fixer covers you depends on your postcode and the job: FixiT is starting in ${coveredCityList()}, and approved fixers choose the areas they cover. Type your postcode (like N1 9GU) and I'll check, or post your job: if nobody covers it yet, we keep it and email you when a fixer does.`,
    links: [
      { label: "Post a job", href: "/request" },
      { label: "Check a postcode on any service page", href: "/categories" },
    ],
  };
}

/** The widget's reply once the coverage answer is in (or could not be had). */
export function coverageLookupAnswer(lookup: CoverageLookup, answer: CoverageAnswer | { error: string }, serviceName: string | null): SiteAnswer {
  if ("error" in answer) {
    return {
      topic: "coverage",
      text: answer.error === coverageMessages.invalid ? answer.error : `${answer.error} You can also check a postcode on any service page.`,
      links: [{ label: "Check a postcode on any service page", href: "/categories" }],
    };
  }
  const what = serviceName ? serviceName.toLowerCase() : "home services";
  if (answer.covered) {
    return {
      topic: "coverage",
      text: `Yes: ${answer.fixers === 1 ? "1 approved FixiT fixer offers" : `${answer.fixers} approved FixiT fixers offer`} ${what} in ${answer.district}. Post your job and they will be sent it.`,
      links: [{ label: "Post a job", href: requestPathForPlace(lookup.service, answer.postcode) }],
    };
  }
  return {
    topic: "coverage",
    text: `Not yet: no approved FixiT fixer offers ${what} in ${answer.postcode} yet. You can still post your job: we keep it and email you as soon as a fixer starts covering ${answer.district}. Or join the waitlist for the area.`,
    links: [
      { label: "Post your job anyway", href: requestPathForPlace(lookup.service, answer.postcode) },
      { label: `Join the waitlist for ${answer.district}`, href: areaWaitlistPath(lookup.service, answer.postcode) },
    ],
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
