import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { pino } from "pino";
import { loadConfig } from "#server/config.ts";
import { openDatabase, type Database, type Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/auth.ts";
import { bookings, bookingTransitions, earlyBirdCustomers, ledgerEvents, providerOperations, quoteBookingTerms, testProviderObjects } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { vipPromotions } from "~/content/prices";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import type { BookingTimer } from "~/features/bookings/process";
import { runBookingTimer } from "~/features/bookings/timers.server";
import { BOOKING_PROVIDER_JOB, runProviderOperation } from "~/features/bookings/money.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { testMoneyProvider, type BookingMoneyProvider } from "~/features/bookings/provider.server";
import { bookingSlotOf, slotStartsAt, type Slot } from "~/features/bookings/slots";
import { BOOKING_TIMER_JOB } from "~/features/bookings/transition.server";
import { fulfilments } from "~/composition-root.server";
import { createPaymentsService, markPaidAndFulfil } from "~/features/payments/payments.server";
import type { AppServices } from "~/app-services.server.ts";
import { createApprovedFixer, createUser, daysFromToday } from "#tests/helpers/marketplace.ts";
import { createTestDatabase, dropTestDatabase } from "./server";

/**
 * The bookings' money tests run the services against a real database of the suite's kind (in-memory
 * PGlite, or a PostgreSQL database of their own with TEST_DB_KIND=postgres), with the payments
 * service's real TEST MODE checkout and fulfilment, and the TEST MODE money provider.
 */
export type BookingWorld = {
  services: AppServices;
  db: Db;
  deps: { db: Db; publicUrl: string };
  provider: BookingMoneyProvider;
  close(): Promise<void>;
};

/**
 * A fresh database with the services a booking needs. Unless `earlyBirdOpen`, the early-bird offer's
 * places are all taken first, so amounts are the plain ones (the offer has tests of its own).
 */
export async function openBookingWorld(options: { earlyBirdOpen?: boolean } = {}): Promise<BookingWorld> {
  const databaseUrl = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bookings-"));
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://fixit.test" });
  const database: Database = await openDatabase(config);
  const services = { config, logger: pino({ level: "silent" }), database, db: database.db, payments: createPaymentsService(config, fulfilments) } as unknown as AppServices;
  if (!options.earlyBirdOpen) {
    const places = vipPromotions.earlyBird.firstUsers;
    const early = Array.from({ length: places }, (_, i) => ({ id: `early-bird-${i + 1}`, name: "Early", email: `early-${i + 1}@example.com`, emailVerified: true }));
    await database.db.insert(users).values(early);
    await database.db.insert(earlyBirdCustomers).values(early.map((u, i) => ({ customerUserId: u.id, position: i + 1 })));
  }
  return {
    services,
    db: database.db,
    deps: { db: database.db, publicUrl: config.publicUrl },
    provider: testMoneyProvider(database.db),
    async close() {
      await database.close();
      await dropTestDatabase(databaseUrl);
    },
  };
}

/** The address fields the booking form asks for (decision 066), for a job at SW1A 1AA (the seeded jobs' postcode). */
export const jobAddressForm = { addressLine1: "10 Acacia Road", addressLine2: "", town: "London", postcode: "SW1A 1AA", accessNotes: "" } as const;

let jobCounter = 0;

/** A customer's job with an accepted fixed-price quote from an approved fixer, and the fixer's proposed slots. */
export async function acceptedQuote(db: Db, options: { pricePence?: number; slots?: Slot[]; range?: { from: number; to: number } } = {}) {
  const customer = await createUser(db, { name: `Customer ${++jobCounter}` });
  const fixer = await createApprovedFixer(db, { first: "Fay", last: `Fixer${jobCounter}`, services: ["plumbing"], areas: ["SW1"] });
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: `Leaking tap ${jobCounter}`, description: "The kitchen tap drips all day.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db
    .insert(quotes)
    .values({
      jobId: job!.id,
      fixerUserId: fixer.id,
      priceKind: options.range ? "range" : "fixed",
      amountPence: options.range?.from ?? options.pricePence ?? 12_000,
      amountToPence: options.range?.to ?? null,
      includes: "Parts and labour",
      earliestStart: daysFromToday(1),
      status: "accepted",
    })
    .returning();
  const slots = options.slots ?? [{ date: daysFromToday(3), window: "morning" }];
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots });
  return { customer, fixer, job: job!, quote: quote!, slots };
}

