import { and, desc, eq, exists, getTableName, or, sql, type Column, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { accountsView } from "~/features/auth/projections.server";
import { fixerRegistrationsView } from "~/features/fixers/projections.server";
import { fixerAreas, fixerProfiles, fixerServices, jobMatches, jobs, quotes, type Job } from "#server/db/schema/quotes.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { hitRateLimit, rateLimitMessage } from "#server/security/rate-limit.ts";
import type { Config } from "#server/config.ts";
import { hasRequiredChecks } from "~/features/fixers/checks.server";
import { QuotesError } from "./errors";
import type { PublicFixerData } from "./public-changes";

/**
 * Who may see and do what in the marketplace, in one place. Every service calls these before it
 * reads or writes; the rule each one enforces is written beside it.
 */

/** What the mutating services need: the database, and the site's origin for links in emails. */
export type QuotesDeps = { db: Db; publicUrl: string };
/** For the changes visitors see (reviews, a fixer's services): the server's signal that drops the cached pages built from them. */
export type PublicChangeDeps = QuotesDeps & { publicFixerData: Pick<PublicFixerData, "changed"> };

/**
 * The services' dependencies for a request: links in the emails it queues start at `siteUrl`
 * (PUBLIC_URL, or in development the loopback origin the visitor used), never at the bare setting.
 */
export function quotesDeps({ db, config, publicFixerData }: { db: Db; config: Pick<Config, "publicUrl">; publicFixerData: PublicChangeDeps["publicFixerData"] }): PublicChangeDeps {
  return { db, publicUrl: siteUrl(config), publicFixerData };
}

/**
 * A column as "table"."column", whatever the query. Drizzle writes a single-table query's select
 * list without table names, which inside a correlated subquery binds to the inner table: every
 * outer column a subquery refers to goes through this.
 */
export const ref = (column: Column): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * True for a fixer who offers the job's service, has the checks it requires recorded (decision
 * 065), and covers its area, district or outward code (a fixer covering "SW" gets every SW job;
 * one covering "SW1A" only SW1A's).
 */
export function fixerCoversJob(fixerUserId: SQL | typeof fixerProfiles.userId | string): SQL {
  return and(
    exists(
      sql`(select 1 from ${fixerServices} where ${fixerServices.fixerUserId} = ${fixerUserId} and ${fixerServices.service} = ${ref(jobs.service)})`,
    ),
    exists(
      sql`(select 1 from ${fixerAreas} where ${fixerAreas.fixerUserId} = ${fixerUserId} and ${fixerAreas.code} in (${ref(jobs.area)}, ${ref(jobs.district)}, ${ref(jobs.outward)}))`,
    ),
    hasRequiredChecks(typeof fixerUserId === "string" ? fixerUserId : sql`${fixerUserId}`, ref(jobs.service)),
  )!;
}

/** The fixer's profile if they may take part in jobs now; else a forbidden error saying why. */
export async function requireActiveFixer(db: DbOrTx, fixerUserId: string) {
  const [row] = await db
    .select({ userId: fixerProfiles.userId, displayName: fixerProfiles.displayName, slug: fixerProfiles.slug, leadsDisabledAt: fixerProfiles.leadsDisabledAt, disabledAt: accountsView.disabledAt, email: accountsView.email, phone: accountsView.phone })
    .from(fixerProfiles)
    .innerJoin(accountsView, eq(accountsView.id, fixerProfiles.userId))
    .where(eq(fixerProfiles.userId, fixerUserId))
    .limit(1);
  return activeFixer(row);
}

/** {@link requireActiveFixer}'s rule on a row already read: the fixer's profile (none: not approved) and account. */
export function activeFixer<Row extends { disabledAt: Date | null; leadsDisabledAt: Date | null }>(row: Row | undefined): Row {
  // Only approved fixers have a profile (made when staff approve the application).
  if (!row) throw new QuotesError("forbidden", "Only approved fixers can see and quote for jobs.");
  if (row.disabledAt) throw new QuotesError("forbidden", "This account is disabled.");
  if (row.leadsDisabledAt) throw new QuotesError("forbidden", "New jobs and quoting are paused on your account. Please contact our support team.");
  return row;
}

/**
 * True for a job (the query's `jobs` row) the fixer may open: matched to them when it was posted,
 * matching their services and areas now, or one they have quoted for. The customer's own job never
 * counts as a lead (a fixer can also be a customer).
 */
export function fixerMaySeeJob(fixerUserId: string): SQL {
  return and(
    sql`${ref(jobs.customerUserId)} <> ${fixerUserId}`,
    or(
      exists(sql`(select 1 from ${jobMatches} where ${jobMatches.jobId} = ${ref(jobs.id)} and ${jobMatches.fixerUserId} = ${fixerUserId})`),
      exists(sql`(select 1 from ${quotes} where ${quotes.jobId} = ${ref(jobs.id)} and ${quotes.fixerUserId} = ${fixerUserId})`),
      fixerCoversJob(fixerUserId),
    ),
  )!;
}

/** What a fixer is told of a job they may not open (or one that does not exist). */
export const notALead = "There is no such job, or it is not one of your leads.";

/** A job a fixer may open ({@link fixerMaySeeJob}). Anything else is "not found", so job ids reveal nothing. */
export async function jobVisibleToFixer(db: DbOrTx, fixerUserId: string, jobId: number, options: { forUpdate?: boolean } = {}): Promise<Job> {
  const query = db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.id, jobId), fixerMaySeeJob(fixerUserId)),
    )
    .limit(1);
  const [job] = options.forUpdate ? await query.for("update") : await query;
  if (!job) throw new QuotesError("not_found", notALead);
  return job;
}

