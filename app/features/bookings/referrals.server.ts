import { randomInt } from "node:crypto";
import { and, eq, gte, isNull } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Db, DbOrTx } from "#server/db/client.ts";
import { siteUrl } from "#server/http/site-url.ts";
import { accountsView } from "~/features/auth/projections.server";
import { bookings, referralCodes, referrals, type Booking } from "#server/db/schema/bookings.ts";
import { vipPromotions } from "~/content/prices";
import { ACCOUNTS, postLedgerEvent } from "./ledger.server";
import { REFERRAL_CODE, referralPath } from "./referrals";

/**
 * Referral links (decision 052): each person has a stored random code; signing up through /r/<code>
 * records who referred whom, and rewardReferral (the `reward_referral` effect of the process table) gives both the credit when the
 * new customer's first booking is released.
 */

const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

/**
 * Makes the person's referral code if they have none yet, and gives it. Called at each sign-in (a
 * POST that writes anyway), never by a page: the account page only reads the code (issue 48, a GET
 * never writes), and migration 0044 gave the accounts made before theirs.
 */
export async function createReferralCode(db: DbOrTx, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // A code another person already has (one in a billion) is simply drawn again.
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error(`could not make a referral code for ${userId}`);
}

export type ReferralOutcome = "recorded" | "unknown_code" | "self" | "already_referred" | "has_booked";

/** Records that `referredUserId` came through `code`: not for one's own code, not twice, not once they have booked. */
export async function recordReferral(db: Db, code: string, referredUserId: string): Promise<ReferralOutcome> {
  if (!REFERRAL_CODE.test(code)) return "unknown_code";
  const [referrer] = await db.select({ userId: referralCodes.userId }).from(referralCodes).where(eq(referralCodes.code, code));
  if (!referrer) return "unknown_code";
  if (referrer.userId === referredUserId) return "self";
  const [booked] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerUserId, referredUserId)).limit(1);
  if (booked) return "has_booked";
  const inserted = await db.insert(referrals).values({ referredUserId, referrerUserId: referrer.userId }).onConflictDoNothing().returning({ id: referrals.referredUserId });
  return inserted.length ? "recorded" : "already_referred";
}

/**
 * A sign-up through a referral link: the account made for `email` by this sign-up (created since
 * `since`), if any. A sign-up with an address that already had an account answers like a new one
 * (decision 017) but made nothing, so it records nothing.
 */
export async function recordSignUpReferral(db: Db, input: { code: string; email: string; since: Date }): Promise<ReferralOutcome | "no_new_account"> {
  const [created] = await db
    .select({ id: accountsView.id })
    .from(accountsView)
    .where(and(eq(accountsView.email, input.email), gte(accountsView.createdAt, input.since)));
  if (!created) return "no_new_account";
  return recordReferral(db, input.code, created.id);
}

/** The full link of a referral code, as the account page shows it. */
export function referralLink(config: Config, code: string): string {
  return `${siteUrl(config)}${referralPath(code)}`;
}

/** When the referred customer's first booking is released, both they and their referrer get the credit (once). */
export async function rewardReferral(tx: DbOrTx, booking: Booking, now: Date): Promise<void> {
  const [rewarded] = await tx
    .update(referrals)
    .set({ rewardedAt: now })
    .where(and(eq(referrals.referredUserId, booking.customerUserId), isNull(referrals.rewardedAt)))
    .returning({ referrerUserId: referrals.referrerUserId });
  if (!rewarded) return;
  const credit = vipPromotions.referral.creditPence;
  await postLedgerEvent(tx, {
    kind: "referral_credit",
    bookingId: booking.id,
    idempotencyKey: `referral-${booking.customerUserId}-reward`,
    entries: [
      { account: ACCOUNTS.promotions, amountPence: -2 * credit },
      { account: ACCOUNTS.customerCredit(booking.customerUserId), amountPence: credit },
      { account: ACCOUNTS.customerCredit(rewarded.referrerUserId), amountPence: credit },
    ],
  });
}
