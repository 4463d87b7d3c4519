import { and, countDistinct, desc, eq, exists, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { services as allServices, type ServiceSlug } from "~/content/services";
import { serviceWords } from "~/content/service-jobs";
import type { Db, DbOrTx } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { accountsView } from "~/features/auth/projections.server";
import { fixerOnboardingView, fixerRegistrationsView } from "~/features/fixers/projections.server";
import { fixerAreas, fixerProfiles, fixerServices } from "#server/db/schema/quotes.ts";
import { ref, type PublicChangeDeps } from "./access.server";
import { hasRequiredChecks, servicesLackingChecks } from "~/features/fixers/checks.server";
import { checkLabels } from "~/features/fixers/required-checks";
import { QuotesError } from "./errors";
import { coveringCodes, normaliseCoverageCode, parseCoveragePlace, type JobPostcode } from "./postcodes";
import { quoteLimits, serviceSlugs } from "./schemas";
import { matchNewlyCoveredWork } from "./waiting.server";

/**
 * Approved fixers' profiles and coverage: the services they offer and the postcode areas or
 * districts they cover. The profile is made when staff approve an onboarding application.
 */

/**
 * The services an application's answers name ("Gas Safe plumber, boilers" → plumbing), from each
 * service's name and everyday words. A starting point the fixer edits on their dashboard.
 */
export function servicesFromApplication(texts: { expertise: string; qualifications: string }): ServiceSlug[] {
  const haystack = ` ${`${texts.expertise} ${texts.qualifications}`.toLowerCase().replace(/[^a-z0-9&-]+/g, " ")} `;
  return allServices
    .filter((service) => {
      const words = [service.name.toLowerCase(), ...serviceWords[service.slug].jobs, ...serviceWords[service.slug].synonyms];
      return words.some((word) => haystack.includes(` ${word.replace(/[^a-z0-9&-]+/g, " ").trim()} `));
    })
    .map((s) => s.slug);
}

const slugify = (value: string) =>
  value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "fixer";

/** "Ann", "Baker" → "Ann B.": the public name, enough to recognise, not to look someone up. */
function publicName(first: string, last: string): string {
  const initial = last.trim().charAt(0).toUpperCase();
  return [first.trim(), initial ? `${initial}.` : ""].filter(Boolean).join(" ") || "FixiT fixer";
}

/**
 * Makes the approved application's fixer profile (in the reviewer's transaction), with the services
 * its answers name. Idempotent: an existing profile is returned unchanged. Null when the
 * application is not approved or has no account (nothing to attach a profile to).
 */
export async function createFixerProfileFromApproval(tx: DbOrTx, onboardingId: number) {
  const [application] = await tx
    .select({
      userId: fixerOnboardingView.userId,
      status: fixerOnboardingView.status,
      expertise: fixerOnboardingView.expertise,
      qualifications: fixerOnboardingView.qualifications,
      firstName: fixerRegistrationsView.firstName,
      lastName: fixerRegistrationsView.lastName,
      accountName: sql<string>`coalesce(nullif(${accountsView.fullName}, ''), ${accountsView.name})`,
    })
    .from(fixerOnboardingView)
    .leftJoin(fixerRegistrationsView, eq(fixerRegistrationsView.id, fixerOnboardingView.registrationId))
    .leftJoin(accountsView, eq(accountsView.id, fixerOnboardingView.userId))
    .where(eq(fixerOnboardingView.id, onboardingId))
    .limit(1);
  if (!application || application.status !== "approved" || !application.userId) return null;
  const existing = await fixerProfileOf(tx, application.userId);
  if (existing) return existing;

  const [first = "", ...rest] = (application.accountName ?? "").trim().split(/\s+/);
  const displayName = application.firstName ? publicName(application.firstName, application.lastName ?? "") : publicName(first, rest.at(-1) ?? "");
  const base = slugify(displayName);
  for (let attempt = 1; attempt <= 50; attempt++) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    const [created] = await tx
      .insert(fixerProfiles)
      .values({ userId: application.userId, onboardingId, slug, displayName })
      .onConflictDoNothing()
      .returning();
    if (created) {
      // Only the named services whose required checks are recorded (decision 065); the fixer adds others once checked.
      const named = servicesFromApplication(application);
      const lacking = new Set((await servicesLackingChecks(tx, application.userId, named)).map((l) => l.service));
      const offered = named.filter((service) => !lacking.has(service));
      if (offered.length) await tx.insert(fixerServices).values(offered.map((service) => ({ fixerUserId: created.userId, service })));
      return created;
    }
    const raced = await fixerProfileOf(tx, application.userId);
    if (raced) return raced;
  }
  throw new Error(`no free profile slug for ${base}`);
}

/**
 * Makes the profiles of fixers approved before profiles existed (staff approval makes one since),
 * from their latest approved application, a hundred at a time; gives how many it made. Run once at
 * each start where background work runs (ROLE=worker or all): the pages only read profiles (issue
 * 48, a GET never writes; decision 092). When there is none to make it is one anti-join on keys.
 */
