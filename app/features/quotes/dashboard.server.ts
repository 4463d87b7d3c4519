import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { jobMatches, jobPhotos, jobs, quotes, type Quote } from "#server/db/schema/quotes.ts";
import { hasRequiredChecks } from "~/features/fixers/checks.server";
import { contactOf, ref, jobOfCustomer, jobVisibleToFixer, requireActiveFixer } from "./access.server";
import { QuotesError } from "./errors";
import { quoteLimits } from "./schemas";
import { customerRatingsOfJobs, type Rating } from "./review-views.server";

/**
 * The fixer's side: the dashboard of matching open jobs and a job's page. What a fixer sees of a
 * job is the service, the postcode district (never the full postcode), the text, timing, budget
 * and photos; the customer's name and contact details only once this fixer's quote is accepted.
 */

export type FixerJobCard = {
  id: number;
  service: string;
  /** The postcode district ("SW1"), never the full postcode. */
  district: string;
  title: string;
  description: string;
  timing: string;
  preferredDate: string | null;
  budget: string | null;
  createdAt: Date;
  photoIds: number[];
  liveQuotes: number;
  /** This fixer's quote on the job, if any. */
  myQuote: { id: number; status: string } | null;
  /** The customer asked this fixer by name, from their profile. */
  invited: boolean;
  /** The customer's rating from fixers who worked for them (lead list only; decision 055). */
  customerRating?: Rating;
};

export const DASHBOARD_PAGE_SIZE = 20;

/** The job was sent to this fixer because its customer invited them (not only by their areas). */
const invitedBy = (fixerUserId: string) =>
  sql<boolean>`exists (select 1 from ${jobMatches} where ${jobMatches.jobId} = ${ref(jobs.id)} and ${jobMatches.fixerUserId} = ${fixerUserId} and ${jobMatches.invited})`;

const liveQuotes = sql<number>`(select count(*)::int from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.status} in ('sent', 'accepted'))`;

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * /fixer: open jobs that match this fixer's services and areas now (so newly added areas show
 * older jobs too), newest first, 20 a page, keyset on (created_at, id): `after` is the id of the
 * last job of the page before (decision 068). A job full of quotes stays only if this fixer quoted.
 * Rule: an active fixer only (no profile, disabled, or leads paused → forbidden).
 *
 * Bounded by the fixer's coverage, not by how many jobs are open: for each (service, code) pair
 * the fixer covers, one walk down the open-jobs index of that code's kind (area letters, district,
 * outward code) that stops at a page's worth, plus the jobs the fixer was invited to; the union's
 * newest page is the page. Quotes are counted only for the rows each walk reads, and the shown
 * page's details are read for its ids only. `job_matches` is not the start: it is written when a
 * job is posted, so it misses the older jobs a fixer sees after adding an area or a service.
 */
