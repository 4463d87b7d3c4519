import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bookings, providerObjects } from "#server/db/schema/bookings.ts";
import { lockBooking, recordOnTimeline } from "./transition.server";

/**
 * What the payment provider tells us about booking charges after the fact: card disputes
 * (chargebacks) and refunds made outside FixiT. Each object's newest state is kept once
 * (`provider_objects`, ordered by event time and status rank), and the booking's freeze is derived
 * from what is kept, so a delivery that is repeated, late or out of order ends in the same state.
 */

export const BOOKING_PROVIDER_EVENTS: ReadonlySet<string> = new Set(["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed", "charge.refunded"]);

/** A dispute in one of these statuses no longer stops a release (the bank decided for FixiT, or it was only a warning). */
const DISPUTE_SETTLED_FOR_US = ["won", "warning_closed"];
/** Closed statuses outrank open ones reported in the same second. */
const CLOSED_DISPUTE = new Set(["won", "lost", "warning_closed"]);

export type ProviderEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider stamps its events. */
  created: number;
  object: {
    id: string;
    status?: string | null;
    amount?: number | null;
    payment_intent?: string | { id: string } | null;
    refunds?: { data: { id: string; amount: number; status: string | null }[] } | null;
  };
};

/** Finds our payment id from the provider's PaymentIntent id (Stripe: its metadata.payment_id). */
export type PaymentIdResolver = (paymentIntentId: string) => Promise<string | null>;

export async function handleBookingProviderEvent(db: Db, event: ProviderEvent, resolvePaymentId: PaymentIdResolver): Promise<"ignored" | "recorded"> {
  if (!BOOKING_PROVIDER_EVENTS.has(event.type)) return "ignored";
  const intent = typeof event.object.payment_intent === "string" ? event.object.payment_intent : event.object.payment_intent?.id;
  const paymentId = intent ? await resolvePaymentId(intent) : null;
  if (!paymentId) return "ignored";
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentId, paymentId));
  if (!booking) return "ignored";

  const kind = event.type === "charge.refunded" ? "refund" : "dispute";
  const reported =
    kind === "refund"
      ? (event.object.refunds?.data ?? []).map((r) => ({ id: r.id, status: r.status ?? "unknown", amountPence: r.amount }))
      : [{ id: event.object.id, status: event.object.status ?? "unknown", amountPence: event.object.amount ?? 0 }];

  await db.transaction(async (tx) => {
    const locked = await lockBooking(tx, booking.id);
    for (const object of reported) {
      const orderKey = event.created * 10 + (kind === "dispute" && CLOSED_DISPUTE.has(object.status) ? 2 : 1);
      await tx
        .insert(providerObjects)
        .values({ id: object.id, kind, bookingId: booking.id, status: object.status, amountPence: object.amountPence, orderKey })
        .onConflictDoUpdate({
          target: providerObjects.id,
          set: { status: object.status, amountPence: object.amountPence, orderKey, updatedAt: new Date() },
          setWhere: sql`${providerObjects.orderKey} < ${orderKey}`,
        });
      await recordOnTimeline(tx, locked, kind === "dispute" ? "card_dispute" : "provider_refund", { role: "provider", userId: null }, {
        key: `provider-${object.id}-${object.status}`,
        details: { status: object.status, amountPence: object.amountPence, eventId: event.id },
      });
    }
    if (kind !== "dispute") return;
    const [open] = await tx
      .select({ id: providerObjects.id })
      .from(providerObjects)
      .where(and(eq(providerObjects.bookingId, booking.id), eq(providerObjects.kind, "dispute"), notInArray(providerObjects.status, DISPUTE_SETTLED_FOR_US)))
      .limit(1);
    await tx
      .update(bookings)
      .set({ releaseFrozenAt: open ? sql`coalesce(${bookings.releaseFrozenAt}, now())` : null })
      .where(eq(bookings.id, booking.id));
  });
  return "recorded";
}
