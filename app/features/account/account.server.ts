import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { queuePasswordChangedEmail } from "~/features/auth/emails.server.ts";
import { judgePassword, weakPasswordMessage } from "~/features/auth/password-strength.server.ts";
import { accounts, sessions, users } from "#server/db/schema/auth.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { vipCodes, vipMemberships } from "#server/db/schema/vip.ts";
import { authHeaders } from "~/features/auth/guard.server";
import { overLimit, record, signOutEverywhere } from "~/features/auth/actions.server";
import type { AuthResult } from "~/features/auth/messages";
import { checkForm, changePasswordSchema, profileSchema } from "~/features/auth/schemas";
import type { SessionUser } from "~/lib/session-user";
import { accountMessages } from "./messages";
import { exportFixerData } from "~/features/fixers/account-status.server";

/** My Account: the profile, password, sign-out-everywhere, data export and deletion. */
type Ctx = AppLoadContext;

export async function loadAccount(context: Ctx, userId: string) {
  const [row] = await context.services.db
    .select({ fullName: users.fullName, name: users.name, email: users.email, phone: users.phone, userType: users.userType, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, fullName: row.fullName || row.name, createdAt: row.createdAt.toISOString() };
}

const ok = (title: string, text: string) => data<AuthResult>({ ok: true, title, text });
const fail = (status: number, title: string, text: string, extra: Partial<AuthResult> = {}) =>
  data<AuthResult>({ ok: false, title, text, ...extra }, { status });

export async function updateProfile(context: Ctx, user: SessionUser, values: Record<string, string>) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const checked = checkForm(profileSchema, values);
  if (!checked.ok) return fail(400, checked.problem.title, checked.problem.text, { field: checked.problem.field });
  await context.services.db
    .update(users)
    .set({ name: checked.data.fullName, fullName: checked.data.fullName, phone: checked.data.phone || null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await record(context, { type: "profile_updated", userId: user.id, details: { fields: ["full_name", "phone"] } });
  return ok(accountMessages.profileSaved.title, accountMessages.profileSaved.text);
}

export async function changePassword(request: Request, context: Ctx, user: SessionUser, values: Record<string, string>) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const checked = checkForm(changePasswordSchema, values);
  if (!checked.ok) return fail(400, checked.problem.title, checked.problem.text, { field: checked.problem.field });
  const verdict = judgePassword(checked.data.password, [user.name, user.email]);
  if (!verdict.ok) {
    return fail(400, accountMessages.passwordFailed.title, weakPasswordMessage(verdict.reasons), { reasons: verdict.reasons });
  }
  try {
    // Ends every other session; this browser gets a fresh session cookie.
    const { headers } = await context.services.auth.api.changePassword({
      body: { currentPassword: checked.data.currentPassword, newPassword: checked.data.password, revokeOtherSessions: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    await record(context, { type: "password_changed", userId: user.id, details: { via: "account" } });
    await queuePasswordChangedEmail(context.services.db, { email: user.email, name: user.name }, `${siteUrl(context.services.config)}/auth?view=reset`);
    // The old session is gone: redirect (with the new session cookie) so the page reloads under the new one.
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("set-cookie", cookie);
    return redirect("/account?updated=password", { headers: out });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      const text = error.body?.code === "INVALID_PASSWORD" ? accountMessages.wrongPassword.text : error.body?.message || error.message;
      return fail(400, accountMessages.passwordFailed.title, text);
    }
    throw error;
  }
}

export async function signOutAllDevices(request: Request, context: Ctx) {
  const { headers } = await signOutEverywhere(request, context);
  return redirect("/", { headers });
}

/** Everything stored about the user, as one JSON document (UK GDPR right of access). */
export async function exportAccountData(context: Ctx, userId: string) {
  const { db } = context.services;
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
  };
}

export async function downloadAccountData(context: Ctx, user: SessionUser) {
  const body = JSON.stringify(await exportAccountData(context, user.id), null, 2);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="fixit-account-data-${date}.json"`,
      "cache-control": "no-store",
    },
  });
}

/**
 * Deletes the account after checking the password: the user row (and with it sessions and
 * sign-in methods), while the security log keeps only the event type and time.
 */
export async function deleteAccount(request: Request, context: Ctx, user: SessionUser, values: Record<string, string>) {
  const limited = await overLimit(context, "account", undefined, user.id);
  if (limited) return limited;
  const password = (values.password ?? "").slice(0, 200);
  if (!password) return fail(400, accountMessages.deleteFailed.title, accountMessages.deletePasswordRequired.text);
  let headers: Headers;
  try {
    ({ headers } = await context.services.auth.api.deleteUser({ body: { password }, headers: authHeaders(request, context), returnHeaders: true }));
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      const text = error.body?.code === "INVALID_PASSWORD" ? accountMessages.wrongPassword.text : error.body?.message || error.message;
      return fail(400, accountMessages.deleteFailed.title, text);
    }
    throw error;
  }
  const { db } = context.services;
  // The user row is gone (sessions and accounts cascade); anonymise what the security log held.
  await db.update(securityEvents).set({ ipAddress: null, userAgent: null, details: {} }).where(eq(securityEvents.userId, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await record(context, { type: "account_deleted", userId: user.id, details: {} });
  await db.update(securityEvents).set({ ipAddress: null, userAgent: null }).where(eq(securityEvents.userId, user.id));
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("set-cookie", cookie);
  return redirect("/?account=deleted", { headers: out });
}
