import { and, eq, type SQL, type SQLWrapper, type Subquery } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";

/**
 * What the session read adds of other features' rows (decision 071's one query): auth is the lowest
 * feature and imports none, so their owners supply each piece as SQL on the account's id (an outer
 * column) and the composition root hands them here (decision 089).
 */
export type SessionExtras = {
  /** Whether staff approved the account's fixer application (it has a fixer profile, or an approved application whose profile is made on the first visit to /fixer). */
  approvedFixer: (userId: SQLWrapper) => SQL<boolean>;
  /** The header's unread counters as stored: a read-only projection left-joined on the account's id (no row: null). */
  unread: { view: Subquery; on: (userId: SQLWrapper) => SQL; messages: SQL<number | null>; notifications: SQL<number | null> };
};

/** The approved-fixer flag of one account, when better-auth read the session: one query. */
export async function isApprovedFixer(db: DbOrTx, extras: Pick<SessionExtras, "approvedFixer">, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), extras.approvedFixer(users.id))).limit(1);
  return Boolean(row);
}
