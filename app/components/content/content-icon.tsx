import {
  Baby,
  BadgeCheck,
  Bot,
  Dog,
  Hammer,
  House,
  Lightbulb,
  Lock,
  MapPin,
  Package,
  Paintbrush,
  Receipt,
  Search,
  ShieldCheck,
  Siren,
  Sparkles,
  Trees,
  Truck,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";

/** The icons content files name by string (services.ts, home.ts); only these reach the bundle. */
const icons: Record<string, LucideIcon> = {
  Baby,
  BadgeCheck,
  Bot,
  Dog,
  Hammer,
  Home: House,
  House,
  Lightbulb,
  Lock,
  MapPin,
  Package,
  Paintbrush,
  Receipt,
  Search,
  ShieldCheck,
  Siren,
  Sparkles,
  Trees,
  Truck,
  Wrench,
  Zap,
};

export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
