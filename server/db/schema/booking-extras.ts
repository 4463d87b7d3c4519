import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { bookings } from "./bookings.ts";
import { payments } from "./payments.ts";

/**
 * Extra charges on a booking (issue 51, item 4; decision 084): while a booking is booked or marked
 * done, its fixer may ask for more (extra hours at the booking's hourly rate, or an amount with a
 * description). The customer accepts and pays it through its own checkout, or declines it with a
 * reason. Its money is held with the booking's and settled with it (released or refunded together).
 * `state` moves only through the extra's machine (app/features/bookings/extras-machine.ts).
 */
export const BOOKING_EXTRA_STATES = ["offered", "declined", "pending_payment", "paid", "released", "refunded", "expired", "withdrawn"] as const;
export type BookingExtraState = (typeof BOOKING_EXTRA_STATES)[number];
export const BOOKING_EXTRA_KINDS = ["hours", "amount"] as const;
export type BookingExtraKind = (typeof BOOKING_EXTRA_KINDS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const bookingExtras = pgTable(
  "booking_extras",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingId: bigint("booking_id", { mode: "number" })
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<BookingExtraKind>().notNull(),
    /** Whole extra hours (kind "hours"), at `hourly_rate_pence`, the booking's rate when it was offered. */
    hours: smallint("hours"),
    hourlyRatePence: integer("hourly_rate_pence"),
    /** What the extra is for (kind "amount"; the fixer's words). */
    description: text("description"),
    /** The fixer's price for the extra; the customer's 5% fee on it; what the card is charged (price + fee). */
    pricePence: integer("price_pence").notNull(),
    customerFeePence: integer("customer_fee_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    /** The fixer's 10% service charge on the price, and what the fixer is paid on release: price − charge. */
    fixerChargePence: integer("fixer_charge_pence").notNull(),
    fixerNetPence: integer("fixer_net_pence").notNull(),
    state: text("state").$type<BookingExtraState>().notNull().default("offered"),
    /** The customer's reason for declining. */
    declineReason: text("decline_reason"),
    /** The checkout (payments row, product booking_extra) that pays for it. */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_extras_state_check", sql`${t.state} in (${inList(BOOKING_EXTRA_STATES)})`),
    check(
      "booking_extras_kind_check",
      sql`(${t.kind} = 'hours' and ${t.hours} between 1 and 24 and ${t.hourlyRatePence} > 0 and ${t.pricePence} = ${t.hours} * ${t.hourlyRatePence})
        or (${t.kind} = 'amount' and ${t.hours} is null and ${t.hourlyRatePence} is null and ${t.description} is not null and length(${t.description}) between 1 and 2000)`,
    ),
    check(
      "booking_extras_amounts_check",
      sql`${t.pricePence} > 0 and ${t.customerFeePence} >= 0 and ${t.fixerChargePence} >= 0
        and ${t.totalPence} = ${t.pricePence} + ${t.customerFeePence} and ${t.fixerNetPence} = ${t.pricePence} - ${t.fixerChargePence}`,
    ),
    // A booking's extras, in the order they were asked for (the booking page, the settlement, the earnings).
    index("booking_extras_booking_idx").on(t.bookingId, t.id),
    uniqueIndex("booking_extras_payment_idx").on(t.paymentId),
  ],
);

export type BookingExtra = typeof bookingExtras.$inferSelect;
