import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { type BookingState, bookingsView } from "~/features/bookings/projections.server";
import { fixerProfiles, jobMatches, jobPhotos, jobs, quotes } from "#server/db/schema/quotes.ts";
import { photoRow, type StoredPhoto } from "~/lib/photos/photos.server";
import { checkRateLimit, ref, type QuotesDeps } from "./access.server";
import { matchingFixersQuery } from "./coverage.server";
import { queueJobMatchedEmail, queueJobPostedEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { parseJobPostcode } from "./postcodes";
import { jobInputSchema, quoteLimits, type JobInput } from "./schemas";

/** A photo the route has already checked (type by content, size, location data removed) and stored privately, by the one photo pipeline (app/lib/photos). */
export type StoredJobPhoto = StoredPhoto;

export type PostedJob = {
  jobId: number;
  matchedFixers: number;
  /** No fixer covers the job's service and postcode yet: it is kept, waiting for one. */
  waiting: boolean;
  /** The fixer the customer asked for by name, when they could be sent the job. */
  invited: string | null;
};

/**
 * Posts a customer's job and matches it, in one transaction: the job and its photos, one
 * job_matches row per eligible fixer (each emailed once, now), and the customer's confirmation.
 * Rules: any signed-in account may post (the route requires the session); at most 5 open jobs per
 * customer (counted under a lock on the customer's row, so two tabs cannot make a sixth); rate
 * limited per customer. A job nobody covers yet is kept "waiting for a fixer" (decision 043): the
 * first fixer whose coverage reaches it is matched then, and the customer told. A fixer the
 * customer invited from their profile is matched too (marked invited), whatever their areas, as
 * long as they are taking jobs; the job still goes to every fixer covering it.
 */
export async function postJob(deps: QuotesDeps, customerUserId: string, input: JobInput, photos: readonly StoredJobPhoto[] = []): Promise<PostedJob> {
  const checked = jobInputSchema.safeParse(input);
  const place = checked.success ? parseJobPostcode(checked.data.postcode) : null;
  if (!checked.success || !place) throw new QuotesError("invalid", "Check the job's details and try again.");
  if (photos.length > quoteLimits.photosPerJob) throw new QuotesError("invalid", `Add at most ${quoteLimits.photosPerJob} photos.`);
  if (photos.some((p) => p.size > quoteLimits.photoMaxBytes)) throw new QuotesError("invalid", "Each photo must be 10 MB or smaller.");
  const job = checked.data;
  await checkRateLimit(deps.db, "postJob", customerUserId);

  return deps.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ email: accountsView.email, name: sql<string>`coalesce(nullif(${accountsView.fullName}, ''), ${accountsView.name})`, disabledAt: accountsView.disabledAt })
      .from(accountsView)
      .where(eq(accountsView.id, customerUserId))
      .for("update");
    if (!customer || customer.disabledAt) throw new QuotesError("forbidden", "This account cannot post jobs.");
    const [open] = await tx
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.customerUserId, customerUserId), eq(jobs.status, "open")));
    if ((open?.n ?? 0) >= quoteLimits.openJobsPerCustomer) {
      throw new QuotesError("limit", `You already have ${quoteLimits.openJobsPerCustomer} open jobs. Close one you no longer need before posting another.`);
    }

    const matched = await matchingFixersQuery(tx, job.service, place, customerUserId);
    const invited = job.invite ? await invitedFixer(tx, job.invite, customerUserId) : null;
    const now = new Date();
    const waiting = matched.length === 0 && !invited;
    const [created] = await tx
      .insert(jobs)
      .values({
        customerUserId,
        service: job.service,
        ...place,
        title: job.title,
        description: job.description,
        timing: job.timing,
        preferredDate: job.preferredDate,
        budget: job.budget,
        waitingSince: waiting ? now : null,
      })
      .returning({ id: jobs.id });
    const jobId = created!.id;
    if (photos.length) {
      await tx.insert(jobPhotos).values(photos.map((p) => ({ jobId, ...photoRow(p) })));
    }

    // The primary key (job, fixer) records each match once; each matched fixer is emailed once, now.
    const recipients = invited && !matched.some((m) => m.fixerUserId === invited.fixerUserId) ? [...matched, invited] : matched;
    if (recipients.length) {
      await tx.insert(jobMatches).values(recipients.map((m) => ({ jobId, fixerUserId: m.fixerUserId, notifiedAt: now, invited: m.fixerUserId === invited?.fixerUserId })));
    }
    const summary = { id: jobId, title: job.title, service: job.service, district: place.district };
    for (const fixer of recipients) await queueJobMatchedEmail(tx, deps.publicUrl, { ...fixer, userId: fixer.fixerUserId }, summary, fixer.fixerUserId === invited?.fixerUserId);
    await queueJobPostedEmail(tx, deps.publicUrl, customer, summary, recipients.length);
    return { jobId, matchedFixers: recipients.length, waiting, invited: invited?.name ?? null };
  });
}

/**
 * The fixer a customer invited, by profile slug, if they are taking jobs (approved, enabled,
 * leads on) and are not the customer; else null: the job is posted to the area as usual.
 */
async function invitedFixer(tx: DbOrTx, slug: string, customerUserId: string) {
  const [fixer] = await tx
    .select({ fixerUserId: fixerProfiles.userId, name: fixerProfiles.displayName, email: accountsView.email })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(and(eq(fixerProfiles.slug, slug), isNull(fixerProfiles.leadsDisabledAt), isNull(accountsView.disabledAt), sql`${fixerProfiles.userId} <> ${customerUserId}`))
    .limit(1);
  return fixer ?? null;
}

export type CustomerJobListItem = {
  id: number;
  title: string;
  service: string;
  district: string;
  status: string;
  waitingSince: Date | null;
  createdAt: Date;
  quotes: number;
  /** The state of the job's deciding booking (paid and unsettled first, then completed), for its label. */
  bookingState: BookingState | null;
};

/** My jobs: the customer's own jobs only, newest first, with how many quotes each has (those the job page shows: all but withdrawn ones). */
export async function customerJobs(db: DbOrTx, customerUserId: string): Promise<CustomerJobListItem[]> {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      service: jobs.service,
      district: jobs.district,
      status: jobs.status,
      waitingSince: jobs.waitingSince,
      createdAt: jobs.createdAt,
      quotes: sql<number>`(select count(*)::int from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.status} <> 'withdrawn')`,
      // Paid and unsettled first ("Booked"), then released ("Completed"): the order jobStateLabel reads them in.
      bookingState: sql<BookingState | null>`(select ${bookingsView.state} from ${bookingsView} where ${bookingsView.jobId} = ${ref(jobs.id)}
        and ${bookingsView.state} in ('awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released')
        order by (${bookingsView.state} in ('released', 'partly_released')), ${bookingsView.createdAt} desc limit 1)`,
    })
    .from(jobs)
    .where(eq(jobs.customerUserId, customerUserId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
}
