/**
 * Copy for the eleven /categories/{slug} landing pages. Prices are not written here:
 * the pages read them from ./prices.ts by slug.
 */
import type { LucideIcon } from "lucide-react";
import type { ServiceSlug } from "~/content/services";

/** A titled point; `icon` gives the card its own picture (otherwise the grid's default one). */
export type Feature = { title: string; description: string; icon?: LucideIcon };

export type TradePage = {
  kind: "trade";
  slug: Exclude<ServiceSlug, "dog-walking" | "house-sitting" | "nanny">;
  /** The hero's h1. */
  headline: string;
  intro: string;
  /** What FixiT checks before a fixer may take work in this trade. */
  certification: { summary: string; checks: Feature[] };
  /** The jobs fixers in this trade take on. */
  servicesOffered: Feature[];
  whyChoose: Feature[];
};

export type CarePage = {
  kind: "care";
  slug: "dog-walking" | "house-sitting" | "nanny";
  headline: string;
  intro: string;
  /** Three cards: each price card names a range by its label in prices.ts; the last card covers vetting. */
  cards: [CareCard, CareCard, CareCard];
};

export type CareCard = { title: string; description: string; includes: string[]; priceLabel?: string };

export type ServicePage = TradePage | CarePage;

/**
 * What onboarding collects and what a profile may claim, whatever the trade: a badge shows only a
 * check staff recorded at the onboarding review (decision 043), never what was merely uploaded.
 */
const baseChecks: Feature[] = [
  { title: "ID and right to work", description: "Our staff check a photo ID and the right to work in the UK, and record both, before a fixer gets any job." },
  { title: "Public liability insurance", description: "Checked and recorded before a fixer gets any job; the profile shows “Insurance checked on” the date we checked it." },
];

/** Shared promises in every trade's why-choose grid; each page adds its own first. */
const sharedReasons: Feature[] = [
  { title: "Payment held until you confirm", description: "You pay when you book; FixiT holds the money and pays the fixer only after you confirm the job is done." },
  { title: "Upfront quotes", description: "Agree a fixed quote before work starts, and chat directly with your professional." },
  { title: "Problems decided by our staff", description: "Report a problem instead of confirming: the payment stays held and our staff decide what is released or refunded." },
];

