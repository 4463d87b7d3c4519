import { sql, type SQLWrapper } from "drizzle-orm";
import { ledgerAccounts, ledgerEntries, referralCodes, referrals } from "#server/db/schema/bookings.ts";

/**
 * The referral and credit figures My Account reads in its one query (decision 089: bookings owns the
 * ledger and the referrals); each is a scalar subquery on the account's id (an outer column).
 */

export const referralCodeSql = (userId: SQLWrapper) => sql<string | null>`(select r.code from ${referralCodes} r where r.user_id = ${userId})`;

/** The balance of the ledger account with this code (the customer's credit account). */
export const creditPenceSql = (accountCode: SQLWrapper) =>
  sql<string>`(select coalesce(sum(e.amount_pence), 0) from ${ledgerEntries} e join ${ledgerAccounts} a on a.id = e.account_id where a.code = ${accountCode})`;

export const friendsJoinedSql = (userId: SQLWrapper) => sql<string>`(select count(*) from ${referrals} f where f.referrer_user_id = ${userId})`;

export const friendsRewardedSql = (userId: SQLWrapper) => sql<string>`(select count(*) from ${referrals} f where f.referrer_user_id = ${userId} and f.rewarded_at is not null)`;
