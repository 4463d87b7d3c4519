import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { jobs, reviews, type Job, type ReviewAuthor } from "#server/db/schema/quotes.ts";
import { findReviewWindow } from "./reviews.server";

/**
 * What people read of reviews (decision 055): only published ones count or show to anyone but their
 * author, and a review staff hid still shows that it was removed, with the reason, never its text.
 */

/** A review others may read: both sides are in, or its window has closed. */
export const publishedReview = sql`${reviews.visibleFrom} <= now()`;

/** A rating as shown: the average of the published, not hidden reviews, and how many. */
export type Rating = { average: number | null; count: number };

/** Customers' ratings from the fixers who worked for them, per job (the customer stays unnamed). */
export async function customerRatingsOfJobs(db: DbOrTx, jobIds: readonly number[]): Promise<Map<number, Rating>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({ jobId: jobs.id, average: sql<string | null>`round(avg(${reviews.rating}), 2)`, count: sql<number>`count(${reviews.id})::int` })
    .from(jobs)
    .leftJoin(reviews, and(eq(reviews.customerUserId, jobs.customerUserId), eq(reviews.author, "fixer"), isNull(reviews.hiddenAt), publishedReview))
    .where(inArray(jobs.id, [...jobIds]))
    .groupBy(jobs.id);
  return new Map(rows.map((r) => [r.jobId, { average: r.average === null ? null : Number(r.average), count: r.count }]));
}

export type JobReview = {
  id: number;
  rating: number;
  /** Null when staff removed it (then `removedReason` says why). */
  body: string | null;
  reply: string | null;
  removedReason: string | null;
  published: boolean;
  /** When it is published at the latest (the window's close), for "hidden until". */
  visibleFrom: Date;
};

export type JobReviews = {
  /** The job's review window; null while the job is not finished. */
  window: { closesAt: Date; open: boolean } | null;
  /** The viewer's own review (they always see it, published or not). */
  mine: JobReview | null;
  /** The other side's review of the viewer: only once published. */
  theirs: JobReview | null;
};

const other: Record<ReviewAuthor, ReviewAuthor> = { customer: "fixer", fixer: "customer" };

/** A job's two reviews as one side sees them (the caller has checked that the viewer is that side). */
export async function reviewsOfJob(db: DbOrTx, job: Pick<Job, "id" | "status">, viewer: ReviewAuthor, now = new Date()): Promise<JobReviews> {
  const [window, rows] = await Promise.all([
    findReviewWindow(db, job, now),
    db
      .select({
        id: reviews.id,
        author: reviews.author,
        rating: reviews.rating,
        body: reviews.body,
        reply: reviews.reply,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
        visibleFrom: reviews.visibleFrom,
      })
      .from(reviews)
      .where(eq(reviews.jobId, job.id)),
  ]);
  const view = (author: ReviewAuthor): JobReview | null => {
    const row = rows.find((r) => r.author === author);
    if (!row) return null;
    const removed = row.hiddenAt !== null;
    return {
      id: row.id,
      rating: row.rating,
      body: removed ? null : row.body,
      reply: removed ? null : row.reply,
      removedReason: removed ? (row.hiddenReason ?? "") : null,
      published: row.visibleFrom <= now,
      visibleFrom: row.visibleFrom,
    };
  };
  const theirs = view(other[viewer]);
  return {
    window: window ? { closesAt: window.closesAt, open: now < window.closesAt } : null,
    mine: view(viewer),
    theirs: theirs?.published ? theirs : null,
  };
}
