import { formatGBP } from "~/content/prices";
import { z } from "~/lib/zod";
import { bookingPaths } from "./paths";

/**
 * A fixer's payout account (decision 052): the paths, the states a fixer sees, and the TEST MODE
 * stand-in's bank form (one schema for the browser and the server). No server imports: this module
 * reaches the browser bundle.
 */

export const payoutPaths = {
  page: bookingPaths.payouts,
  /** Where Stripe's onboarding sends the fixer back. */
  stripeReturn: "/fixer/payouts/return",
  /** The TEST MODE stand-in for Stripe's hosted onboarding. */
  testOnboarding: (accountId: string) => `/fixer/payouts/test/${accountId}`,
  earnings: "/fixer/earnings",
  earningsCsv: "/fixer/earnings.csv",
} as const;

export type PayoutAccountState = "not_connected" | "pending" | "active";

export const PAYOUT_STATE_LABELS: Record<PayoutAccountState, string> = {
  not_connected: "Not connected",
  pending: "Pending: finish setting it up",
  active: "Active",
};

/** The test bank details the stand-in accepts (Stripe's own UK test account). */
export const TEST_BANK = { sortCode: "10-88-00", accountNumber: "00012345" } as const;

/** A test payout account id: what the stand-in's URL carries. */
export const TEST_ACCOUNT_ID = /^acct_test_[a-z0-9]{16}$/;

const digitsOf = (raw: unknown) => (typeof raw === "string" ? raw.replace(/[\s-]/g, "") : "");
const trimmed = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");

/**
 * The stand-in's form: the account holder's name and a UK sort code and account number of the test
 * kind. Other bank details are refused: nothing here is a real account, and none is stored.
 * (parseSubmission has already refused NUL bytes and line breaks in every field.)
 */
export const testPayoutFormSchema = z.object({
  holderName: z.preprocess(trimmed, z.string().min(1, "Enter the account holder's name.").max(100, "Please keep the name under 100 characters.")),
  sortCode: z.preprocess(
    digitsOf,
    z
      .string()
      .regex(/^\d{6}$/, "Enter the sort code as 6 digits, like 10-88-00.")
      .refine((v) => v === digitsOf(TEST_BANK.sortCode), `This is a test account: use sort code ${TEST_BANK.sortCode}.`),
  ),
  accountNumber: z.preprocess(
    digitsOf,
    z
      .string()
      .regex(/^\d{8}$/, "Enter the account number as 8 digits.")
      .refine((v) => v === TEST_BANK.accountNumber, `This is a test account: use account number ${TEST_BANK.accountNumber}.`),
  ),
});

/** "£108.00 from 1 booking is waiting for your payout account." */
export const waitingText = (pence: number, count: number) => `${formatGBP(pence)} from ${count === 1 ? "1 booking is" : `${count} bookings are`} waiting for your payout account.`;
