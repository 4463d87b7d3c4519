import type { DbOrTx } from "#server/db/client.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";

/**
 * The staff audit trail (staff_audit_log): who did what to which record, and when. Written in the
 * same transaction as the change it describes, so a change never happens without its entry. It sits
 * in server/ beside the outbox for the same reason: staff, and the features whose records staff
 * change (quotes' moderation), write it inside their own transactions without importing each other.
 */

/** Who acted: a signed-in staff member, the command-line tool, or a setting such as STAFF_ADMIN_EMAILS. */
export type AuditActor = { userId: string | null; email: string };

/** Every action the trail knows; the audit page filters by these. */
export const auditActions = [
  "user.role",
  "user.disable",
  "user.enable",
  "onboarding.review",
  "onboarding.check",
  "document.download",
  "outbox.retry",
  "vip_post.create",
  "vip_post.update",
  "vip_post.publish",
  "vip_post.unpublish",
  "vip_post.delete",
  "vip_code.revoke",
  "export.csv",
  "review.hide",
  "message.hide",
  "fixer.leads_disable",
  "fixer.leads_enable",
  "fixer.strike_lift",
  "booking.decide",
  "booking.test_slot_passed",
  "reconciliation.run",
] as const;
export type AuditAction = (typeof auditActions)[number];

export type AuditEntry = {
  action: AuditAction;
  targetType?: string;
  targetId?: string | number | null;
  details?: Record<string, unknown>;
};

export async function recordStaffAction(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(staffAuditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email.slice(0, 320),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    details: entry.details ?? {},
  });
}
