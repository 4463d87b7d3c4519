import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerEvents, providerOperations, type Booking } from "#server/db/schema/bookings.ts";
import { ACCOUNTS } from "./ledger.server";

/**
 * What actually happened to a booking's money, read from the ledger (never from the quote's split):
 * what went back to the customer's card, what the fixer earned and what was transferred, what FixiT
 * kept. Read by account, not by transition, so an outcome added later (a new settlement) shows too.
 */
export type BookingMoneyOutcome = {
  /** The booking has been settled: its held money went somewhere. */
  settled: boolean;
  /** Owed back to the customer's card by the booking's settlement (refunds of unused second payments are apart). */
  refundedPence: number;
  /** Of all refunds for this booking (settlement and unused payments), what the provider has paid back so far. */
  refundSentPence: number;
  /** Second payments the booking did not need (another tab's checkout), refunded in full. */
  unusedPaymentsRefundedPence: number;
  /** Referral credit given back to the customer's account. */
  creditReturnedPence: number;
  /** Credited to the fixer (what they get). */
  fixerEarnedPence: number;
  /** Transferred to the fixer's payout account. */
  fixerPaidOutPence: number;
  /**
   * Where the fixer's money is: nothing owed, transferred, transferred but waiting at Stripe for the
   * customer's payment to clear (decision 076), being transferred, or waiting for a payout account.
   */
  payout: "none" | "paid_out" | "on_its_way" | "transferring" | "waiting_for_account";
  /** FixiT's fee and service charge kept. */
  feesKeptPence: number;
};

export async function bookingMoneyOutcome(db: DbOrTx, booking: Pick<Booking, "id" | "fixerUserId" | "customerUserId">): Promise<BookingMoneyOutcome> {
  const [rows, transfers] = await Promise.all([
    db
      .select({ kind: ledgerEvents.kind, code: ledgerAccounts.code, amountPence: ledgerEntries.amountPence })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerEvents, eq(ledgerEvents.id, ledgerEntries.eventId))
      .where(eq(ledgerEvents.bookingId, booking.id)),
    db
      .select({ status: providerOperations.status, fundsPending: sql<boolean>`${providerOperations.fundsPendingUntil} is not null`, n: sql<number>`count(*)::int` })
      .from(providerOperations)
      .where(and(eq(providerOperations.bookingId, booking.id), eq(providerOperations.kind, "transfer")))
      .groupBy(providerOperations.status, sql`${providerOperations.fundsPendingUntil} is not null`),
  ]);
  const out: BookingMoneyOutcome = {
    settled: false,
    refundedPence: 0,
    refundSentPence: 0,
    unusedPaymentsRefundedPence: 0,
    creditReturnedPence: 0,
    fixerEarnedPence: 0,
    fixerPaidOutPence: 0,
    payout: "none",
    feesKeptPence: 0,
  };
  const fixerPayable = ACCOUNTS.fixerPayable(booking.fixerUserId);
  const customerCredit = ACCOUNTS.customerCredit(booking.customerUserId);
  for (const { kind, code, amountPence: amount } of rows) {
    if (code === ACCOUNTS.heldFunds && amount < 0) out.settled = true;
    if (code === ACCOUNTS.refunds) {
      if (amount < 0) out.refundSentPence -= amount;
      else if (kind === "payment_unused") out.unusedPaymentsRefundedPence += amount;
      else out.refundedPence += amount;
    }
    if (code === fixerPayable) {
      if (amount > 0) out.fixerEarnedPence += amount;
      else out.fixerPaidOutPence -= amount;
    }
    if (code === ACCOUNTS.platformFees) out.feesKeptPence += amount;
    // Credit given back by a settlement; a referral reward for the booking is new credit, not a return.
    if (code === customerCredit && amount > 0 && kind !== "referral_credit" && kind !== "credit_returned") out.creditReturnedPence += amount;
  }
  const statuses = new Set(transfers.map((t) => t.status));
  if (out.fixerEarnedPence > 0) {
    const fundsPending = transfers.some((t) => t.fundsPending);
    out.payout =
      out.fixerPaidOutPence >= out.fixerEarnedPence
        ? fundsPending
          ? "on_its_way"
          : "paid_out"
        : statuses.has("waiting_for_account")
          ? "waiting_for_account"
          : "transferring";
  }
  return out;
}
