import { and, eq, exists, or, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding } from "#server/db/schema/fixers.ts";
import { fixerProfiles } from "#server/db/schema/quotes.ts";

/**
 * Whether staff approved this account's fixer application (it has a fixer profile, or an approved
 * application whose profile is made on the first visit to /fixer): one query, read with the session.
 */
export async function isApprovedFixer(db: DbOrTx, userId: string): Promise<boolean> {
  const profile = db.select({ one: sql`1` }).from(fixerProfiles).where(eq(fixerProfiles.userId, userId));
  const approved = db.select({ one: sql`1` }).from(fixerOnboarding).where(and(eq(fixerOnboarding.userId, userId), eq(fixerOnboarding.status, "approved")));
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), or(exists(profile), exists(approved)))).limit(1);
  return Boolean(row);
}

