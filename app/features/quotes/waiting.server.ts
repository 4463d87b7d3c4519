import { and, desc, eq, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { areaWaitlist, fixerAreas, fixerProfiles, fixerServices, jobMatches, jobs } from "#server/db/schema/quotes.ts";
import { contactOf, fixerCoversJob, ref } from "./access.server";
import { queueAreaWaitlistFixerEmail, queueFixerFoundEmail, queueNewlyCoveredJobsEmail } from "./emails.server";

/**
 * Work that waits for a fixer: jobs posted where nobody covered their service and postcode yet
 * ("waiting for a fixer", `jobs.waiting_since`) and the area waitlist. When a fixer's coverage
 * changes (or their leads are turned back on), the open jobs they now cover and were never told
 * about become their matches (one email listing them), each waiting job's customer is told that a
 * fixer has arrived (once: the job stops waiting), and waitlist entries they now cover are told.
 */

/** At most this many jobs are named in the fixer's email; the dashboard lists them all. */
const JOBS_NAMED_IN_EMAIL = 10;

export type NewlyCovered = { jobs: number; customersTold: number; waitlistTold: number };

/** In the caller's transaction, after the fixer's services and areas are stored. */
export async function matchNewlyCoveredWork(tx: DbOrTx, publicUrl: string, fixerUserId: string): Promise<NewlyCovered> {
  const none = { jobs: 0, customersTold: 0, waitlistTold: 0 };
  const [fixer] = await tx
    .select({ name: fixerProfiles.displayName, email: accountsView.email, leadsDisabledAt: fixerProfiles.leadsDisabledAt, disabledAt: accountsView.disabledAt })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(eq(fixerProfiles.userId, fixerUserId))
    .limit(1);
  if (!fixer || fixer.leadsDisabledAt || fixer.disabledAt) return none;

  const found = await tx
    .select({ id: jobs.id, title: jobs.title, service: jobs.service, district: jobs.district, customerUserId: jobs.customerUserId, waitingSince: jobs.waitingSince })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "open"),
        sql`${jobs.customerUserId} <> ${fixerUserId}`,
        fixerCoversJob(fixerUserId),
        notExists(tx.select({ one: sql`1` }).from(jobMatches).where(and(eq(jobMatches.jobId, ref(jobs.id)), eq(jobMatches.fixerUserId, fixerUserId)))),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .for("update", { of: jobs });
  if (found.length) {
    const now = new Date();
    await tx.insert(jobMatches).values(found.map((job) => ({ jobId: job.id, fixerUserId, notifiedAt: now }))).onConflictDoNothing();
    await queueNewlyCoveredJobsEmail(tx, publicUrl, { userId: fixerUserId, email: fixer.email, name: fixer.name }, found.slice(0, JOBS_NAMED_IN_EMAIL), found.length);
  }
  const arrived = found.filter((job) => job.waitingSince !== null);
  if (arrived.length) {
    await tx
      .update(jobs)
      .set({ waitingSince: null, updatedAt: new Date() })
      .where(inArray(jobs.id, arrived.map((job) => job.id)));
    for (const job of arrived) await queueFixerFoundEmail(tx, publicUrl, await contactOf(tx, job.customerUserId), job);
  }

  // The area waitlist: entries for a service this fixer offers at a place one of their codes covers.
  const codes = tx.select({ code: fixerAreas.code }).from(fixerAreas).where(eq(fixerAreas.fixerUserId, fixerUserId));
  const told = await tx
    .update(areaWaitlist)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        isNull(areaWaitlist.notifiedAt),
        inArray(areaWaitlist.service, tx.select({ service: fixerServices.service }).from(fixerServices).where(eq(fixerServices.fixerUserId, fixerUserId))),
        or(inArray(areaWaitlist.area, codes), inArray(areaWaitlist.district, codes), inArray(areaWaitlist.outward, codes)),
      ),
    )
    .returning();
  for (const entry of told) await queueAreaWaitlistFixerEmail(tx, publicUrl, entry);
  return { jobs: found.length, customersTold: arrived.length, waitlistTold: told.length };
}
