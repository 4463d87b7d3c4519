import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { data, replace } from "react-router";
import type { RequestFacts } from "#server/app.ts";
import type { InfraServices } from "#server/services.ts";
import { ACCOUNT_DISABLED_CODE } from "./auth.server.ts";
import { judgePassword, weakPasswordMessage } from "./password-strength.server.ts";
import { recordSecurityEvent, type SecurityEventInput } from "./security-events.server.ts";
import { sessions, users } from "#server/db/schema/auth.ts";
import { clearFailedSignIns, countAuthAttempt, countFailedSignIn, failedSignInLockout, type AuthLimitName } from "./limits.server.ts";
import { rateLimitMessage } from "#server/security/rate-limit.ts";
import { z } from "~/lib/zod";
import { readTextForm } from "~/lib/forms/forms.server";
import { firstError, parseSubmission } from "~/lib/forms/parse";
import { authHeaders, getSignedIn, signInReturnPath, type AuthContext } from "./guard.server";
import { authFailure, authMessages, authSuccess, type AuthResult } from "./messages";
import { confirmationCallback } from "./return-to";
import { checkForm, newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema } from "./schemas";

/**
 * The account actions behind /auth, /reset-password and /auth/sign-out. They call better-auth
 * on the server (no browser Origin needed, so the forms work without JavaScript), record
 * security events and keep per-IP and per-email limits in the database.
 */
/** What the sign-in, sign-up and reset actions read of a loader's context: the session's pieces and the user agent security events record. */
type Ctx = AuthContext & Pick<RequestFacts, "userAgent">;
/** What recording a security event reads of a loader's context: where the request came from, the database and a logger. */
type EventContext = Pick<RequestFacts, "clientIp" | "userAgent"> & { services: Pick<InfraServices, "db" | "logger"> };

/** Before any intent's own schema: every field of an account form is text on one line. */
const accountFormFields = z.record(z.string(), z.string());

/**
 * Reads an account form (/auth, /account, /reset-password) once: every field is one line, so a NUL
 * byte or a line break is refused with the field named (~/lib/forms/parse). An unreadable body, or a
 * refused field, is the 400 answer to return as it is.
 */
export async function readAccountForm(request: Request): Promise<{ ok: true; values: Record<string, string> } | { ok: false; answer: ReturnType<typeof fail> }> {
  const form = await readTextForm(request);
  if (!form) return { ok: false, answer: fail("account", 400, "Invalid request", "The form could not be read. Please reload the page and try again.") };
  const checked = parseSubmission(accountFormFields, form, { fields: "all" });
  if (checked.ok) return { ok: true, values: checked.data };
  const refused = firstError(checked.fieldErrors);
  const intent = form.get("intent");
  return { ok: false, answer: fail(typeof intent === "string" ? intent.slice(0, 40) : "account", 400, "Invalid input", refused?.message ?? "Please try again.", { field: refused?.field }) };
}

function origin(context: Pick<RequestFacts, "clientIp" | "userAgent">) {
  return { ip: context.clientIp || null, userAgent: context.userAgent || null };
}

export function record(context: EventContext, event: Omit<SecurityEventInput, "ip" | "userAgent">) {
  return recordSecurityEvent(context.services.db, context.services.logger, { ...event, ...origin(context) });
}

/**
 * Counts one attempt against the per-IP and per-email limits (limits.server.ts, shared with
 * better-auth's own endpoints); over the limit → records rate_limited and answers the 429 result.
 */
export async function overLimit(context: Ctx, name: AuthLimitName, email?: string, userId?: string) {
  const blocked = await countAuthAttempt(context.services.db, name, { ip: context.clientIp, email });
  if (!blocked) return null;
  // One rate_limited event per key and window: a flood of refusals writes nothing more.
  if (!blocked.alreadyRefused) {
    const knownId = userId ?? (email ? await userIdByEmail(context, email) : null);
    await record(context, { type: "rate_limited", userId: knownId, details: { action: name, email } });
  }
  return data<AuthResult>(authFailure(name, authMessages.rateLimited.title, rateLimitMessage), {
    status: 429,
    headers: { "retry-after": String(blocked.retryAfterSeconds) },
  });
}

