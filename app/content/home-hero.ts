/**
 * Copy for the top of the home page (/): the hero and its carousel. Kept apart from the rest of
 * the home copy (./home.ts) because it ships in the page's first-load JavaScript; the sections
 * below the fold load later with their copy.
 */
import type { ServiceSlug } from "~/content/services";
import { figureStats, type FigureStat, type Stat } from "~/content/figures";

export type Illustration = { src: string; alt: string; width: number; height: number };
export type { Stat };

export const illustration = (folder: "services" | "care", slug: string, alt: string): Illustration => ({
  src: `/images/${folder}/${slug}.svg`,
  alt,
  width: 640,
  height: 440,
});

export const hero = {
  eyebrow: "The UK's home-services marketplace",
  title: "Trusted, vetted fixers for every job around your home",
  lead: "Book professionals whose ID, right to work and insurance our team has checked, for repairs, cleaning, moving and care. Get an upfront quote, chat with your fixer, and book: payment is held until you confirm the job is done.",
  primaryCta: { label: "Post a job", href: "/request" },
  secondaryCta: { label: "Browse all services", href: "/categories" },
  searchLabel: "Search FixiT",
  /** Counted from the database, or a labelled goal (~/content/figures), then the assistant. */
  stats: [figureStats.customers, figureStats.fixers, { value: "24/7", label: "AI support" }] satisfies (FigureStat | Stat)[],
};

export type HeroSlide = { slug: ServiceSlug; title: string; caption: string; image: Illustration };

/** The hero carousel: 8 service images, advancing every 4 s. */
export const heroSlides: readonly HeroSlide[] = [
  { slug: "plumbing", title: "Plumbing", caption: "Leaks, boilers and blocked drains", image: illustration("services", "plumbing", "Illustration of a home with a plumber's wrench badge") },
  { slug: "electrical", title: "Electrical", caption: "Sockets, lighting and safety checks", image: illustration("services", "electrical", "Illustration of a home with an electrician's lightning badge") },
  { slug: "cleaning", title: "Cleaning", caption: "Regular, deep and end-of-tenancy cleans", image: illustration("services", "cleaning", "Illustration of a home with a sparkling-clean badge") },
  { slug: "handyman", title: "Handyman", caption: "Shelves, doors and odd jobs", image: illustration("services", "handyman", "Illustration of a home with a handyman's hammer badge") },
  { slug: "painting", title: "Painting", caption: "Interior and exterior decorating", image: illustration("services", "painting", "Illustration of a home with a paintbrush badge") },
  { slug: "moving", title: "Moving", caption: "Removals, packing and van help", image: illustration("services", "moving", "Illustration of a home with a removals van badge") },
  { slug: "landscaping", title: "Landscaping", caption: "Lawns, hedges and garden design", image: illustration("services", "landscaping", "Illustration of a home with a garden trees badge") },
  { slug: "assembly", title: "Assembly", caption: "Flat-pack furniture built for you", image: illustration("services", "assembly", "Illustration of a home with a flat-pack parcel badge") },
];
