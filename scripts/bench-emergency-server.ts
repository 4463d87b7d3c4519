/**
 * The emergency bench's server (scripts/bench-emergency.ts): the production build started in this
 * process through its `start()`, then seeded through its own services: `BENCH_EMERGENCY_FIXERS`
 * approved plumbers on call across `BENCH_EMERGENCY_DISTRICTS` districts (N1, N2, …), each opted in
 * at a rate in the published range, and `BENCH_EMERGENCY_REQUESTS` signed-in customers. Dispatch
 * offers each request to the nearest on-call fixers, then the lower rate: the three cheapest of each
 * district are offered round 1, so those get sessions to race with (signing in every fixer would take
 * minutes of password hashing for nothing). Prints one JSON line, then serves until SIGTERM.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { start as startServer } from "~/composition-root.server.ts";
import { dispatchRounds } from "~/features/emergency/dispatch-plan.ts";
import { setEmergencyService, setOnCallNow } from "~/features/emergency/on-call.server.ts";
import { signedInPerson } from "#tests/helpers/done-bookings.ts";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";

const FIXERS = Number(process.env.BENCH_EMERGENCY_FIXERS ?? 2000);
const DISTRICTS = Number(process.env.BENCH_EMERGENCY_DISTRICTS ?? 20);
const CUSTOMERS = Number(process.env.BENCH_EMERGENCY_REQUESTS ?? 200);
const SEED_CONCURRENCY = 8;

const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
const { start } = (await import(bundle)) as { start: typeof startServer };
const running = await start({ env: process.env });
const { services } = running;
const { db } = services;
const stamp = Date.now();
const districts = Array.from({ length: DISTRICTS }, (_, i) => `N${i + 1}`);

/** Fixer `i`: district i mod DISTRICTS; the first `fixersPerRound` of each district are its cheapest, and signed in. */
async function seedFixer(i: number): Promise<{ id: string; cookie: string | null }> {
  const district = districts[i % DISTRICTS]!;
  const front = Math.floor(i / DISTRICTS) < dispatchRounds.fixersPerRound;
  const email = `bench-oncall-${i}-${stamp}@example.com`;
  const person = front ? await signedInPerson(services, email, "fixer") : null;
  const fixer = await createApprovedFixer(db, {
    // A profile's slug is made of the first name and last initial: each fixer their own first name.
    first: `Bench${i}`,
    last: "Oncall",
    services: ["plumbing"],
    areas: [district],
    ...(person ? { user: { id: person.id, email, name: `Bench${i} Oncall` } } : {}),
  });
  await setEmergencyService(db, fixer.id, { service: "plumbing", takeCalls: true, ratePence: front ? 6500 + (i % 3) * 100 : 7000 + (i % 1500) });
  await setOnCallNow(db, fixer.id, true, new Date());
  return { id: fixer.id, cookie: person?.cookie ?? null };
}

const fixers: { id: string; cookie: string | null }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: SEED_CONCURRENCY }, async () => {
    while (next < FIXERS) fixers.push(await seedFixer(next++));
  }),
);
const customers: string[] = [];
for (let i = 0; i < CUSTOMERS; i++) customers.push((await signedInPerson(services, `bench-emergency-customer-${i}-${stamp}@example.com`, "customer")).cookie);
const sessions = Object.fromEntries(fixers.filter((f) => f.cookie).map((f) => [f.id, f.cookie]));
process.stdout.write(`${JSON.stringify({ url: running.url.replace("localhost", "127.0.0.1"), districts, customers, sessions, fixers: fixers.length })}\n`);
