import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { accounts, sessions, users } from "#server/db/schema/auth.ts";
import { securityEvents } from "#server/db/schema/security.ts";

/** My Account's changes to the account's own rows, and what of them its data export holds (decision 089: auth owns them). */

export async function updateAccountProfile(db: Db, userId: string, profile: { fullName: string; phone: string | null }): Promise<void> {
  await db.update(users).set({ name: profile.fullName, fullName: profile.fullName, phone: profile.phone, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The account's row, its sessions (no tokens), its sign-in methods (no password hashes) and its security events. */
export async function exportAuthData(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const userSessions = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const logins = await db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const events = await db
    .select({ type: securityEvents.type, ipAddress: securityEvents.ipAddress, userAgent: securityEvents.userAgent, details: securityEvents.details, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId));
  return { user, sessions: userSessions, logins, events };
}

/** After an account is deleted: its security events keep no address or browser (and, `details` false, no details either). */
export async function anonymiseSecurityEvents(db: Db, userId: string, keep: { details: boolean }): Promise<void> {
  await db
    .update(securityEvents)
    .set(keep.details ? { ipAddress: null, userAgent: null } : { ipAddress: null, userAgent: null, details: {} })
    .where(eq(securityEvents.userId, userId));
}

/** Deletes every session of the account. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
