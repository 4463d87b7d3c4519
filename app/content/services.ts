/**
 * The 11 kinds of work FixiT covers. Pages, search, the sitemap and the assistants read
 * this list; prices live in ./prices.ts.
 */
export type ServiceSlug =
  | "plumbing"
  | "electrical"
  | "cleaning"
  | "handyman"
  | "painting"
  | "moving"
  | "landscaping"
  | "assembly"
  | "house-sitting"
  | "nanny"
  | "dog-walking";

export type Service = {
  slug: ServiceSlug;
  name: string;
  /** One line for cards and search results. */
  description: string;
  /** A lucide-react icon name. */
  icon: string;
  /** Care services get the shorter three-card landing page. */
  kind: "trade" | "care";
  href: `/categories/${ServiceSlug}`;
};

const service = (s: Omit<Service, "href">): Service => ({ ...s, href: `/categories/${s.slug}` });

export const services: readonly Service[] = [
  service({ slug: "plumbing", name: "Plumbing", icon: "Wrench", kind: "trade", description: "Leaks, taps, toilets, radiators and blocked drains fixed by vetted plumbers." }),
  service({ slug: "electrical", name: "Electrical", icon: "Zap", kind: "trade", description: "Sockets, lighting, fuse boards and safety checks by registered electricians." }),
  service({ slug: "cleaning", name: "Cleaning", icon: "Sparkles", kind: "trade", description: "Regular, deep and end-of-tenancy cleans by trusted cleaners." }),
  service({ slug: "handyman", name: "Handyman", icon: "Hammer", kind: "trade", description: "Shelves, doors, curtain poles and the odd jobs on your list." }),
  service({ slug: "painting", name: "Painting", icon: "Paintbrush", kind: "trade", description: "Interior and exterior painting and decorating, prepared properly." }),
  service({ slug: "moving", name: "Moving", icon: "Truck", kind: "trade", description: "Local and long-distance removals, packing and man-with-a-van help." }),
  service({ slug: "landscaping", name: "Landscaping", icon: "Trees", kind: "trade", description: "Garden maintenance, design and planting, lawns and hedges." }),
  service({ slug: "assembly", name: "Assembly", icon: "Package", kind: "trade", description: "Flat-pack furniture, beds, wardrobes and office desks assembled." }),
  service({ slug: "house-sitting", name: "House Sitting", icon: "Home", kind: "care", description: "Sitters with a checked enhanced DBS certificate who keep your home, plants and post in order." }),
  service({ slug: "nanny", name: "Nanny & Childcare", icon: "Baby", kind: "care", description: "Vetted nannies and babysitters for regular or occasional childcare." }),
  service({ slug: "dog-walking", name: "Dog Walking", icon: "Dog", kind: "care", description: "Reliable, insured dog walkers for daily walks and pet visits." }),
];

export function findService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}
