import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { InfraServices } from "#server/services.ts";
import type { Auth } from "~/features/auth/auth.server.ts";
import { queuePasswordChangedEmail } from "~/features/auth/emails.server.ts";
import { judgePassword, weakPasswordMessage } from "~/features/auth/password-strength.server.ts";
import { accounts, sessions, users } from "#server/db/schema/auth.ts";
import { notificationPreferences, notifications, pushSubscriptions } from "#server/db/schema/notifications.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import { siteUrl } from "#server/http/site-url.ts";
import type { Db } from "#server/db/client.ts";
import { vipCodes, vipMemberships } from "#server/db/schema/vip.ts";
import { ledgerAccounts, ledgerEntries, referralCodes, referrals } from "#server/db/schema/bookings.ts";
import { recordSecurityEvent, type RequestOrigin } from "~/features/auth/security-events.server.ts";
import type { changePasswordSchema, profileSchema } from "~/features/auth/schemas";
import type { SessionUser } from "~/lib/session-user";
import { accountMessages } from "./messages";
import { exportFixerData, hasFixerRegistrationSql } from "~/features/fixers/account-status.server";

/** My Account: the profile, password, data export and deletion. Routes check the forms and answer. */

export async function loadAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ fullName: users.fullName, name: users.name, email: users.email, phone: users.phone, userType: users.userType, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, fullName: row.fullName || row.name, createdAt: row.createdAt.toISOString() };
}

/**
 * What My Account shows from the database, in one query (issue 47: a signed-in page costs what it
 * repeats): the profile, the VIP membership, the referral code (null before the
 * first view makes it), the credit on the ledger account named (the customer's credit), the friends
 * referred and whether a fixer registration exists for the account or its email (lowercased, as
 * loadFixerStatus matches it). Null when the user is gone.
 */
function accountPageQuery(db: Db) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      fullName: users.fullName,
      name: users.name,
      email: users.email,
      phone: users.phone,
      userType: users.userType,
      createdAt: users.createdAt,
      vipSince: sql<string | null>`(select v.created_at::text from ${vipMemberships} v where v.user_id = ${users.id} limit 1)`,
      vipSource: sql<string | null>`(select v.source from ${vipMemberships} v where v.user_id = ${users.id} limit 1)`,
      referralCode: sql<string | null>`(select r.code from ${referralCodes} r where r.user_id = ${users.id})`,
      creditPence: sql<string>`(select coalesce(sum(e.amount_pence), 0) from ${ledgerEntries} e join ${ledgerAccounts} a on a.id = e.account_id where a.code = ${sql.placeholder("creditAccountCode")})`,
      friendsJoined: sql<string>`(select count(*) from ${referrals} f where f.referrer_user_id = ${users.id})`,
      friendsRewarded: sql<string>`(select count(*) from ${referrals} f where f.referrer_user_id = ${users.id} and f.rewarded_at is not null)`,
      hasFixerRegistration: hasFixerRegistrationSql(userId, sql.placeholder("email")),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .prepare("fixit_account_page");
}
/** Prepared once per database: building this query's SQL cost more than a small page's render (issue 47). */
const accountPageQueries = new WeakMap<Db, ReturnType<typeof accountPageQuery>>();

export async function loadAccountPage(db: Db, userId: string, creditAccountCode: string, fixerRegistrationEmail: string) {
  let query = accountPageQueries.get(db);
  if (!query) accountPageQueries.set(db, (query = accountPageQuery(db)));
  const [row] = await query.execute({ userId, creditAccountCode, email: fixerRegistrationEmail });
  if (!row) return null;
  return {
    account: { fullName: row.fullName || row.name, name: row.name, email: row.email, phone: row.phone, userType: row.userType, createdAt: new Date(row.createdAt).toISOString() },
    vipMembership: row.vipSince && row.vipSource ? { source: row.vipSource, since: new Date(row.vipSince).toISOString() } : null,
    referralCode: row.referralCode,
    creditAvailablePence: Number(row.creditPence),
    friendsJoined: Number(row.friendsJoined),
    friendsRewarded: Number(row.friendsRewarded),
    /** Whether the fixer application's status needs its own lookup (false: the account has no registration). */
    hasFixerRegistration: Boolean(row.hasFixerRegistration),
  };
}

/** What an account change needs: the database, better-auth, the settings and a logger. */
type AccountDeps = Pick<InfraServices, "db" | "config" | "logger"> & { auth: Auth };
type ProfileInput = z.infer<typeof profileSchema>;
type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
/**
 * The signed-in browser as better-auth needs it: the headers it reads the session from, and where the
 * request came from (security events record the address).
 */
export type AccountSession = { authHeaders: Headers; origin: RequestOrigin };
/** A refused change (400) or a done one, with the cookies the browser must get (a new session, cleared ones). */
export type AccountChange = { ok: true; setCookies: string[] } | { ok: false; title: string; text: string; reasons?: string[] };

