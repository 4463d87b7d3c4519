import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { coverageAreas, coverageCopy } from "~/content/coverage";
import { cn } from "~/lib/utils";

/** Where FixiT works today and what the rest of the UK can do: /how-it-works and /help. */
export function CoverageStatement({ className, headingLevel = "h2" }: { className?: string; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <section aria-labelledby="coverage-title" className={cn("rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8", className)}>
      <Heading id="coverage-title" className="flex items-center gap-2 text-h3 font-semibold">
        <MapPin aria-hidden="true" className="size-6 shrink-0 text-primary" />
        {coverageCopy.title}
      </Heading>
      <p className="mt-3 text-lg text-muted-foreground">{coverageCopy.statement}</p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {coverageAreas.map((area) => (
          <li key={area.city} className="rounded-lg bg-muted/60 px-4 py-3">
            <p className="font-semibold">{area.city}</p>
            <p className="text-small text-muted-foreground">{area.region}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              <span className="sr-only">Postcode areas: </span>
              {area.postcodeAreas.join(", ")}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-body">
        {coverageCopy.elsewhere}{" "}
        <Link to="/early-access" className="font-semibold text-primary underline underline-offset-2">
          Join early access
        </Link>
      </p>
    </section>
  );
}
