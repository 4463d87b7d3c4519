import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { bookings, quoteBookingTerms, type QuoteBookingTerms } from "#server/db/schema/bookings.ts";
import { company } from "~/content/company";
import { formatGBP } from "~/content/prices";
import { renderEmail } from "~/lib/email-templates.server.ts";
import { enqueueEmail } from "#server/mail/outbox.ts";
import { LIVE_STATES } from "./state-machine";
import { BookingError } from "./errors";
import { bookingPaths } from "./paths";
import { fixerShare } from "./pricing";
import { checkProposedSlots } from "./schemas";
import type { Slot } from "./slots";
import type { BookingQuoteReads, QuoteOfBooking } from "./quote-reads.server";
import type { BookingDeps } from "./transition.server";

/**
 * What a quote needs before it can be booked, set by its fixer: one to three proposed start slots
 * (sent with the quote), and for a range quote the one price it will cost (within the range, fixed
 * later, once the fixer knows). Kept in quote_booking_terms beside the quote, so the quotes
 * feature's tables stay as they are.
 */

export { MAX_PROPOSED_SLOTS } from "./slots";

export type QuoteTermsInput = { slots: Slot[]; fixedPricePence: number | null };

/** What the quote terms read of the quotes feature's rows, handed in by it (it imports bookings). */
export type QuoteTermsReads = Pick<BookingQuoteReads, "lockFixersQuote" | "jobCustomer">;

/** The quote, locked after its job (the order every quotes and bookings change takes); only its fixer's. */
async function lockOwnQuote(tx: DbOrTx, reads: QuoteTermsReads, fixerUserId: string, quoteId: number): Promise<QuoteOfBooking> {
  if (!Number.isSafeInteger(quoteId) || quoteId <= 0) throw new BookingError("not_found", "There is no such quote of yours.");
  const current = await reads.lockFixersQuote(tx, fixerUserId, quoteId);
  if (!current) throw new BookingError("not_found", "There is no such quote of yours.");
  if (current.status !== "sent" && current.status !== "accepted") throw new BookingError("conflict", "This quote can no longer be booked.");
  const [live] = await tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.quoteId, quoteId), inArray(bookings.state, LIVE_STATES)));
  if (live) throw new BookingError("conflict", "This quote is already booked: change the slot on the booking instead.");
  return current;
}

function checkFixedPrice(quote: QuoteOfBooking, price: number | null): number | null {
  if (quote.priceKind === "range") {
    if (price === null) return null;
    if (!Number.isSafeInteger(price) || price < quote.amountPence || price > (quote.amountToPence ?? quote.amountPence)) {
      throw new BookingError("invalid", `Fix the price within your quote's range of ${formatGBP(quote.amountPence)} to ${formatGBP(quote.amountToPence ?? quote.amountPence)}.`);
    }
    return price;
  }
  if (price !== null && price !== quote.amountPence) throw new BookingError("invalid", "A fixed-price quote is booked at its price: change the quote to change the price.");
  return null;
}

/**
 * Writes a quote's slots and (for a range quote) its fixed price inside the caller's transaction:
 * the quote form sends the quote and its slots in one. A range quote may have slots and no price
 * yet: it is bookable once the price is fixed.
 */
export async function writeQuoteBookingTerms(tx: DbOrTx, reads: QuoteTermsReads, fixerUserId: string, quoteId: number, input: QuoteTermsInput, now: Date = new Date()): Promise<void> {
  const checked = checkProposedSlots(input.slots, now);
  if (!checked.ok) throw new BookingError("invalid", checked.message);
  const quote = await lockOwnQuote(tx, reads, fixerUserId, quoteId);
  const fixedPricePence = checkFixedPrice(quote, input.fixedPricePence);
  await tx
    .insert(quoteBookingTerms)
    .values({ quoteId, slots: checked.slots, fixedPricePence, updatedAt: now })
    .onConflictDoUpdate({ target: quoteBookingTerms.quoteId, set: { slots: checked.slots, fixedPricePence, updatedAt: now } });
}

export async function setQuoteBookingTerms(deps: BookingDeps, reads: QuoteTermsReads, fixerUserId: string, quoteId: number, input: QuoteTermsInput, now: Date = new Date()): Promise<void> {
  await deps.db.transaction((tx) => writeQuoteBookingTerms(tx, reads, fixerUserId, quoteId, input, now));
}

