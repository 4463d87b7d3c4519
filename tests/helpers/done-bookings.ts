import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { bookings, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { confirmDone, createBooking, markDone } from "~/features/bookings/bookings.server";
import { savePayoutAccount } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import type { JobAddress } from "~/features/bookings/schemas";
import { bookingSlotOf, slotStartsAt, ukDate, type Slot } from "~/features/bookings/slots";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import type { AppServices } from "~/features/services.server";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";

/**
 * People and bookings seeded through a running server's own services (the way the bookings bench
 * seeds them), for tests about what a request does to a booking rather than about getting there.
 */
export const SEEDED_PASSWORD = "copper-kettle-violet-harbour";
export type SignedInPerson = { id: string; email: string; cookie: string };

/** A confirmed account with a session: `cookie` is the Cookie header a browser would send. */
export async function signedInPerson(services: AppServices, email: string, userType: "customer" | "fixer"): Promise<SignedInPerson> {
  const { auth, db } = services;
  await auth.api.signUpEmail({ body: { name: email, fullName: "Seeded Person", email, password: SEEDED_PASSWORD, userType } as never });
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const { headers, response } = await auth.api.signInEmail({ body: { email, password: SEEDED_PASSWORD }, returnHeaders: true });
  return { id: response.user.id, email, cookie: headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ") };
}

/** An approved plumbing fixer in SW1 with a session and (unless `payoutAccount: false`) a TEST MODE payout account. */
export async function signedInFixer(services: AppServices, email: string, options: { payoutAccount?: boolean } = {}): Promise<SignedInPerson> {
  const fixer = await signedInPerson(services, email, "fixer");
  await createApprovedFixer(services.db, { user: { id: fixer.id, email, name: "Seeded Fixer" }, first: "Seeded", last: "Fixer", services: ["plumbing"], areas: ["SW1"], publicFixerData: services.publicFixerData });
  if (options.payoutAccount !== false) await savePayoutAccount(services.db, fixer.id, { provider: "test", providerAccountId: `acct_${fixer.id}`, active: true });
  return fixer;
}

let seededJobs = 0;

const seededSlot = (): Slot => ({ date: ukDate(new Date(Date.now() + 3 * 86_400_000)), window: "morning" });

/** A customer's job at SW1A 1AA (in progress) with the fixer's accepted fixed-price quote offering `slot` (three days ahead unless given), waiting to be booked. */
export async function acceptedSeededQuote(services: AppServices, customerId: string, fixerId: string, options: { pricePence?: number; slot?: Slot; title?: string } = {}) {
  const { db } = services;
  const slot: Slot = options.slot ?? seededSlot();
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customerId, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: options.title ?? `Seeded booking ${++seededJobs}`, description: "A dripping tap that needs a new washer.", timing: "week", status: "in_progress" })
    .returning({ id: jobs.id, title: jobs.title });
  const [quote] = await db
    .insert(quotes)
    .values({ jobId: job!.id, fixerUserId: fixerId, priceKind: "fixed", amountPence: options.pricePence ?? 6_000, includes: "Parts and labour", earliestStart: slot.date, status: "accepted" })
    .returning({ id: quotes.id });
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
  return { quoteId: quote!.id, jobId: job!.id, title: job!.title, slot };
}

/** The customer's accepted quote booked for its slot and paid through the TEST MODE checkout: booked. */
export async function payQuote(services: AppServices, publicUrl: string, customerId: string, quoteId: number, slot: Slot = seededSlot()): Promise<number> {
  const { db } = services;
  await db.insert(quoteBookingTerms).values({ quoteId, slots: [slot] }).onConflictDoNothing();
  const { bookingId } = await createBooking({ db, publicUrl }, customerId, { quoteId, slot });
  const { paymentId } = await startBookingCheckout(services, customerId, bookingId);
  await markPaidAndFulfil(services, paymentId, "test-checkout");
  return bookingId;
}

/**
 * A booking of a seeded accepted quote: waiting for payment, or (`paid`) paid through the TEST MODE
 * checkout and booked on the fixer's slot; `started` then moves its slot to yesterday, as if it had begun.
 */