async function userIdByEmail(context: Ctx, email: string): Promise<string | null> {
  const [row] = await context.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

export function fail(form: string, status: number, title: string, text: string, extra: Parameters<typeof authFailure>[3] = {}) {
  return data<AuthResult>(authFailure(form, title, text, extra), { status });
}

function apiMessage(error: unknown, fallback: string): string {
  if (error instanceof APIError) return error.body?.message || error.message || fallback;
  return fallback;
}

/** Set-Cookie headers from a better-auth answer, for our own redirect. */
function cookiesFrom(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("set-cookie", cookie);
  return out;
}

export async function signUp(request: Request, context: Ctx, values: Record<string, string>) {
  const { auth, logger } = context.services;
  const checked = checkForm(signUpSchema, values);
  const email = checked.ok ? checked.data.email : undefined;
  const limited = await overLimit(context, "signUp", email);
  if (limited) return limited;
  await record(context, { type: "signup_attempt", details: { email: email ?? null } });
  if (!checked.ok) {
    await record(context, { type: "signup_failed", details: { email: email ?? null, reason: checked.problem.title } });
    return fail("sign-up", 400, checked.problem.title, checked.problem.text, { field: checked.problem.field });
  }
  const input = checked.data;
  const verdict = await judgePassword(input.password, [input.fullName, input.email, input.phone]);
  if (!verdict.ok) {
    await record(context, { type: "signup_failed", details: { email: input.email, reason: "weak_password" } });
    return fail("sign-up", 400, authMessages.signUpFailed.title, weakPasswordMessage(verdict.reasons), { reasons: verdict.reasons, field: "password" });
  }
  try {
    // An address already registered answers exactly like a new one; its owner gets an email instead.
    await auth.api.signUpEmail({
      body: {
        name: input.fullName,
        fullName: input.fullName,
        email: input.email,
        password: input.password,
        phone: input.phone || undefined,
        userType: input.userType,
        // The link brings them back to what they were doing (posting a job, registering as a fixer, paying).
        callbackURL: confirmationCallback(signInReturnPath(values.from)),
      },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      await record(context, { type: "signup_failed", details: { email: input.email, error: apiMessage(error, "") } });
      return fail("sign-up", 400, authMessages.signUpFailed.title, apiMessage(error, authMessages.signUpFailed.text));
    }
    logger.error({ err: error }, "sign-up failed");
    await record(context, { type: "signup_error", details: { email: input.email, error: String(error) } });
    return fail("sign-up", 500, authMessages.signUpFailed.title, authMessages.signUpFailed.text);
  }
  return data<AuthResult>(authSuccess("sign-up", authMessages.signUpDone.title, authMessages.signUpDone.text, { reset: true, email: input.email }));
}

export async function signIn(request: Request, context: Ctx, values: Record<string, string>) {
  const { auth, db, logger } = context.services;
  const checked = checkForm(signInSchema, values);
  // An empty email or password stops without a message (the browser never submits it).
  if (!checked.ok) return fail("sign-in", 400, authMessages.signInFailed.title, authMessages.signInMissing.text);
  const { email, password } = checked.data;
  const limited = await overLimit(context, "signIn", email);
  if (limited) return limited;
  const lockedForSeconds = await failedSignInLockout(db, email);
  if (lockedForSeconds !== null) {
    await record(context, { type: "rate_limited", userId: await userIdByEmail(context, email), details: { action: "signInFailures", email } });
    return data<AuthResult>(authFailure("sign-in", authMessages.lockedOut.title, authMessages.lockedOut.text, { lockedOut: true }), {
      status: 429,
      headers: { "retry-after": String(lockedForSeconds) },
    });
  }
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    await clearFailedSignIns(db, email);
    await record(context, { type: "user_signin", userId: response.user.id, details: { email } });
    return replace(signInReturnPath(values.from), { headers: cookiesFrom(headers) });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      const unverified = error.body?.code === "EMAIL_NOT_VERIFIED";
      // A wrong password or an unknown address (401); not an unconfirmed or disabled account (403), whose password was right.
      if (error.statusCode === 401) await countFailedSignIn(db, email);
      await record(context, { type: "signin_failed", userId: await userIdByEmail(context, email), details: { email, error: error.body?.code ?? error.message } });
      if (unverified) {
        return fail("sign-in", 403, authMessages.signInFailed.title, authMessages.unverified.text, { unverified: true, email });
      }
      if (error.body?.code === ACCOUNT_DISABLED_CODE) {
        return fail("sign-in", 403, authMessages.accountDisabled.title, authMessages.accountDisabled.text);
      }
      return fail("sign-in", 401, authMessages.signInFailed.title, apiMessage(error, authMessages.invalidCredentials.text));
    }
    logger.error({ err: error }, "sign-in failed");
    await record(context, { type: "signin_error", details: { email, error: String(error) } });
    return fail("sign-in", 500, authMessages.signInFailed.title, authMessages.unexpected.text);
  }
}

