import { BadgeCheck } from "lucide-react";
import { Link } from "react-router";
import { StarRating } from "~/components/content/star-rating";
import { quotePaths } from "~/features/quotes/paths";

/**
 * The service page's top-rated fixers: a file of its own with no form or schema imports, because
 * the service pages are public and count against the first-load JavaScript budget.
 */

export type FixerCardData = { slug: string; displayName: string; rating: number | string | null; reviewCount: number; checks: string[] };

export function ratingText(rating: number | string | null, count: number) {
  if (!count || rating === null) return "No reviews yet";
  return `${Number(rating).toFixed(1)} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`;
}

export function TopRatedFixers({ fixers, serviceLabel }: { fixers: FixerCardData[]; serviceLabel: string }) {
  if (!fixers.length) return null;
  return (
    <section aria-labelledby="top-fixers-title" className="py-14 sm:py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="top-fixers-title" className="text-h2">
          Top-rated {serviceLabel.toLowerCase()} fixers
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">Rated by customers whose job they did through FixiT.</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {fixers.map((f) => (
            <li key={f.slug} className="rounded-xl border border-border bg-card p-5 shadow-card">
              <h3 className="text-lg font-semibold">
                <Link to={quotePaths.fixerProfile(f.slug)} className="hover:text-primary hover:underline">
                  {f.displayName}
                </Link>
              </h3>
              <div className="mt-2 flex items-center gap-2">
                <StarRating rating={Math.round(Number(f.rating ?? 0))} className="[&>svg]:size-4" />
                <span className="text-sm text-muted-foreground">{ratingText(f.rating, f.reviewCount)}</span>
              </div>
              {f.checks.includes("insurance") ? (
                <p className="mt-2 flex items-center gap-1 text-sm">
                  <BadgeCheck aria-hidden="true" className="size-4 text-success" /> Insurance checked
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
