import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "~/lib/zod";
import { authMessages, lockedOutApiText } from "./messages.ts";
import { checkForm, signUpSchema, userTypes } from "./schemas.ts";
import { normaliseEmail } from "~/lib/email.ts";
import { textInputMessages } from "~/lib/text-input.ts";
import { rateLimitMessage } from "#server/security/rate-limit.ts";
import { API_REQUEST_HEADER, authEndpointLimits, clearFailedSignIns, countAuthAttempt, countFailedSignIn, failedSignInLockout } from "./limits.server.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { accounts, authRateLimits, sessions, users, verifications } from "#server/db/schema/auth.ts";
import { onSite, siteUrl } from "#server/http/site-url.ts";
import type { Logger } from "#server/logger.ts";
import { queueConfirmationEmail, queueExistingAccountEmail, queuePasswordChangedEmail, queueResetEmail } from "./emails.server.ts";
import { judgePassword, weakPasswordMessage } from "./password-strength.server.ts";
import { CLIENT_IP_HEADER, originFromRequest, recordSecurityEvent } from "./security-events.server.ts";

/** Session lifetimes: idle sessions end after 7 days; any session ends 30 days after sign-in. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** A session in use has its idle expiry moved on at most once a day (better-auth's updateAge). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const AUTH_BASE_PATH = "/api/auth";
export const COOKIE_PREFIX = "fixit";
/** The APIError code of a sign-in refused because staff disabled the account. */
export const ACCOUNT_DISABLED_CODE = "ACCOUNT_DISABLED";

type AuthServices = { config: Config; logger: Logger; db: Db };

/**
 * What better-auth logs as errors but is a refused request: an untrusted Origin or redirect URL, a
 * cross-site sign-in, a forged OAuth state. The client's doing, so warnings; the answer is a 4xx or a
 * redirect to the error page.
 */
const CLIENT_REFUSALS = /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site navigation|Failed to parse state)/;
/**
 * Run as each session is created (every sign-in): what other features do then (the staff feature's
 * STAFF_ADMIN_EMAILS promotion, the person's referral code), handed in by the composition root so
 * auth depends on neither. A failure is logged and the sign-in goes on.
 */
type SignInHook = (userId: string) => Promise<void>;

/** The better-auth instance: email + password, confirmation required, DB-backed rate limits. */
/** Whether better-auth sets its cookies with the Secure flag (and so the `__Secure-` name prefix). */
export function secureCookies(config: Config): boolean {
  return config.isProduction && config.publicUrl.startsWith("https://");
}

/** The session cookie's name as better-auth sets it. */
export function sessionCookieName(config: Config): string {
  return `${secureCookies(config) ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`;
}

