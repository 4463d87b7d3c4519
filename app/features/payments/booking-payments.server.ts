import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { paymentEvents, payments, type Payment } from "#server/db/schema/payments.ts";
import { paymentMove } from "./state-machine.ts";

/**
 * What the booking products (the bookings feature: a booking's checkout and its extras') read and
 * change of their payments (decision 089: payments owns the rows). Each runs in the caller's
 * transaction, so a booking's change and its payment's stay atomic (decision 080). This module
 * imports nothing of the payments service, so the bookings' job handlers import it without a circle.
 */

export type { Payment, PaymentStatus } from "#server/db/schema/payments.ts";

/** The booking's checkout that is still pending (at most one: the unique index), if any. */
export async function pendingBookingCheckout(tx: DbOrTx, bookingId: number): Promise<Payment | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.product, "booking"), eq(payments.status, "pending"), sql`${payments.reference} ->> 'bookingId' = ${String(bookingId)}`));
  return row ?? null;
}

/** The payment with this id if it is still pending (an extra's checkout), else null. */
export async function pendingPayment(tx: DbOrTx, paymentId: string): Promise<Payment | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  return row ?? null;
}

/** These columns of one payment, or undefined when there is no such payment. */
export async function paymentColumns<K extends keyof Payment>(tx: DbOrTx, paymentId: string, keys: readonly K[]): Promise<Pick<Payment, K> | undefined> {
  const fields = Object.fromEntries(keys.map((key) => [key, payments[key]])) as Record<K, (typeof payments)[K]>;
  const [row] = await tx.select(fields).from(payments).where(eq(payments.id, paymentId));
  return row as Pick<Payment, K> | undefined;
}

/** The id of the payment whose charge is this PaymentIntent (kept at fulfilment), if any. */
export async function paymentIdOfIntent(db: Db, intentId: string): Promise<string | null> {
  const [kept] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerPaymentIntentId, intentId));
  return kept?.id ?? null;
}

/**
 * Closes an open checkout whose time is over (pending → expired, a conditional UPDATE: a payment that
 * moved meanwhile is left as it is) and logs it on the payment, in the caller's transaction.
 */
export async function expireOpenCheckout(tx: DbOrTx, paymentId: string, now: Date, source: string): Promise<void> {
  const expire = paymentMove("expire", "system");
  await tx.update(payments).set({ status: expire.to, updatedAt: now }).where(and(eq(payments.id, paymentId), inArray(payments.status, expire.from)));
  await tx.insert(paymentEvents).values({ paymentId, type: "expired", details: { source } });
}

/** Keeps a paid payment's PaymentIntent and charge, as the provider tells them, unless already kept. */
export async function keepPaymentIntent(db: DbOrTx, paymentId: string, intentId: string, chargeId: string | null): Promise<void> {
  await db.update(payments).set({ providerPaymentIntentId: intentId, providerChargeId: chargeId }).where(and(eq(payments.id, paymentId), isNull(payments.providerPaymentIntentId)));
}

/**
 * Whether the booking (its id, an outer column) has a checkout that holds its price: one still open
 * (pending, before its end: older rows without one end with the 2-hour window), or paid and not yet
 * fulfilled. An SQL condition for the early-bird places' count.
 */
export function bookingCheckoutHoldsSql(bookingId: SQLWrapper, now: Date): SQL {
  return sql`exists (
    select 1 from ${payments}
    where ${payments.product} = 'booking' and ${payments.reference} ->> 'bookingId' = ${bookingId}::text
      and ((${payments.status} = 'pending' and coalesce(${payments.expiresAt}, ${payments.createdAt} + interval '2 hours') > ${now})
        or (${payments.status} = 'paid' and ${payments.fulfilledAt} is null)))`;
}
