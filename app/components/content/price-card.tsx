import { Info, PoundSterling } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatPriceRange, type PriceRange } from "~/content/service-prices";
import { cn } from "~/lib/utils";

const unitLabel: Record<PriceRange["unit"], string> = {
  "call-out": "call-out",
  "per hour": "per hour",
  "per job": "per job",
  "per room": "per room",
  "per m²": "per m²",
  "per mile": "per mile",
  "per night": "per night",
  "per week": "per week",
  "per walk": "per walk",
};

/** The indicative price list for one service, with the 5% customer service fee explained. */
/** `disclaimer` is the prices' wording (`priceDisclaimer`), passed in so a page can send it as data rather than load the prices module. */
export function PriceCard({ title, ranges, disclaimer, className }: { title: string; ranges: readonly PriceRange[]; disclaimer: string; className?: string }) {
  return (
    <Card className={cn("h-full", className)}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <PoundSterling aria-hidden="true" className="size-5" />
          </span>
          <CardTitle as="h3">{title}</CardTitle>
        </div>
        <CardDescription>Indicative prices</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <dl className="divide-y divide-border rounded-lg border border-border">
          {ranges.map((range) => (
            <div key={range.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <dt className="font-medium">{range.label}</dt>
              <dd className="text-right">
                <span className="font-semibold text-foreground tabular-nums">{formatPriceRange(range)}</span>{" "}
                <span className="text-small text-muted-foreground">{unitLabel[range.unit]}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-auto flex gap-2 rounded-lg bg-muted p-3 text-small text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{disclaimer}</span>
        </p>
      </CardContent>
    </Card>
  );
}
