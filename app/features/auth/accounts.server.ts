import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema/auth.ts";
import { securityEvents } from "#server/db/schema/security.ts";

/**
 * Accounts as other features read and change them (decision 089): the staff console's role and
 * disable actions, the command-line tool, moderation. The rules of who may do what stay with the
 * caller; auth owns the rows.
 */

export type AccountStanding = { id: string; email: string; role: string; disabledAt: Date | null; emailVerified: boolean };

const standing = { id: users.id, email: users.email, role: users.role, disabledAt: users.disabledAt, emailVerified: users.emailVerified };

export async function accountById(db: DbOrTx, userId: string): Promise<AccountStanding | null> {
  const [row] = await db.select(standing).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account with this email, compared lower-cased (`email` is given lower-cased). */
export async function accountByEmail(db: DbOrTx, email: string): Promise<AccountStanding | null> {
  const [row] = await db.select(standing).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  return row ?? null;
}

/** Staff and admin accounts, admins first, then by email. */
export function staffAccounts(db: Db) {
  return db
    .select({ email: users.email, name: users.name, fullName: users.fullName, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]))
    .orderBy(asc(users.role), asc(users.email));
}

/** Sets the account's role, in the caller's transaction (which also writes its audit entry). */
export async function setAccountRole(tx: DbOrTx, userId: string, role: string): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Disables (every session of it deleted: signed out at once) or enables the account, in the caller's transaction. */
export async function setAccountDisabled(tx: DbOrTx, userId: string, disable: boolean): Promise<void> {
  await tx.update(users).set({ disabledAt: disable ? new Date() : null, updatedAt: new Date() }).where(eq(users.id, userId));
  if (disable) await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** How many sessions of the account have not expired. */
export async function activeSessionCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`));
  return row?.n ?? 0;
}

/** The account's latest security events, newest first. */
export function recentSecurityEvents(db: Db, userId: string, limit: number) {
  return db
    .select({ id: securityEvents.id, type: securityEvents.type, ipAddress: securityEvents.ipAddress, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt))
    .limit(limit);
}

/**
 * Holds the account's row until the caller's transaction ends (FOR NO KEY UPDATE: it blocks no
 * insert that refers to the account), so two changes to one person's things wait for each other.
 */
export async function lockAccount(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * A confirmed account with no password (nobody signs in as it): the integration tests' and TEST
 * MODE seeding's people who need no session (app/features/seeding).
 */
export async function createConfirmedAccount(db: DbOrTx, account: { id: string; name: string; email: string; phone: string | null }): Promise<void> {
  await db.insert(users).values({ id: account.id, name: account.name, fullName: account.name, email: account.email, emailVerified: true, phone: account.phone });
}

/** Marks the address of the account with this email confirmed, as its link would (seeding signs people up without the email). */
export async function confirmAccountEmail(db: DbOrTx, email: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
}

/** Which of these addresses (compared lower-cased) already have an account, as the accounts spell them. */
export async function emailsWithAccounts(db: DbOrTx, emails: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())));
  return rows.map((r) => r.email);
}