/** Pays a booking through the payments service's TEST MODE checkout and fulfilment. */
export async function payBooking(world: BookingWorld, customerUserId: string, bookingId: number): Promise<string> {
  const { paymentId } = await startBookingCheckout(world.services, customerUserId, bookingId);
  await markPaidAndFulfil(world.services, paymentId, "test-checkout");
  return paymentId;
}

/** A booked (paid) booking on one of the fixer's slots. */
export async function bookedBooking(world: BookingWorld, options: Parameters<typeof acceptedQuote>[1] = {}) {
  const setup = await acceptedQuote(world.db, options);
  const { bookingId } = await createBooking(world.deps, setup.customer.id, { quoteId: setup.quote.id, slot: setup.slots[0]! });
  const paymentId = await payBooking(world, setup.customer.id, bookingId);
  return { ...setup, bookingId, paymentId };
}

/** A moment after the booking's slot started (the fixer may mark it done). */
export async function afterSlot(db: Db, bookingId: number, hours = 2): Promise<Date> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return new Date(slotStartsAt(bookingSlotOf(b!)).getTime() + hours * 3_600_000);
}

/** Runs the queued provider operations (as the outbox worker would), with `provider`; answers how many ran. */
export async function runProviderJobs(world: BookingWorld, provider: BookingMoneyProvider = world.provider): Promise<number> {
  const queued = await world.db.select().from(outboxJobs).where(and(eq(outboxJobs.kind, BOOKING_PROVIDER_JOB), eq(outboxJobs.status, "pending")));
  for (const job of queued) {
    await runProviderOperation({ db: world.db, provider }, (job.payload as { operationId: number }).operationId);
    await world.db.update(outboxJobs).set({ status: "sent" }).where(eq(outboxJobs.id, job.id));
  }
  return queued.length;
}

/** The timers queued for a booking. */
export async function timersOf(db: Db, bookingId: number): Promise<{ timer: string; runAt: Date }[]> {
  const rows = await db.select().from(outboxJobs).where(and(eq(outboxJobs.kind, BOOKING_TIMER_JOB), sql`(${outboxJobs.payload}->>'bookingId')::bigint = ${bookingId}`));
  return rows.map((r) => ({ timer: (r.payload as { timer: string }).timer, runAt: r.runAt }));
}

export const fireTimer = (world: BookingWorld, bookingId: number, timer: BookingTimer, now: Date) => runBookingTimer({ ...world.deps, now: () => now }, { bookingId, timer });

/** Everything a refused request must leave as it was. */
export async function moneySnapshot(db: Db, bookingId: number) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [timeline, events, ops] = await Promise.all([
    db.select({ id: bookingTransitions.id }).from(bookingTransitions).where(eq(bookingTransitions.bookingId, bookingId)),
    db.select({ id: ledgerEvents.id }).from(ledgerEvents).where(eq(ledgerEvents.bookingId, bookingId)),
    db.select({ id: providerOperations.id, status: providerOperations.status }).from(providerOperations).where(eq(providerOperations.bookingId, bookingId)),
  ]);
  return { state: booking!.state, releaseFrozenAt: booking!.releaseFrozenAt, timeline: timeline.length, ledgerEvents: events.length, ops };
}

/** What the provider's own books hold for a booking: transfers to fixers and refunds. */
export async function providerBooks(db: Db, kinds: ("transfer" | "refund")[] = ["transfer", "refund"]) {
  return db.select().from(testProviderObjects).where(inArray(testProviderObjects.kind, kinds));
}
