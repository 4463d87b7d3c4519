import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * A checkout attempt's states (the payment machine: app/features/payments/state-machine.ts). "cancelled"
 * is kept for rows written before the machine: no move leads there now, and readers treat it as expired.
 */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "cancelled", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * One row per checkout attempt, whichever provider ran it. `status` moves only through the payment
 * machine (app/features/payments/state-machine.ts): pending → paid | failed | expired (a declined card
 * may be retried: failed → paid).
 * `fulfilled_at` is set in the same transaction as the fulfilment, with a conditional update, so
 * fulfilment runs exactly once however many times a webhook or a success page triggers it.
 */
export const payments = pgTable(
  "payments",
  {
    /** Random UUID: it appears in checkout and success URLs. */
    id: text("id").primaryKey(),
    /** "fixer_onboarding", "vip_access" or "early_access_donation" (app/content/prices.ts). */
    product: text("product").notNull(),
    amountPence: integer("amount_pence").notNull(),
    currency: text("currency").notNull().default("gbp"),
    /** "test" or "stripe". */
    provider: text("provider").notNull(),
    /** Stripe Checkout Session id (cs_…) or the test provider's session id. */
    providerSessionId: text("provider_session_id"),
    /**
     * Stripe's PaymentIntent (pi_…) and charge (ch_…), stored when the payment is marked paid: refunds,
     * transfers (source_transaction) and the reconciliation use them without reading the session again.
     * Rows paid before decision 076 have none: the first use reads them once from the session and stores them.
     */
    providerPaymentIntentId: text("provider_payment_intent_id"),
    providerChargeId: text("provider_charge_id"),
    /**
     * Stripe's processing fee on the charge and its balance transaction (txn_…), read with the ids when
     * the payment is marked paid: the booking's fulfilment posts it to the provider_fees ledger account
     * (decision 078). Null when it could not be read then (the reconciliation reports it) or not Stripe.
     */
    providerFeePence: integer("provider_fee_pence"),
    providerFeeTransactionId: text("provider_fee_transaction_id"),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    /** The signed-in buyer, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    /** What the payment is for, e.g. { fixerRegistrationId: 12 }. */
    reference: jsonb("reference").$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text("failure_reason"),
    /**
     * When the checkout stops taking money (Stripe's `expires_at`; the test checkout refuses after it).
     * A booking's checkout ends with the booking's payment window (decision 075); null: the provider's default.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The page to send the buyer to while the checkout is open (a second "Pay" reuses it). */
    checkoutUrl: text("checkout_url"),
    /** What fulfilment produced that the success page may show again (never a code in clear: see fulfilment). */
    fulfilment: jsonb("fulfilment").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    uniqueIndex("payments_provider_session_idx").on(t.provider, t.providerSessionId),
    index("payments_status_idx").on(t.status, t.createdAt),
    index("payments_product_idx").on(t.product, t.createdAt),
    index("payments_user_idx").on(t.userId),
    // The reconciliation's "booking payments changed since its last run" (issue 47).
    index("payments_product_updated_idx").on(t.product, t.updatedAt),
    // The staff console's Payments list (decision 069): newest first, by an email typed whole or in part.
    index("payments_created_idx").on(t.createdAt, t.id),
    index("payments_provider_session_id_idx").on(t.providerSessionId),
    index("payments_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    // One open checkout per booking (decision 075): a second "Pay", from any instance, finds this one.
    uniqueIndex("payments_one_open_booking_checkout_idx")
      .on(sql`(${t.reference} ->> 'bookingId')`)
      .where(sql`${t.product} = 'booking' and ${t.status} = 'pending'`),
    // One open checkout per extra charge on a booking (decision 084), the same way.
    uniqueIndex("payments_one_open_extra_checkout_idx")
      .on(sql`(${t.reference} ->> 'extraId')`)
      .where(sql`${t.product} = 'booking_extra' and ${t.status} = 'pending'`),
  ],
);

/** Every state change of a payment (created, declined, paid, webhook received, fulfilled…): the attempt log. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId, t.createdAt)],
);

export type Payment = typeof payments.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;
