/**
 * Answers about FixiT itself, shared by the home chat widget and /fixer-ai: prices from
 * ~/content/prices and how booking works today (~/content/dates, the app stores). Links go to
 * real pages. Coverage and "talk to a human" (widget only) are in ./contact-answers.ts.
 */
import { type AppStoreLinks, appJoinInstead, hasAnyStore, noAppStoreLinks } from "~/content/app-stores";
import { findCoverageByCity } from "~/content/coverage";
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { postJobLink } from "~/content/job-request";
import { fees, freeCancellationHours, heldUntilConfirmed } from "~/content/prices";

import { formatPriceWithUnit, servicePrices } from "~/content/service-prices";
import { serviceWords } from "~/content/service-jobs";
import { type Service, services } from "~/content/services";

export type AssistantLink = { label: string; href: string };
export type SiteAnswerTopic = "pricing" | "booking" | "coverage" | "human";
export type SiteAnswer = {
  topic: SiteAnswerTopic;
  text: string;
  links: AssistantLink[];
  /** Show the app's store badges under the answer. */
  appBadges?: boolean;
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A word or phrase on its own, plurals included: "tap" in "leaking taps", not in "laptop". */
const containsTerm = (text: string, term: string) => new RegExp(`(^|[^a-z])${escapeRegExp(term)}(s|es)?([^a-z]|$)`).test(text);

/** The service a message is about, by its name, the person's title or a job ("boiler" → Plumbing). */
export function findServiceIn(message: string): Service | undefined {
  const text = message.toLowerCase();
  const byName = services.find((s) => containsTerm(text, s.name.toLowerCase()) || containsTerm(text, s.slug.replace("-", " ")));
  if (byName) return byName;
  const bySynonym = services.find((s) => serviceWords[s.slug].synonyms.some((w) => containsTerm(text, w)));
  return bySynonym ?? services.find((s) => serviceWords[s.slug].jobs.some((w) => containsTerm(text, w)));
}

export const pricePattern = /\b(how much|costs?|price[sd]?|pricing|charges?|rates?|quotes?|fees?|£)/;
export const bookingPattern = /\b(book|booking|bookings|booked|appointment|hire|schedule a|download|the app)\b/;

function coverageNote(message: string): string {
  const area = findCoverageByCity(message);
  return area ? ` FixiT works across ${area.region}.` : "";
}

export function pricingAnswer(message: string): SiteAnswer {
  const service = findServiceIn(message);
  const fee = `A ${fees.customerServiceFeePercent}% customer service fee is added when you book, and your fixer confirms a fixed price before you pay.`;
  if (service) {
    const ranges = servicePrices[service.slug].map((r) => `${r.label}: ${formatPriceWithUnit(r)}`).join("; ");
    return {
      topic: "pricing",
      text: `Indicative ${service.name} prices: ${ranges}. ${fee}${coverageNote(message)}`,
      links: [{ label: `${service.name} prices`, href: service.href }],
    };
  }
  const sample = (["plumbing", "electrical", "cleaning", "handyman"] as const).map((slug) => {
    const hourly = servicePrices[slug].find((r) => r.unit === "per hour");
    const name = services.find((s) => s.slug === slug)!.name;
    return `${name} ${formatPriceWithUnit(hourly ?? servicePrices[slug][0]!)}`;
  });
  return {
    topic: "pricing",
    text: `Prices are indicative ranges, for example: ${sample.join(", ")}. Each service page lists its full price guide. ${fee}${coverageNote(message)}`,
    links: [{ label: "Browse services and prices", href: "/categories" }],
  };
}

/** How booking works today; every answer offers posting a job on the website first (for the service asked about, if any). */
export function bookingAnswer(stores: AppStoreLinks = noAppStoreLinks, now: Date = new Date(), message = ""): SiteAnswer {
  const post = postJobLink(message ? findServiceIn(message)?.slug : undefined);
  const web = " You can also post a job on this website now and get quotes from approved local fixers.";
  const launch = formatLongDate(milestones.appLaunch);
  const how = `You describe the task, get quotes from vetted pros, and book one: pay when you book, and the money is ${heldUntilConfirmed}. Cancellation is free up to ${freeCancellationHours} hours before the slot.`;
  if (!isPast(milestones.appLaunch, now)) {
    return {
      topic: "booking",
      text: `Bookings will open in the FixiT customer app, launching on ${launch}. Join the early access list to be first in.${web} ${how}`,
      links: [
        post,
        { label: "Join early access", href: "/early-access" },
        { label: "How it works", href: "/how-it-works" },
      ],
    };
  }
  if (!hasAnyStore(stores)) {
    return {
      topic: "booking",
      text: `Bookings are made on this website. ${appJoinInstead}${web} ${how}`,
      links: [
        post,
        { label: "Join early access", href: "/early-access" },
        { label: "How it works", href: "/how-it-works" },
      ],
    };
  }
  const where = [stores.appStore && "the App Store", stores.googlePlay && "Google Play"].filter(Boolean).join(" or ");
  return {
    topic: "booking",
    text: `Bookings are made on this website and in the FixiT customer app, available since ${launch}: download it from ${where} below.${web} ${how}`,
    links: [
      post,
      { label: "Get the app", href: "/early-access" },
      { label: "How it works", href: "/how-it-works" },
    ],
    appBadges: true,
  };
}
