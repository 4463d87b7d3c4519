import type { DbOrTx } from "#server/db/client.ts";
import { siteOrigin } from "~/lib/seo";
import { findService } from "~/content/services";
import { quotePaths } from "./paths";
import { fixerProfileBySlug, topRatedFixersForService, verifiedCheckLabels, type PublicFixerProfile } from "./profiles.server";

/** The public fixer profile's data for its page, and the top-rated fixers of a service page. */

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,60})$/;

export async function loadPublicProfile(db: DbOrTx, slug: string | undefined) {
  // A slug is what createFixerProfileFromApproval makes; anything else cannot exist (no query).
  if (!slug || !SLUG.test(slug)) return null;
  const profile = await fixerProfileBySlug(db, slug);
  if (!profile) return null;
  const { userId: _private, ...shown } = profile;
  return { ...shown, rating: profile.rating === null ? null : Number(profile.rating), checkLabels: [verifiedCheckLabels.reviewed, ...profile.checkTexts] };
}

type ShownProfile = Omit<PublicFixerProfile, "userId" | "rating"> & { rating: number | null };

/** schema.org HomeAndConstructionBusiness; AggregateRating only when there are reviews. */
export function fixerProfileJsonLd(profile: ShownProfile): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    name: profile.displayName,
    url: new URL(quotePaths.fixerProfile(profile.slug), siteOrigin).toString(),
    ...(profile.bio ? { description: profile.bio } : {}),
    knowsAbout: profile.services.map((s) => findService(s)?.name ?? s),
    areaServed: profile.areas.map((code) => ({ "@type": "Place", name: `${code} postcode area, United Kingdom` })),
    ...(profile.reviewCount > 0 && profile.rating !== null
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: profile.rating.toFixed(1), reviewCount: profile.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/** A service page's top-rated fixers (none → the page hides the section). */
export async function topRatedForServicePage(db: DbOrTx, service: string) {
  const fixers = await topRatedFixersForService(db, service, 3);
  return fixers.map((f) => ({ slug: f.slug, displayName: f.displayName, rating: f.rating === null ? null : Number(f.rating), reviewCount: f.reviewCount, checks: f.checks as string[] }));
}
