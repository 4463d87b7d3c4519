import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, boolean } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import type { DraftPhoto } from "./job-drafts.ts";
import { fixerProfiles } from "./quotes.ts";

/**
 * Fixers on call for emergencies (issue 51, item 1; decision 079). A fixer opts in per service with
 * an hourly rate; the weekly hours and the "On call now / Off now" override belong to the fixer and
 * apply to every service they opted into. Times are Europe/London wall-clock minutes.
 */

/** One row per service a fixer takes emergency call-outs for, with their rate (pence per hour). */
export const emergencyServices = pgTable(
  "emergency_services",
  {
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    service: text("service").notNull(),
    ratePence: integer("rate_pence").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fixerUserId, t.service] }),
    // "Who is on call for plumbing": the lookup starts from the service, as matching does.
    index("emergency_services_service_idx").on(t.service, t.fixerUserId),
    check("emergency_services_rate_positive", sql`${t.ratePence} > 0`),
  ],
);

/**
 * A fixer's weekly on-call hours: at most one span per weekday (1 = Monday … 7 = Sunday), from
 * start to end minute; an end at or before the start runs into the next day (18:00–08:00).
 */
export const emergencyHours = pgTable(
  "emergency_hours",
  {
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fixerUserId, t.weekday] }),
    check("emergency_hours_weekday", sql`${t.weekday} between 1 and 7`),
    check("emergency_hours_minutes", sql`${t.startMinute} between 0 and 1439 and ${t.endMinute} between 0 and 1439`),
  ],
);

/** "On call now" / "Off now": overrides the weekly hours until `until` (the next scheduled change). */
export const emergencyOverrides = pgTable("emergency_overrides", {
  fixerUserId: text("fixer_user_id")
    .primaryKey()
    .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
  onCall: boolean("on_call").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A stored emergency request's photo: cleaned of metadata, private (as a job's). */
export type EmergencyPhoto = Omit<DraftPhoto, "id">;

/**
 * A customer's emergency request (issue 51, item 2; decision 081): the service, where, what is wrong,
 * and how many fixers were on call near them when they sent it. `open` until dispatch (the next step)
 * moves it on; the status is checked so only states the code knows are stored.
 */
export const emergencyRequests = pgTable(
  "emergency_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    customerUserId: text("customer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    /** Normalised ("SW1A 1AA"): the customer's own; the district ("SW1") is what on-call coverage reads. */
    postcode: text("postcode").notNull(),
    district: text("district").notNull(),
    description: text("description").notNull(),
    photos: jsonb("photos").$type<EmergencyPhoto[]>().notNull().default([]),
    /** Fixers on call near the postcode for the service when it was sent (at least one: otherwise it is refused). */
    onCallAtSend: integer("on_call_at_send").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("emergency_requests_customer_idx").on(t.customerUserId, t.createdAt),
    check("emergency_requests_status", sql`${t.status} in ('open')`),
    check("emergency_requests_on_call", sql`${t.onCallAtSend} > 0`),
  ],
);
