import { Baby, Dog, Hammer, House, Package, Paintbrush, Sparkles, Trees, Truck, Wrench, Zap, type LucideIcon } from "lucide-react";
import type { ServiceSlug } from "~/content/services";

/** One icon per service (services.ts names them; this maps the slug to the component). */
export const serviceIcons: Record<ServiceSlug, LucideIcon> = {
  plumbing: Wrench,
  electrical: Zap,
  cleaning: Sparkles,
  handyman: Hammer,
  painting: Paintbrush,
  moving: Truck,
  landscaping: Trees,
  assembly: Package,
  "house-sitting": House,
  nanny: Baby,
  "dog-walking": Dog,
};

export function ServiceIcon({ slug, className }: { slug: ServiceSlug; className?: string }) {
  const Icon = serviceIcons[slug];
  return <Icon aria-hidden="true" className={className} />;
}
