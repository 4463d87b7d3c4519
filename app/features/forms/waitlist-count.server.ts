import { isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { contactSubmissions } from "#server/db/schema/forms.ts";

/**
 * The waitlist's size as /early-access shows it (decision 065): the people on it, counted from the
 * database (one row per address: a repeat sign-up updates its row), the same rows the staff
 * dashboard counts. Below `shownFrom` the page shows no number: a tiny count tells a visitor
 * nothing and is not worth boasting about.
 */
export const waitlistCount = { shownFrom: 100 } as const;

export async function waitlistSignups(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactSubmissions).where(isNotNull(contactSubmissions.waitlistKey));
  return row?.n ?? 0;
}

/** The number to show, or null while it is below the threshold. */
export async function shownWaitlistCount(db: DbOrTx): Promise<number | null> {
  const n = await waitlistSignups(db);
  return n >= waitlistCount.shownFrom ? n : null;
}
