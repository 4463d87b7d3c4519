import { and, desc, eq, inArray, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { hasRequiredChecks, recordedChecksFor } from "~/features/fixers/checks.server";
import { publicCheckText, type CheckKind } from "~/features/fixers/required-checks";
import { fixerAreas, fixerProfiles, fixerServices, jobs, reviews } from "#server/db/schema/quotes.ts";
import type { ServiceSlug } from "~/content/services";
import { publishedReview } from "./review-views.server";
import { ref } from "./access.server";
import { serviceSlugs } from "./schemas";

/**
 * What customers and visitors see of a fixer: public name, services, areas, the checks FixiT made
 * at onboarding, and ratings from verified reviews (hidden reviews count for nothing). Never an
 * email address, a phone number or the fixer's full name.
 */

/**
 * Only the vetting checks staff recorded (fixer_checks, decision 065: each with its evidence and
 * date), never what was merely sent; "reviewed" is the approved application every profile has.
 */
/**
 * Whether this account (its id, an outer column) has a fixer profile, as an SQL boolean: half of the
 * session's approved-fixer flag, which auth reads in its one query (decision 071).
 */
export const hasFixerProfileSql = (userId: SQLWrapper) => sql<boolean>`exists (select 1 from ${fixerProfiles} where ${fixerProfiles.userId} = ${userId})`;

export type VerifiedCheck = "reviewed" | CheckKind;
export const verifiedCheckLabels: Record<VerifiedCheck, string> = {
  reviewed: "Application checked by FixiT",
  identity: "ID checked",
  right_to_work: "Right to work checked",
  insurance: "Insurance checked",
  gas_safe: "Gas Safe checked",
  niceic_napit: "NICEIC/NAPIT checked",
  dbs_enhanced: "Enhanced DBS checked",
};

export type FixerSummary = {
  userId: string;
  slug: string;
  displayName: string;
  checks: VerifiedCheck[];
  /** Each recorded check as the profile states it: "Gas Safe 123456 checked on 3 Nov 2026". */
  checkTexts: string[];
  rating: number | null;
  reviewCount: number;
  memberSince: Date;
};

/** Customers' published reviews of the fixer that staff did not hide (decision 055). */
const countedReviews = sql`${reviews.fixerUserId} = ${ref(fixerProfiles.userId)} and ${reviews.author} = 'customer' and ${reviews.hiddenAt} is null and ${publishedReview}`;
const ratingColumns = {
  rating: sql<string | null>`(select round(avg(${reviews.rating}), 2) from ${reviews} where ${countedReviews})`,
  reviewCount: sql<number>`(select count(*)::int from ${reviews} where ${countedReviews})`,
};

/** The summaries shown beside quotes and on service pages, keyed by fixer. */
export async function fixerSummaries(db: DbOrTx, fixerUserIds: readonly string[]): Promise<Map<string, FixerSummary>> {
  if (fixerUserIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: fixerProfiles.userId, slug: fixerProfiles.slug, displayName: fixerProfiles.displayName, createdAt: fixerProfiles.createdAt, ...ratingColumns })
    .from(fixerProfiles)
    .where(inArray(fixerProfiles.userId, [...fixerUserIds]));
  const recorded = await recordedChecksFor(db, rows.map((r) => r.userId));
  return new Map(
    rows.map((r) => {
      const checks = recorded.get(r.userId) ?? [];
      return [
        r.userId,
        {
          userId: r.userId,
          slug: r.slug,
          displayName: r.displayName,
          checks: ["reviewed", ...checks.map((c) => c.kind)],
          checkTexts: checks.map(publicCheckText),
          rating: r.rating === null ? null : Number(r.rating),
          reviewCount: r.reviewCount,
          memberSince: r.createdAt,
        },
      ];
    }),
  );
}

/** A published review on the profile; one staff removed keeps its place with the reason (body and reply null). */
export type PublicReview = { id: number; rating: number | null; body: string | null; reply: string | null; repliedAt: Date | null; createdAt: Date; service: string; removedReason: string | null };

export type PublicFixerProfile = FixerSummary & {
  bio: string;
  /** Leads on: customers may ask this fixer for a quote from the profile. */
  takingJobs: boolean;
  services: ServiceSlug[];
  areas: string[];
  reviews: PublicReview[];
};