export async function resendConfirmation(request: Request, context: Ctx, values: Record<string, string>) {
  const checked = checkForm(resetRequestSchema, values);
  if (!checked.ok) return fail("resend", 400, checked.problem.title, checked.problem.text);
  const limited = await overLimit(context, "resend", checked.data.email);
  if (limited) return limited;
  try {
    // Answers the same whether or not the address has an unconfirmed account.
    await context.services.auth.api.sendVerificationEmail({
      body: { email: checked.data.email, callbackURL: confirmationCallback(signInReturnPath(values.from)) },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    context.services.logger.warn({ err: error }, "resending the confirmation email failed");
  }
  return data<AuthResult>(authSuccess("resend", authMessages.resent.title, authMessages.resent.text, { email: checked.data.email }));
}

export async function requestReset(request: Request, context: Ctx, values: Record<string, string>) {
  const { auth, logger } = context.services;
  const checked = checkForm(resetRequestSchema, values);
  if (!checked.ok) return fail("reset", 400, authMessages.resetFailed.title, checked.problem.text);
  const { email } = checked.data;
  const limited = await overLimit(context, "reset", email);
  if (limited) return limited;
  try {
    const knownId = await userIdByEmail(context, email);
    // better-auth answers alike for unknown addresses: no account enumeration.
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: authHeaders(request, context) });
    await record(context, { type: "password_reset_requested", userId: knownId, details: { email, known: Boolean(knownId) } });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    await record(context, { type: "password_reset_error", details: { email, error: String(error) } });
    return fail("reset", 500, authMessages.resetFailed.title, apiMessage(error, authMessages.unexpected.text));
  }
  return data<AuthResult>(authSuccess("reset", authMessages.resetSent.title, authMessages.resetSent.text, { reset: true }));
}

export async function completeReset(request: Request, context: Ctx, values: Record<string, string>) {
  const { auth, logger } = context.services;
  const limited = await overLimit(context, "newPassword");
  if (limited) return limited;
  const token = (values.token ?? "").slice(0, 200);
  const checked = checkForm(newPasswordSchema, values);
  if (!checked.ok) return fail("new-password", 400, checked.problem.title, checked.problem.text);
  const verdict = await judgePassword(checked.data.password);
  if (!verdict.ok) {
    return fail("new-password", 400, authMessages.resetFailed.title, weakPasswordMessage(verdict.reasons), { reasons: verdict.reasons });
  }
  if (!token) {
    await record(context, { type: "password_reset_failed", details: { error: "missing token" } });
    return fail("new-password", 400, authMessages.resetFailed.title, authMessages.badResetLink.text);
  }
  try {
    // Ends every session of the user (revokeSessionsOnPasswordReset); onPasswordReset records and emails.
    await auth.api.resetPassword({ body: { newPassword: checked.data.password, token }, headers: authHeaders(request, context) });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      await record(context, { type: "password_reset_failed", details: { error: error.body?.code ?? error.message } });
      const text = error.body?.code === "INVALID_TOKEN" ? authMessages.badResetLink.text : apiMessage(error, authMessages.badResetLink.text);
      return fail("new-password", 400, authMessages.resetFailed.title, text);
    }
    logger.error({ err: error }, "password reset failed");
    await record(context, { type: "password_reset_error", details: { error: String(error) } });
    return fail("new-password", 500, authMessages.resetFailed.title, authMessages.unexpected.text);
  }
  return data<AuthResult>(authSuccess("new-password", authMessages.passwordUpdated.title, authMessages.passwordUpdated.text));
}

/**
 * Signs the user out everywhere, not only in this browser: this browser's cookie is cleared and
 * every session row of the user is deleted.
 */
export async function signOutEverywhere(request: Request, context: Ctx): Promise<{ headers: Headers; userId: string | null }> {
  const { auth, db } = context.services;
  const signedIn = await getSignedIn(request, context);
  const { headers } = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
  if (signedIn) {
    await db.delete(sessions).where(eq(sessions.userId, signedIn.user.id));
    await record(context, { type: "user_signout", userId: signedIn.user.id, details: { scope: "global" } });
  }
  return { headers: cookiesFrom(headers), userId: signedIn?.user.id ?? null };
}
