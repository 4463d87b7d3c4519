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
import type { start as startServer } from "~/composition-root.server.ts";
import { savePayoutAccount } from "~/features/bookings/money.server.ts";
import { doneBooking, signedInPerson } from "#tests/helpers/done-bookings.ts";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const CUSTOMERS = Number(process.env.BENCH_BOOKINGS_CUSTOMERS ?? 50);
const FIXERS = Number(process.env.BENCH_BOOKINGS_FIXERS ?? 10);
const SEED_CONCURRENCY = 8;

const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
const { start } = (await import(bundle)) as { start: typeof startServer };
const running = await start({ env: process.env });
const { services } = running;
const { db } = services;

const stamp = Date.now();
const customers: { id: string; cookie: string }[] = [];
for (let i = 0; i < CUSTOMERS; i++) customers.push(await signedInPerson(services, `bench-booker-${i}-${stamp}@example.com`, "customer"));
const fixers: { id: string }[] = [];
for (let i = 0; i < FIXERS; i++) {
  const fixer = await createApprovedFixer(db, { first: "Bench", last: `Payee${i}`, services: ["plumbing"], areas: ["SW1"], publicFixerData: services.publicFixerData });
  await savePayoutAccount(db, fixer.id, { provider: "test", providerAccountId: `acct_bench_${stamp}_${i}`, active: true });
  fixers.push(fixer);
}

/** One booking, from the accepted quote to "marked done", through the services a request would call. */
async function seedBooking(index: number) {
  const customer = customers[index % customers.length]!;
  const bookingId = await doneBooking(services, running.url, customer.id, fixers[index % fixers.length]!.id, 5_000 + (index % 50) * 137);
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
