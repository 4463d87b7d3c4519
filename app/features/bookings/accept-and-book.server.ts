import { and, eq } from "drizzle-orm";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { isQuotesError } from "~/features/quotes/errors";
import { acceptQuoteIn } from "~/features/quotes/quotes.server";
import { checkBookingInput, createBookingIn, type CreateBookingInput } from "./bookings.server";
import { BookingError } from "./errors";
import { nowOf, type BookingDeps } from "./transition.server";

/**
 * Accepting a quote books it (issue 34): the customer's choice of slot accepts the quote (if it is
 * still waiting) and makes the booking, waiting for payment, in one transaction. Either both
 * happen or neither: a quote is never accepted by a booking that was refused (a range quote whose
 * price is not fixed yet, a fixer not taking bookings, a slot in the past).
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
