import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { fixerOnboarding } from "./fixers.ts";
import { storedPhotoColumns } from "./photos.ts";

/**
 * The quotes marketplace: approved fixers' public profiles and coverage, customers' jobs, the
 * fixers matched to each job, quotes, the message threads and verified reviews. Statuses are text
 * with CHECK constraints (like the rest of the schema, no PostgreSQL enums: adding a value is a
 * plain migration). The rules that move them live in app/features/quotes/.
 */

/** One per approved fixer, created from the approved onboarding application. */
export const fixerProfiles = pgTable(
  "fixer_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The approved application the profile was made from (its documents are the verified checks). */
    onboardingId: bigint("onboarding_id", { mode: "number" }).references(() => fixerOnboarding.id, { onDelete: "set null" }),
    /** The public address: /fixers/<slug>. */
    slug: text("slug").notNull().unique(),
    /** First name and last initial ("Ann B."): what customers see before a quote is accepted. */
    displayName: text("display_name").notNull(),
    bio: text("bio").notNull().default(""),
    /** Set by staff: the fixer gets no new jobs and cannot quote or message; the profile stays. */
    leadsDisabledAt: timestamp("leads_disabled_at", { withTimezone: true }),
    leadsDisabledReason: text("leads_disabled_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The staff console's searches by a fixer's name (decision 069).
  (t) => [index("fixer_profiles_display_name_trgm_idx").using("gin", t.displayName.op("gin_trgm_ops"))],
);

/** The services a fixer offers (slugs from app/content/services.ts). */
export const fixerServices = pgTable(
  "fixer_services",
  {
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    service: text("service").notNull(),
  },
  // The matching query starts from the job's service: (service, fixer) finds every fixer offering it.
  (t) => [primaryKey({ columns: [t.fixerUserId, t.service] }), index("fixer_services_service_idx").on(t.service, t.fixerUserId)],
);

/**
 * The postcode areas ("M", "SW") or outward codes ("SW1", "SW1A", "LS6") a fixer covers,
 * upper-case without spaces. A job in SW1A 1AA matches a fixer covering "SW", "SW1" or "SW1A".
 */
export const fixerAreas = pgTable(
  "fixer_areas",
  {
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fixerUserId, t.code] }), index("fixer_areas_code_idx").on(t.code, t.fixerUserId)],
);

/** A customer's job. status: open → in_progress (a quote accepted) → done; open or in_progress → closed. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    customerUserId: text("customer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    /** Normalised ("SW1A 1AA"); shown only to the customer and, after acceptance, to the accepted fixer. */
    postcode: text("postcode").notNull(),
    /** The outward code ("SW1A"), the district ("SW1") and the area letters ("SW"): what matching reads. */
    outward: text("outward").notNull(),
    district: text("district").notNull(),
    area: text("area").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** "asap", "week", "flexible" or "date" (then preferred_date). */
    timing: text("timing").notNull(),
    preferredDate: date("preferred_date", { mode: "string" }),
    /** A band key from app/features/quotes/schemas.ts, or null. */
    budget: text("budget"),
    status: text("status").notNull().default("open"),
    /**
     * Set when the job was posted with no fixer covering its service and postcode ("waiting for a
     * fixer"); cleared when the first fixer is matched to it (and the customer is emailed then).
     */
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Jobs waiting for a fixer, found when a fixer's coverage changes.
    index("jobs_waiting_idx").on(t.service, t.area).where(sql`${t.waitingSince} is not null`),
    check("jobs_status_check", sql`${t.status} in ('open', 'in_progress', 'done', 'closed')`),
    check("jobs_timing_check", sql`${t.timing} in ('asap', 'week', 'flexible', 'date')`),
    check("jobs_date_check", sql`(${t.timing} = 'date') = (${t.preferredDate} is not null)`),
    // The fixer dashboard: open jobs of a service, newest first, then filtered by area.
    index("jobs_open_service_idx").on(t.status, t.service, t.createdAt.desc()),
    // A fixer's leads (issue 47): open jobs of a service in one of the fixer's codes (area letters,
    // district or outward code), newest first with the id as tie-break: the keyset order of /fixer.
    index("jobs_open_area_idx").on(t.service, t.area, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    index("jobs_open_district_idx").on(t.service, t.district, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    index("jobs_open_outward_idx").on(t.service, t.outward, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    index("jobs_customer_idx").on(t.customerUserId, t.status),
    // The staff console's Jobs list (decision 069): newest first, by status, searched by title or district.
    index("jobs_created_idx").on(t.createdAt, t.id),
    index("jobs_status_created_idx").on(t.status, t.createdAt, t.id),
    index("jobs_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("jobs_district_trgm_idx").using("gin", t.district.op("gin_trgm_ops")),
  ],
);

/** Up to 5 photos of a job, in private storage (readable by the customer and the matched fixers). */
export const jobPhotos = pgTable(
  "job_photos",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    ...storedPhotoColumns(),
  },
  (t) => [index("job_photos_job_idx").on(t.jobId)],
);

/** The fixers a job was matched to when it was posted: one row each, so each is emailed once. */
export const jobMatches = pgTable(
  "job_matches",
  {
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** The customer asked this fixer by name ("Request a quote from this fixer" on their profile). */
    invited: boolean("invited").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.fixerUserId] }),
    index("job_matches_fixer_idx").on(t.fixerUserId, t.jobId),
    // A fixer's invitations (the leads page reads them on every view): a busy fixer has ~10,000
    // matches of which ~500 invitations; read through the fixer's whole index they cost 20–30 ms.
    index("job_matches_invited_idx").on(t.fixerUserId, t.jobId).where(sql`${t.invited}`),
  ],
);

