import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { authMessages } from "../../app/features/auth/messages.ts";
import { checkForm, signUpSchema, userTypes } from "../../app/features/auth/schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { accounts, authRateLimits, sessions, users, verifications } from "../db/schema/auth.ts";
import type { Logger } from "../logger.ts";
import { promoteConfiguredAdmin } from "../staff/roles.ts";
import { queueConfirmationEmail, queueExistingAccountEmail, queuePasswordChangedEmail, queueResetEmail } from "./emails.ts";
import { judgePassword, weakPasswordMessage } from "./password-strength.ts";
import { CLIENT_IP_HEADER, originFromRequest, recordSecurityEvent } from "./security-events.ts";

/** Session lifetimes: idle sessions end after 7 days; any session ends 30 days after sign-in. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const AUTH_BASE_PATH = "/api/auth";
export const COOKIE_PREFIX = "fixit";
/** The APIError code of a sign-in refused because staff disabled the account. */
export const ACCOUNT_DISABLED_CODE = "ACCOUNT_DISABLED";

type AuthServices = { config: Config; logger: Logger; db: Db };

/** The better-auth instance: email + password, confirmation required, DB-backed rate limits. */
export function createAuth({ config, logger, db }: AuthServices) {
  const site = config.publicUrl;
  const secure = config.isProduction && site.startsWith("https://");
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
        await queueResetEmail(db, { email: user.email, name: user.name }, `${site}/reset-password?token=${encodeURIComponent(token)}`);
      },
      async onPasswordReset({ user }, request) {
        await recordSecurityEvent(db, logger, { type: "password_changed", userId: user.id, ...originFromRequest(request), details: { via: "reset" } });
        await queuePasswordChangedEmail(db, { email: user.email, name: user.name }, `${site}/auth?view=reset`);
      },
      async onExistingUserSignUp({ user }) {
        // Enumeration safety: the page answers as for a new account; the owner hears about it.
        await queueExistingAccountEmail(db, { email: user.email, name: user.name }, `${site}/auth`, `${site}/auth?view=reset`);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await queueConfirmationEmail(db, { email: user.email, name: user.name }, url);
      },
      async afterEmailVerification(user, request) {
        await recordSecurityEvent(db, logger, { type: "email_verified", userId: user.id, ...originFromRequest(request), details: { email: user.email } });
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
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
            // STAFF_ADMIN_EMAILS: a listed, confirmed email becomes admin at sign-in (server/staff/roles.ts).
            await promoteConfiguredAdmin(db, config.staffAdminEmails, session.userId).catch((error: unknown) => {
              logger.error({ err: error }, "could not apply STAFF_ADMIN_EMAILS");
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
        logger[level]({ args }, `better-auth: ${message}`);
      },
    },
    hooks: {
      // Calls to /api/auth/sign-up/email pass the same checks as the sign-up page.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-up/email") return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const checked = checkForm(signUpSchema, {
          fullName: body.fullName ?? body.name,
          email: body.email,
          phone: body.phone,
          password: body.password,
          confirmPassword: body.password,
          userType: body.userType,
        });
        if (!checked.ok) throw new APIError("BAD_REQUEST", { message: checked.problem.text });
        const verdict = judgePassword(checked.data.password, [checked.data.fullName, checked.data.email]);
        if (!verdict.ok) throw new APIError("BAD_REQUEST", { message: weakPasswordMessage(verdict.reasons), code: "WEAK_PASSWORD" });
        return {
          context: {
            body: { ...body, name: checked.data.fullName, fullName: checked.data.fullName, email: checked.data.email, phone: checked.data.phone || null, userType: checked.data.userType },
          },
        };
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