export async function createMissingFixerProfiles(db: Db): Promise<number> {
  let made = 0;
  for (;;) {
    const approved = await db
      .selectDistinctOn([fixerOnboardingView.userId], { id: fixerOnboardingView.id })
      .from(fixerOnboardingView)
      .where(
        and(
          eq(fixerOnboardingView.status, "approved"),
          sql`${fixerOnboardingView.userId} is not null`,
          sql`not exists (select 1 from ${fixerProfiles} where ${fixerProfiles.userId} = ${fixerOnboardingView.userId})`,
        ),
      )
      .orderBy(fixerOnboardingView.userId, desc(fixerOnboardingView.id))
      .limit(100);
    let madeNow = 0;
    for (const { id } of approved) if (await db.transaction((tx) => createFixerProfileFromApproval(tx, id))) madeNow += 1;
    made += madeNow;
    // A batch that made nothing would be selected again: stop rather than loop.
    if (approved.length < 100 || madeNow === 0) return made;
  }
}

/** {@link createMissingFixerProfiles} once, just after the start; returns its cancel. */
export function createMissingFixerProfilesAtStart(services: { db: Db; logger: Logger }): () => void {
  const timer = setTimeout(() => {
    createMissingFixerProfiles(services.db)
      .then((made) => made > 0 && services.logger.info({ made }, "made the profiles of fixers approved before profiles existed"))
      .catch((error: unknown) => services.logger.error({ err: error }, "could not make the missing fixer profiles"));
  }, 0);
  timer.unref();
  return () => clearTimeout(timer);
}

/** The fixer's profile, or null for anyone staff have not approved. */
export async function fixerProfileOf(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(fixerProfiles).where(eq(fixerProfiles.userId, userId)).limit(1);
  return profile ?? null;
}

export type FixerCoverage = { services: ServiceSlug[]; areas: string[]; bio: string };

export async function fixerCoverage(db: DbOrTx, fixerUserId: string): Promise<FixerCoverage | null> {
  const profile = await fixerProfileOf(db, fixerUserId);
  if (!profile) return null;
  const [offered, areas] = await Promise.all([
    db.select({ service: fixerServices.service }).from(fixerServices).where(eq(fixerServices.fixerUserId, fixerUserId)),
    db.select({ code: fixerAreas.code }).from(fixerAreas).where(eq(fixerAreas.fixerUserId, fixerUserId)).orderBy(fixerAreas.code),
  ]);
  const order = new Map(serviceSlugs.map((slug, i) => [slug, i]));
  return {
    services: offered.map((r) => r.service as ServiceSlug).sort((a, b) => order.get(a)! - order.get(b)!),
    areas: areas.map((r) => r.code),
    bio: profile.bio,
  };
}

/**
 * Replaces a fixer's services and areas (and optionally the profile's introduction). Only the fixer
 * themself, with a profile (approved), reaches this; a leads-disabled fixer may still edit.
 * Areas are re-checked here: each must be a UK postcode area ("M") or outward code ("SW1", "SW1A").
 * In the same transaction, open jobs the new coverage reaches become the fixer's matches (emailed
 * once), waiting jobs' customers hear a fixer has arrived, and the area waitlist is told.
 */
export async function setFixerCoverage(
  { db, publicUrl, publicFixerData }: PublicChangeDeps,
  fixerUserId: string,
  offered: readonly string[],
  areas: readonly string[],
  bio?: string,
): Promise<FixerCoverage> {
  const serviceList = [...new Set(offered)];
  if (serviceList.length === 0 || serviceList.some((s) => !(serviceSlugs as readonly string[]).includes(s))) {
    throw new QuotesError("invalid", "Choose at least one service from the list.");
  }
  const codes = areas.map((a) => normaliseCoverageCode(a));
  const bad = areas.filter((_, i) => codes[i] === null);
  if (bad.length) throw new QuotesError("invalid", `${bad.slice(0, 3).join(", ")}: not a UK postcode area or district.`);
  const areaList = [...new Set(codes as string[])];
  if (areaList.length === 0) throw new QuotesError("invalid", "Add at least one area you cover, like M or SW1.");
  if (areaList.length > quoteLimits.areasPerFixer) throw new QuotesError("invalid", `List at most ${quoteLimits.areasPerFixer} areas.`);
  const lacking = await servicesLackingChecks(db, fixerUserId, serviceList as ServiceSlug[]);
  if (lacking.length) {
    const { service, missing } = lacking[0]!;
    const name = allServices.find((s) => s.slug === service)?.name ?? service;
    throw new QuotesError("invalid", `${name} needs these checks recorded by FixiT first: ${missing.map((k) => checkLabels[k].name).join(", ")}. Send the documents to our team, or leave ${name} out for now.`);
  }
  if (bio !== undefined && (bio.length > quoteLimits.bio.max || bio.includes("\u0000"))) throw new QuotesError("invalid", "Your introduction is too long or has a character that can't be used.");

  await db.transaction(async (tx) => {
    const [profile] = await tx.select({ userId: fixerProfiles.userId }).from(fixerProfiles).where(eq(fixerProfiles.userId, fixerUserId)).for("update");
    if (!profile) throw new QuotesError("forbidden", "Only approved fixers have services and areas.");
    await tx.delete(fixerServices).where(eq(fixerServices.fixerUserId, fixerUserId));
    await tx.delete(fixerAreas).where(eq(fixerAreas.fixerUserId, fixerUserId));
    await tx.insert(fixerServices).values(serviceList.map((service) => ({ fixerUserId, service })));
    await tx.insert(fixerAreas).values(areaList.map((code) => ({ fixerUserId, code })));
    await tx
      .update(fixerProfiles)
      .set({ updatedAt: new Date(), ...(bio !== undefined ? { bio: bio.trim() } : {}) })
      .where(eq(fixerProfiles.userId, fixerUserId));
    await matchNewlyCoveredWork(tx, publicUrl, fixerUserId);
  });
  publicFixerData.changed();
  return (await fixerCoverage(db, fixerUserId))!;
}

