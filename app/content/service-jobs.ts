/**
 * The everyday words people use for each service: the jobs they need done and the names they
 * call the professional. Site search and the assistants match these, so "boiler" or "babysitter"
 * finds the right service. Lowercase; a word may belong to one service only.
 */
import type { ServiceSlug } from "~/content/services";

export type ServiceWords = {
  /** Common jobs, as people type them. */
  jobs: readonly string[];
  /** Other names for the service or the person who does it. */
  synonyms: readonly string[];
};

export const serviceWords: Readonly<Record<ServiceSlug, ServiceWords>> = {
  plumbing: {
    jobs: ["boiler", "radiator", "leak", "leaking", "tap", "toilet", "cistern", "shower", "bath", "sink", "drain", "blocked drain", "burst pipe", "pipe", "water heater", "hot water", "central heating", "stopcock", "washing machine"],
    synonyms: ["plumber", "heating engineer", "gas safe"],
  },
  electrical: {
    jobs: ["fuse", "fuse box", "consumer unit", "socket", "plug", "light fitting", "lighting", "light switch", "rewire", "rewiring", "wiring", "tripping", "rcd", "eicr", "safety certificate", "ev charger", "extractor fan", "doorbell"],
    synonyms: ["electrician", "sparky"],
  },
  cleaning: {
    jobs: ["deep clean", "end of tenancy", "oven", "carpet", "mould", "limescale", "windows", "spring clean", "after builders", "ironing"],
    synonyms: ["cleaner", "housekeeper", "domestic cleaner"],
  },
  handyman: {
    jobs: ["shelf", "shelves", "curtain pole", "blinds", "tv mount", "picture hanging", "door", "hinge", "draught", "sealant", "silicone", "gutter", "damp", "odd jobs", "repairs"],
    synonyms: ["handyperson", "odd job man", "maintenance"],
  },
  painting: {
    jobs: ["paint", "wallpaper", "ceiling", "skirting", "fence painting", "exterior walls", "feature wall", "plastering"],
    synonyms: ["painter", "decorator", "decorating"],
  },
  moving: {
    jobs: ["removal", "removals", "move house", "packing", "boxes", "man and van", "man with a van", "piano", "sofa", "storage"],
    synonyms: ["mover", "removal company", "van"],
  },
  landscaping: {
    jobs: ["lawn", "grass", "mowing", "hedge", "hedge trimming", "weeding", "garden", "patio", "decking", "turf", "tree", "pruning", "planting"],
    synonyms: ["gardener", "gardening", "landscaper", "garden design"],
  },
  assembly: {
    jobs: ["flat-pack", "flat pack", "flatpack", "ikea", "wardrobe", "bed", "desk", "chest of drawers", "furniture", "cot", "trampoline"],
    synonyms: ["furniture assembly", "assembler"],
  },
  "house-sitting": {
    jobs: ["house sit", "plants", "post", "holiday", "overnight", "key holding"],
    synonyms: ["house sitter", "housesitter", "home sitter"],
  },
  nanny: {
    jobs: ["babysitting", "childcare", "school run", "after school", "date night"],
    synonyms: ["babysitter", "nanny", "childminder", "au pair", "child care"],
  },
  "dog-walking": {
    jobs: ["dog", "dogs", "puppy", "walk my dog", "pet visit", "dog sitting"],
    synonyms: ["dog walker", "pet sitter"],
  },
};

/** Every word of a service, jobs first. */
export function wordsFor(slug: ServiceSlug): readonly string[] {
  return [...serviceWords[slug].synonyms, ...serviceWords[slug].jobs];
}
