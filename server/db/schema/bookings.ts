import { sql } from "drizzle-orm";
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { payments } from "./payments.ts";
import { emergencyRequests } from "./emergency.ts";
import { fixerProfiles, jobs, quotes } from "./quotes.ts";
import { storedPhotoColumns } from "./photos.ts";

/**
 * Paid bookings (issue 34; decision 044): an accepted quote becomes a dated booking, paid up front,
 * held by FixiT through its payment provider until the customer confirms, then paid out to the fixer.
 *
 * Money is integer pence. No table has a balance column: every movement is a balanced ledger event
 * (ledger_events + ledger_entries, written in the transaction of the booking transition that caused
 * it) and balances are sums of entries. The states and transitions live in one module
 * (app/features/bookings/state-machine.ts); `state` is text with a CHECK like the rest of the schema.
 */

/** The three windows a slot may start in. */
export const SLOT_WINDOWS = ["morning", "afternoon", "evening"] as const;
export type SlotWindow = (typeof SLOT_WINDOWS)[number];
/**
 * A booking's window: one of the three, or "now" for an emergency call-out (decision 083), whose
 * start is the fixer's arrival estimate (`arrive_by`) rather than a window of a day. Never proposed
 * or moved to: slot proposals keep the three.
 */
export const BOOKING_WINDOWS = [...SLOT_WINDOWS, "now"] as const;
export type BookingWindow = (typeof BOOKING_WINDOWS)[number];