export const servicePages: Readonly<Record<ServiceSlug, ServicePage>> = {
  plumbing: {
    kind: "trade",
    slug: "plumbing",
    headline: "Reliable plumbers, vetted before they reach your door",
    intro: "From a dripping tap to a blocked drain or a new radiator, FixiT connects you with local plumbers whose ID, right to work and insurance we have checked.",
    certification: {
      summary: "Every plumber passes our standard checks. Gas work needs more, and we say only what we checked.",
      checks: [
        ...baseChecks,
        { title: "Gas Safe, only where a profile shows it", description: "Boilers, gas fires and gas pipework need a Gas Safe registered engineer. A plumber's profile shows “Gas Safe” with the number only when our staff have checked it on the Gas Safe Register; approval for plumbing alone does not cover gas work." },
      ],
    },
    servicesOffered: [
      { title: "Leaks and burst pipes", description: "Finding and fixing leaks, from pipe joints to under-sink traps." },
      { title: "Taps, toilets and showers", description: "Replacing washers, cartridges, cisterns, valves and shower units." },
      { title: "Blocked drains and sinks", description: "Clearing blockages in sinks, baths, toilets and outside gullies." },
      { title: "Radiators and heating", description: "Bleeding, balancing, moving and replacing radiators and valves." },
      { title: "Boilers (Gas Safe only)", description: "Servicing, repairs and pressure problems by Gas Safe registered engineers." },
      { title: "Appliance plumbing", description: "Connecting washing machines, dishwashers and outside taps." },
    ],
    whyChoose: [{ title: "Urgent leaks", description: "Ask for an emergency call-out where a plumber is on call near you (this page says where), or post the leak as \"As soon as possible\" for the plumbers covering your area." }, ...sharedReasons],
  },
  electrical: {
    kind: "trade",
    slug: "electrical",
    headline: "Registered electricians for safe, certified work",
    intro: "Sockets, lighting, fuse boards and safety checks carried out by electricians who are registered to sign off their work.",
    certification: {
      summary: "Electrical work in a home is covered by Part P of the Building Regulations, so an electrician gets no job until we have checked their registration.",
      checks: [
        { title: "NICEIC or NAPIT registration", description: "Our staff check the number on the scheme's register and record it before an electrician gets any job; the profile shows the number and the date." },
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Sockets and switches", description: "Adding, moving and replacing sockets, switches and USB points." },
      { title: "Lighting", description: "Ceiling lights, downlights, outdoor lighting and dimmers." },
      { title: "Consumer units", description: "Fuse board upgrades with RCD protection, certified on completion." },
      { title: "Electrical safety checks", description: "EICR inspections for homeowners and landlords." },
      { title: "Fault finding", description: "Tripping circuits, dead sockets and flickering lights traced and fixed." },
      { title: "EV chargers and appliances", description: "Home charge points, cookers, showers and extractor fans." },
    ],
    whyChoose: [{ title: "Certified on completion", description: "Notifiable work comes with the right certificate for your records." }, ...sharedReasons],
  },
  cleaning: {
    kind: "trade",
    slug: "cleaning",
    headline: "Trusted cleaners for a home that feels fresh",
    intro: "Regular cleans, deep cleans and one-off jobs by cleaners whose ID, right to work and insurance we have checked.",
    certification: {
      summary: "Cleaners work in your home while you may be out, so they pass our standard checks before any job.",
      checks: [
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Regular cleaning", description: "Weekly or fortnightly cleans with the same trusted cleaner." },
      { title: "Deep cleaning", description: "Top-to-bottom cleans of kitchens, bathrooms and living areas." },
      { title: "End-of-tenancy cleans", description: "Thorough cleans to inventory standard when you move out." },
      { title: "One-off cleans", description: "Before guests arrive, after a party or after building work." },
      { title: "Oven and appliance cleaning", description: "Ovens, hobs, fridges and extractor hoods degreased." },
      { title: "Window cleaning", description: "Inside windows, frames and sills, plus reachable outside panes." },
    ],
    whyChoose: [{ title: "The same cleaner each time", description: "Book again with a cleaner you like and build a routine." }, ...sharedReasons],
  },
  handyman: {
    kind: "trade",
    slug: "handyman",
    headline: "Handymen for every job on your to-do list",
    intro: "Shelves, doors, curtain poles and small repairs handled in one visit by skilled, insured handymen.",
    certification: {
      summary: "Handymen pass our standard checks, and know where their work ends.",
      checks: [
        { title: "Clear limits", description: "Gas and notifiable electrical work is not handyman work: book a plumber whose profile shows a checked Gas Safe number, or an electrician." },
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Shelves and mounting", description: "Shelves, mirrors, pictures and TVs fixed securely to any wall." },
      { title: "Doors and locks", description: "Sticking doors planed, handles, hinges and locks replaced." },
      { title: "Curtains and blinds", description: "Poles, tracks and blinds fitted level and straight." },
      { title: "Small repairs", description: "Loose tiles, squeaky floorboards, sealant and grout." },
      { title: "Flat-pack and fittings", description: "Furniture assembly and fixing units to the wall." },
      { title: "Odd jobs", description: "A list of small tasks done in a single visit." },
    ],
    whyChoose: [{ title: "One visit, many jobs", description: "Save up your list and get it all done in one booking." }, ...sharedReasons],
  },
  painting: {
    kind: "trade",
    slug: "painting",
    headline: "Painters and decorators who prepare properly",
    intro: "Interior and exterior painting with careful preparation, clean lines and a tidy finish.",
    certification: {
      summary: "Good decorating is mostly preparation: ask to see photos of recent work in the chat before you book.",
      checks: [
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Interior painting", description: "Walls, ceilings, woodwork and doors in any room." },
      { title: "Exterior painting", description: "Masonry, render, window frames and fascias." },
      { title: "Wallpapering", description: "Stripping, lining and hanging wallpaper and feature walls." },
      { title: "Preparation", description: "Filling, sanding, priming and stain blocking done properly." },
      { title: "Woodwork and doors", description: "Skirting boards, banisters, doors and frames." },
      { title: "Fences and sheds", description: "Garden timber treated and painted to last." },
    ],
    whyChoose: [{ title: "Tidy and protected", description: "Floors and furniture covered, and the room left clean." }, ...sharedReasons],
  },
  moving: {
    kind: "trade",
    slug: "moving",
    headline: "Removals and man-with-a-van help you can rely on",
    intro: "Local moves, long-distance removals and packing by insured movers who look after your belongings.",
    certification: {
      summary: "Movers pass our standard checks. Ask in the chat about goods-in-transit cover for your belongings before you book.",
      checks: [
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Local moves", description: "House and flat moves across town, charged by the hour." },
      { title: "Long-distance removals", description: "Moves across the UK, charged by the mile." },
      { title: "Packing service", description: "Careful packing with boxes, wrapping and labelling." },
      { title: "Single items", description: "Sofas, appliances and marketplace collections." },
      { title: "Student moves", description: "Small loads to and from halls and shared houses." },
      { title: "Office moves", description: "Desks, files and equipment moved with minimal downtime." },
    ],
    whyChoose: [{ title: "Insured in transit", description: "Your belongings are covered from your old door to your new one." }, ...sharedReasons],
  },
  landscaping: {
    kind: "trade",
    slug: "landscaping",
    headline: "Gardeners and landscapers for every season",
    intro: "Regular maintenance, garden design and new planting or hard landscaping by experienced, insured professionals.",
    certification: {
      summary: "Gardeners pass our standard checks. If green waste is to be taken away, ask for their waste carrier registration.",
      checks: [
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Garden maintenance", description: "Mowing, weeding, edging and seasonal tidy-ups." },
      { title: "Hedges and trees", description: "Hedge trimming, pruning and small tree work." },
      { title: "Garden design", description: "Planting plans and layouts that suit your space and soil." },
      { title: "Lawns", description: "Turfing, seeding, scarifying and feeding." },
      { title: "Patios and paths", description: "Paving, gravel and edging laid on a proper base." },
      { title: "Fencing and decking", description: "New panels, posts, gates and timber decking." },
    ],
    whyChoose: [{ title: "Waste taken away", description: "Green waste removed by registered carriers, not left behind." }, ...sharedReasons],
  },
  assembly: {
    kind: "trade",
    slug: "assembly",
    headline: "Furniture assembly done right the first time",
    intro: "Flat-pack furniture, beds, wardrobes and office desks assembled quickly, level and secure.",
    certification: {
      summary: "Assemblers pass our standard checks before any job.",
      checks: [
        { title: "Anti-tip fixing", description: "Ask for tall units to be fixed to the wall with the supplied restraints, as manufacturers advise." },
        ...baseChecks,
      ],
    },
    servicesOffered: [
      { title: "Wardrobes and drawers", description: "Flat-pack wardrobes, chests and sliding-door units." },
      { title: "Beds", description: "Bed frames, bunk beds, ottomans and cots." },
      { title: "Office furniture", description: "Desks, chairs, shelving and storage." },
      { title: "Living room", description: "TV stands, bookcases and display units." },
      { title: "Garden furniture", description: "Tables, benches, storage boxes and play sets." },
      { title: "Packaging removed", description: "Boxes and packing taken away for recycling on request." },
    ],
    whyChoose: [{ title: "Quick and tidy", description: "Most single items are assembled within the hour." }, ...sharedReasons],
  },
  "dog-walking": {
    kind: "care",
    slug: "dog-walking",
    headline: "Dog walkers who treat your dog like their own",
    intro: "Reliable, insured walkers for daily walks and visits, matched to your dog's needs.",
    cards: [
      {
        title: "30-minute walk",
        description: "A quick stretch of the legs for small breeds, puppies or older dogs.",
        includes: ["Collection and return home", "Fresh water on return", "Photo update after each walk"],
        priceLabel: "30-minute walk",
      },
      {
        title: "1-hour walk",
        description: "A proper outing for energetic dogs, on lead or off where it is safe.",
        includes: ["Solo or small-group walks", "Towel-down for muddy paws", "Photo update after each walk"],
        priceLabel: "1-hour walk",
      },
      {
        title: "Vetted and insured",
        description: "Every walker passes our checks before meeting your dog.",
        includes: ["Photo ID checked", "Right to work checked", "Insurance checked"],
      },
    ],
  },
  "house-sitting": {
    kind: "care",
    slug: "house-sitting",
    headline: "House sitters who keep your home lived-in",
    intro: "Sitters with a checked enhanced DBS certificate who stay over, look after plants and pets, and keep your home secure while you are away.",
    cards: [
      {
        title: "Overnight stays",
        description: "A sitter stays in your home for the nights you are away.",
        includes: ["Evening and morning checks", "Post and bins handled", "Plants watered"],
        priceLabel: "Overnight stay",
      },
      {
        title: "Weekly sitting",
        description: "Longer trips covered at a weekly rate.",
        includes: ["Pet feeding and company", "Daily photo updates", "A lived-in look for security"],
        priceLabel: "Weekly sitting",
      },
      {
        title: "Vetted and insured",
        description: "Sitters are checked before they are trusted with your keys.",
        includes: ["Enhanced DBS certificate checked", "Photo ID and right to work checked (shown on the profile)", "Insurance checked"],
      },
    ],
  },
  nanny: {
    kind: "care",
    slug: "nanny",
    headline: "Nannies and babysitters families can trust",
    intro: "Vetted childcare for an evening out or every weekday, from carers who love what they do.",
    cards: [
      {
        title: "Babysitting",
        description: "Evenings and weekends, booked as often as you need.",
        includes: ["Bedtime routines followed", "Homework and play", "Update when you are home"],
        priceLabel: "Babysitting",
      },
      {
        title: "Nanny",
        description: "Regular, part-time or full-time childcare in your home.",
        includes: ["School runs and activities", "Meals and routines", "Daily notes for parents"],
        priceLabel: "Nanny",
      },
      {
        title: "Safety first",
        description: "Childcare is only offered by carers who pass our strictest checks.",
        includes: ["Enhanced DBS certificate checked", "Photo ID and right to work checked (shown on the profile)", "Insurance checked"],
      },
    ],
  },
};

/** The three promises beside every service page's hero. */
export const serviceHeroChecks = ["Vetted and insured professionals", "Upfront quotes, chat directly", "Payment held by FixiT until you confirm"] as const;

export function findServicePage(slug: string): ServicePage | undefined {
  return Object.hasOwn(servicePages, slug) ? servicePages[slug as ServiceSlug] : undefined;
}