export function createAuth({ config, logger, db }: AuthServices, atSignIn: SignInHook) {
  const site = config.publicUrl;
  const secure = secureCookies(config);
  // Links in the account emails: where the visitor is (server/http/site-url.ts).
  const link = (path: string) => `${siteUrl(config)}${path}`;

  const viaApi = (ctx: { headers?: Headers; request?: Request }) =>
    (ctx.headers ?? ctx.request?.headers)?.get(API_REQUEST_HEADER) === "1";

  async function userIdByEmail(email: string): Promise<string | null> {
    if (!email) return null;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row?.id ?? null;
  }

  /**
   * The per-IP and per-email limits of the account pages (limits.server.ts), for an attempt that
   * reaches a better-auth endpoint over HTTP; over the limit → rate_limited event and a 429.
   * A NUL byte anywhere in the body is refused first: PostgreSQL cannot store or compare it.
   */
  async function limitApiAttempt(ctx: { path: string; body?: unknown; request?: Request; query?: unknown }) {
    const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
    if (JSON.stringify([body, ctx.query ?? null]).includes("\\u0000")) {
      throw new APIError("BAD_REQUEST", { message: textInputMessages.nul, code: "INVALID_CHARACTER" });
    }
    const name = authEndpointLimits[ctx.path];
    if (!name) return;
    const origin = originFromRequest(ctx.request);
    const email = typeof body.email === "string" ? normaliseEmail(body.email).toLowerCase() : undefined;
    const blocked = await countAuthAttempt(db, name, { ip: origin.ip ?? "unknown", email });
    if (!blocked) return;
    if (!blocked.alreadyRefused) {
      const userId = email ? await userIdByEmail(email) : null;
      await recordSecurityEvent(db, logger, { type: "rate_limited", userId, ...origin, details: { action: name, email: email ?? null, via: "api" } });
    }
    throw new APIError("TOO_MANY_REQUESTS", { message: rateLimitMessage, code: "RATE_LIMITED" }, { "retry-after": String(blocked.retryAfterSeconds) });
  }

  /** The account's failed sign-ins over the hour's or the day's cap (limits.server.ts): refused, whatever the password. */
  async function refuseLockedOutSignIn(ctx: { path: string; body?: unknown; request?: Request }) {
    const email = (ctx.body as Record<string, unknown> | undefined)?.email;
    if (ctx.path !== "/sign-in/email" || typeof email !== "string") return;
    const normalised = normaliseEmail(email).toLowerCase();
    const lockedForSeconds = await failedSignInLockout(db, normalised);
    if (lockedForSeconds === null) return;
    const origin = originFromRequest(ctx.request);
    await recordSecurityEvent(db, logger, { type: "rate_limited", userId: await userIdByEmail(normalised), ...origin, details: { action: "signInFailures", email: normalised, via: "api" } });
    throw new APIError("TOO_MANY_REQUESTS", { message: lockedOutApiText(link("/auth?view=reset")), code: "TOO_MANY_FAILED_SIGN_INS" }, { "retry-after": String(lockedForSeconds) });
  }

  return betterAuth({
    appName: "FixiT",
    baseURL: site,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [site],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: authRateLimits },
    }),
    user: {
      additionalFields: {
        fullName: { type: "string", required: false, defaultValue: "", input: true },
        phone: { type: "string", required: false, input: true },
        userType: {
          type: "string",
          required: false,
          defaultValue: "customer",
          input: true,
          validator: { input: z.enum(userTypes) },
        },
        // Never an input: a client can not make itself staff.
        role: { type: "string", required: false, defaultValue: "user", input: false },
        // Set by staff (the staff console); never an input.
        disabledAt: { type: "date", required: false, input: false },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        await queueResetEmail(db, { email: user.email, name: user.name }, link(`/reset-password?token=${encodeURIComponent(token)}`));
      },
      async onPasswordReset({ user }, request) {
        // Whoever reset it holds the mailbox: the account's failed sign-ins stop counting against it.
        await clearFailedSignIns(db, user.email);
        await recordSecurityEvent(db, logger, { type: "password_changed", userId: user.id, ...originFromRequest(request), details: { via: "reset" } });
        await queuePasswordChangedEmail(db, { email: user.email, name: user.name }, link("/auth?view=reset"));
      },
      async onExistingUserSignUp({ user }) {
        // Enumeration safety: the page answers as for a new account; the owner hears about it.
        await queueExistingAccountEmail(db, { email: user.email, name: user.name }, link("/auth"), link("/auth?view=reset"));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await queueConfirmationEmail(db, { email: user.email, name: user.name }, onSite(config, url));
      },
      async afterEmailVerification(user, request) {
        await recordSecurityEvent(db, logger, { type: "email_verified", userId: user.id, ...originFromRequest(request), details: { email: user.email } });
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    databaseHooks: {
      session: {
        create: {
          // Every sign-in (password, or the automatic one after confirming an email) creates a session here.
          async before(session) {
            const [user] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, session.userId)).limit(1);
            if (user?.disabledAt) {
              throw new APIError("FORBIDDEN", { message: authMessages.accountDisabled.text, code: ACCOUNT_DISABLED_CODE });
            }
            // STAFF_ADMIN_EMAILS (a listed, confirmed email becomes admin) and the referral code.
            await atSignIn(session.userId).catch((error: unknown) => {
              logger.error({ err: error }, "a sign-in hook failed");
            });
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 3 },
        "/change-password": { window: 60, max: 5 },
        "/delete-user": { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        // An error that says the database is out of reach is noted on the request by the logger (server/logger.ts).
        logger[level === "error" && CLIENT_REFUSALS.test(message) ? "warn" : level]({ args }, `better-auth: ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Requests over HTTP to /api/auth (the pages call auth.api directly and count their own attempts).
        if (viaApi(ctx)) {
          await limitApiAttempt(ctx);
          await refuseLockedOutSignIn(ctx);
        }
        // Calls to /api/auth/sign-up/email pass the same checks as the sign-up page.
        if (ctx.path !== "/sign-up/email") return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // As a form would send them: text, blank when missing (a JSON body may hold anything).
        const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : JSON.stringify(value));
        const checked = checkForm(signUpSchema, {
          fullName: text(body.fullName ?? body.name),
          email: text(body.email),
          phone: text(body.phone),
          password: text(body.password),
          confirmPassword: text(body.password),
          userType: text(body.userType),
        });
        if (!checked.ok) throw new APIError("BAD_REQUEST", { message: checked.problem.text });
        const verdict = await judgePassword(checked.data.password, [checked.data.fullName, checked.data.email]);
        if (!verdict.ok) throw new APIError("BAD_REQUEST", { message: weakPasswordMessage(verdict.reasons), code: "WEAK_PASSWORD" });
        return {
          context: {
            body: { ...body, name: checked.data.fullName, fullName: checked.data.fullName, email: checked.data.email, phone: checked.data.phone || null, userType: checked.data.userType },
          },
        };
      }),
      // The same security events as the sign-in page, for sign-ins over /api/auth.
      after: createAuthMiddleware(async (ctx) => {
        if (!viaApi(ctx) || ctx.path !== "/sign-in/email") return;
        const email = normaliseEmail((ctx.body as Record<string, unknown> | undefined)?.email).toLowerCase();
        const returned = ctx.context.returned;
        const origin = originFromRequest(ctx.request);
        if (returned instanceof APIError) {
          // A wrong password or an unknown address (401), as on the sign-in page (actions.server.ts).
          if (returned.statusCode === 401) await countFailedSignIn(db, email);
          const userId = await userIdByEmail(email);
          await recordSecurityEvent(db, logger, { type: "signin_failed", userId, ...origin, details: { email, via: "api", error: returned.body?.code ?? returned.message } });
        } else {
          await clearFailedSignIns(db, email);
          const userId = ctx.context.newSession?.user.id ?? (await userIdByEmail(email));
          await recordSecurityEvent(db, logger, { type: "user_signin", userId, ...origin, details: { email, via: "api" } });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
