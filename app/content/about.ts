/** Copy for /about. Company names and registered details come from company.ts. */
import { HandCoins, MapPin, Receipt, ShieldCheck } from "lucide-react";
import { figureStats, type FigureStat, type Stat } from "~/content/figures";
import { services } from "~/content/services";
import type { Feature } from "~/content/service-pages";

export const aboutStory: readonly string[] = [
  "FixiT started with a simple frustration: finding someone trustworthy to fix a leak, rewire a room or walk the dog should not mean scrolling through endless listings and hoping for the best.",
  "We set out to build the UK marketplace we wanted to use ourselves. Every fixer is checked before they take a job — photo ID, right to work and insurance, plus a NICEIC or NAPIT registration for electricians and an enhanced DBS certificate for nannies and house sitters — and their profile shows each check with its date. Quotes are agreed upfront, customers can chat directly with professionals, and each booking's payment is held by FixiT until the customer confirms the work is done.",
  "Before building the app we listened to UK households about what they wanted from home services, and early-access testers tried FixiT across all 11 service categories. That research shaped every part of the product.",
];

export const aboutValues: readonly Feature[] = [
  { title: "Trust first", icon: ShieldCheck, description: "Thorough vetting, and payment held by FixiT until the customer confirms, so both sides can rely on each other." },
  { title: "Fair for fixers", icon: HandCoins, description: "Independent professionals keep control of their work and are paid promptly once a job is confirmed." },
  { title: "Clear prices", icon: Receipt, description: "Indicative ranges on every service and upfront quotes, with our fee shown before you pay." },
  { title: "Built for the UK", icon: MapPin, description: "UK trade schemes, UK consumer law and UK GDPR, designed in from the start." },
];

export const aboutStats: readonly (Stat | FigureStat)[] = [
  { value: String(services.length), label: "Service categories" },
  figureStats.fixers,
  { value: "24/7", label: "AI support" },
];