/** A job of this customer's: another customer's job is "not found" (its existence is not confirmed). */
export async function jobOfCustomer(db: DbOrTx, customerUserId: string, jobId: number, options: { forUpdate?: boolean } = {}): Promise<Job> {
  const query = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.customerUserId, customerUserId)))
    .limit(1);
  const [job] = options.forUpdate ? await query.for("update") : await query;
  if (!job) throw new QuotesError("not_found", "There is no such job on your account.");
  return job;
}

/** Per-user limits on what costs other people attention (fixers' inboxes, customers' inboxes). */
export const quoteRateLimits = {
  postJob: { limit: 10, windowMs: 60 * 60 * 1000 },
  sendQuote: { limit: 30, windowMs: 60 * 60 * 1000 },
  message: { limit: 60, windowMs: 60 * 60 * 1000 },
} as const;

export async function checkRateLimit(db: Db, what: keyof typeof quoteRateLimits, userId: string): Promise<void> {
  const result = await hitRateLimit(db, { key: `quotes:${what}:${userId}`, ...quoteRateLimits[what] });
  if (!result.allowed) throw new QuotesError("rate_limited", rateLimitMessage, result.retryAfterSeconds);
}

/** The name an account goes by in emails and on pages: the sign-up's full name, else its name. */
export const contactName = (account: { fullName: Column; name: Column } = accountsView): SQL<string> => sql<string>`coalesce(nullif(${account.fullName}, ''), ${account.name})`;

export const noSuchAccount = "There is no such account.";

/** The account's name and contact details: the sign-up name, and its phone or else the fixer registration's. */
export async function contactOf(db: DbOrTx, userId: string): Promise<{ email: string; name: string; phone: string | null }> {
  const [row] = await db
    .select({ email: accountsView.email, name: contactName(), phone: accountsView.phone })
    .from(accountsView)
    .where(eq(accountsView.id, userId))
    .limit(1);
  if (!row) throw new QuotesError("not_found", noSuchAccount);
  if (row.phone) return row;
  const [registration] = await db
    .select({ phone: fixerRegistrationsView.phone })
    .from(fixerRegistrationsView)
    .where(eq(fixerRegistrationsView.userId, userId))
    .orderBy(desc(fixerRegistrationsView.id))
    .limit(1);
  return { ...row, phone: registration?.phone ?? null };
}
