/**
 * The home chat widget's canned replies, chosen by keywords. They stay true to the
 * site: prices come from ~/content/prices, dates from ~/content/dates, and links go to real pages.
 * Runs in the browser only; the one server call is the coverage answer for a postcode (`coverageLookup`).
 */
import type { AppStoreLinks } from "~/content/app-stores";
import { requestPathFor } from "~/content/job-request";
import { earningsClaimPerHour, formatGBP, products } from "~/content/prices";
import { services } from "~/content/services";
import { detectEmergency, emergencyText, gasEmergencyNumber } from "./emergencies";
import { coverageAnswer, coveredCityPattern, humanAnswer, type CoverageLookup } from "./contact-answers";
import { findPostcodeIn } from "~/features/coverage/find-postcode";
import { type AssistantLink, bookingAnswer, findServiceIn, pricingAnswer } from "./site-answers";

export type WidgetLink = AssistantLink;
export type WidgetReply = {
  topic: WidgetTopic;
  text: string;
  links: WidgetLink[];
  /** Show the app's store badges under the reply (the booking answer). */
  appBadges?: boolean;
  /** A postcode to check with the server before replying (the one coverage answer). */
  coverageLookup?: CoverageLookup;
};

/** What the reply may depend on besides the message: the configured app stores and today's date. */
export type WidgetReplyContext = { stores?: AppStoreLinks; now?: Date };

export type WidgetTopic =
  | "greeting"
  | "emergency"
  | "human"
  | "coverage"
  | "account"
  | "vip"
  | "fixer"
  | "pricing"
  | "booking"
  | "how-it-works"
  | "advice"
  | "services"
  | "help"
  | "default";

/** Quick buttons under the conversation; each sends its label as the visitor's message. */
export const widgetQuickQuestions = ["Services", "Pricing", "Booking", "How it works"] as const;

/** The second assistant's destinations: sections of the home page. */
export const homeSections = [
  { id: "features", label: "Features" },
  { id: "how-it-works", label: "How it works" },
  { id: "professionals", label: "Professionals" },
  { id: "testimonials", label: "Testimonials" },
] as const;

export const widgetGreeting =
  "Hi! I'm the FixiT assistant. Ask me about our services, prices, booking or how FixiT works, or pick a quick question below.";

/** The widget replies after 1 to 2 seconds, so an answer reads like someone typing it. */
export const widgetReplyDelayMs = { min: 1000, max: 2000 } as const;

export function widgetReplyDelay(random: () => number = Math.random): number {
  return Math.round(widgetReplyDelayMs.min + random() * (widgetReplyDelayMs.max - widgetReplyDelayMs.min));
}

/** Checked in order: the first topic with a keyword contained in the message answers. Emergencies come before all of them. */
const topicKeywords: [Exclude<WidgetTopic, "default" | "emergency">, string[]][] = [
  ["human", ["human", "real person", "speak to", "talk to", "call you", "phone number", "ring you", "customer service"]],
  ["account", ["account", "sign in", "signin", "log in", "login", "sign up", "signup", "register an", "password", "my details"]],
  ["vip", ["vip", "early access", "members", "blog"]],
  ["fixer", ["become a fixer", "join as", "work for", "work with", "earn", "fixer register", "tradesperson", "i'm a", "i am a", "onboarding", "jobs", "career"]],
  ["pricing", ["price", "pricing", "cost", "how much", "fee", "fees", "charge", "rate", "£", "quote", "cheap", "expensive"]],
  ["coverage", ["cover", "coverage", "area", "areas", "do you work in", "available in", "operate in", "near me", "postcode", "which cities", "where do you", "where are you", "my town", "my city"]],
  ["booking", ["book", "booking", "appointment", "schedule", "hire", "cancel", "app", "download"]],
  ["how-it-works", ["how it works", "how does", "how do i", "how do you", "escrow", "pay", "payment", "safe", "vetted", "insured", "trust"]],
  ["advice", ["advice", "diy", "fix it myself", "repair", "broken", "leak", "boiler", "tip", "ai fixer"]],
  ["services", ["service", "services", "offer", "what do you do", "categories", ...services.map((s) => s.name.toLowerCase()), "plumber", "electrician", "cleaner", "painter", "gardener", "babysitter", "childcare", "dog"]],
  ["help", ["help", "contact", "support", "phone", "email", "complaint", "problem"]],
  ["greeting", ["hello", "hi", "hey", "good morning", "good afternoon", "good evening"]],
];

