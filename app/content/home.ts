/**
 * Copy and data for the home page (/). Figures come from prices.ts and dates.ts, so one edit changes every page.
 * Dated claims are worded against today's date by the page (see ~/content/dates).
 */
import { illustration, type Illustration } from "~/content/home-hero";
import { figureStats, type FigureStat } from "~/content/figures";
import type { ServiceSlug } from "~/content/services";
import { heldUntilConfirmed } from "~/content/prices";

export type { HeroSlide, Illustration, Stat } from "~/content/home-hero";

export type Step = { title: string; description: string };
export type Feature = { title: string; description: string; icon: string };

export const homeTabs = {
  label: "Explore FixiT",
  services: { value: "services", label: "Home Services" },
  care: { value: "care", label: "Care Services" },
  aiFixer: { value: "ai-fixer", label: "AI Fixer" },
} as const;

export const popularServices = {
  title: "Popular services",
  lead: "From a dripping tap to a full move, find the right professional in minutes.",
  slugs: ["plumbing", "electrical", "cleaning", "handyman", "painting", "moving", "landscaping", "assembly"] satisfies ServiceSlug[],
  allLink: { label: "View all 11 services", href: "/categories" },
};

export const howItWorks = {
  id: "how-it-works",
  title: "How it works",
  lead: "Simple for customers, rewarding for professionals.",
  customers: {
    title: "For customers",
    steps: [
      { title: "Describe your task", description: "Tell us what needs doing, where and when. It takes less than two minutes." },
      { title: "Get matched with pros", description: "We match you with vetted local fixers, and you get upfront quotes with no surprises." },
      { title: "Book and schedule", description: "Chat with your professional, pick a slot and pay when you book." },
      { title: "Confirm, then the fixer is paid", description: `Your payment is ${heldUntilConfirmed}.` },
    ] satisfies Step[],
    link: { label: "See how it works", href: "/how-it-works" },
  },
  professionals: {
    title: "For professionals",
    steps: [
      { title: "Register as a fixer", description: "Create your profile and choose the services you offer." },
      { title: "Get verified", description: "Send your photo ID, right to work and insurance, plus the registration or DBS certificate your service needs." },
      { title: "Receive local jobs", description: "Get matched with customers near you and quote upfront." },
      { title: "Get paid securely", description: "Earn up to £40/hour, paid once the customer confirms the job is done." },
    ] satisfies Step[],
    link: { label: "Become a fixer", href: "/fixer-register" },
  },
};

export const whyChoose = {
  id: "features",
  title: "Why choose FixiT",
  lead: "Everything you need to hire with confidence, built in from the start.",
  features: [
    { icon: "Lock", title: "Payment held until you confirm", description: `Your payment is ${heldUntilConfirmed}.` },
    { icon: "Receipt", title: "Upfront quotes", description: "Know the price before work starts, and chat directly with professionals." },
    { icon: "BadgeCheck", title: "Problems decided by our staff", description: "Not right? Report a problem instead of confirming: the payment stays held and our staff decide what is released or refunded." },
    // No "24/7 emergency cover": call-outs reach only the fixers on call at the time (decision 079, issue 51).
    { icon: "Siren", title: "Urgent repairs", description: "Burst pipe? Ask for an emergency call-out: you see how many fixers are on call near you and what you pay up front before you send, and pay nothing if nobody accepts. Or post it as \"As soon as possible\"." },
    { icon: "ShieldCheck", title: "ID, right to work and insurance checked", description: "A fixer gets jobs only after our team records these checks; nannies and house sitters also need an enhanced DBS check." },
    { icon: "Bot", title: "24/7 AI support", description: "AI Fixer answers home-repair questions any time, day or night." },
  ] satisfies Feature[],
};

export type CareSlide = { slug: ServiceSlug; title: string; description: string; image: Illustration };

