import { getTableColumns } from "drizzle-orm";
import { readOnly } from "#server/db/projection.ts";
import { payments, paymentEvents } from "#server/db/schema/payments.ts";

/**
 * Read-only projections of the payments feature's tables for the lists and joins of other features (the staff
 * console above all; decision 089), each named as its table. Nothing writes through them: its own
 * functions change these rows.
 */
export { PAYMENT_STATUSES, type PaymentStatus } from "#server/db/schema/payments.ts";

export const paymentsView = readOnly(payments, getTableColumns(payments));
/** The payments under another name, for a raw statement's alias (`from ${paymentsAs("p")}`, bookings' reconciliation). */
export const paymentsAs = <Name extends string>(name: Name) => readOnly(payments, getTableColumns(payments), name);
export const paymentEventsView = readOnly(paymentEvents, getTableColumns(paymentEvents));
