import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, quoteBookingTerms, type QuoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { LIVE_STATES } from "./bookings.server";
import { BookingError } from "./errors";
import { fixerShare } from "./pricing";
import { slotSchema } from "./schemas";
import { sameSlot, slotIsBookable, type Slot } from "./slots";
import type { BookingDeps } from "./transition.server";

/**
 * What a quote needs before it can be booked, set by its fixer: one to three proposed start slots,
 * and for a range quote the one price it will cost (within the range). Kept in quote_booking_terms
 * beside the quote, so the quotes feature's tables and services stay as they are.
 */

export const MAX_PROPOSED_SLOTS = 3;

export type QuoteTermsInput = { slots: Slot[]; fixedPricePence: number | null };

export async function setQuoteBookingTerms(deps: BookingDeps, fixerUserId: string, quoteId: number, input: QuoteTermsInput, now: Date = new Date()): Promise<void> {
  if (!Array.isArray(input.slots) || input.slots.length < 1 || input.slots.length > MAX_PROPOSED_SLOTS) {
    throw new BookingError("invalid", `Propose one to ${MAX_PROPOSED_SLOTS} start slots.`);
  }
  const slots: Slot[] = [];
  for (const raw of input.slots) {
    const parsed = slotSchema.safeParse(raw);
    if (!parsed.success) throw new BookingError("invalid", parsed.error.issues[0]?.message ?? "Choose a date and a time of day.");
    if (!slotIsBookable(parsed.data, now)) throw new BookingError("invalid", "Propose slots from tomorrow onwards, within a year.");
    if (slots.some((s) => sameSlot(s, parsed.data))) throw new BookingError("invalid", "Propose each slot once.");
    slots.push(parsed.data);
  }
  if (!Number.isSafeInteger(quoteId) || quoteId <= 0) throw new BookingError("not_found", "There is no such quote of yours.");

  await deps.db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.fixerUserId, fixerUserId)));
    if (!quote) throw new BookingError("not_found", "There is no such quote of yours.");
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, quote.jobId)).for("update");
    const [current] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (current!.status !== "sent" && current!.status !== "accepted") throw new BookingError("conflict", "This quote can no longer be booked.");
    const [live] = await tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.quoteId, quoteId), inArray(bookings.state, LIVE_STATES)));
    if (live) throw new BookingError("conflict", "This quote is already booked: change the slot on the booking instead.");

    let fixedPricePence: number | null = null;
    if (quote.priceKind === "range") {
      const price = input.fixedPricePence;
      if (price === null || !Number.isSafeInteger(price) || price < quote.amountPence || price > (quote.amountToPence ?? quote.amountPence)) {
        throw new BookingError("invalid", "Fix the price within your quote's range before it can be booked.");
      }
      fixedPricePence = price;
    } else if (input.fixedPricePence !== null && input.fixedPricePence !== quote.amountPence) {
      throw new BookingError("invalid", "A fixed-price quote is booked at its price: change the quote to change the price.");
    }
    await tx
      .insert(quoteBookingTerms)
      .values({ quoteId, slots, fixedPricePence, updatedAt: now })
      .onConflictDoUpdate({ target: quoteBookingTerms.quoteId, set: { slots, fixedPricePence, updatedAt: now } });
  });
}

export type QuoteBookingView = { slots: Slot[]; pricePence: number | null; fixerNetPence: number | null };

/** What the booking page and the quote show: the slots, the bookable price (null while a range is not fixed) and "you will receive £X". */
export async function quoteBookingView(db: DbOrTx, quote: { id: number; priceKind: string; amountPence: number }): Promise<QuoteBookingView> {
  const [terms]: (QuoteBookingTerms | undefined)[] = await db.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, quote.id));
  const pricePence = quote.priceKind === "fixed" ? quote.amountPence : (terms?.fixedPricePence ?? null);
  return { slots: terms?.slots ?? [], pricePence, fixerNetPence: pricePence === null ? null : fixerShare(pricePence).fixerNetPence };
}
