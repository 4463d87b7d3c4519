import type { Db } from "#server/db/client.ts";
import { clearRateLimits, hitRateLimit, secondsUntilAllowed, type RateLimitResult } from "#server/security/rate-limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Attempts allowed per window, by action: per IP (a shared address may hold many people) and per
 * email. The account pages (app/features/auth) and better-auth's own /api/auth endpoints count
 * against the same keys, so the path an attempt takes changes nothing.
 */
export const authLimits = {
  signIn: { ip: { limit: 30, windowMs: MINUTE }, email: { limit: 5, windowMs: MINUTE } },
  signUp: { ip: { limit: 30, windowMs: 60 * MINUTE }, email: { limit: 5, windowMs: 15 * MINUTE } },
  reset: { ip: { limit: 10, windowMs: 15 * MINUTE }, email: { limit: 3, windowMs: 15 * MINUTE } },
  resend: { ip: { limit: 10, windowMs: 15 * MINUTE }, email: { limit: 3, windowMs: 15 * MINUTE } },
  newPassword: { ip: { limit: 10, windowMs: 15 * MINUTE } },
  account: { ip: { limit: 30, windowMs: 15 * MINUTE } },
} as const;
export type AuthLimitName = keyof typeof authLimits;

type Rule = { limit: number; windowMs: number };

/**
 * Counts one attempt of `name` from `ip` (and for `email`); the blocking result when over a limit,
 * else null. `alreadyRefused` on the result: the refusal was counted before (record it once).
 */
export async function countAuthAttempt(db: Db, name: AuthLimitName, who: { ip: string; email?: string }): Promise<RateLimitResult | null> {
  const rules = authLimits[name] as { ip: Rule; email?: Rule };
  const limits = [{ key: `auth:${name}:ip:${who.ip}`, ...rules.ip }];
  // The per-email limit first: once it refuses, the per-IP counter is not touched (no write at all).
  // Keyed by the whole address lowercased, as accounts are looked up: a change of case is the same account.
  if (who.email && rules.email) limits.unshift({ key: `auth:${name}:email:${who.email.trim().toLowerCase()}`, ...rules.email });
  for (const rule of limits) {
    const result = await hitRateLimit(db, rule);
    if (!result.allowed) return result;
  }
  return null;
}

/**
 * better-auth endpoints that check a password or a reset token, or send mail, and the limit each
 * counts against. (The email-confirmation link is not here: its token is long and random, and
 * every new account opens one.)
 */
export const authEndpointLimits: Record<string, AuthLimitName> = {
  "/sign-in/email": "signIn",
  "/sign-up/email": "signUp",
  "/request-password-reset": "reset",
  "/forget-password": "reset",
  "/send-verification-email": "resend",
  "/reset-password": "newPassword",
  "/change-password": "account",
  "/change-email": "account",
  "/delete-user": "account",
};

/**
 * Set by the /api/auth route on requests that arrive over HTTP (and removed from anything else), so
 * better-auth's hooks count those attempts; the account pages call auth.api in-process and count their own.
 */
export const API_REQUEST_HEADER = "x-fixit-api-request";

/**
 * Failed sign-ins per account, from every address together: the per-minute limit alone let ~7,200
 * guesses a day reach one account from many addresses. NIST SP 800-63B caps consecutive failures at
 * 100; here 20 an hour and 100 a day. Past either, even the right password is refused until the window
 * has passed (the point: a guesser cannot tell a hit); a password reset (or a sign-in) starts again from nothing.
 */
export const failedSignInLimits = [
  { name: "hour", limit: 20, windowMs: HOUR },
  { name: "day", limit: 100, windowMs: 24 * HOUR },
] as const;

/** The counter keys of an account's failed sign-ins (by its address lowercased, as accounts are looked up: unknown addresses count alike). */
export const failedSignInKeys = (email: string) => failedSignInLimits.map((rule) => `auth:signInFailures:${rule.name}:${email.trim().toLowerCase()}`);

const failedSignInRules = (email: string) => failedSignInKeys(email).map((key, i) => ({ key, limit: failedSignInLimits[i]!.limit, windowMs: failedSignInLimits[i]!.windowMs }));

/** While the account has had too many failed sign-ins, the seconds until it may try again; else null. Counts nothing. */
export async function failedSignInLockout(db: Db, email: string): Promise<number | null> {
  let longest: number | null = null;
  for (const rule of failedSignInRules(email)) {
    const seconds = await secondsUntilAllowed(db, rule);
    if (seconds !== null) longest = Math.max(longest ?? 0, seconds);
  }
  return longest;
}

/** Counts one wrong password (or unknown address) against the account, in every window. */
export async function countFailedSignIn(db: Db, email: string): Promise<void> {
  for (const rule of failedSignInRules(email)) await hitRateLimit(db, rule);
}

/** The account signed in, or its password was reset: its failures no longer count. */
export function clearFailedSignIns(db: Db, email: string): Promise<void> {
  return clearRateLimits(db, failedSignInKeys(email));
}
