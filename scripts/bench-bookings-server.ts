/**
 * The bookings bench's server (scripts/bench-bookings.ts): the production build started in this
 * process through its `start()`, then seeded through its own services: `BENCH_BOOKINGS_CUSTOMERS`
 * signed-in customers and `BENCH_BOOKINGS_FIXERS` approved fixers with a TEST MODE payout account,
 * and `BENCH_BOOKINGS` bookings made the product's way — an accepted quote with a slot booked
 * (`createBooking`), paid through the payments service's TEST MODE checkout and fulfilment, and
 * marked done by the fixer after its slot (the fixer's clock moved past the slot). Prints one JSON
 * line with the bookings and the customers' sessions, then serves until SIGTERM.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import type { start as startServer } from "~/composition-root.server.ts";
import { createBooking, markDone } from "~/features/bookings/bookings.server.ts";
import { savePayoutAccount } from "~/features/bookings/money.server.ts";
import { startBookingCheckout } from "~/features/bookings/payment.server.ts";
import { slotStartsAt, ukDate, type Slot } from "~/features/bookings/slots.ts";
import { markPaidAndFulfil } from "~/features/payments/payments.server.ts";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const CUSTOMERS = Number(process.env.BENCH_BOOKINGS_CUSTOMERS ?? 50);
const FIXERS = Number(process.env.BENCH_BOOKINGS_FIXERS ?? 10);
const SEED_CONCURRENCY = 8;
const password = "copper-kettle-violet-harbour";

const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
const { start } = (await import(bundle)) as { start: typeof startServer };
const running = await start({ env: process.env });
const { services } = running;
const { db, auth } = services;
const deps = { db, publicUrl: running.url };

async function signedInCustomer(email: string) {
  await auth.api.signUpEmail({ body: { name: email, fullName: "Bench Booker", email, password, userType: "customer" } as never });
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { id: response.user.id, cookie };
}

const stamp = Date.now();
const customers: { id: string; cookie: string }[] = [];
for (let i = 0; i < CUSTOMERS; i++) customers.push(await signedInCustomer(`bench-booker-${i}-${stamp}@example.com`));
const fixers: { id: string }[] = [];
for (let i = 0; i < FIXERS; i++) {
  const fixer = await createApprovedFixer(db, { first: "Bench", last: `Payee${i}`, services: ["plumbing"], areas: ["SW1"], publicFixerData: services.publicFixerData });
  await savePayoutAccount(db, fixer.id, { provider: "test", providerAccountId: `acct_bench_${stamp}_${i}`, active: true });
  fixers.push(fixer);
}

const slot: Slot = { date: ukDate(new Date(Date.now() + 3 * 86_400_000)), window: "morning" };
const afterSlot = new Date(slotStartsAt(slot).getTime() + 2 * 3_600_000);

/** One booking, from the accepted quote to "marked done", through the services a request would call. */
async function seedBooking(index: number) {
  const customer = customers[index % customers.length]!;
  const fixer = fixers[index % fixers.length]!;
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: `Bench booking ${index}`, description: "A dripping tap that needs a new washer.", timing: "week", status: "in_progress" })
    .returning({ id: jobs.id });
  const [quote] = await db
    .insert(quotes)
    .values({ jobId: job!.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: 5_000 + (index % 50) * 137, includes: "Parts and labour", earliestStart: slot.date, status: "accepted" })
    .returning({ id: quotes.id });
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
  const { bookingId } = await createBooking(deps, customer.id, { quoteId: quote!.id, slot });
  const { paymentId } = await startBookingCheckout(services, customer.id, bookingId);
  await markPaidAndFulfil(services, paymentId, "test-checkout");
  await markDone({ ...deps, now: () => afterSlot }, fixer.id, bookingId, { note: "All done." });
  return { bookingId, customer: customers.indexOf(customer) };
}

const seeded: { bookingId: number; customer: number }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: SEED_CONCURRENCY }, async () => {
    while (next < BOOKINGS) seeded.push(await seedBooking(next++));
  }),
);
process.stdout.write(`${JSON.stringify({ url: running.url.replace("localhost", "127.0.0.1"), cookies: customers.map((c) => c.cookie), bookings: seeded })}\n`);
process.once("SIGTERM", () => {
  void running.close().then(() => process.exit(0));
});
