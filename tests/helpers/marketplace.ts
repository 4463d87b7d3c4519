/**
 * For the marketplace's tests (quotes and bookings, unit and integration): a fresh database of each
 * kind (in-memory PGlite; a new PostgreSQL database when TEST_DATABASE_URL is set), and people made
 * the way the product makes them: the one way tests build an approved fixer.
 */
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { openDatabase, type Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { reviewWindows, reviews } from "#server/db/schema/quotes.ts";
import type { QuotesDeps } from "~/features/quotes/access.server";
import { createMigratedDatabase } from "./postgres-templates.ts";
import { NOTIFICATION_EMAIL_JOB } from "~/features/notifications/notifications.server";

export type DatabaseKind = "pglite" | "postgres";
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The origin the tests' emails link to. */
export const testPublicUrl = "https://fixit.test";

export async function openTestDatabase(kind: DatabaseKind): Promise<{ deps: QuotesDeps; close: () => Promise<void> }> {
  const publicUrl = testPublicUrl;
  if (kind === "pglite") {
    const database = await openDatabase({ database: { kind: "pglite", dir: null } });
    return { deps: { db: database.db, publicUrl }, close: () => database.close() };
  }
  const scratch = await createMigratedDatabase(process.env.TEST_DATABASE_URL!, "fixit_quotes");
  const database = await openDatabase({ database: { kind: "postgres", url: scratch.url } });
  return {
    deps: { db: database.db, publicUrl },
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The one way tests build people: shared with the browser tests' seeding endpoint. */
export { createApprovedFixer, createUser } from "~/features/seeding/people.server";

export type QueuedEmail = { to: string; subject: string; text: string };

/** The emails in the outbox, oldest first: plain ones, and notifications' emails waiting for their unsubscribe headers. */
export async function queuedEmails(db: Db): Promise<QueuedEmail[]> {
  const rows = await db
    .select({ payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(inArray(outboxJobs.kind, ["email", NOTIFICATION_EMAIL_JOB]))
    .orderBy(outboxJobs.id);
  return rows.map((r) => r.payload as QueuedEmail);
}

export async function clearOutbox(db: Db): Promise<void> {
  await db.delete(outboxJobs).where(sql`true`);
}

/** A date n days from today (UK), as YYYY-MM-DD. */
export function daysFromToday(n: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(d);
}

/**
 * As if a finished job's 14 days to review had passed (decision 055): its window closed yesterday,
 * so the reviews written in it were published then (what the service would have stored).
 */
export async function endReviewWindow(db: Db, jobId: number): Promise<void> {
  const closed = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const opened = new Date(closed.getTime() - 14 * 24 * 60 * 60 * 1000);
  await db.update(reviewWindows).set({ opensAt: opened, closesAt: closed }).where(eq(reviewWindows.jobId, jobId));
  // A window nobody has written in yet is not stored: it runs from the settling of the job's paid booking.
  await db.update(bookings).set({ settledAt: opened }).where(and(eq(bookings.jobId, jobId), isNotNull(bookings.settledAt)));
  await db.update(reviews).set({ visibleFrom: closed }).where(and(eq(reviews.jobId, jobId), gt(reviews.visibleFrom, closed)));
}
