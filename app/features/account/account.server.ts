import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { InfraServices } from "#server/services.ts";
import type { Auth } from "~/features/auth/auth.server.ts";
import { queuePasswordChangedEmail } from "~/features/auth/emails.server.ts";
import { judgePassword, weakPasswordMessage } from "~/features/auth/password-strength.server.ts";
import { anonymiseSecurityEvents, deleteSessionsOf, exportAuthData, updateAccountProfile } from "~/features/auth/account-data.server.ts";
import { accountsView } from "~/features/auth/projections.server.ts";
import { creditPenceSql, friendsJoinedSql, friendsRewardedSql, referralCodeSql } from "~/features/bookings/account-figures.server.ts";
import { exportNotifications } from "~/features/notifications/account-data.server.ts";
import { exportVipData, vipSinceSql, vipSourceSql } from "~/features/vip/account-data.server.ts";
import { siteUrl } from "#server/http/site-url.ts";
import type { Db } from "#server/db/client.ts";
import { recordSecurityEvent, type RequestOrigin } from "~/features/auth/security-events.server.ts";
import type { changePasswordSchema, profileSchema } from "~/features/auth/schemas";
import type { SessionUser } from "~/lib/session-user";
import { accountMessages } from "./messages";
import { exportFixerData, hasFixerRegistrationSql } from "~/features/fixers/account-status.server";

/** My Account: the profile, password, data export and deletion. Routes check the forms and answer. */

export async function loadAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ fullName: accountsView.fullName, name: accountsView.name, email: accountsView.email, phone: accountsView.phone, userType: accountsView.userType, createdAt: accountsView.createdAt })
    .from(accountsView)
    .where(eq(accountsView.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, fullName: row.fullName || row.name, createdAt: row.createdAt.toISOString() };
}

/**
 * What My Account shows from the database, in one query (issue 47: a signed-in page costs what it
 * repeats): the profile, the VIP membership, the referral code (made at sign-in:
 * null only for a session older than it), the credit on the ledger account named (the customer's credit), the friends
 * referred and whether a fixer registration exists for the account or its email (lowercased, as
 * loadFixerStatus matches it). Null when the user is gone.
 */
function accountPageQuery(db: Db) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      fullName: accountsView.fullName,
      name: accountsView.name,
      email: accountsView.email,
      phone: accountsView.phone,
      userType: accountsView.userType,
      createdAt: accountsView.createdAt,
      vipSince: vipSinceSql(accountsView.id),
      vipSource: vipSourceSql(accountsView.id),
      referralCode: referralCodeSql(accountsView.id),
      creditPence: creditPenceSql(sql.placeholder("creditAccountCode")),
      friendsJoined: friendsJoinedSql(accountsView.id),
      friendsRewarded: friendsRewardedSql(accountsView.id),
      hasFixerRegistration: hasFixerRegistrationSql(userId, sql.placeholder("email")),
    })
    .from(accountsView)
    .where(eq(accountsView.id, userId))
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
  await updateAccountProfile(db, userId, { fullName: profile.fullName, phone: profile.phone || null });
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
export async function exportAccountData(db: Db, userId: string) {
  const { user, sessions: userSessions, logins, events } = await exportAuthData(db, userId);
  const vip = await exportVipData(db, userId);
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
    // Codes bought while signed in: the hint only (a code's hash is a secret, like a password hash).
    vip,
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
  await anonymiseSecurityEvents(db, userId, { details: false });
  await deleteSessionsOf(db, userId);
  await recordSecurityEvent(db, logger, { type: "account_deleted", userId, ...session.origin, details: {} });
  await anonymiseSecurityEvents(db, userId, { details: true });
  return { ok: true, setCookies: headers.getSetCookie() };
}
