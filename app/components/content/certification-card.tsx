import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { Feature } from "~/content/service-pages";
import { cn } from "~/lib/utils";

/** What FixiT's vetting covers for one trade. */
export function CertificationCard({ trade, summary, checks, className }: { trade: string; summary: string; checks: readonly Feature[]; className?: string }) {
  return (
    <Card tone="success" className={cn("h-full", className)}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-success/10 text-success">
            <ShieldCheck aria-hidden="true" className="size-5" />
          </span>
          <CardTitle as="h3">Fixer certification: {trade}</CardTitle>
        </div>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {checks.map((check) => (
            <li key={check.title} className="flex gap-3">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              <div>
                <p className="font-medium">{check.title}</p>
                <p className="text-small text-muted-foreground">{check.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