export async function updateProfile({ db, logger }: Pick<InfraServices, "db" | "logger">, userId: string, profile: ProfileInput, origin: RequestOrigin) {
  await db
    .update(users)
    .set({ name: profile.fullName, fullName: profile.fullName, phone: profile.phone || null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await recordSecurityEvent(db, logger, { type: "profile_updated", userId, ...origin, details: { fields: ["full_name", "phone"] } });
}

/** A refusal better-auth gave for the password (wrong current password, …); anything else is thrown on. */
function refusedBy(error: unknown, title: string): AccountChange {
  if (error instanceof APIError && error.statusCode < 500) {
    const text = error.body?.code === "INVALID_PASSWORD" ? accountMessages.wrongPassword.text : error.body?.message || error.message;
    return { ok: false, title, text };
  }
  throw error;
}

/** Changes the password (the strength rule first) and ends every other session; this browser gets a fresh session cookie. */
export async function changePassword(deps: AccountDeps, user: SessionUser, change: ChangePasswordInput, session: AccountSession): Promise<AccountChange> {
  const verdict = await judgePassword(change.password, [user.name, user.email]);
  if (!verdict.ok) return { ok: false, title: accountMessages.passwordFailed.title, text: weakPasswordMessage(verdict.reasons), reasons: verdict.reasons };
  let headers: Headers;
  try {
    ({ headers } = await deps.auth.api.changePassword({
      body: { currentPassword: change.currentPassword, newPassword: change.password, revokeOtherSessions: true },
      headers: session.authHeaders,
      returnHeaders: true,
    }));
  } catch (error) {
    return refusedBy(error, accountMessages.passwordFailed.title);
  }
  await recordSecurityEvent(deps.db, deps.logger, { type: "password_changed", userId: user.id, ...session.origin, details: { via: "account" } });
  await queuePasswordChangedEmail(deps.db, { email: user.email, name: user.name }, `${siteUrl(deps.config)}/auth?view=reset`);
  return { ok: true, setCookies: headers.getSetCookie() };
}

/** Everything stored about the user, as one JSON document (UK GDPR right of access). */
async function exportNotifications(db: Db, userId: string) {
  const [listed, preferences] = await Promise.all([
    db
      .select({ kind: notifications.kind, title: notifications.title, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id),
    db.select({ kind: notificationPreferences.kind, email: notificationPreferences.delivery, push: notificationPreferences.push }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
  ]);
  // The devices subscribed to push: names and dates. Their endpoints and keys are left out: they are credentials of the browser's push channel.
  const devices = await db.select({ name: pushSubscriptions.deviceName, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
  return { listed, emailPreferences: preferences, pushDevices: devices };
}

export async function exportAccountData(db: Db, userId: string) {
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
  const [vipMembership] = await db
    .select({ source: vipMemberships.source, since: vipMemberships.createdAt })
    .from(vipMemberships)
    .where(eq(vipMemberships.userId, userId))
    .limit(1);
  // Codes bought while signed in: the hint only (a code's hash is a secret, like a password hash).
  const ownVipCodes = await db
    .select({ codeHint: vipCodes.codeHint, email: vipCodes.email, createdAt: vipCodes.createdAt, lastUsedAt: vipCodes.lastUsedAt, revokedAt: vipCodes.revokedAt })
    .from(vipCodes)
    .where(eq(vipCodes.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    profile: user
      ? {
          id: user.id,
          fullName: user.fullName || user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          phone: user.phone,
          accountType: user.userType,
          role: user.role,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        }
      : null,
    // Password hashes and session tokens are secrets, not personal data about you: left out.
    signInMethods: logins,
    sessions: userSessions,
    securityEvents: events,
    vip: { membership: vipMembership ?? null, codes: ownVipCodes },
    // Fixer registrations, applications and document names (the access code's hash is a secret: left out).
    fixer: await exportFixerData(db, userId),
    // What the site listed for you, and how you chose to be emailed about each kind (decision 049).
    notifications: await exportNotifications(db, userId),
  };
}

/**
 * Deletes the account after checking the password: the user row (and with it sessions and
 * sign-in methods), while the security log keeps only the event type and time.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, password: string, session: AccountSession): Promise<AccountChange> {
  let headers: Headers;
  try {
    ({ headers } = await deps.auth.api.deleteUser({ body: { password }, headers: session.authHeaders, returnHeaders: true }));
  } catch (error) {
    return refusedBy(error, accountMessages.deleteFailed.title);
  }
  const { db, logger } = deps;
  // The user row is gone (sessions and accounts cascade); anonymise what the security log held.
  await db.update(securityEvents).set({ ipAddress: null, userAgent: null, details: {} }).where(eq(securityEvents.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await recordSecurityEvent(db, logger, { type: "account_deleted", userId, ...session.origin, details: {} });
  await db.update(securityEvents).set({ ipAddress: null, userAgent: null }).where(eq(securityEvents.userId, userId));
  return { ok: true, setCookies: headers.getSetCookie() };
}
