import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerServices, jobMatches, jobPhotos, jobs, quotes, type Quote } from "#server/db/schema/quotes.ts";
import { contactOf, fixerCoversJob, ref, jobOfCustomer, jobVisibleToFixer, requireActiveFixer } from "./access.server";
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

/**
 * /fixer: open jobs that match this fixer's services and areas now (so newly added areas show
 * older jobs too), newest first, 20 a page. A job full of quotes stays only if this fixer quoted.
 * Rule: an active fixer only (no profile, disabled, or leads paused → forbidden).
 */
export async function openJobsForFixer(db: DbOrTx, fixerUserId: string, options: { page?: number } = {}): Promise<{ jobs: FixerJobCard[]; page: number; hasMore: boolean }> {
  await requireActiveFixer(db, fixerUserId);
  const page = Math.max(1, Math.floor(options.page ?? 1)) || 1;
  const myQuote = sql`(select ${quotes.id} from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.fixerUserId} = ${fixerUserId})`;
  const rows = await db
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
    .where(
      and(
        eq(jobs.status, "open"),
        or(
          and(
            // The service filter first, so the (status, service, created_at) index serves it.
            inArray(jobs.service, db.select({ service: fixerServices.service }).from(fixerServices).where(eq(fixerServices.fixerUserId, fixerUserId))),
            fixerCoversJob(fixerUserId),
          ),
          invitedBy(fixerUserId),
        ),
        sql`${jobs.customerUserId} <> ${fixerUserId}`,
        or(sql`${liveQuotes} < ${quoteLimits.quotesPerJob}`, sql`exists ${myQuote}`),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(DASHBOARD_PAGE_SIZE + 1)
    .offset((page - 1) * DASHBOARD_PAGE_SIZE);
  const shown = rows.slice(0, DASHBOARD_PAGE_SIZE);
  const ids = shown.map((r) => r.id);
  const [photos, mine, ratings] = ids.length
    ? await Promise.all([
        db.select({ id: jobPhotos.id, jobId: jobPhotos.jobId }).from(jobPhotos).where(inArray(jobPhotos.jobId, ids)).orderBy(asc(jobPhotos.id)),
        db.select({ id: quotes.id, jobId: quotes.jobId, status: quotes.status }).from(quotes).where(and(inArray(quotes.jobId, ids), eq(quotes.fixerUserId, fixerUserId))),
        customerRatingsOfJobs(db, ids),
      ])
    : [[], [], new Map<number, Rating>()];
  return {
    page,
    hasMore: rows.length > DASHBOARD_PAGE_SIZE,
    jobs: shown.map((r) => {
      const quote = mine.find((q) => q.jobId === r.id);
      return { ...r, photoIds: photos.filter((p) => p.jobId === r.id).map((p) => p.id), myQuote: quote ? { id: quote.id, status: quote.status } : null, customerRating: ratings.get(r.id) };
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

/** The jobs a fixer has quoted for, newest first (their quotes list). */
export async function quotedJobsForFixer(db: DbOrTx, fixerUserId: string) {
  return db
    .select({ jobId: jobs.id, title: jobs.title, service: jobs.service, district: jobs.district, jobStatus: jobs.status, quoteId: quotes.id, quoteStatus: quotes.status, quotedAt: quotes.createdAt })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(eq(quotes.fixerUserId, fixerUserId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
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
