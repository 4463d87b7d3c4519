import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Help, investor, waitlist and feedback submissions: the common columns (name, email, phone,
 * subject, message) plus the whole structured form as JSON, and where it came from.
 */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Null when the sender left it empty. */
    phone: text("phone"),
    /** 'Investment Inquiry', 'Help Center Inquiry', 'Early Access Waitlist' or 'Early Access Feedback'. */
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A waitlist row's address, lowercased: unique, so a repeat sign-up updates its row in the same
     * statement that would insert it (INSERT … ON CONFLICT). Null on the other forms' rows.
     */
    waitlistKey: text("waitlist_key"),
  },
  (t) => [index("contact_submissions_subject_idx").on(t.subject, t.createdAt), uniqueIndex("contact_submissions_waitlist_key_idx").on(t.waitlistKey)],
);

/** Job applications from /recruitment; the CV (if any) sits in private storage under cv_key. */
export const recruitmentApplications = pgTable("recruitment_applications", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  position: text("position").notNull(),
  experience: text("experience").notNull(),
  qualifications: text("qualifications").notNull(),
  coverLetter: text("cover_letter").notNull(),
  cvKey: text("cv_key"),
  cvName: text("cv_name"),
  cvSize: integer("cv_size"),
  cvType: text("cv_type"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type RecruitmentApplication = typeof recruitmentApplications.$inferSelect;