/**
 * /fixers/<slug>: null for an unknown slug or a disabled account (the page answers 404). A fixer
 * whose leads are paused keeps a public profile.
 */
export async function fixerProfileBySlug(db: DbOrTx, slug: string): Promise<PublicFixerProfile | null> {
  const [profile] = await db
    .select({ userId: fixerProfiles.userId, bio: fixerProfiles.bio, leadsDisabledAt: fixerProfiles.leadsDisabledAt })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(and(eq(fixerProfiles.slug, slug), isNull(accountsView.disabledAt)))
    .limit(1);
  if (!profile) return null;
  const [summaries, offered, areas, visible] = await Promise.all([
    fixerSummaries(db, [profile.userId]),
    db.select({ service: fixerServices.service }).from(fixerServices).where(eq(fixerServices.fixerUserId, profile.userId)),
    db.select({ code: fixerAreas.code }).from(fixerAreas).where(eq(fixerAreas.fixerUserId, profile.userId)).orderBy(fixerAreas.code),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
        createdAt: reviews.createdAt,
        service: jobs.service,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
      })
      .from(reviews)
      .innerJoin(jobs, eq(jobs.id, reviews.jobId))
      .where(and(eq(reviews.fixerUserId, profile.userId), eq(reviews.author, "customer"), publishedReview))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(50),
  ]);
  const order = new Map(serviceSlugs.map((s, i) => [s, i]));
  return {
    ...summaries.get(profile.userId)!,
    bio: profile.bio,
    takingJobs: profile.leadsDisabledAt === null,
    services: offered.map((r) => r.service as ServiceSlug).sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99)),
    areas: areas.map((r) => r.code),
    reviews: visible.map(({ hiddenAt, hiddenReason, ...r }) =>
      hiddenAt ? { ...r, rating: null, body: null, reply: null, repliedAt: null, removedReason: hiddenReason ?? "" } : { ...r, removedReason: null },
    ),
  };
}

/**
 * A service page's top-rated fixers: offering the service with its required checks recorded, account
 * enabled, leads on (a paused fixer cannot be asked for a quote, so is not put forward), at least one visible review; best
 * average first, then most reviews. Only approved fixers have a profile at all.
 */
export async function topRatedFixersForService(db: DbOrTx, service: string, limit = 3): Promise<FixerSummary[]> {
  const rows = await db
    .select({ userId: fixerProfiles.userId, reviewCount: ratingColumns.reviewCount, rating: ratingColumns.rating })
    .from(fixerProfiles)
    .innerJoin(fixerServices, and(eq(fixerServices.fixerUserId, fixerProfiles.userId), eq(fixerServices.service, service)))
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(and(isNull(accountsView.disabledAt), isNull(fixerProfiles.leadsDisabledAt), hasRequiredChecks(ref(fixerProfiles.userId), ref(fixerServices.service)), sql`${ratingColumns.reviewCount} > 0`))
    .orderBy(sql`${ratingColumns.rating} desc`, sql`${ratingColumns.reviewCount} desc`, fixerProfiles.createdAt)
    .limit(Math.max(1, Math.min(limit, 20)));
  const summaries = await fixerSummaries(db, rows.map((r) => r.userId));
  return rows.map((r) => summaries.get(r.userId)!);
}

/**
 * The fixer a customer may ask for a quote by their profile's slug: a public profile whose
 * account is enabled and whose leads are on. Null otherwise (the job form then names nobody).
 */
export async function invitableFixer(db: DbOrTx, slug: string): Promise<{ slug: string; displayName: string } | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const [fixer] = await db
    .select({ slug: fixerProfiles.slug, displayName: fixerProfiles.displayName })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(and(eq(fixerProfiles.slug, slug), isNull(accountsView.disabledAt), isNull(fixerProfiles.leadsDisabledAt)))
    .limit(1);
  return fixer ?? null;
}

/** Every public profile's slug, for the sitemap. */
export async function publicFixerSlugs(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ slug: fixerProfiles.slug })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(isNull(accountsView.disabledAt))
    .orderBy(fixerProfiles.slug);
  return rows.map((r) => r.slug);
}
