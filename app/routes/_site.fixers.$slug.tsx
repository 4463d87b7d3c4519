import { BadgeCheck, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/_site.fixers.$slug";
import { StarRating } from "~/components/content/star-rating";
import { Button } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { fixerProfileJsonLd, loadPublicProfile } from "~/features/quotes/public-profile.server";
import { formatDay, Section, serviceName } from "~/features/quotes/components/fixer-views";
import { ratingText } from "~/features/quotes/components/top-rated-fixers";
import { fixerCopy } from "~/features/quotes/fixer-copy";
import { quotePaths } from "~/features/quotes/paths";
import { pageMeta } from "~/lib/seo";
import { reviewCopy } from "~/features/quotes/review-copy";

/**
 * A fixer's public profile. Rendered per request (not in the anonymous-HTML cache): a new review,
 * reply or hidden review shows at once (decision 023).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await loadPublicProfile(context.services.db, params.slug);
  if (!profile) throw data(null, { status: 404 });
  return data({ profile, jsonLd: fixerProfileJsonLd(profile) }, { headers: { "cache-control": "no-cache" } });
}

export function headers() {
  return { "cache-control": "no-cache" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found | FixiT" }];
  const { profile, jsonLd } = loaderData;
  const services = profile.services.map(serviceName).join(", ");
  const rating = profile.reviewCount ? ` Rated ${Number(profile.rating).toFixed(1)}/5 from ${profile.reviewCount} verified reviews.` : "";
  return pageMeta({
    title: `${profile.displayName}: ${services || "fixer"}`,
    description: `${profile.displayName} is a FixiT fixer offering ${services || "home services"} in ${profile.areas.join(", ") || "the UK"}.${rating}`.slice(0, 300),
    path: quotePaths.fixerProfile(profile.slug),
    jsonLd: [jsonLd],
  });
};

export default function FixerProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold break-words">{profile.displayName}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {profile.reviewCount ? <StarRating rating={Math.round(Number(profile.rating))} /> : null}
          <span className="text-sm text-muted-foreground">{ratingText(profile.rating, profile.reviewCount)}</span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">Member since {formatDay(profile.memberSince)}</p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
          {profile.services.map((s) => (
            <li key={s}>
              <Badge variant="secondary">{serviceName(s)}</Badge>
            </li>
          ))}
        </ul>
        {profile.takingJobs ? (
          <div className="mt-5 flex flex-col gap-2">
            <Button asChild size="lg" className="self-start">
              <Link to={quotePaths.requestWithFixer(profile.slug, profile.services[0] ?? null)}>Request a quote from this fixer</Link>
            </Button>
            <p className="text-sm text-muted-foreground">{fixerCopy.profile.inviteNote(profile.displayName)}</p>
          </div>
        ) : null}
      </header>
      {profile.bio ? <p className="break-words whitespace-pre-line">{profile.bio}</p> : null}
      <Section id="checks" title="Verified checks">
        <ul className="flex flex-col gap-2">
          {profile.checkLabels.map((label) => (
            <li key={label} className="flex items-center gap-2 text-sm">
              <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-success" /> {label}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="areas" title="Areas covered">
        <p className="flex items-start gap-2 text-sm">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="break-words">{profile.areas.length ? profile.areas.join(", ") : "No areas listed yet."}</span>
        </p>
      </Section>
      <Section id="reviews" title={`${fixerCopy.profile.reviewsTitle} (${profile.reviewCount})`}>
        {profile.reviews.length ? (
          <ul className="flex flex-col gap-5">
            {profile.reviews.map((r) => (
              <li key={r.id} className="border-b border-border pb-4 last:border-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  {r.rating !== null ? <StarRating rating={r.rating} className="[&>svg]:size-4" /> : null}
                  <span className="text-xs text-muted-foreground">
                    {serviceName(r.service)} · {formatDay(r.createdAt)}
                  </span>
                </div>
                {r.removedReason !== null ? (
                  <div className="mt-2 rounded-lg bg-muted p-3 text-sm">
                    <p className="font-medium">{reviewCopy.removed}</p>
                    <p className="break-words whitespace-pre-line">{reviewCopy.removedReason(r.removedReason)}</p>
                  </div>
                ) : (
                  <p className="mt-2 break-words whitespace-pre-line">{r.body}</p>
                )}
                {r.reply ? (
                  <div className="mt-3 rounded-lg bg-muted p-3 text-sm">
                    <p className="font-medium">Reply from {profile.displayName}</p>
                    <p className="break-words whitespace-pre-line">{r.reply}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{fixerCopy.profile.noReviews}</p>
        )}
      </Section>
    </div>
  );
}