/** Every state a booking can be in (the transitions between them: app/features/bookings/state-machine.ts). */
export const BOOKING_STATES = [
  "pending_payment",
  "awaiting_fixer_confirmation",
  "booked",
  "done_marked",
  "disputed",
  "staff_review",
  "released",
  "partly_released",
  "refunded",
  "cancelled_by_customer",
  "cancelled_late",
  "cancelled_by_fixer",
  "slot_declined",
  "no_show",
  "lapsed",
  /** A case (decision 064): the customer says the fixer did not come, or cancelled after the slot started; the money stays held while the fixer answers. */
  "claim_open",
  /** The fixer contested the case: FixiT staff decide (the money stays held). */
  "claim_contested",
  "expired",
  /** The customer's bank took the payment back through a card dispute (chargeback) FixiT lost while the money was held: the fixer is not paid (decision 078). */
  "chargeback_lost",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * What a quote needs before it can be booked, kept beside the quote so the quotes tables stay as
 * they are: one to three proposed start slots, and for a range quote the one price the fixer fixed.
 */
export const quoteBookingTerms = pgTable(
  "quote_booking_terms",
  {
    quoteId: bigint("quote_id", { mode: "number" })
      .primaryKey()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** [{ date: "YYYY-MM-DD", window: "morning" }], one to three, in the fixer's order. */
    slots: jsonb("slots").$type<{ date: string; window: SlotWindow }[]>().notNull(),
    /** A range quote's fixed price (within its range); null for a fixed quote (its amount is the price). */
    fixedPricePence: integer("fixed_price_pence"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("quote_booking_terms_slots_check", sql`jsonb_typeof(${t.slots}) = 'array' and jsonb_array_length(${t.slots}) between 1 and 3`),
    check("quote_booking_terms_price_check", sql`${t.fixedPricePence} is null or ${t.fixedPricePence} > 0`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // A booking is a transaction record: it outlives the job, the quote and both accounts (the
    // retention job removes it with the payments after the period the privacy notice states).
    quoteId: bigint("quote_id", { mode: "number" }).references(() => quotes.id, { onDelete: "set null" }),
    jobId: bigint("job_id", { mode: "number" }).references(() => jobs.id, { onDelete: "set null" }),
    customerUserId: text("customer_user_id").notNull(),
    fixerUserId: text("fixer_user_id").notNull(),
    slotDate: date("slot_date", { mode: "string" }).notNull(),
    /** For a call-out ("now"), `slot_date` is the UK date of `arrive_by`. */
    slotWindow: text("slot_window").$type<BookingWindow>().notNull(),
    /** "fixer" when the customer picked one of the quote's slots; "customer" when they proposed their own (the fixer confirms). */
    slotProposedBy: text("slot_proposed_by").$type<"fixer" | "customer">().notNull(),
    /**
     * An emergency call-out (decision 083): the request it answers (one live booking per request), the
     * fixer's arrival estimate in minutes, and the time they said they would arrive by: acceptance +
     * estimate while unpaid, payment + estimate once paid (the fixer sets off when paid). Null on a
     * booking of a quote.
     */
    emergencyRequestId: bigint("emergency_request_id", { mode: "number" }).references(() => emergencyRequests.id, { onDelete: "set null" }),
    arrivalMinutes: smallint("arrival_minutes"),
    arriveBy: timestamp("arrive_by", { withTimezone: true }),
    /** The fixer's price for the work (the quote's fixed price; a call-out's first hour at the fixer's emergency rate). */
    pricePence: integer("price_pence").notNull(),
    /** The 5% customer service fee on the price the customer pays (price minus discount). */
    customerFeePence: integer("customer_fee_pence").notNull(),
    /** The early-bird discount FixiT pays for (0 when none). */
    discountPence: integer("discount_pence").notNull().default(0),
    /** Referral credit spent on this booking, FixiT-funded (0 when none). */
    creditPence: integer("credit_pence").notNull().default(0),
    /** What the customer is charged: price + fee − discount − credit. */
    totalPence: integer("total_pence").notNull(),
    /** The fixer's 10% service charge on the price, and what the fixer is paid on release: price − charge. */
    fixerChargePence: integer("fixer_charge_pence").notNull(),
    fixerNetPence: integer("fixer_net_pence").notNull(),
    /** The late-cancellation fee that applies (shown before paying; charged only on a late cancellation). */
    lateFeePence: integer("late_fee_pence").notNull(),
    /** A booking priced by the hour (an emergency call-out, issue 51): its rate, which prices extra hours (decision 084). Null: priced as a whole. */
    hourlyRatePence: integer("hourly_rate_pence"),
    state: text("state").$type<BookingState>().notNull().default("pending_payment"),
    /** The checkout (payments row) that pays for the booking. */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    doneNote: text("done_note"),
    /** Set while a card dispute (chargeback) is open at the provider: nothing is released while it is. */
    releaseFrozenAt: timestamp("release_frozen_at", { withTimezone: true }),
    /** When the customer was told the fixer marked it done: the 2/5/7-day timers count from here. */
    doneMarkedAt: timestamp("done_marked_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bookings_state_check", sql`${t.state} in (${inList(BOOKING_STATES)})`),
    check("bookings_window_check", sql`${t.slotWindow} in (${inList(BOOKING_WINDOWS)})`),
    // A call-out, and only a call-out, has an arrival estimate and a time to arrive by.
    check("bookings_call_out_check", sql`(${t.slotWindow} = 'now') = (${t.arriveBy} is not null) and (${t.arriveBy} is null) = (${t.arrivalMinutes} is null)`),
    check("bookings_arrival_minutes_check", sql`${t.arrivalMinutes} is null or ${t.arrivalMinutes} between 15 and 90`),
    check("bookings_hourly_rate_check", sql`${t.hourlyRatePence} is null or ${t.hourlyRatePence} > 0`),
    check("bookings_proposed_by_check", sql`${t.slotProposedBy} in ('fixer', 'customer')`),
    check(
      "bookings_amounts_check",
      sql`${t.pricePence} > 0 and ${t.customerFeePence} >= 0 and ${t.discountPence} >= 0 and ${t.creditPence} >= 0 and ${t.fixerChargePence} >= 0 and ${t.lateFeePence} >= 0
        and ${t.totalPence} = ${t.pricePence} + ${t.customerFeePence} - ${t.discountPence} - ${t.creditPence} and ${t.totalPence} > 0
        and ${t.fixerNetPence} = ${t.pricePence} - ${t.fixerChargePence}`,
    ),
    // One live booking per quote: a lapsed, expired or cancelled one frees it for a new attempt.
    uniqueIndex("bookings_one_live_per_quote_idx")
      .on(t.quoteId)
      .where(sql`${t.state} in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'claim_open', 'claim_contested')`),
    // One live booking per emergency request, as per quote.
    uniqueIndex("bookings_one_live_per_emergency_idx")
      .on(t.emergencyRequestId)
      .where(sql`${t.state} in ('pending_payment', 'awaiting_fixer_confirmation', 'booked', 'done_marked', 'disputed', 'staff_review', 'released', 'partly_released', 'claim_open', 'claim_contested')`),
    uniqueIndex("bookings_payment_idx").on(t.paymentId),
    index("bookings_customer_idx").on(t.customerUserId, t.createdAt),
    index("bookings_fixer_idx").on(t.fixerUserId, t.createdAt),
    // /fixer/earnings: a fixer's bookings by slot date, keyset on (slot_date, id) (issue 47). It carries
    // every column the page reads from a booking, so its page and its totals are index-only (decision 068).
    index("bookings_fixer_slot_idx").on(
      t.fixerUserId,
      t.slotDate.desc(),
      t.id.desc(),
      t.state,
      t.pricePence,
      t.fixerChargePence,
      t.fixerNetPence,
      t.jobId,
    ),
    index("bookings_state_idx").on(t.state, t.updatedAt),
    // The staff console's Bookings list (decision 069), and its Disputes queue: only queued bookings.
    index("bookings_created_idx").on(t.createdAt, t.id),
    // A search by job title finds the bookings of the jobs it matched.
    index("bookings_job_idx").on(t.jobId),
    index("bookings_queue_idx")
      .on(t.id)
      .where(sql`${t.state} in ('disputed', 'staff_review', 'claim_contested') or ${t.releaseFrozenAt} is not null`),
  ],
);

/**
 * The photos a fixer adds when marking a job done (up to 3, with the note), through the one photo
 * pipeline (checked, re-encoded without metadata, stored privately under `booking-done-photos/`).
 * Written in the mark-done transition's transaction: a booking has rows here only once it was
 * marked done. Served to the booking's customer, its fixer and staff only.
 */
export const bookingDonePhotos = pgTable(
  "booking_done_photos",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    ...storedPhotoColumns(),
  },
  (t) => [index("booking_done_photos_booking_idx").on(t.bookingId)],
);

/**
 * Every transition of a booking (and every event that leaves its state as it was: a reminder, a
 * card dispute, a payout): who, when, from, to, why. `idempotency_key` is unique, so a transition
 * retried (a timer firing on two instances, a webhook delivered twice) is recorded, and acted on, once.
 */
export const bookingTransitions = pgTable(
  "booking_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    transition: text("transition").notNull(),
    fromState: text("from_state").$type<BookingState>().notNull(),
    toState: text("to_state").$type<BookingState>().notNull(),
    /** "customer", "fixer", "staff", "system" (a timer) or "provider" (a webhook). */
    actorRole: text("actor_role").notNull(),
    actorUserId: text("actor_user_id"),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_transitions_actor_check", sql`${t.actorRole} in ('customer', 'fixer', 'staff', 'system', 'provider')`),
    index("booking_transitions_booking_idx").on(t.bookingId, t.id),
    // The part releases (few): the earnings totals read them all, not every booking's history (decision 068).
    index("booking_transitions_part_release_idx").on(t.bookingId, t.id).where(sql`${t.transition} = 'staff_release_part'`),
  ],
);

/** What became of a proposal to move a booking's slot. */
/** `closed`: the booking moved on (cancelled, refunded, marked done) before anyone answered. */
export const SLOT_PROPOSAL_STATUSES = ["open", "accepted", "declined", "replaced", "closed"] as const;
export type SlotProposalStatus = (typeof SLOT_PROPOSAL_STATUSES)[number];

/**
 * A proposal to move a booking to a new slot (decision 054): made by the customer or the fixer,
 * answered by the other side. At most one is open per booking (a partial unique index); a new one
 * from the same side replaces it. Each step is also a timeline row (booking_transitions, no state
 * change); this table holds the slot itself and the answer, and counts the accepted moves (the
 * calendar invite's SEQUENCE).
 */
export const bookingSlotProposals = pgTable(
  "booking_slot_proposals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** "customer" or "fixer". */
    proposedBy: text("proposed_by").$type<"customer" | "fixer">().notNull(),
    slotDate: date("slot_date", { mode: "string" }).notNull(),
    slotWindow: text("slot_window").$type<SlotWindow>().notNull(),
    status: text("status").$type<SlotProposalStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("booking_slot_proposals_by_check", sql`${t.proposedBy} in ('customer', 'fixer')`),
    check("booking_slot_proposals_window_check", sql`${t.slotWindow} in (${inList(SLOT_WINDOWS)})`),
    check("booking_slot_proposals_status_check", sql`${t.status} in (${inList(SLOT_PROPOSAL_STATUSES)})`),
    uniqueIndex("booking_slot_proposals_one_open_idx").on(t.bookingId).where(sql`${t.status} = 'open'`),
    index("booking_slot_proposals_booking_idx").on(t.bookingId, t.id),
  ],
);

