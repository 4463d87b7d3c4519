import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** The numbers the fixer gave for staff to check (decision 065); the documents are in onboarding_documents. */
    rightToWorkShareCode: text("right_to_work_share_code"),
    gasSafeNumber: text("gas_safe_number"),
    electricalNumber: text("electrical_number"),
    dbsNumber: text("dbs_number"),
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

/**
 * A vetting check staff recorded for a fixer (decision 065): its kind ("identity", "right_to_work",
 * "insurance", "gas_safe", "niceic_napit", "dbs_enhanced"), the evidence seen (a registration or
 * certificate number, a share code, or a note on the document), the document it was read from,
 * who checked and when. One row per fixer and kind: recording a kind again replaces it. Which
 * kinds a service needs is app/features/fixers/required-checks.ts; matching and quoting read it.
 */
export const fixerChecks = pgTable(
  "fixer_checks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The number or share code checked, or what the document showed. */
    evidence: text("evidence").notNull(),
    /** The application's document the check was read from, if any. */
    documentId: bigint("document_id", { mode: "number" }).references(() => onboardingDocuments.id, { onDelete: "set null" }),
    onboardingId: bigint("onboarding_id", { mode: "number" }).references(() => fixerOnboarding.id, { onDelete: "set null" }),
    checkedBy: text("checked_by").references(() => users.id, { onDelete: "set null" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fixer_checks_fixer_kind_idx").on(t.fixerUserId, t.kind)],
);

export type FixerCheck = typeof fixerChecks.$inferSelect;