export async function openJobsForFixer(db: DbOrTx, fixerUserId: string, options: { after?: number | null } = {}): Promise<{ jobs: FixerJobCard[]; after: number | null; next: number | null }> {
  await requireActiveFixer(db, fixerUserId);
  let after = options.after ?? null;
  // A cursor that names no job (deleted, or never one) answers the first page.
  if (after !== null && !(await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, after)).limit(1)).length) after = null;
  const take = DASHBOARD_PAGE_SIZE + 1;
  const cursor = after === null ? sql`true` : sql`(j.created_at, j.id) < (select cur.created_at, cur.id from jobs cur where cur.id = ${after})`;
  // Not the fixer's own job; one with room for quotes, or one this fixer quoted for.
  const keep = sql`j.customer_user_id <> ${fixerUserId}
    and ((select count(*) from quotes q where q.job_id = j.id and q.status in ('sent', 'accepted')) < ${quoteLimits.quotesPerJob}
      or exists (select 1 from quotes q where q.job_id = j.id and q.fixer_user_id = ${fixerUserId}))`;
  // One walk down a code kind's index for each covered pair, stopping at a page's worth of kept jobs.
  // `offset 0` keeps the walk in the index's order, so the quote counts run only until the page is
  // full (flattened, the planner sorts every open job of the pair first and counts quotes for each).
  // Area letters have no digit, districts and outward codes do: a pair walks its code's kinds only.
  const walk = (column: "area" | "district" | "outward") => sql`select w.id, w.created_at from cov cross join lateral (
      select j.id, j.created_at from (
        select j.id, j.created_at, j.customer_user_id from jobs j
        where j.status = 'open' and j.service = cov.service and j.${sql.raw(column)} = cov.code and ${cursor}
        order by j.created_at desc, j.id desc offset 0) j
      where cov.code ${sql.raw(column === "area" ? "!~" : "~")} '[0-9]' and ${keep}
      order by j.created_at desc, j.id desc limit ${take}) w`;
  const page = rowsOf<{ id: string | number }>(
    await db.execute(sql`with cov as materialized (
        select s.service, a.code from fixer_services s join fixer_areas a on a.fixer_user_id = s.fixer_user_id
        where s.fixer_user_id = ${fixerUserId} and ${hasRequiredChecks(fixerUserId, sql`s.service`)}
      ), candidates as (
        ${walk("area")} union all ${walk("district")} union all ${walk("outward")}
        union all
        select j.id, j.created_at from job_matches m join jobs j on j.id = m.job_id
        where m.fixer_user_id = ${fixerUserId} and m.invited and j.status = 'open' and ${cursor} and ${keep}
      )
      select distinct id, created_at from candidates order by created_at desc, id desc limit ${take}`),
  );
  const ids = page.slice(0, DASHBOARD_PAGE_SIZE).map((r) => Number(r.id));
  if (ids.length === 0) return { jobs: [], after, next: null };
  const [rows, photos, mine, ratings] = await Promise.all([
    db
      .select({
        id: jobs.id,
        service: jobs.service,
        district: jobs.district,
        title: jobs.title,
        description: jobs.description,
        timing: jobs.timing,
        preferredDate: jobs.preferredDate,
        budget: jobs.budget,
        createdAt: jobs.createdAt,
        liveQuotes,
        invited: invitedBy(fixerUserId),
      })
      .from(jobs)
      .where(inArray(jobs.id, ids)),
    db.select({ id: jobPhotos.id, jobId: jobPhotos.jobId }).from(jobPhotos).where(inArray(jobPhotos.jobId, ids)).orderBy(asc(jobPhotos.id)),
    db.select({ id: quotes.id, jobId: quotes.jobId, status: quotes.status }).from(quotes).where(and(inArray(quotes.jobId, ids), eq(quotes.fixerUserId, fixerUserId))),
    customerRatingsOfJobs(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    after,
    next: page.length > DASHBOARD_PAGE_SIZE ? ids.at(-1)! : null,
    jobs: ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const quote = mine.find((q) => q.jobId === id);
      return [{ ...r, photoIds: photos.filter((p) => p.jobId === id).map((p) => p.id), myQuote: quote ? { id: quote.id, status: quote.status } : null, customerRating: ratings.get(id) }];
    }),
  };
}

export type JobForFixer = {
  card: FixerJobCard;
  status: string;
  myQuote: Quote | null;
  /** Only once this fixer's quote is accepted: the customer's name, contact details and full postcode. */
  customer: { name: string; email: string; phone: string | null; postcode: string } | null;
};

/**
 * A job's page for a fixer: only a job they may see (matched, covering it, or quoted). Leads
 * paused or account disabled → forbidden, except that the accepted fixer keeps the page of their
 * job (they have work to finish).
 */
