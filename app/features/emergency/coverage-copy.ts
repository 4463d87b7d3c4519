import { fees } from "~/content/prices";
import { gasEmergencyNumber } from "~/features/assistant/emergencies";
import { emergencyFormPath } from "./job-form-pointer";
import { emergencyServiceName, type EmergencyService } from "./rates";

/**
 * What a service page says about emergency call-outs (issue 51, item 5): who is on call now, or that
 * nobody is, never a promise of cover. The page is cached for minutes, so "in the last few minutes".
 * Made on the server and sent as data, so the page's script carries none of this.
 */
export type OnCallCoverageWords = { title: string; lines: string[]; action: { text: string; href: string } };
/** Fixers on call for a service now: how many, how many covered areas, the first few areas in order. */
export type OnCallCoverage = { fixers: number; areas: number; firstAreas: string[] };

const tradespeople: Record<EmergencyService, [one: string, many: string]> = {
  plumbing: ["plumber", "plumbers"],
  electrical: ["electrician", "electricians"],
  handyman: ["handyman", "handymen"],
};

const gas = `If you smell gas, leave the property and call the National Gas Emergency Service on ${gasEmergencyNumber.display} first.`;

export function onCallCoverageWords(service: EmergencyService, coverage: OnCallCoverage): OnCallCoverageWords {
  const name = emergencyServiceName(service).toLowerCase();
  if (coverage.fixers === 0) {
    return {
      title: "Emergency call-outs",
      lines: [
        gas,
        `Nobody is on call for emergency ${name} right now.`,
        `For an urgent job, post it as "As soon as possible" and the ${tradespeople[service][1]} covering your area are notified.`,
      ],
      action: { text: "Post an urgent job", href: `/request?service=${service}` },
    };
  }
  const [one, many] = tradespeople[service];
  const more = coverage.areas - coverage.firstAreas.length;
  const areas = `${coverage.firstAreas.join(", ")}${more > 0 ? ` and ${more} more ${more === 1 ? "area" : "areas"}` : ""}`;
  return {
    title: "Emergency call-outs",
    lines: [
      gas,
      `On call in the last few minutes: ${coverage.fixers} ${coverage.fixers === 1 ? one : many} covering ${areas}.`,
      `Before you send, you see how many are on call near your postcode and what you pay up front: the first hour at the fixer's emergency rate plus the ${fees.customerServiceFeePercent}% customer service fee, held by FixiT until you confirm the job is done. Nothing is charged if nobody accepts.`,
    ],
    action: { text: "Ask for help now", href: `${emergencyFormPath}?service=${service}` },
  };
}
