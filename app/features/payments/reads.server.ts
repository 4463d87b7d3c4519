import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payments } from "#server/db/schema/payments.ts";
import { PRODUCT_CODES } from "./products.ts";

/** What other features read of payments (decision 089): payments owns the rows. */

/**
 * The payments per status over all time: reads every payment (tests/scale-plans.test.ts knows this
 * statement), so the staff dashboard keeps the answer for a minute.
 */
export function paymentCountsByStatus(db: Db) {
  return db.select({ status: payments.status, total: sql<number>`count(*)`.mapWith(Number) }).from(payments).groupBy(payments.status);
}

/** The newest onboarding-fee payment of a fixer registration that is pending, failed or paid: the portal's "pay again" reads it. */
export async function latestFixerFeePayment(db: Db, registrationId: number) {
  const [latest] = await db
    .select({ id: payments.id, status: payments.status, provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.product, PRODUCT_CODES.fixerOnboarding),
        sql`${payments.reference}->>'fixerRegistrationId' = ${String(registrationId)}`,
        inArray(payments.status, ["pending", "failed", "paid"]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return latest ?? null;
}