/**
 * The ledger's accounts. `code` names one: "customer_payments", "held_funds", "platform_fees",
 * "promotions", "refunds", "fixer_payouts", "credit_reserved", "provider_fees", "platform_losses" (decision 078), and per person "fixer_payable:<user>"
 * and "customer_credit:<user>". Made on first use; balances are never stored.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    code: text("code").notNull().unique(),
    /** The account's kind without its owner: "fixer_payable", "customer_credit", "held_funds", … */
    kind: text("kind").notNull(),
    ownerUserId: text("owner_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_accounts_owner_idx").on(t.ownerUserId, t.kind)],
);

/** One movement of money (a payment, a release, a refund, a payout…): its entries sum to zero. */
export const ledgerEvents = pgTable(
  "ledger_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).references(() => bookings.id, { onDelete: "restrict" }),
    /** Unique: the same movement is never written twice. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_events_booking_idx").on(t.bookingId, t.id),
    // An entry's event to its booking without the table: the earnings totals (decision 068).
    index("ledger_events_id_booking_idx").on(t.id, t.bookingId),
    // The reconciliation's "since its last run" (issue 47): the payment, payout and refund events written since a watermark.
    index("ledger_events_kind_created_idx").on(t.kind, t.createdAt, t.id),
  ],
);

/** Signed amounts: what an account gains is positive, what it gives is negative. Never zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => ledgerEvents.id, { onDelete: "restrict" }),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amountPence: bigint("amount_pence", { mode: "number" }).notNull(),
  },
  (t) => [
    check("ledger_entries_nonzero_check", sql`${t.amountPence} <> 0`),
    index("ledger_entries_event_idx").on(t.eventId),
    // An account's entries; with the event and amount, a fixer's earnings totals are index-only (decision 068).
    index("ledger_entries_account_idx").on(t.accountId, t.eventId, t.amountPence),
  ],
);

/**
 * Where a strike stands (decision 064): a no-show claim's strike is `pending` while the fixer may answer,
 * `contested` once they did (staff decide), `upheld` when staff decided against the fixer, `not_contested`
 * when the fixer agreed, did not answer in time, or cancelled the booking themselves, `overturned` when
 * staff decided for the fixer or lifted it. Only `upheld` and `not_contested` count towards a pause.
 */
export const STRIKE_STATUSES = ["pending", "contested", "upheld", "not_contested", "overturned"] as const;
export type StrikeStatus = (typeof STRIKE_STATUSES)[number];

/** A strike on a fixer (a fixer cancellation or a no-show): three that count within 90 days pause their leads. */
export const fixerStrikes = pgTable(
  "fixer_strikes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fixerUserId: text("fixer_user_id")
      .notNull()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    bookingId: bigint("booking_id", { mode: "number" }).references(() => bookings.id, { onDelete: "set null" }),
    /** "fixer_cancelled" or "no_show". */
    reason: text("reason").notNull(),
    /** Staff may lift a strike given in error; it then no longer counts. */
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by"),
    /** Strikes made before cases existed were given at once without an answer: they stay counted. */
    status: text("status").$type<StrikeStatus>().notNull().default("not_contested"),
    /** When the status last changed from pending (agreed, contested, decided, lapsed). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("fixer_strikes_booking_unique").on(t.bookingId),
    index("fixer_strikes_fixer_idx").on(t.fixerUserId, t.createdAt),
    check("fixer_strikes_status_check", sql`${t.status} in (${inList(STRIKE_STATUSES)})`),
  ],
);

/** What a case is about: the customer says the fixer did not come, or cancelled after the slot started. */
export const CASE_KINDS = ["no_show", "late_cancel"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/**
 * A case on a booking (decision 064), one per booking: the customer's claim, the fixer's answer
 * within `answer_due_at` (48 hours), and how it ended (`outcome`: agreed, unanswered, or the staff
 * decision's transition). The booking's state says where it stands; this row holds the words.
 */
export const bookingCases = pgTable(
  "booking_cases",
  {
    bookingId: bigint("booking_id", { mode: "number" })
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<CaseKind>().notNull(),
    claim: text("claim"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    answerDueAt: timestamp("answer_due_at", { withTimezone: true }).notNull(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** "agreed", "unanswered", "staff_refund", "staff_release", "staff_release_part", or the provider's "lose_chargeback" / "dashboard_refund" (decision 078); null while open. */
    outcome: text("outcome"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [check("booking_cases_kind_check", sql`${t.kind} in (${inList(CASE_KINDS)})`)],
);

export type BookingCase = typeof bookingCases.$inferSelect;

/**
 * Photos with a case: the customer's with the claim, the fixer's with a contesting answer (up to 3
 * each), through the one photo pipeline, written in the transition's transaction.
 */
export const bookingCasePhotos = pgTable(
  "booking_case_photos",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    side: text("side").$type<"customer" | "fixer">().notNull(),
    ...storedPhotoColumns(),
  },
  (t) => [check("booking_case_photos_side_check", sql`${t.side} in ('customer', 'fixer')`), index("booking_case_photos_booking_idx").on(t.bookingId, t.id)],
);

/** A payout account's states (the machine: app/features/bookings/payout-account-machine.ts). */
export const PAYOUT_ACCOUNT_STATUSES = ["pending", "active"] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** A fixer's connected payout account: a Stripe Connect Express account, or the TEST MODE stand-in. */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    fixerUserId: text("fixer_user_id")
      .primaryKey()
      .references(() => fixerProfiles.userId, { onDelete: "cascade" }),
    /** "test" or "stripe". */
    provider: text("provider").notNull(),
    /** acct_… (Stripe) or the test provider's id. */
    providerAccountId: text("provider_account_id").notNull().unique(),
    /** "pending" until onboarding at the provider is complete and payouts are enabled, then "active". */
    status: text("status").$type<PayoutAccountStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /**
     * A payout from the connected account to the fixer's bank failed (Stripe's `payout.failed`,
     * decision 078): the account needs the fixer's attention (their bank details). Cleared by a later
     * payout that reached the bank.
     */
    payoutFailedAt: timestamp("payout_failed_at", { withTimezone: true }),
    /** Stripe's words for why the bank refused it (failure_message), shown to the fixer. */
    payoutFailure: text("payout_failure"),
  },
  (t) => [check("payout_accounts_status_check", sql`${t.status} in (${inList(PAYOUT_ACCOUNT_STATUSES)})`)],
);

/**
 * A provider operation's states (the machine: app/features/bookings/provider-operation-machine.ts).
 * "failed" (a failure the provider says no retry can fix) is allowed by the CHECK and handled by the
 * readers, but no move leads there yet: an operation that keeps failing stays pending, its job dead.
 */
export const PROVIDER_OPERATION_STATUSES = ["pending", "waiting_for_account", "succeeded", "failed"] as const;
export type ProviderOperationStatus = (typeof PROVIDER_OPERATION_STATUSES)[number];

/**
 * Every call to the payment provider that moves booking money (a transfer to a fixer, a refund to a
 * customer), written before the call in the same transaction as the transition that needs it and
 * carried out by the job queue. `idempotency_key` (booking id + transition + kind) goes to the
 * provider with the call, so a retry after a crash returns the first result instead of a second
 * transfer. Reconciliation compares these with what the provider reports.
 */
export const providerOperations = pgTable(
  "provider_operations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** FixiT's own name for the operation (booking id + transition + kind): one operation per settlement, and its ledger events' keys. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /**
     * The Idempotency-Key sent to the provider: a random UUID stored with the row before the first call
     * and sent again on every retry, so two databases sharing one Stripe account (staging and
     * production, a restored backup) never send the same key for different money (decision 076). The
     * code sets it (crypto.randomUUID); the default only serves rows written by hand (seeds, tests).
     */
    providerIdempotencyKey: text("provider_idempotency_key")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    /** "transfer" or "refund". */
    kind: text("kind").notNull(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /** The fixer paid by a transfer. */
    fixerUserId: text("fixer_user_id"),
    /** The checkout (payments row) a refund goes back to. */
    paymentId: text("payment_id"),
    /** pending ⇄ waiting_for_account → succeeded, only through the provider-operation machine. */
    status: text("status").$type<ProviderOperationStatus>().notNull().default("pending"),
    /** tr_… / re_… once the provider answered. */
    providerObjectId: text("provider_object_id"),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * A succeeded transfer made from a charge whose funds are not available yet (Stripe's
     * source_transaction): when Stripe expects them (the charge's balance transaction's available_on).
     * Null once they are available, and for every other operation. Released, on its way (decision 076).
     */
    fundsPendingUntil: timestamp("funds_pending_until", { withTimezone: true }),
  },
  (t) => [
    check("provider_operations_kind_check", sql`${t.kind} in ('transfer', 'refund')`),
    check("provider_operations_status_check", sql`${t.status} in (${inList(PROVIDER_OPERATION_STATUSES)})`),
    check("provider_operations_amount_check", sql`${t.amountPence} > 0`),
    index("provider_operations_booking_idx").on(t.bookingId),
    index("provider_operations_status_idx").on(t.status, t.createdAt),
    // A fixer's operations; with kind, booking and amount, the earnings totals' paid-out sums are index-only (decision 068).
    index("provider_operations_fixer_idx").on(t.fixerUserId, t.status, t.kind, t.bookingId, t.amountPence),
    // Stripe's listed transfers and refunds are matched to operations by their ids, a page at a time (issue 47).
    index("provider_operations_object_idx").on(t.providerObjectId),
    // The few transfers whose funds are on their way: the earnings totals subtract them index-only, and the funds check finds them.
    index("provider_operations_funds_pending_idx").on(t.fixerUserId, t.bookingId, t.amountPence, t.fundsPendingUntil).where(sql`${t.fundsPendingUntil} is not null`),
    // The reconciliation reads succeeded operations by (coalesce(completed_at, created_at), id) since its
    // watermark: that expression index is written by hand in drizzle/0027_reconciliation_watermark.sql.
  ],
);

/**
 * What the provider told us by webhook about booking money (charge refunds, card disputes), one row
 * per provider object, holding the newest state seen: a delivery that is repeated or older than what
 * is stored changes nothing, so the end state does not depend on delivery order.
 */
export const providerObjects = pgTable(
  "provider_objects",
  {
    /** re_… (a refund), dp_… (a dispute), tr_… (a transfer's reversals), po_… (a fixer's payout) */
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).references(() => bookings.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    amountPence: integer("amount_pence").notNull(),
    /**
     * Orders the states reported: the provider's event time (seconds) × 10 + the status's rank (a
     * closed dispute outranks an open one reported in the same second). A delivery whose key is not
     * greater than the stored one changes nothing.
     */
    orderKey: bigint("order_key", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("provider_objects_booking_idx").on(t.bookingId, t.kind)],
);

/** The TEST MODE provider's own record of transfers and refunds (Stripe keeps these in the real mode). */
export const testProviderObjects = pgTable(
  "test_provider_objects",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    destination: text("destination"),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("test_provider_objects_created_idx").on(t.createdAt, t.id)],
);

/** Who referred whom: when the referred customer's first booking is released, both get the referral credit once. */
export const referrals = pgTable("referrals", {
  referredUserId: text("referred_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  referrerUserId: text("referrer_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each customer's referral code, for the link /r/<code> their account page shows. Random, stored (so
 * it reveals nothing about the account and needs no secret), made the first time the page is opened.
 */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The first customers to book get the early-bird offer: one row each, numbered, at most the offer's number of people. */
export const earlyBirdCustomers = pgTable("early_bird_customers", {
  customerUserId: text("customer_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  position: integer("position").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Booking = typeof bookings.$inferSelect;
export type BookingTransition = typeof bookingTransitions.$inferSelect;
export type BookingDonePhoto = typeof bookingDonePhotos.$inferSelect;
export type ProviderOperation = typeof providerOperations.$inferSelect;
export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export type QuoteBookingTerms = typeof quoteBookingTerms.$inferSelect;

/**
 * The daily reconciliation (docs/decisions/053-staff-bookings-and-reconciliation.md): one row per UK
 * day, unique, so of several instances only the one that inserts it queues the run. It records the
 * ledger's own health (its total, which must be 0, and how many events do not sum to zero) beside
 * the comparison of provider_operations and the ledger with what the provider reports.
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The UK day it ran for: one "daily" run a day (the unique index below); staff's runs may add more. */
    day: date("day", { mode: "string" }).notNull(),
    /** "daily" (the scheduled run) or "staff" (a staff member's "Run now", audited). */
    source: text("source").notNull().default("daily"),
    /** "test" or "stripe": whose books were compared. */
    provider: text("provider").notNull(),
    /** running → finished | failed. */
    status: text("status").notNull().default("running"),
    operationsChecked: integer("operations_checked").notNull().default(0),
    /** What the finished run compared, by kind (null on runs from before they were counted apart). */
    chargesChecked: integer("charges_checked"),
    transfersChecked: integer("transfers_checked"),
    refundsChecked: integer("refunds_checked"),
    mismatchCount: integer("mismatch_count").notNull().default(0),
    ledgerTotalPence: bigint("ledger_total_pence", { mode: "number" }),
    unbalancedEvents: integer("unbalanced_events"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * Issue 47: what a finished run covered. The next run checks the operations, payments and ledger
     * events changed after it (null: a run from before watermarks, or one not finished; the next run
     * then checks everything). It lags the run's start by the charges' grace (15 minutes), so what
     * changed while a run started is checked again by the next.
     */
    watermarkAt: timestamp("watermark_at", { withTimezone: true }),
    /** The run that gave this one its starting point (null: it checked everything). */
    sinceRunId: bigint("since_run_id", { mode: "number" }),
    /** Written by a running run after each batch: a run whose heartbeat is old was killed, and is marked failed. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** The ledger's sum per account kind when the run checked it (customer_payments, held_funds, …), in pence. */
    ledgerByKind: jsonb("ledger_by_kind").$type<Record<string, number>>(),
    /** How many ledger events there were when the run checked them. */
    ledgerEvents: integer("ledger_events"),
    /** When the run computed the ledger figures (the staff page shows them with this time). */
    ledgerCheckedAt: timestamp("ledger_checked_at", { withTimezone: true }),
  },
  (t) => [
    check("reconciliation_runs_status_check", sql`${t.status} in ('running', 'finished', 'failed')`),
    check("reconciliation_runs_source_check", sql`${t.source} in ('daily', 'staff')`),
    uniqueIndex("reconciliation_runs_daily_day_idx").on(t.day).where(sql`${t.source} = 'daily'`),
    index("reconciliation_runs_status_idx").on(t.status, t.id),
  ],
);

/** One difference a run found: what the ledger (or FixiT's operation) says and what the provider says. */
export const reconciliationMismatches = pgTable(
  "reconciliation_mismatches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: "cascade" }),
    /** missing_at_provider, amount_differs, unknown_at_provider, ledger_differs. */
    kind: text("kind").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).references(() => bookings.id, { onDelete: "set null" }),
    operationId: bigint("operation_id", { mode: "number" }),
    /** "charge" (a customer's payment), "transfer" or "refund". */
    moneyKind: text("money_kind").notNull(),
    providerObjectId: text("provider_object_id"),
    ledgerPence: bigint("ledger_pence", { mode: "number" }),
    providerPence: bigint("provider_pence", { mode: "number" }),
    detail: text("detail").notNull(),
  },
  (t) => [index("reconciliation_mismatches_run_idx").on(t.runId, t.id)],
);

export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;
export type ReconciliationMismatch = typeof reconciliationMismatches.$inferSelect;
export type BookingSlotProposal = typeof bookingSlotProposals.$inferSelect;

/**
 * Where the work happens (issue 52): the address and access notes the customer gives when booking.
 * Kept apart from `bookings` so no query of a booking's money or state carries it by accident: the
 * booking's customer and staff always see it; the fixer only once the booking is paid and not yet
 * settled (app/features/bookings/address.server.ts; docs/decisions/066-job-address.md). Removed with
 * the booking.
 */
export const bookingAddresses = pgTable(
  "booking_addresses",
  {
    bookingId: bigint("booking_id", { mode: "number" })
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    line1: text("line1").notNull(),
    line2: text("line2"),
    town: text("town").notNull(),
    /** A full UK postcode, normalised ("SW1A 1AA"), in the job's postcode district. */
    postcode: text("postcode").notNull(),
    accessNotes: text("access_notes"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "booking_addresses_length_check",
      sql`length(${t.line1}) between 1 and 100 and length(coalesce(${t.line2}, '')) <= 100 and length(${t.town}) between 1 and 60 and length(${t.postcode}) <= 8 and length(coalesce(${t.accessNotes}, '')) <= 500`,
    ),
  ],
);

export type BookingAddress = typeof bookingAddresses.$inferSelect;
