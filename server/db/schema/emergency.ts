import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, boolean, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** open → accepted (one fixer took it) | unanswered (nobody by the last round) | cancelled (by the customer); decision 082. */
    status: text("status").notNull().default("open"),
    /** The last round offered (0 before the first): a round's job moves it from n − 1 to n once, whoever runs it (decision 082). */
    round: smallint("round").notNull().default(0),
    /** The fixer who accepted, their rate then and the arrival they promised (minutes from acceptance). */
    acceptedFixerUserId: text("accepted_fixer_user_id").references(() => fixerProfiles.userId, { onDelete: "set null" }),
    acceptedRatePence: integer("accepted_rate_pence"),
    arrivalMinutes: smallint("arrival_minutes"),
    /** When it left `open` (accepted, unanswered or cancelled). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("emergency_requests_customer_idx").on(t.customerUserId, t.createdAt),
    // The staff list, newest first, keyset-paged on (created_at, id).
    index("emergency_requests_created_idx").on(t.createdAt, t.id),
    check("emergency_requests_status", sql`${t.status} in ('open', 'accepted', 'unanswered', 'cancelled')`),
    check("emergency_requests_on_call", sql`${t.onCallAtSend} > 0`),
    // An accepted request names its rate and arrival (the fixer may later be deleted: set null).
    check("emergency_requests_accepted", sql`${t.status} <> 'accepted' or (${t.acceptedRatePence} is not null and ${t.arrivalMinutes} is not null)`),
  ],
);

/**
 * An emergency request offered to one on-call fixer in one round (decision 082): at most one offer per
 * (request, fixer), so a fixer is never offered the same call-out twice. `offered` until it is
 * accepted, declined, expires at the end of its round's window, or is `taken` (another fixer accepted
 * first, or the customer cancelled).
 */
export const emergencyOffers = pgTable(
  "emergency_offers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => emergencyRequests.id, { onDelete: "cascade" }),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    round: smallint("round").notNull(),
    /** The fixer's emergency rate when offered: what the offer page promises. */
    ratePence: integer("rate_pence").notNull(),
    state: text("state").notNull().default("offered"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("emergency_offers_request_fixer_idx").on(t.requestId, t.fixerUserId),
    index("emergency_offers_fixer_idx").on(t.fixerUserId, t.offeredAt),
    check("emergency_offers_state", sql`${t.state} in ('offered', 'accepted', 'taken', 'expired', 'declined')`),
    check("emergency_offers_round", sql`${t.round} > 0`),
  ],
);

/** The request's timeline (decision 082): every round, offer, acceptance, decline, expiry and ending, in order. */
export const emergencyRequestEvents = pgTable(
  "emergency_request_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => emergencyRequests.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    round: smallint("round"),
    fixerUserId: text("fixer_user_id").references(() => fixerProfiles.userId, { onDelete: "set null" }),
    /** Offers in a round, the arrival estimate: what the line says. */
    count: integer("count"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("emergency_request_events_request_idx").on(t.requestId, t.id),
    check("emergency_request_events_kind", sql`${t.kind} in ('sent', 'round', 'offered', 'accepted', 'declined', 'expired', 'taken', 'unanswered', 'cancelled')`),
  ],
);
