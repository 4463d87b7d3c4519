import { lt } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { payments } from "#server/db/schema/payments.ts";

/** What the privacy notice's retention deletes of payments: those created before `before`, in the caller's transaction; how many. */
export async function deletePaymentsBefore(tx: DbOrTx, before: Date): Promise<number> {
  const rows = await tx.delete(payments).where(lt(payments.createdAt, before)).returning({ id: payments.id });
  return rows.length;
}
