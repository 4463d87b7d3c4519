import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What each staff member did in the console (who, what, when). No foreign key: the trail outlives accounts. */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    /** e.g. "onboarding.review", "user.role", "user.disable", "outbox.retry", "vip_post.update", "export.csv". */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_audit_actor_idx").on(t.actorUserId, t.createdAt), index("staff_audit_created_idx").on(t.createdAt, t.id)],
);

export type StaffAuditEntry = typeof staffAuditLog.$inferSelect;