/**
 * The area waitlist: someone who wants to hear when a fixer offers a service at their postcode
 * (without posting a job). Told once, when the first fixer covering it arrives (notified_at).
 */
export const areaWaitlist = pgTable(
  "area_waitlist",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    service: text("service").notNull(),
    /** As given, normalised: a full postcode ("N1 9GU") or an outward code ("N1"). */
    postcode: text("postcode").notNull(),
    outward: text("outward").notNull(),
    district: text("district").notNull(),
    area: text("area").notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("area_waitlist_entry_unique").on(t.email, t.service, t.outward), index("area_waitlist_waiting_idx").on(t.service, t.area).where(sql`${t.notifiedAt} is null`)],
);

/** A fixer's quote for a job: one per fixer per job. Prices in pence; accepting one books it, and the booking is paid through FixiT (decisions 044, 050). */
export const quotes = pgTable(
  "quotes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    /** "fixed" (amount_pence) or "range" (amount_pence to amount_to_pence). */
    priceKind: text("price_kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    amountToPence: integer("amount_to_pence"),
    includes: text("includes").notNull(),
    earliestStart: date("earliest_start", { mode: "string" }).notNull(),
    message: text("message").notNull().default(""),
    status: text("status").notNull().default("sent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("quotes_job_fixer_unique").on(t.jobId, t.fixerUserId),
    check("quotes_status_check", sql`${t.status} in ('sent', 'accepted', 'declined', 'not_selected', 'withdrawn')`),
    check(
      "quotes_price_check",
      sql`(${t.priceKind} = 'fixed' and ${t.amountToPence} is null and ${t.amountPence} > 0) or (${t.priceKind} = 'range' and ${t.amountPence} > 0 and ${t.amountToPence} > ${t.amountPence})`,
    ),
    index("quotes_job_idx").on(t.jobId, t.status),
    // The fixer's quotes newest first, keyset on (created_at, id) (issue 47).
    index("quotes_fixer_idx").on(t.fixerUserId, t.createdAt, t.id),
    // At most one accepted quote per job, whatever the code does.
    uniqueIndex("quotes_one_accepted_idx").on(t.jobId).where(sql`${t.status} = 'accepted'`),
    // The staff console's Quotes list (decision 069).
    index("quotes_created_idx").on(t.createdAt, t.id),
    index("quotes_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** A message on a job's thread between its customer and one fixer (fixer_user_id names the thread). */
export const jobMessages = pgTable(
  "job_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    /** As stored after masking: contact details sent before acceptance never reach the table. */
    body: text("body").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The fixer's side of the unread count reads their threads across jobs.
  (t) => [
    index("job_messages_thread_idx").on(t.jobId, t.fixerUserId, t.createdAt),
    index("job_messages_fixer_idx").on(t.fixerUserId, t.id),
    // A thread's latest messages and "Show earlier" (keyset on the id; issue 47).
    index("job_messages_thread_id_idx").on(t.jobId, t.fixerUserId, t.id),
    // The staff console's Messages list (decision 069): newest first, searched by a fragment of the text.
    index("job_messages_created_idx").on(t.createdAt, t.id),
    index("job_messages_sender_idx").on(t.senderUserId),
    index("job_messages_body_trgm_idx").using("gin", t.body.op("gin_trgm_ops")),
  ],
);

/**
 * Up to 3 photos sent with a message: checked and re-encoded like job photos (no metadata kept),
 * stored privately, served only to the thread's two people and staff; hidden with their message.
 */
export const jobMessagePhotos = pgTable(
  "job_message_photos",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => jobMessages.id, { onDelete: "cascade" }),
    ...storedPhotoColumns(),
  },
  (t) => [index("job_message_photos_message_idx").on(t.messageId)],
);

/** Who wrote a review: the job's customer (about the fixer) or the fixer who did the work (about the customer). */
export const REVIEW_AUTHORS = ["customer", "fixer"] as const;
export type ReviewAuthor = (typeof REVIEW_AUTHORS)[number];

/**
 * A verified review of a finished job, one per side (decision 055): the customer reviews the fixer
 * whose quote they accepted, and that fixer reviews the customer, both within the job's review
 * window. fixer_user_id and customer_user_id name the two people whichever wrote it (`author`).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    author: text("author").$type<ReviewAuthor>().notNull().default("customer"),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    customerUserId: text("customer_user_id").references(() => users.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    /** The reviewed fixer's one public reply (to a customer's review only). */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    /**
     * When the review is published: the window's close when written, brought forward to the moment
     * the other side's review arrives. Readers compare it with now, so nothing has to run at the close.
     * The default is for the rows written before reviews went both ways: published at once.
     */
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull().defaultNow(),
    /** When the reviewed person was told (at publication, once); null for the rows from before decision 055. */
    subjectNotifiedAt: timestamp("subject_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_author_check", sql`${t.author} in ('customer', 'fixer')`),
    uniqueIndex("reviews_job_author_idx").on(t.jobId, t.author),
    index("reviews_fixer_idx").on(t.fixerUserId, t.createdAt.desc()),
    // A customer's rating, shown to fixers before they quote.
    index("reviews_customer_idx").on(t.customerUserId, t.author),
    // The staff console's Reviews list (decision 069).
    index("reviews_created_idx").on(t.createdAt, t.id),
    index("reviews_body_trgm_idx").using("gin", t.body.op("gin_trgm_ops")),
  ],
);

/**
 * The 14 days in which a finished job's two sides may review each other (decision 055): opened when
 * the customer marks the job done, or when the job's booking is released (then at first use).
 */
export const reviewWindows = pgTable("review_windows", {
  jobId: bigint("job_id", { mode: "number" })
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  /** The fixer who did the work (whose quote was accepted). */
  fixerUserId: text("fixer_user_id")
    .notNull()
    .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
  opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
  closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
});

export type FixerProfile = typeof fixerProfiles.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type JobPhoto = typeof jobPhotos.$inferSelect;
export type Quote = typeof quotes.$inferSelect;
export type JobMessage = typeof jobMessages.$inferSelect;
export type JobMessagePhoto = typeof jobMessagePhotos.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type ReviewWindow = typeof reviewWindows.$inferSelect;
export type AreaWaitlistEntry = typeof areaWaitlist.$inferSelect;

/**
 * How far each participant has read each thread (job, fixer): a message to them after
 * `last_read_message_id` is unread (the header's Messages count). Moved on when they open the job's
 * page, or when a message reaches a page they have open (decision 048).
 */
export const threadReads = pgTable(
  "thread_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    fixerUserId: text("fixer_user_id").notNull(),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId, t.fixerUserId] })],
);
