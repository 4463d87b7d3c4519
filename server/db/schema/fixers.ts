import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** /fixer-register details. Payment state lives in `payments` (reference.fixerRegistrationId). */
export const fixerRegistrations = pgTable(
  "fixer_registrations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** Set when the onboarding fee is paid (fulfilment). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** SHA-256 of the normalised fixer access code; the code itself is never stored. */
    accessCodeHash: text("access_code_hash").unique(),
    accessCodeIssuedAt: timestamp("access_code_issued_at", { withTimezone: true }),
    /** The account that unlocked the portal with this registration's code. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fixer_registrations_email_idx").on(t.email), index("fixer_registrations_user_idx").on(t.userId)],
);

/**
 * An onboarding application (table fixer_onboarding). status: pending → approved | changes_requested | rejected.
 * After changes are requested the fixer submits again, which creates a new row.
 */
export const fixerOnboarding = pgTable(
  "fixer_onboarding",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    registrationId: bigint("registration_id", { mode: "number" }).references(() => fixerRegistrations.id, {
      onDelete: "set null",
    }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    qualifications: text("qualifications").notNull(),
    expertise: text("expertise").notNull(),
    insurance: text("insurance").notNull(),
    status: text("status").notNull().default("pending"),
    /** The latest note to the fixer (changes requested) or reason (rejected). */
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /**
     * What the reviewing staff member actually checked (ticked on the review page, audited): the
     * fixer's identity document, their insurance, their qualifications. Public badges show only these.
     */
    identityChecked: boolean("identity_checked").notNull().default(false),
    insuranceChecked: boolean("insurance_checked").notNull().default(false),
    qualificationsChecked: boolean("qualifications_checked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fixer_onboarding_status_idx").on(t.status, t.createdAt),
    index("fixer_onboarding_user_idx").on(t.userId),
    index("fixer_onboarding_registration_idx").on(t.registrationId),
  ],
);

/** A file of an application, in private storage (folders certifications, insurance, portfolio). */
export const onboardingDocuments = pgTable(
  "onboarding_documents",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    onboardingId: bigint("onboarding_id", { mode: "number" })
      .notNull()
      .references(() => fixerOnboarding.id, { onDelete: "cascade" }),
    /** "certifications", "insurance" or "portfolio". */
    folder: text("folder").notNull(),
    storageKey: text("storage_key").notNull(),
    /** The name as uploaded, for display. */
    originalName: text("original_name").notNull(),
    /** `{timestamp}-{sanitised name}`. */
    storedName: text("stored_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("onboarding_documents_onboarding_idx").on(t.onboardingId)],
);

/** Each review decision: who moved an application from what to what, when, and the note. */
export const onboardingReviews = pgTable(
  "onboarding_reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    onboardingId: bigint("onboarding_id", { mode: "number" })
      .notNull()
      .references(() => fixerOnboarding.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    staffUserId: text("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("onboarding_reviews_onboarding_idx").on(t.onboardingId, t.createdAt)],
);

export type FixerRegistration = typeof fixerRegistrations.$inferSelect;
export type FixerOnboarding = typeof fixerOnboarding.$inferSelect;
export type OnboardingDocument = typeof onboardingDocuments.$inferSelect;
export type OnboardingReview = typeof onboardingReviews.$inferSelect;
