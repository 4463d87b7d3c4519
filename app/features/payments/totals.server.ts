import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payments } from "#server/db/schema/payments.ts";

/**
 * The payments per status over all time: reads every payment (tests/scale-plans.test.ts knows this
 * statement), so the staff dashboard keeps the answer for a minute.
 */
export function paymentCountsByStatus(db: Db) {
  return db.select({ status: payments.status, total: sql<number>`count(*)`.mapWith(Number) }).from(payments).groupBy(payments.status);
}
