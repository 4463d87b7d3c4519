import { lt } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { securityEvents } from "#server/db/schema/security.ts";
import type { Logger } from "#server/logger.ts";

/** The ten original event types, and the ones this site adds. */
export const securityEventTypes = [
  "user_signin",
  "user_signout",
  "signup_failed",
  "signup_attempt",
  "signup_error",
  "signin_failed",
  "signin_error",
  "password_reset_failed",
  "password_reset_requested",
  "password_reset_error",
  "email_verified",
  "password_changed",
  "account_deleted",
  "rate_limited",
  "profile_updated",
  // Staff console (app/features/staff): an account disabled or enabled, a role changed.
  "account_disabled",
  "account_enabled",
  "role_changed",
  // VIP (app/features/vip): a wrong code entered or in a blog link; a signed-in account became a member by code.
  "vip_code_rejected",
  "vip_membership_added",
  // Fixer onboarding (app/features/fixers): a wrong access code; a registration linked to an account by its code.
  "fixer_code_rejected",
  "fixer_portal_unlocked",
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

export type RequestOrigin = { ip: string | null; userAgent: string | null };

export type SecurityEventInput = RequestOrigin & {
  type: SecurityEventType;
  userId?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records a security event. A failed write is logged, never thrown: an audit hiccup must not
 * turn a sign-in into an error page.
 */
export async function recordSecurityEvent(db: DbOrTx | Db, logger: Logger, event: SecurityEventInput): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      type: event.type,
      userId: event.userId ?? null,
      ipAddress: event.ip?.slice(0, 100) || null,
      userAgent: event.userAgent?.slice(0, 512) || null,
      details: event.details ?? {},
    });
  } catch (error) {
    logger.error({ err: error, type: event.type }, "could not record a security event");
  }
}

/** The header the server sets (replacing any client value) so better-auth sees the real client IP. */
export const CLIENT_IP_HEADER = "x-fixit-client-ip";

export function originFromRequest(request: Request | undefined): RequestOrigin {
  return {
    ip: request?.headers.get(CLIENT_IP_HEADER) ?? null,
    userAgent: request?.headers.get("user-agent") ?? null,
  };
}

/** What the privacy notice's retention deletes of the security log: events older than `before`, in the caller's transaction; how many. */
export async function deleteSecurityEventsBefore(tx: DbOrTx, before: Date): Promise<number> {
  const rows = await tx.delete(securityEvents).where(lt(securityEvents.createdAt, before)).returning({ id: securityEvents.id });
  return rows.length;
}
