import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { bookings } from "#server/db/schema/bookings.ts";
import { paymentColumns } from "~/features/payments/booking-payments.server.ts";
import { getOptionalUser } from "~/features/auth/guard.server";
import { freeCancellationEndsAt } from "./cancellation";
import { bookingPaths } from "./paths";
import { bookingSlotOf, type BookingSlot } from "./slots";
import { callOutWords } from "./call-out";
import type { BookingQuoteReads } from "./quote-reads.server";

/**
 * What /checkout/success says after a booking's payment: a booking confirmation (what, when, who, what
 * is held, the cancellation terms, the way back to the booking), or, for a payment the booking did not
 * need (another tab's checkout), that it was refunded and the booking stands. The details are shown to
 * the booking's customer only; anyone else holding the link sees the way to the booking and no more.
 */
export type BookingPaymentView = {
  path: string;
  /** "booked": this payment booked it; "refunded": it was not needed and is refunded in full. */
  outcome: "booked" | "refunded";
  details: {
    title: string;
    fixerName: string;
    slot: BookingSlot;
    /** The fixer has still to confirm the customer's own slot (within 24 hours, or a full refund). */
    awaitingFixer: boolean;
    /** Booked and still live (a refunded second payment's booking may have closed since). */
    live: boolean;
    totalPence: number;
    lateFeePence: number;
    freeCancellationUntil: string;
    /** Free cancellation had already ended when this payment was taken. */
    freeCancellationPassedAtPayment: boolean;
  } | null;
};

/** `reads`: the job's title and the fixer's name, the quotes feature's rows (its route hands them in). */
export async function bookingPaymentView(request: Request, context: AppLoadContext, paymentId: string, reads: Pick<BookingQuoteReads, "jobTitleSql" | "fixerNameSql">): Promise<BookingPaymentView | null> {
  const { db } = context.services;
  const payment = await paymentColumns(db, paymentId, ["reference", "fulfilment", "paidAt"]);
  const bookingId = Number(payment?.reference?.bookingId);
  if (!payment || !Number.isSafeInteger(bookingId) || bookingId <= 0) return null;
  const outcome = payment.fulfilment?.outcome === "refunded" ? "refunded" : "booked";
  const path = bookingPaths.customer(bookingId);
  const viewer = await getOptionalUser(request, context);
  const [row] = await db
    .select({ booking: bookings, title: reads.jobTitleSql(bookings.jobId), fixerName: reads.fixerNameSql(bookings.fixerUserId) })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row || !viewer || row.booking.customerUserId !== viewer.id) return { path, outcome, details: null };
  const b = row.booking;
  const slot = bookingSlotOf(b);
  const freeUntil = freeCancellationEndsAt(slot);
  const paidAt = b.paidAt ?? payment.paidAt ?? new Date();
  return {
    path,
    outcome,
    details: {
      title: row.title ?? (b.slotWindow === "now" ? callOutWords.title : `Booking ${b.id}`),
      fixerName: row.fixerName ?? "Your fixer",
      slot,
      awaitingFixer: b.state === "awaiting_fixer_confirmation",
      live: b.state === "booked" || b.state === "awaiting_fixer_confirmation" || b.state === "done_marked",
      totalPence: b.totalPence,
      lateFeePence: b.lateFeePence,
      freeCancellationUntil: freeUntil.toISOString(),
      freeCancellationPassedAtPayment: paidAt.getTime() > freeUntil.getTime(),
    },
  };
}