export async function jobForFixer(db: DbOrTx, fixerUserId: string, jobId: number): Promise<JobForFixer> {
  const job = await jobVisibleToFixer(db, fixerUserId, jobId);
  const [myQuote] = await db.select().from(quotes).where(and(eq(quotes.jobId, jobId), eq(quotes.fixerUserId, fixerUserId))).limit(1);
  const accepted = myQuote?.status === "accepted";
  if (!accepted) await requireActiveFixer(db, fixerUserId);
  const [photos, [live]] = await Promise.all([
    db.select({ id: jobPhotos.id }).from(jobPhotos).where(eq(jobPhotos.jobId, jobId)).orderBy(asc(jobPhotos.id)),
    db.select({ n: liveQuotes, invited: invitedBy(fixerUserId) }).from(jobs).where(eq(jobs.id, jobId)),
  ]);
  const contact = accepted ? await contactOf(db, job.customerUserId) : null;
  return {
    card: {
      id: job.id,
      service: job.service,
      district: job.district,
      title: job.title,
      description: job.description,
      timing: job.timing,
      preferredDate: job.preferredDate,
      budget: job.budget,
      createdAt: job.createdAt,
      photoIds: photos.map((p) => p.id),
      liveQuotes: live?.n ?? 0,
      myQuote: myQuote ? { id: myQuote.id, status: myQuote.status } : null,
      invited: live?.invited ?? false,
    },
    status: job.status,
    myQuote: myQuote ?? null,
    customer: contact ? { ...contact, postcode: job.postcode } : null,
  };
}

export const QUOTED_JOBS_PAGE_SIZE = 20;

/**
 * The jobs a fixer has quoted for, newest first, 20 a page, keyset on (created_at, id): `after` is
 * the id of the last quote of the page before (one of this fixer's; another id answers the first page).
 */
export async function quotedJobsForFixer(db: DbOrTx, fixerUserId: string, options: { after?: number | null } = {}) {
  const after = options.after ?? null;
  const cursor =
    after === null
      ? undefined
      : sql`(${quotes.createdAt}, ${quotes.id}) < (select cur.created_at, cur.id from quotes cur where cur.id = ${after} and cur.fixer_user_id = ${fixerUserId})`;
  const known = after !== null && (await db.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.id, after), eq(quotes.fixerUserId, fixerUserId))).limit(1)).length > 0;
  const rows = await db
    .select({ jobId: jobs.id, title: jobs.title, service: jobs.service, district: jobs.district, jobStatus: jobs.status, quoteId: quotes.id, quoteStatus: quotes.status, quotedAt: quotes.createdAt })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(and(eq(quotes.fixerUserId, fixerUserId), known ? cursor : undefined))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(QUOTED_JOBS_PAGE_SIZE + 1);
  const shown = rows.slice(0, QUOTED_JOBS_PAGE_SIZE);
  return { quotes: shown, after: known ? after : null, next: rows.length > QUOTED_JOBS_PAGE_SIZE ? shown.at(-1)!.quoteId : null };
}

/**
 * A job photo for a viewer: the job's customer, or a fixer who may open the job's page. Anyone else gets
 * "not found" (the route streams the file from private storage with the returned key).
 */
export async function photoForViewer(db: DbOrTx, viewerUserId: string, photoId: number): Promise<{ storageKey: string; contentType: string; size: number }> {
  const [photo] = await db
    .select({ storageKey: jobPhotos.storageKey, contentType: jobPhotos.contentType, size: jobPhotos.size, jobId: jobPhotos.jobId, customerUserId: jobs.customerUserId })
    .from(jobPhotos)
    .innerJoin(jobs, eq(jobs.id, jobPhotos.jobId))
    .where(eq(jobPhotos.id, photoId))
    .limit(1);
  if (!photo) throw new QuotesError("not_found", "There is no such photo.");
  if (photo.customerUserId === viewerUserId) await jobOfCustomer(db, viewerUserId, photo.jobId);
  else await jobForFixer(db, viewerUserId, photo.jobId);
  return { storageKey: photo.storageKey, contentType: photo.contentType, size: photo.size };
}
