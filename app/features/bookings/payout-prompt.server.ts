import { eq } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { payoutAccounts } from "#server/db/schema/bookings.ts";
import { accountBalance, ACCOUNTS } from "./ledger.server";

/**
 * What is released to the fixer and not yet transferred, from the ledger (their payable account's
 * balance), when they have no active payout account to receive it: the pages and the release email
 * prompt them to connect one (issue 52). Null when nothing waits, or the account is active.
 */
export async function payoutPromptPence(db: DbOrTx, fixerUserId: string): Promise<number | null> {
  const [account] = await db.select({ status: payoutAccounts.status }).from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixerUserId));
  if (account?.status === "active") return null;
  const owed = await accountBalance(db, ACCOUNTS.fixerPayable(fixerUserId));
  return owed > 0 ? owed : null;
}
