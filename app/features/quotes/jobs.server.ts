import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { jobMatches, jobPhotos, jobs, quotes } from "#server/db/schema/quotes.ts";
import { checkRateLimit, ref, type QuotesDeps } from "./access.server";
import { matchingFixersQuery } from "./coverage.server";
import { queueJobMatchedEmail, queueJobPostedEmail } from "./emails.server";
import { QuotesError } from "./errors";
import { parseJobPostcode } from "./postcodes";
import { jobInputSchema, quoteLimits, type JobInput } from "./schemas";

/** A photo the route has already checked (type by content, size, location data removed) and stored privately. */
export type StoredJobPhoto = { storageKey: string; contentType: "image/jpeg" | "image/png" | "image/webp"; size: number; width?: number | null; height?: number | null };

export type PostedJob = { jobId: number; matchedFixers: number };

/**
 * Posts a customer's job and matches it, in one transaction: the job and its photos, one
 * job_matches row per eligible fixer (each emailed once, now), and the customer's confirmation.
 * Rules: any signed-in account may post (the route requires the session); at most 5 open jobs per
 * customer (counted under a lock on the customer's row, so two tabs cannot make a sixth); rate
 * limited per customer.
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
      .select({ email: users.email, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.name})`, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, customerUserId))
      .for("update");
    if (!customer || customer.disabledAt) throw new QuotesError("forbidden", "This account cannot post jobs.");
    const [open] = await tx
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.customerUserId, customerUserId), eq(jobs.status, "open")));
    if ((open?.n ?? 0) >= quoteLimits.openJobsPerCustomer) {
      throw new QuotesError("limit", `You already have ${quoteLimits.openJobsPerCustomer} open jobs. Close one you no longer need before posting another.`);
    }

    const [created] = await tx
      .insert(jobs)
      .values({ customerUserId, service: job.service, ...place, title: job.title, description: job.description, timing: job.timing, preferredDate: job.preferredDate, budget: job.budget })
      .returning({ id: jobs.id });
    const jobId = created!.id;
    if (photos.length) {
      await tx.insert(jobPhotos).values(photos.map((p) => ({ jobId, storageKey: p.storageKey, contentType: p.contentType, size: p.size, width: p.width ?? null, height: p.height ?? null })));
    }

    const matched = await matchingFixersQuery(tx, job.service, place, customerUserId);
    if (matched.length) {
      const now = new Date();
      // The primary key (job, fixer) records each match once; each matched fixer is emailed once, now.
      await tx.insert(jobMatches).values(matched.map((m) => ({ jobId, fixerUserId: m.fixerUserId, notifiedAt: now })));
    }
    const summary = { id: jobId, title: job.title, service: job.service, district: place.district };
    for (const fixer of matched) await queueJobMatchedEmail(tx, deps.publicUrl, fixer, summary);
    await queueJobPostedEmail(tx, deps.publicUrl, customer, summary, matched.length);
    return { jobId, matchedFixers: matched.length };
  });
}

export type CustomerJobListItem = {
  id: number;
  title: string;
  service: string;
  district: string;
  status: string;
  createdAt: Date;
  quotes: number;
};

/** My jobs: the customer's own jobs only, newest first, with how many live quotes each has. */
export async function customerJobs(db: DbOrTx, customerUserId: string): Promise<CustomerJobListItem[]> {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      service: jobs.service,
      district: jobs.district,
      status: jobs.status,
      createdAt: jobs.createdAt,
      quotes: sql<number>`(select count(*)::int from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.status} in ('sent', 'accepted'))`,
    })
    .from(jobs)
    .where(eq(jobs.customerUserId, customerUserId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
}