/**
 * The fixer fixes a range quote's one price (within the range), keeping its slots. If the customer
 * has already accepted the quote, they are emailed that it can now be booked.
 */
export async function fixQuotePrice(deps: BookingDeps, reads: QuoteTermsReads, fixerUserId: string, quoteId: number, pricePence: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const quote = await lockOwnQuote(tx, reads, fixerUserId, quoteId);
    if (quote.priceKind !== "range") throw new BookingError("conflict", "A fixed-price quote already has its price.");
    const fixedPricePence = checkFixedPrice(quote, pricePence)!;
    const [terms] = await tx.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, quoteId));
    if (!terms) throw new BookingError("conflict", "Propose start slots on your quote first.");
    await tx.update(quoteBookingTerms).set({ fixedPricePence, updatedAt: new Date() }).where(eq(quoteBookingTerms.quoteId, quoteId));
    if (quote.status !== "accepted") return;
    const row = await reads.jobCustomer(tx, quote.jobId);
    if (!row) return;
    await enqueueEmail(tx, {
      to: row.email,
      subject: `Ready to book: ${row.title}`,
      replyTo: company.supportEmail,
      ...renderEmail({
        preheader: `The fixer fixed the price at ${formatGBP(fixedPricePence)}.`,
        heading: "Your fixer fixed the price",
        paragraphs: [row.name ? `Hi ${row.name},` : "Hello,", `The price for "${row.title}" is ${formatGBP(fixedPricePence)}. Choose a start slot and pay to book it; the money is held by ${company.brand} until you confirm the job is done.`],
        action: { label: "Book a date and pay", url: deps.publicUrl + bookingPaths.newBooking(quoteId) },
        reason: `You are receiving this email because you accepted a quote on ${company.brand}.`,
      }),
    });
  });
}

export type QuoteBookingView = { slots: Slot[]; pricePence: number | null; fixerNetPence: number | null };

/** What the booking page and the quote show: the slots, the bookable price (null while a range is not fixed) and "you will receive £X". */
export async function quoteBookingView(db: DbOrTx, quote: { id: number; priceKind: string; amountPence: number }): Promise<QuoteBookingView> {
  const [terms]: (QuoteBookingTerms | undefined)[] = await db.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, quote.id));
  const pricePence = quote.priceKind === "fixed" ? quote.amountPence : (terms?.fixedPricePence ?? null);
  return { slots: terms?.slots ?? [], pricePence, fixerNetPence: pricePence === null ? null : fixerShare(pricePence).fixerNetPence };
}

export type QuoteBookingForFixer = QuoteBookingView & { liveBookingId: number | null };

/** The fixer's job page: their quote's slots, bookable price, what they receive, and its live booking if booked. */
export async function quoteBookingForFixer(db: DbOrTx, quote: { id: number; priceKind: string; amountPence: number }): Promise<QuoteBookingForFixer> {
  const [view, [live]] = await Promise.all([
    quoteBookingView(db, quote),
    db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.quoteId, quote.id), inArray(bookings.state, LIVE_STATES))),
  ]);
  return { ...view, liveBookingId: live?.id ?? null };
}

export type QuoteBookingForCustomer = { slots: Slot[]; pricePence: number | null; liveBookingId: number | null };

/** The customer's job page: per quote, its slots, its bookable price (null: a range not fixed yet) and its live booking. */
export async function quoteBookingsForCustomer(db: DbOrTx, list: { id: number; priceKind: string; amountPence: number }[]): Promise<Record<number, QuoteBookingForCustomer>> {
  if (!list.length) return {};
  const ids = list.map((q) => q.id);
  const [terms, live] = await Promise.all([
    db.select().from(quoteBookingTerms).where(inArray(quoteBookingTerms.quoteId, ids)),
    db.select({ id: bookings.id, quoteId: bookings.quoteId }).from(bookings).where(and(inArray(bookings.quoteId, ids), inArray(bookings.state, LIVE_STATES))),
  ]);
  const out: Record<number, QuoteBookingForCustomer> = {};
  for (const q of list) {
    const t = terms.find((row) => row.quoteId === q.id);
    out[q.id] = {
      slots: t?.slots ?? [],
      pricePence: q.priceKind === "fixed" ? q.amountPence : (t?.fixedPricePence ?? null),
      liveBookingId: live.find((b) => b.quoteId === q.id)?.id ?? null,
    };
  }
  return out;
}
