import { and, eq } from "drizzle-orm";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import type { DbOrTx } from "#server/db/client.ts";
import { bookQuoteIn, checkBookingInput, type CreateBookingInput } from "~/features/bookings/bookings.server";
import { BookingError } from "~/features/bookings/errors";
import { nowOf, type BookingDeps } from "~/features/bookings/transition.server";
import { bookingQuoteReads } from "./booking-reads.server";
import { isQuotesError } from "./errors";
import { acceptQuoteIn } from "./quotes.server";

/**
 * Accepting a quote books it (issue 34): the customer's choice of slot accepts the quote (if it is
 * still waiting) and makes the booking, waiting for payment, in one transaction. Either both
 * happen or neither: a quote is never accepted by a booking that was refused (a range quote whose
 * price is not fixed yet, a fixer not taking bookings, a slot in the past). Here, in quotes, which
 * may use the bookings feature; the booking page's route hands it to the bookings' action.
 */
export async function acceptAndBook(deps: BookingDeps, customerUserId: string, input: CreateBookingInput): Promise<{ bookingId: number }> {
  checkBookingInput(input, nowOf(deps));
  try {
    return await deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ status: quotes.status })
        .from(quotes)
        .innerJoin(jobs, eq(jobs.id, quotes.jobId))
        .where(and(eq(quotes.id, input.quoteId), eq(jobs.customerUserId, customerUserId)));
      if (!found) throw new BookingError("not_found", "There is no such quote on your jobs.");
      if (found.status === "sent") await acceptQuoteIn(tx, deps, customerUserId, input.quoteId);
      return createBookingIn(tx, deps, customerUserId, input);
    });
  } catch (error) {
    // The quotes service's refusal, in the booking's words and statuses.
    if (isQuotesError(error)) throw new BookingError(error.status === 404 ? "not_found" : error.status === 400 ? "invalid" : "conflict", error.message);
    throw error;
  }
}

/**
 * A booking of the customer's accepted quote, waiting for payment (bookings' bookQuoteIn says what it
 * costs and when it is booked). Here, where the quote's and job's rows are: booking the same quote
 * again while the first waits for payment answers that booking.
 */
export async function createBooking(deps: BookingDeps, customerUserId: string, input: CreateBookingInput): Promise<{ bookingId: number }> {
  checkBookingInput(input, nowOf(deps));
  return deps.db.transaction((tx) => createBookingIn(tx, deps, customerUserId, input));
}

/** createBooking inside the caller's transaction (accepting a quote and booking it are one): the quote, locked after its job, then the booking. */
export async function createBookingIn(tx: DbOrTx, deps: BookingDeps, customerUserId: string, input: CreateBookingInput): Promise<{ bookingId: number }> {
  const slot = checkBookingInput(input, nowOf(deps));
  const [found] = await tx
    .select({ jobId: jobs.id, district: jobs.district })
    .from(quotes)
    .innerJoin(jobs, eq(jobs.id, quotes.jobId))
    .where(and(eq(quotes.id, input.quoteId), eq(jobs.customerUserId, customerUserId)));
  if (!found) throw new BookingError("not_found", "There is no such quote on your jobs.");
  // The job's row lock orders this booking after any change the quotes services make to the job.
  await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, found.jobId)).for("update");
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, input.quoteId));
  if (quote!.status !== "accepted") throw new BookingError("conflict", "Accept this quote before booking it.");
  return bookQuoteIn(tx, deps, bookingQuoteReads, { customerUserId, quote: quote!, district: found.district, slot, address: input.address });
}
