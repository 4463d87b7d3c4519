/**
 * The home chat widget's canned replies, chosen by keywords (spec §4.2). They stay true to the
 * site: prices come from ~/content/prices, dates from ~/content/dates, and links go to real pages.
 * Runs in the browser only; no server call.
 */
import { formatLongDate, isPast, milestones } from "~/content/dates";
import { earningsClaimPerHour, fees, formatGBP, formatPriceWithUnit, freeCancellationHours, products, servicePrices } from "~/content/prices";
import { services } from "~/content/services";

export type WidgetLink = { label: string; href: string };
export type WidgetReply = { topic: WidgetTopic; text: string; links: WidgetLink[] };

export type WidgetTopic =
  | "greeting"
  | "gas"
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

/** Quick buttons under the conversation (spec §2.5); each sends its label as the visitor's message. */
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

/** Spec §9: the widget replies after 1 to 2 seconds. */
export const widgetReplyDelayMs = { min: 1000, max: 2000 } as const;

export function widgetReplyDelay(random: () => number = Math.random): number {
  return Math.round(widgetReplyDelayMs.min + random() * (widgetReplyDelayMs.max - widgetReplyDelayMs.min));
}

/** Checked in order: the first topic with a keyword contained in the message answers. */
const topicKeywords: [Exclude<WidgetTopic, "default">, string[]][] = [
  ["gas", ["smell gas", "gas leak", "smells of gas", "carbon monoxide"]],
  ["account", ["account", "sign in", "signin", "log in", "login", "sign up", "signup", "register an", "password", "my details"]],
  ["vip", ["vip", "early access", "members", "blog"]],
  ["fixer", ["become a fixer", "join as", "work for", "work with", "earn", "fixer register", "tradesperson", "i'm a", "i am a", "onboarding", "jobs", "career"]],
  ["pricing", ["price", "pricing", "cost", "how much", "fee", "fees", "charge", "rate", "£", "quote", "cheap", "expensive"]],
  ["booking", ["book", "booking", "appointment", "schedule", "hire", "cancel", "app", "download"]],
  ["how-it-works", ["how it works", "how does", "how do i", "how do you", "escrow", "pay", "payment", "safe", "vetted", "insured", "trust"]],
  ["advice", ["advice", "diy", "fix it myself", "repair", "broken", "leak", "boiler", "tip", "ai fixer"]],
  ["services", ["service", "services", "offer", "what do you do", "categories", ...services.map((s) => s.name.toLowerCase()), "plumber", "electrician", "cleaner", "painter", "gardener", "babysitter", "childcare", "dog"]],
  ["help", ["help", "contact", "support", "phone", "email", "complaint", "problem"]],
  ["greeting", ["hello", "hi", "hey", "good morning", "good afternoon", "good evening"]],
];

/** Words people use for the person rather than the service. */
const serviceAliases: Record<string, (typeof services)[number]["slug"]> = {
  plumber: "plumbing",
  electrician: "electrical",
  cleaner: "cleaning",
  painter: "painting",
  decorator: "painting",
  removal: "moving",
  gardener: "landscaping",
  garden: "landscaping",
  "flat pack": "assembly",
  "house sitter": "house-sitting",
  babysit: "nanny",
  childcare: "nanny",
  "dog walker": "dog-walking",
};

function findService(text: string) {
  const alias = Object.entries(serviceAliases).find(([word]) => text.includes(word))?.[1];
  return services.find((s) => s.slug === alias || text.includes(s.name.toLowerCase()) || text.includes(s.slug.replace("-", " ")));
}

function pricingReply(text: string): WidgetReply {
  const service = findService(text);
  const fee = `A ${fees.customerServiceFeePercent}% customer service fee is added at checkout, and your fixer confirms a fixed quote before you book.`;
  if (service) {
    const ranges = servicePrices[service.slug].map((r) => `${r.label}: ${formatPriceWithUnit(r)}`).join("; ");
    return {
      topic: "pricing",
      text: `Indicative ${service.name} prices: ${ranges}. ${fee}`,
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
    text: `Prices are indicative ranges, for example: ${sample.join(", ")}. Each service page lists its full price guide. ${fee}`,
    links: [{ label: "Browse services and prices", href: "/categories" }],
  };
}

function bookingReply(): WidgetReply {
  const launch = formatLongDate(milestones.appLaunch);
  const appLine = isPast(milestones.appLaunch)
    ? `Bookings are made in the FixiT customer app, available since ${launch}: get it from the Early Access page.`
    : `Bookings will open in the FixiT customer app, launching on ${launch}. Join the early access list to be first in.`;
  return {
    topic: "booking",
    text: `${appLine} You describe the task, get matched with vetted pros, pick a time, and pay only when the job is done. Cancellation is free up to ${freeCancellationHours} hours before the service.`,
    links: [
      { label: "Early Access", href: "/early-access" },
      { label: "How it works", href: "/how-it-works" },
    ],
  };
}

/** Picks the canned reply for a visitor's message. */
export function widgetReply(message: string): WidgetReply {
  const text = message.toLowerCase().trim();
  const words = new Set(text.split(/[^a-z£']+/).filter(Boolean));
  // Short greetings are matched as whole words so "hi" doesn't fire inside "this".
  const topic =
    topicKeywords.find(([name, keywords]) =>
      keywords.some((k) => (name === "greeting" || k.length <= 3 ? words.has(k) || (k === "£" && text.includes(k)) : text.includes(k))),
    )?.[0] ?? "default";

  switch (topic) {
    case "gas":
      return {
        topic,
        text: "If you smell gas: open doors and windows, don't use switches or naked flames, turn the gas off at the meter and call the National Gas Emergency number 0800 111 999 straight away. Only a Gas Safe registered engineer should work on gas appliances.",
        links: [],
      };
    case "account":
      return {
        topic,
        text: "You can sign in, create a free account or manage your details on your account page.",
        links: [{ label: "Go to my account", href: "/account" }],
      };
    case "vip":
      return {
        topic,
        text: `VIP access is a one-time ${formatGBP(products.vipAccess.pricePence)} (${products.vipAccess.terms}) and unlocks our members-only blog with progress updates and early-bird offers.`,
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
      return pricingReply(text);
    case "booking":
      return bookingReply();
    case "how-it-works":
      return {
        topic,
        text: "It takes four steps: describe your task, get matched with vetted and insured pros, book and schedule a time, then pay securely on completion. Your payment is held in escrow until you confirm the job is done.",
        links: [{ label: "How it works", href: "/how-it-works" }],
      };
    case "advice":
      return {
        topic,
        text: "For step-by-step repair and energy-saving advice for UK homes, try AI Fixer. For anything involving gas or major electrics, always book a qualified professional.",
        links: [
          { label: "Ask AI Fixer", href: "/fixer-ai" },
          { label: "Find a pro", href: "/categories" },
        ],
      };
    case "services": {
      const service = findService(text);
      if (service) {
        return { topic, text: `${service.name}: ${service.description}`, links: [{ label: `${service.name} services`, href: service.href }] };
      }
      return {
        topic,
        text: `We cover ${services.length} services: ${services.map((s) => s.name).join(", ")}.`,
        links: [{ label: "Browse all services", href: "/categories" }],
      };
    }
    case "help":
      return {
        topic,
        text: "Our Help Center answers the common questions, and you can contact our support team from there. We reply within 24 hours.",
        links: [{ label: "Help Center", href: "/help" }],
      };
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
