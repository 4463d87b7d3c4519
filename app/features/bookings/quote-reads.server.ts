import type { SQL, SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";

/**
 * What bookings read of the quotes feature's rows (a job, a quote, a fixer's profile). Quotes owns
 * those tables and imports bookings, so bookings cannot import them (decision 089): the caller hands
 * these in (quotes' booking-reads.server.ts implements them; a route, quotes or emergency passes them).
 * Each function names the narrow part it takes.
 */

/** A quote as booking it reads it. */
export type QuoteOfBooking = { id: number; jobId: number; fixerUserId: string; status: string; priceKind: string; amountPence: number; amountToPence: number | null };

/** The customer's quote the new-booking page offers: the quote, its job's title, status and place, and the fixer's public name. */
export type QuoteToBook = { quote: QuoteOfBooking; title: string; jobStatus: string; postcode: string; district: string; fixerName: string | null };

export type BookingQuoteReads = {
  /** The job's title; null when there is no such job. */
  jobTitle(db: DbOrTx, jobId: number): Promise<string | null>;
  /** The fixer's public name ("Ann B."); null when they have no profile. */
  fixerName(db: DbOrTx, fixerUserId: string): Promise<string | null>;
  /** The same two as scalar subqueries of an outer column, for a list that reads them in its one query. */
  jobTitleSql(jobId: SQLWrapper): SQL<string | null>;
  fixerNameSql(fixerUserId: SQLWrapper): SQL<string | null>;
  /** The fixer has a profile, and neither it (leads paused) nor their account (disabled) stops them taking bookings. */
  fixerTakesBookings(tx: DbOrTx, fixerUserId: string): Promise<boolean>;
  /** The fixer has a profile (an approved fixer): only they connect a payout account. */
  hasFixerProfile(db: DbOrTx, fixerUserId: string): Promise<boolean>;
  /** The customer's quote on one of their jobs, with what the new-booking page shows; null when it is not theirs. */
  quoteToBook(db: DbOrTx, customerUserId: string, quoteId: number): Promise<QuoteToBook | null>;
  /**
   * The fixer's own quote, locked after its job (the order every quotes and bookings change takes),
   * as it is once locked; null when it is not theirs.
   */
  lockFixersQuote(tx: DbOrTx, fixerUserId: string, quoteId: number): Promise<QuoteOfBooking | null>;
  /** The job's customer (email, name to greet) and its title; null when the job or the account is gone. */
  jobCustomer(tx: DbOrTx, jobId: number): Promise<{ email: string; name: string; title: string } | null>;
};
