/**
 * The live bench's server (scripts/bench-live.ts): the production build started in this process
 * through its `start()`, then seeded through its own services (an in-memory or on-disk PGlite is
 * out of reach of any other process): `BENCH_LIVE_JOBS` jobs, each with its customer and one
 * approved fixer who quoted, both signed in. Prints one JSON line with the sessions, then serves
 * until SIGTERM. Seeding code is loaded beside the bundle; it costs the same memory idle and busy.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, count, eq, lte, sql } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { fixerOnboarding, fixerRegistrations } from "#server/db/schema/fixers.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import type { start as startServer } from "~/composition-root.server.ts";
import { createFixerProfileFromApproval, setFixerCoverage } from "~/features/quotes/coverage.server.ts";
import { postJob } from "~/features/quotes/jobs.server.ts";
import { recordCheck } from "~/features/fixers/checks.server.ts";
import { requiredChecks } from "~/features/fixers/required-checks.ts";
import { sendQuote } from "~/features/quotes/quotes.server.ts";

const JOBS = Number(process.env.BENCH_LIVE_JOBS ?? 100);
const password = "copper-kettle-violet-harbour";

const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
const { start } = (await import(bundle)) as { start: typeof startServer };
const running = await start({ env: process.env });
const { db, auth } = running.services;
const deps = { db, publicUrl: running.url, publicFixerData: running.services.publicFixerData };

async function account(email: string, userType: "customer" | "fixer") {
  await auth.api.signUpEmail({ body: { name: email, fullName: "Bench Live", email, password, userType } as never });
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { id: response.user.id, cookie };
}

/** A name per fixer (their public profile's slug is made from it): a, b, …, z, ba, bb, … */
const letters = (n: number): string => (n < 26 ? "" : letters(Math.floor(n / 26))) + String.fromCharCode(97 + (n % 26));

async function approve(userId: string, email: string, index: number) {
  const [registration] = await db.insert(fixerRegistrations).values({ firstName: `Bench${letters(index)}`, lastName: "Fixer", email, phone: "+447700900123", userId, paidAt: new Date() }).returning({ id: fixerRegistrations.id });
  const [application] = await db
    .insert(fixerOnboarding)
    .values({ registrationId: registration!.id, userId, email, qualifications: "NVQ", expertise: "Plumbing", insurance: "PL £2m", status: "approved" })
    .returning({ id: fixerOnboarding.id });
  // The checks plumbing requires, recorded as staff would (decision 065).
  for (const kind of requiredChecks("plumbing")) await recordCheck(db, { fixerUserId: userId, kind, evidence: "bench", documentId: null, onboardingId: application!.id, staffUserId: userId });
  await db.transaction((tx) => createFixerProfileFromApproval(tx, application!.id));
  await setFixerCoverage(deps, userId, ["plumbing"], ["SW1"]);
}

const stamp = Date.now();
const pairs: { jobId: number; customer: string; fixer: string; fixerUserId: string }[] = [];
for (let i = 0; i < JOBS; i++) {
  const customer = await account(`live-c${i}-${stamp}@example.com`, "customer");
  const fixerEmail = `live-f${i}-${stamp}@example.com`;
  const fixer = await account(fixerEmail, "fixer");
  await approve(fixer.id, fixerEmail, i);
  const { jobId } = await postJob(deps, customer.id, {
    service: "plumbing",
    postcode: "SW1A 1AA",
    title: `Bench job ${i}`,
    description: "A dripping tap in the kitchen that needs a new washer fitted.",
    timing: "week",
    preferredDate: null,
    budget: "under_100",
  });
  await sendQuote(deps, fixer.id, jobId, { priceKind: "fixed", amountPence: 8000, amountToPence: null, includes: "Parts and labour", earliestStart: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), message: "" });
  pairs.push({ jobId, customer: customer.cookie, fixer: fixer.cookie, fixerUserId: fixer.id });
}
// The seeding's own emails (sign-ups, new-job alerts, quotes: some thousands) are sent before the
// measure starts: the scenario is the open streams and the messages, with the emails those cause.
for (const deadline = Date.now() + 300_000; Date.now() < deadline; ) {
  const [due] = await db.select({ n: count() }).from(outboxJobs).where(and(eq(outboxJobs.status, "pending"), lte(outboxJobs.runAt, sql`now()`)));
  if (!due?.n) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
process.stdout.write(`${JSON.stringify({ url: running.url.replace("localhost", "127.0.0.1"), pairs })}\n`);
process.once("SIGTERM", () => {
  void running.close().then(() => process.exit(0));
});
