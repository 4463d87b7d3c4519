import { and, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerProfiles, jobs, quotes } from "#server/db/schema/quotes.ts";
import { accountsView } from "~/features/auth/projections.server";
import type { BookingQuoteReads } from "~/features/bookings/quote-reads.server";
import type { BookingRowsPort } from "~/features/bookings/rows-port.server";

/**
 * What bookings read of this feature's rows (jobs, quotes, fixers' profiles), here with the tables
 * (decision 089). Quotes imports bookings, so bookings is handed these as its BookingQuoteReads by
 * the caller: this feature's own booking functions, emergency's dispatch, and the booking pages' routes.
 */

async function jobTitle(db: DbOrTx, jobId: number): Promise<string | null> {
  const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, jobId));
  return job?.title ?? null;
}

async function fixerName(db: DbOrTx, fixerUserId: string): Promise<string | null> {
  const [fixer] = await db.select({ name: fixerProfiles.displayName }).from(fixerProfiles).where(eq(fixerProfiles.userId, fixerUserId));
  return fixer?.name ?? null;
}

// Scalar subqueries on an outer column (a list's one query). In a one-table query drizzle writes that
// column unqualified ("job_id"): it still names the outer row, as neither jobs nor fixer_profiles has it.
const jobTitleSql = (jobId: SQLWrapper) => sql<string | null>`(select j.title from ${jobs} j where j.id = ${jobId})`;
const fixerNameSql = (fixerUserId: SQLWrapper) => sql<string | null>`(select p.display_name from ${fixerProfiles} p where p.user_id = ${fixerUserId})`;

async function fixerTakesBookings(tx: DbOrTx, fixerUserId: string): Promise<boolean> {
  const [fixer] = await tx
    .select({ leadsDisabledAt: fixerProfiles.leadsDisabledAt, disabledAt: accountsView.disabledAt })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(eq(fixerProfiles.userId, fixerUserId));
  return Boolean(fixer && !fixer.disabledAt && !fixer.leadsDisabledAt);
}

async function hasFixerProfile(db: DbOrTx, fixerUserId: string): Promise<boolean> {
  const [profile] = await db.select({ userId: fixerProfiles.userId }).from(fixerProfiles).where(eq(fixerProfiles.userId, fixerUserId));
  return Boolean(profile);
}

async function quoteToBook(db: DbOrTx, customerUserId: string, quoteId: number) {
  const [row] = await db
    .select({ quote: quotes, title: jobs.title, jobStatus: jobs.status, postcode: jobs.postcode, district: jobs.district, fixerName: fixerProfiles.displayName })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .leftJoin(fixerProfiles, eq(fixerProfiles.userId, quotes.fixerUserId))
    .where(and(eq(quotes.id, quoteId), eq(jobs.customerUserId, customerUserId)));
  return row ?? null;
}

async function lockFixersQuote(tx: DbOrTx, fixerUserId: string, quoteId: number) {
  const [quote] = await tx.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.fixerUserId, fixerUserId)));
  if (!quote) return null;
  await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, quote.jobId)).for("update");
  const [current] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  return current ?? null;
}

async function jobCustomer(tx: DbOrTx, jobId: number) {
  const [row] = await tx
    .select({ email: accountsView.email, name: sql<string>`coalesce(nullif(${accountsView.fullName}, ''), ${accountsView.name})`, title: jobs.title })
    .from(jobs)
    .innerJoin(accountsView, eq(accountsView.id, jobs.customerUserId))
    .where(eq(jobs.id, jobId));
  return row ?? null;
}

export const bookingQuoteReads: BookingQuoteReads = { jobTitle, fixerName, jobTitleSql, fixerNameSql, fixerTakesBookings, hasFixerProfile, quoteToBook, lockFixersQuote, jobCustomer };

/**
 * What the booking process reads and writes of this feature's rows through bookings' rows port
 * (emergency's booking-rows.server.ts adds the call-out's request and the composition root fills the
 * port): the emails' fixer and job title, a fixer's leads paused on a strike, the job done on release.
 * Each runs in the booking change's transaction.
 */
async function fixerContact(tx: DbOrTx, fixerUserId: string) {
  const [fixer] = await tx
    .select({ email: accountsView.email, name: fixerProfiles.displayName })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(eq(fixerProfiles.userId, fixerUserId));
  return fixer ?? null;
}

async function pauseFixerLeads(tx: DbOrTx, fixerUserId: string, reason: string, now: Date): Promise<boolean> {
  const paused = await tx
    .update(fixerProfiles)
    .set({ leadsDisabledAt: now, leadsDisabledReason: reason, updatedAt: now })
    .where(and(eq(fixerProfiles.userId, fixerUserId), isNull(fixerProfiles.leadsDisabledAt)))
    .returning({ userId: fixerProfiles.userId });
  return paused.length > 0;
}

async function completeJob(tx: DbOrTx, jobId: number, now: Date): Promise<void> {
  await tx.update(jobs).set({ status: "done", updatedAt: now }).where(and(eq(jobs.id, jobId), eq(jobs.status, "in_progress")));
}

export const quotesBookingRows: Omit<BookingRowsPort, "callOutRequest"> = { fixerContact, jobTitle, pauseFixerLeads, completeJob };