/** The keyword at the start of a word: "cover" in "coverage", not in "discover". */
const startsWord = (text: string, keyword: string) => new RegExp(`(^|[^a-z])${keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(text);

/** Picks the canned reply for a visitor's message. */
export function widgetReply(message: string, context: WidgetReplyContext = {}): WidgetReply {
  const text = message.toLowerCase().trim();
  // Safety first: gas, carbon monoxide, sparking or burning electrics and water near electrics.
  const emergency = detectEmergency(text);
  if (emergency) {
    const links: WidgetLink[] =
      emergency.id === "gas"
        ? [{ label: `Call ${gasEmergencyNumber.display}`, href: gasEmergencyNumber.href }]
        : [{ label: "Find a registered electrician", href: "/categories/electrical" }];
    return { topic: "emergency", text: emergencyText(emergency), links };
  }
  const words = new Set(text.split(/[^a-z£']+/).filter(Boolean));
  // Short words are matched whole so "hi" doesn't fire inside "this" nor "app" inside "happy".
  const matched =
    topicKeywords.find(([name, keywords]) =>
      keywords.some((k) => (name === "greeting" || k.length <= 3 ? words.has(k) || (k === "£" && text.includes(k)) : startsWord(text, k))),
    )?.[0] ?? "default";
  // "Do you work in Leeds?", "a plumber in N1 9GU?" or just "N1 9GU": a coverage question.
  const postcodeAsked = (matched === "default" || matched === "services") && findPostcodeIn(text) !== null;
  const topic = postcodeAsked || (matched === "default" && coveredCityPattern.test(text)) ? "coverage" : matched;

  switch (topic) {
    case "human":
    case "help":
      return { ...humanAnswer(), topic };
    case "coverage":
      return coverageAnswer(text);
    case "account":
      return {
        topic,
        text: "You can sign in, create a free account or manage your details on your account page.",
        links: [{ label: "Go to my account", href: "/account" }],
      };
    case "vip":
      return {
        topic,
        text: `VIP access is a one-time ${formatGBP(products.vipAccess.pricePence)} (${products.vipAccess.terms}) and unlocks our members-only blog with progress updates and home-maintenance guides.`,
        links: [{ label: "Get VIP access", href: "/early-access" }],
      };
    case "fixer":
      return {
        topic,
        text: `Professionals can earn up to ${formatGBP(earningsClaimPerHour.maxPence)}/hour with FixiT. Register, pay the one-time ${formatGBP(products.fixerOnboarding.pricePence)} onboarding fee and complete your profile. Looking for a staff role instead? See Careers.`,
        links: [
          { label: "Become a fixer", href: "/fixer-register" },
          { label: "Careers", href: "/careers" },
        ],
      };
    case "pricing":
      return pricingAnswer(text);
    case "booking":
      return bookingAnswer(context.stores, context.now, text);
    case "how-it-works":
      return {
        topic,
        text: "It takes four steps: describe your task, get matched with vetted and insured pros, book a slot and pay, then confirm the job is done. Your payment is held by FixiT until you confirm; then the fixer is paid.",
        links: [{ label: "How it works", href: "/how-it-works" }],
      };
    case "advice":
      return {
        topic,
        text: "For step-by-step repair and energy-saving advice for UK homes, try AI Fixer. For anything involving gas or major electrics, always book a qualified professional.",
        links: [
          { label: "Ask AI Fixer", href: "/fixer-ai" },
          { label: "Find a pro", href: requestPathFor() },
        ],
      };
    case "services": {
      const service = findServiceIn(text);
      if (service) {
        return { topic, text: `${service.name}: ${service.description}`, links: [{ label: `${service.name} services`, href: service.href }] };
      }
      return {
        topic,
        text: `We cover ${services.length} services: ${services.map((s) => s.name).join(", ")}.`,
        links: [{ label: "Browse all services", href: "/categories" }],
      };
    }
    case "greeting":
      return { topic, text: "Hello! How can I help? Ask about services, prices, booking or how FixiT works.", links: [] };
    default:
      return {
        topic: "default",
        text: "I'm not sure about that one. I can tell you about our services, prices, booking and how FixiT works, or you can ask our support team.",
        links: [
          { label: "Help Center", href: "/help" },
          { label: "Browse services", href: "/categories" },
        ],
      };
  }
}
