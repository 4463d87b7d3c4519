import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Security events (sign-in, sign-up, reset, …) with the IP and user agent the request came
 * with. No third-party IP lookup. No foreign key: events outlive a deleted account, anonymised.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    userId: text("user_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("security_events_user_idx").on(t.userId, t.createdAt),
    index("security_events_type_idx").on(t.type, t.createdAt),
    // The staff console's Security events list (decision 069): newest first, by type, by an address.
    index("security_events_created_idx").on(t.createdAt, t.id),
    index("security_events_type_created_idx").on(t.type, t.createdAt, t.id),
    index("security_events_ip_idx").on(t.ipAddress),
    index("security_events_email_idx").on(sql`(${t.details}->>'email')`),
  ],
);

export type SecurityEvent = typeof securityEvents.$inferSelect;