/** The care carousel: 3 images, each with alt text, title and description, every 5 s. */
export const careSlides: readonly CareSlide[] = [
  {
    slug: "house-sitting",
    title: "House Sitting",
    description: "Trusted sitters keep your home safe, your plants watered and your post collected while you are away.",
    image: illustration("care", "house-sitting", "Illustration of a home looked after by a house sitter"),
  },
  {
    slug: "nanny",
    title: "Nanny & Childcare",
    description: "Vetted nannies and babysitters for regular days, date nights and school holidays.",
    image: illustration("care", "nanny", "Illustration of a family home with a childcare badge"),
  },
  {
    slug: "dog-walking",
    title: "Dog Walking",
    description: "Reliable, insured dog walkers for daily walks, pet visits and holiday cover.",
    image: illustration("care", "dog-walking", "Illustration of a home with a happy dog badge"),
  },
];

export const care = {
  title: "Care you can count on",
  lead: "Checked carers for the people and pets who matter most.",
  /** Counted from the database, or a labelled goal (~/content/figures). */
  stats: [figureStats.careCustomers, figureStats.carers] satisfies FigureStat[],
  points: ["ID, right to work and insurance checked; enhanced DBS for nannies and sitters", "Meet and chat before you book", "Payment held by FixiT until you confirm"],
};

export const aiFixer = {
  title: "Meet AI Fixer, your home-repair assistant",
  lead: "Instant, safe advice for UK homes: describe the problem and get step-by-step guidance, day or night.",
  features: [
    { icon: "Search", title: "Smart Diagnostics", description: "Instant problem identification and step-by-step solutions." },
    { icon: "MapPin", title: "UK-Specific Advice", description: "Tailored to UK homes, regulations and weather." },
    { icon: "Lightbulb", title: "Energy Savings", description: "Reduce bills and improve efficiency." },
  ] satisfies Feature[],
  examples: ["Boiler not heating properly", "How to reduce heating bills", "Radiator making noise", "Light switch not working"],
  cta: { label: "Chat with AI Fixer", href: "/fixer-ai" },
  stat: { value: "24/7", label: "AI support" },
};

export const professionals = {
  id: "professionals",
  eyebrow: "For professionals",
  title: "Grow your business with FixiT",
  lead: "Join the approved local fixers winning work through FixiT. Fixers are independent contractors: set your own hours and earn up to £40/hour.",
  points: [
    "Local jobs matched to your skills",
    "Quote upfront and chat directly with customers",
    "Paid once the customer confirms the job is done",
    "A verified badge customers trust",
  ],
  cta: { label: "Become a fixer", href: "/fixer-register" },
  secondaryCta: { label: "Read how it works", href: "/how-it-works" },
  highlight: { value: "£40/hour", label: "Earn up to" },
};

export const appPromo = {
  /** Worded once the launch date has passed. */
  launched: {
    eyebrow: "Available now",
    title: "The FixiT app is here",
    body: (date: string) => `Our customer app launched on ${date}. Join the early access list for new features first and tell us what to build next.`,
  },
  /** Worded while the launch date is still ahead. */
  upcoming: {
    eyebrow: "Coming soon",
    title: "The FixiT app is on its way",
    body: (date: string) => `Our customer app launches on ${date}. Join the early access list to be first in.`,
  },
  cta: { label: "Join the early access list", href: "/early-access" },
};

export const vipOffer = {
  title: "VIP early access",
  price: "£1.99",
  priceNote: "one-time, lifetime",
  body: (date: string, past: boolean) =>
    past
      ? `VIP members have had early access since ${date}. Unlock the members-only blog with home-maintenance tips, progress updates and community news.`
      : `VIP members get early access from ${date}. Unlock the members-only blog with home-maintenance tips, progress updates and community news.`,
  cta: { label: "Get VIP access", href: "/early-access" },
};

export const testimonialsSection = {
  id: "testimonials",
  title: "What UK households told us",
  // Honest framing: these come from early-access market research, not from reviews of completed bookings.
  lead: "Voices from our early-access market research with UK households.",
  link: { label: "Read UK market research", href: "/uk-reviews" },
};

export const closingCta = {
  title: "Ready to get it fixed?",
  lead: "Post a job for free and get quotes from approved local fixers.",
  primary: { label: "Get Early Access", href: "/early-access" },
  secondary: { label: "Become a fixer", href: "/fixer-register" },
};
