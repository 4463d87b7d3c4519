import { and, eq } from "drizzle-orm";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { checkBookingInput, createBookingIn, type CreateBookingInput } from "~/features/bookings/bookings.server";
import { BookingError } from "~/features/bookings/errors";
import { nowOf, type BookingDeps } from "~/features/bookings/transition.server";
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