export async function seededBooking(
  services: AppServices,
  publicUrl: string,
  customerId: string,
  fixerId: string,
  options: { pricePence?: number; slot?: Slot; title?: string; paid?: boolean; started?: boolean; address?: JobAddress } = {},
) {
  const quote = await acceptedSeededQuote(services, customerId, fixerId, options);
  const { bookingId } = await createBooking({ db: services.db, publicUrl }, customerId, { quoteId: quote.quoteId, slot: quote.slot, address: options.address });
  if (!options.paid) return { ...quote, bookingId, paymentId: null };
  const { paymentId } = await startBookingCheckout(services, customerId, bookingId);
  await markPaidAndFulfil(services, paymentId, "test-checkout");
  if (options.started) await services.db.update(bookings).set({ slotDate: ukDate(new Date(Date.now() - 86_400_000)) }).where(eq(bookings.id, bookingId));
  return { ...quote, bookingId, paymentId };
}

/** A booking paid through the TEST MODE checkout, on the fixer's slot (booked); `started`: its slot began yesterday. */
export const paidBooking = (services: AppServices, publicUrl: string, customerId: string, fixerId: string, options: { pricePence?: number; slot?: Slot; title?: string; started?: boolean } = {}) =>
  seededBooking(services, publicUrl, customerId, fixerId, { ...options, paid: true });

/** A booking paid through the TEST MODE checkout and marked done by its fixer: it waits for the customer's confirmation. */
export async function doneBooking(services: AppServices, publicUrl: string, customerId: string, fixerId: string, pricePence = 6_000): Promise<number> {
  const { bookingId, slot } = await paidBooking(services, publicUrl, customerId, fixerId, { pricePence });
  const afterSlot = new Date(slotStartsAt(slot).getTime() + 2 * 3_600_000);
  await markDone({ db: services.db, publicUrl, now: () => afterSlot }, fixerId, bookingId, { note: "All done." });
  return bookingId;
}

/**
 * The accepted quote's work done and paid for: booked, paid, marked done by its fixer and confirmed
 * by the customer (released). Reviews are only for such work (decision 064).
 */
export async function releasedQuote(services: AppServices, publicUrl: string, customerId: string, quoteId: number): Promise<number> {
  const bookingId = await payQuote(services, publicUrl, customerId, quoteId);
  const [row] = await services.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const afterSlot = new Date(slotStartsAt(bookingSlotOf(row!)).getTime() + 2 * 3_600_000);
  await markDone({ db: services.db, publicUrl, now: () => afterSlot }, row!.fixerUserId, bookingId, { note: "All done." });
  await confirmDone({ db: services.db, publicUrl }, customerId, bookingId);
  return bookingId;
}

/**
 * A released booking of the accepted quote written straight into the table (settled two days ago),
 * for tests about reviews rather than bookings: reviews are only for paid work (decision 064).
 */
export async function recordReleasedBooking(db: AppServices["db"], quoteId: number): Promise<number> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  const [job] = await db.select({ customerUserId: jobs.customerUserId }).from(jobs).where(eq(jobs.id, quote!.jobId));
  const price = quote!.amountPence;
  const fee = Math.round(price * 0.05);
  const charge = Math.round(price * 0.1);
  const [row] = await db
    .insert(bookings)
    .values({
      quoteId,
      jobId: quote!.jobId,
      customerUserId: job!.customerUserId,
      fixerUserId: quote!.fixerUserId,
      slotDate: ukDate(new Date(Date.now() - 3 * 86_400_000)),
      slotWindow: "morning",
      slotProposedBy: "fixer",
      pricePence: price,
      customerFeePence: fee,
      totalPence: price + fee,
      fixerChargePence: charge,
      fixerNetPence: price - charge,
      lateFeePence: 0,
      state: "released",
      settledAt: new Date(Date.now() - 2 * 86_400_000),
    })
    .returning({ id: bookings.id });
  return row!.id;
}