/**
 * The conditions that make a fixer eligible for a service at a place: approved (a profile),
 * account enabled, leads on, offering the service and covering the area, district or outward
 * code. `fixer_services_service_idx` and `fixer_areas_code_idx` serve them.
 */
function eligibleFixer(db: DbOrTx, service: string | null, place: Pick<JobPostcode, "area" | "district" | "outward">, excludeUserId?: string) {
  return and(
    service ? eq(fixerServices.service, service) : undefined,
    isNull(fixerProfiles.leadsDisabledAt),
    isNull(accountsView.disabledAt),
    // Only for services whose required checks staff recorded (decision 065).
    hasRequiredChecks(ref(fixerServices.fixerUserId), ref(fixerServices.service)),
    excludeUserId ? sql`${fixerServices.fixerUserId} <> ${excludeUserId}` : undefined,
    exists(
      db
        .select({ one: sql`1` })
        .from(fixerAreas)
        .where(and(eq(fixerAreas.fixerUserId, fixerServices.fixerUserId), inArray(fixerAreas.code, coveringCodes(place)))),
    ),
  );
}

/** The eligible fixers for a service at a place: the one matching query (posting a job reads it). */
export function matchingFixersQuery(db: DbOrTx, service: string, place: Pick<JobPostcode, "area" | "district" | "outward">, excludeUserId?: string) {
  return db
    .select({ fixerUserId: fixerServices.fixerUserId, name: fixerProfiles.displayName, email: accountsView.email })
    .from(fixerServices)
    .innerJoin(fixerProfiles, eq(fixerProfiles.userId, fixerServices.fixerUserId))
    .innerJoin(accountsView, eq(accountsView.id, fixerServices.fixerUserId))
    .where(eligibleFixer(db, service, place, excludeUserId));
}

export type Coverage = { place: JobPostcode; service: ServiceSlug | null; fixers: number };

/**
 * THE coverage answer (decision 043): how many eligible fixers offer a service (or any service,
 * when none is named) at a full postcode or an outward code. The service pages' postcode check,
 * the job form's check before sending, the assistant and posting a job all read this (posting
 * through the same conditions, in `matchingFixersQuery`). Null for a place that is not a UK one.
 */
export async function coverageFor(db: DbOrTx, service: ServiceSlug | null, postcode: string): Promise<Coverage | null> {
  const place = parseCoveragePlace(postcode);
  if (!place) return null;
  const [row] = await db
    .select({ n: countDistinct(fixerServices.fixerUserId) })
    .from(fixerServices)
    .innerJoin(fixerProfiles, eq(fixerProfiles.userId, fixerServices.fixerUserId))
    .innerJoin(accountsView, eq(accountsView.id, fixerServices.fixerUserId))
    .where(eligibleFixer(db, service, place));
  return { place, service, fixers: row?.n ?? 0 };
}

/**
 * SQL: the fixer named by `fixerUserId` offers `service` and may get work for it now (approved, account
 * enabled, leads on, the service's checks recorded): the eligibility matching uses, for another
 * feature's query (the emergency feature's on-call lists, decision 079). `fixer_services`' primary key serves it.
 */
export function offersServiceNow(fixerUserId: SQL, service: SQL): SQL {
  return sql`exists (select 1 from ${fixerServices} inner join ${fixerProfiles} on ${fixerProfiles.userId} = ${fixerServices.fixerUserId} inner join ${accountsView} on ${accountsView.id} = ${fixerServices.fixerUserId} where ${fixerServices.fixerUserId} = ${fixerUserId} and ${fixerServices.service} = ${service} and ${fixerProfiles.leadsDisabledAt} is null and ${accountsView.disabledAt} is null and ${hasRequiredChecks(ref(fixerServices.fixerUserId), ref(fixerServices.service))})`;
}

/** SQL: the fixer named by `fixerUserId` covers the place (its area, district or outward code; `fixer_areas`' primary key). */
export function coversPlace(fixerUserId: SQL, place: Pick<JobPostcode, "area" | "district" | "outward">): SQL {
  return sql`exists (select 1 from ${fixerAreas} where ${fixerAreas.fixerUserId} = ${fixerUserId} and ${inArray(fixerAreas.code, coveringCodes(place))})`;
}
