import { CircleCheck } from "lucide-react";
import type * as React from "react";
import type { Feature } from "~/content/service-pages";
import { cn } from "~/lib/utils";

/** A grid of small titled cards (why-choose, services offered). */
export function FeatureGrid({
  features,
  icon: Icon = CircleCheck,
  columns = 3,
  headingLevel = "h3",
}: {
  features: readonly Feature[];
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  columns?: 2 | 3 | 4;
  headingLevel?: "h3" | "h4";
}) {
  const Heading = headingLevel;
  return (
    <ul
      className={cn(
        "grid gap-4 sm:grid-cols-2",
        columns === 3 && "lg:grid-cols-3",
        columns === 4 && "lg:grid-cols-4",
      )}
    >
      {features.map(({ icon: FeatureIcon = Icon, ...feature }) => (
        <li key={feature.title} className="flex gap-4 rounded-xl border border-border bg-card p-5 shadow-card">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <FeatureIcon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <Heading className="font-semibold">{feature.title}</Heading>
            <p className="mt-1 text-small text-muted-foreground">{feature.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A short bulleted list with check marks. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
