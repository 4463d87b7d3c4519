import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, ledgerEntries, providerOperations, testProviderObjects } from "#server/db/schema/bookings.ts";
import { jobMessages } from "#server/db/schema/quotes.ts";
import type { start as startServer } from "~/composition-root.server.ts";
import { postJob } from "~/features/quotes/jobs.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser } from "./auth-helpers";
import { connectToServerData } from "./helpers/db-utils";
import { doneBooking, SEEDED_PASSWORD, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { EventReader, isMessage } from "./helpers/live";
import { postgresBinaries, startPgCluster, type PgCluster } from "./helpers/pg-cluster";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * The database may come and go (issue 46): two instances on a PostgreSQL cluster of the test's own,
 * under a steady stream of sign-ups, messages and booking confirmations, while the cluster is
 * restarted twice and every connection to it is terminated three times. Neither process dies, a
 * request caught by an outage gets a 503 (never a 500), /healthz is back to 200 within 2 s of the
 * database's return, every acknowledged write is there afterwards, no booking is paid out twice,
 * and live messages still cross instances. Runs once, in the PostgreSQL pass (it needs initdb).
 */
const runs = testDbKind() === "postgres" && postgresBinaries() !== null;
const SECRET = "database-restarts-secret-0123456789abcdef";
const BOOKINGS = 36;

let cluster: PgCluster;
let dataDir: string;
let a: TestServer;
let b: TestServer;
let shared: Awaited<ReturnType<typeof connectToServerData>>;
type Seeded = { customers: SignedInPerson[]; fixer: SignedInPerson; jobId: number; customerForJob: SignedInPerson; bookingIds: { bookingId: number; customer: number }[] };
let seeded: Seeded;

/** Seeds through the production build's own services in this process, then closes it: the instances under test start afterwards. */
async function seed(databaseUrl: string): Promise<Seeded> {
  const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
  const { start } = (await import(/* @vite-ignore */ bundle)) as { start: typeof startServer };
  const running = await start({ env: { APP_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: SECRET, LOG_LEVEL: "silent" }, logDestination: { write: () => {} } });
  try {
    const { services } = running;
    const customers: SignedInPerson[] = [];
    for (let i = 0; i < 6; i++) customers.push(await signedInPerson(services, `restart-customer-${i}@example.com`, "customer"));
    const fixer = await signedInFixer(services, "restart-fixer@example.com");
    // A thread for the messages: the first customer's job, quoted by the fixer.
    const deps = { db: services.db, publicUrl: running.url, publicFixerData: services.publicFixerData };
    const { jobId } = await postJob(deps, customers[0]!.id, { service: "plumbing", postcode: "SW1A 1AA", title: "Boiler pressure keeps dropping", description: "The boiler loses pressure every day and needs topping up each morning.", timing: "week", preferredDate: null, budget: "under_100" });
    await sendQuote(deps, fixer.id, jobId, { priceKind: "fixed", amountPence: 9000, amountToPence: null, includes: "Find and fix the leak", earliestStart: daysFromToday(2), message: "" });
    // Bookings marked done, waiting for their customers' confirmation.
    const bookingIds = [];
    for (let i = 0; i < BOOKINGS; i++) bookingIds.push({ bookingId: await doneBooking(services, running.url, customers[i % customers.length]!.id, fixer.id, 6_000 + i * 100), customer: i % customers.length });
    return { customers, fixer, jobId, customerForJob: customers[0]!, bookingIds };
  } finally {
    await running.close();
  }
}

beforeAll(async () => {
  if (!runs) return;
  cluster = await startPgCluster();
  dataDir = mkdtempSync(path.join(tmpdir(), "fixit-restarts-"));
  seeded = await seed(cluster.url);
  const env = { SESSION_SECRET: SECRET, MAIL_WORKER_INTERVAL_MS: "200" };
  a = await startTestServer({ env, reuse: { databaseUrl: cluster.url, dataDir } });
  b = await startTestServer({ env, reuse: { databaseUrl: cluster.url, dataDir } });
  shared = await connectToServerData(cluster.url, dataDir);
}, 300_000);

afterAll(async () => {
  await shared?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

type Outcome = { op: string; status: number | "network"; at: number };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function browserWith(server: TestServer, cookie: string): Browser {
  const browser = new Browser(server.url);
  for (const pair of cookie.split("; ")) {
    const [name, ...value] = pair.split("=");
    browser.cookies.set(name!, value.join("="));
  }
  return browser;
}

/**
 * How long after `since` both instances were healthy again: each is probed on /healthz, one probe
 * after another as a load balancer probes, and counts as back from the moment the first probe it
 * answered 200 was sent (on a loaded machine the answer itself may take a while to come).
 */
async function healthyAgain(since: number): Promise<number> {
  const backAt = await Promise.all(
    [a, b].map(async (server) => {
      while (Date.now() < since + 20_000) {
        const sentAt = Date.now();
        const status = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status, () => 0);
        if (status === 200) return sentAt;
        await sleep(50);
      }
      return Infinity;
    }),
  );
  return Math.max(0, ...backAt.map((t) => t - since));
}

describe.skipIf(!runs)("a database that restarts and drops its connections", () => {
  it("keeps both instances up, answers 503 meanwhile, loses nothing acknowledged and moves no money twice", async () => {
    const pidA = a.serverPid();
    const pidB = b.serverPid();
    const servers = [a, b];
    const outcomes: Outcome[] = [];
    const acknowledged = { signUps: [] as string[], messages: [] as string[], confirms: [] as number[] };
    const unconfirmed = [...seeded.bookingIds];
    let ip = 0;
    let running = true;

    // The steady load: one request every 250 ms, in turn a sign-up, a message and a confirmation, to A and B alternately.
    const load = (async () => {
      const inFlight: Promise<void>[] = [];
      for (let n = 0; running; n++) {
        const server = servers[n % 2]!;
        const kind = n % 3;
        inFlight.push(
          (async () => {
            try {
              if (kind === 0) {
                const email = `restart-signup-${n}@example.com`;
                const res = await new Browser(server.url).post("/auth", { intent: "sign-up", fullName: "Steady Signup", email, phone: "", password: SEEDED_PASSWORD, confirmPassword: SEEDED_PASSWORD }, { "x-forwarded-for": `198.18.${(++ip >> 8) & 255}.${ip & 255}` });
                outcomes.push({ op: "sign-up", status: res.status, at: Date.now() });
                if (res.status === 200 && (await res.text()).includes("Check your email")) acknowledged.signUps.push(email);
              } else if (kind === 1) {
                const body = `Steady message ${n}`;
                const res = await browserWith(server, seeded.fixer.cookie).post(`/fixer/jobs/${seeded.jobId}`, { intent: "message", body });
                outcomes.push({ op: "message", status: res.status, at: Date.now() });
                if (res.status === 303) acknowledged.messages.push(body);
              } else if (unconfirmed.length) {
                const item = unconfirmed.shift()!;
                const res = await browserWith(server, seeded.customers[item.customer]!.cookie).post(`/bookings/${item.bookingId}`, { intent: "confirm_done" });
                outcomes.push({ op: "confirm", status: res.status, at: Date.now() });
                if (res.status === 303) acknowledged.confirms.push(item.bookingId);
                else unconfirmed.push(item); // not acknowledged: the customer tries again later
              }
            } catch {
              outcomes.push({ op: "any", status: "network", at: Date.now() });
            }
          })(),
        );
        await sleep(250);
      }
      await Promise.all(inFlight);
    })();

    // What happens to the database meanwhile: three terminations of every connection and two restarts.
    const recoveries: { event: string; healthyAfterMs: number }[] = [];
    const events: [string, () => Promise<unknown>][] = [
      ["terminate every connection", () => cluster.terminateBackends()],
      ["restart (fast shutdown)", () => cluster.restart("fast")],
      ["terminate every connection", () => cluster.terminateBackends()],
      ["restart (immediate: a crash)", () => cluster.restart("immediate")],
      ["terminate every connection", () => cluster.terminateBackends()],
    ];
    const outageStarted = Date.now();
    for (const [event, act] of events) {
      await sleep(2_500);
      await act();
      // pg_ctl returns once the restarted server accepts connections: the database is back from here.
      recoveries.push({ event, healthyAfterMs: await healthyAgain(Date.now()) });
    }
    await sleep(2_000);
    running = false;
    await load;
    const chaosMs = Date.now() - outageStarted;

    // The unacknowledged confirmations are sent again, as their customers would: each is taken now.
    for (const item of unconfirmed) {
      const res = await browserWith(a, seeded.customers[item.customer]!.cookie).post(`/bookings/${item.bookingId}`, { intent: "confirm_done" });
      expect(res.status).toBe(303);
    }

    const count = (status: (s: Outcome["status"]) => boolean) => outcomes.filter((o) => status(o.status)).length;
    // The longest outage as a visitor saw it: failed answers less than a second apart, first to last.
    const failedAt = outcomes.filter((o) => o.status === "network" || o.status >= 500).map((o) => o.at).sort((x, y) => x - y);
    let longestOutageMs = 0;
    for (let i = 0, start = failedAt[0]!; i < failedAt.length; i++) {
      if (i > 0 && failedAt[i]! - failedAt[i - 1]! > 1_000) start = failedAt[i]!;
      longestOutageMs = Math.max(longestOutageMs, failedAt[i]! - start);
    }
    const summary = {
      requests: outcomes.length,
      answered503: count((s) => s === 503),
      failed: count((s) => s === "network" || (typeof s === "number" && s >= 500)),
      networkErrors: count((s) => s === "network"),
      longestOutageMs,
      longestRecoveryMs: Math.max(...recoveries.map((r) => r.healthyAfterMs)),
      chaosSeconds: Math.round(chaosMs / 1000),
      recoveries,
    };
    console.log(`database restarts: ${JSON.stringify(summary)}`);

    // Neither process died: the same server processes, and no restart by their supervisors.
    expect(a.serverPid()).toBe(pidA);
    expect(b.serverPid()).toBe(pidB);
    for (const server of servers) expect(server.logs()).not.toContain("the server process died");
    // Every failure was a clean 503: no 500 page, no dropped connection. A failure says what the
    // servers logged as errors (level 50 and up), so a rare one carries its cause.
    const errorLines = servers.flatMap((server) => server.logs().split("\n").filter((line) => /"level":(?:50|60)\b/.test(line)));
    expect(outcomes.filter((o) => o.status !== 503 && (o.status === "network" || o.status >= 500)), errorLines.join("\n").slice(0, 20_000)).toEqual([]);
    for (const recovery of recoveries) expect(recovery.healthyAfterMs, recovery.event).toBeLessThanOrEqual(2_000);
    expect(acknowledged.signUps.length + acknowledged.messages.length + acknowledged.confirms.length).toBeGreaterThan(30);

    // Nothing acknowledged is lost.
    if (acknowledged.signUps.length) {
      const stored = await shared.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged.signUps));
      expect(stored.length).toBe(acknowledged.signUps.length);
    }
    const messages = await shared.db.select({ body: jobMessages.body }).from(jobMessages).where(eq(jobMessages.jobId, seeded.jobId));
    for (const body of acknowledged.messages) expect(messages.filter((m) => m.body === body)).toHaveLength(1);

    // Every booking is released and paid out exactly once, and the ledger balances.
    const ids = seeded.bookingIds.map((b) => b.bookingId);
    await expect
      .poll(async () => (await shared.db.select({ id: providerOperations.id }).from(providerOperations).where(sql`${providerOperations.bookingId} in ${ids} and ${providerOperations.status} = 'succeeded'`)).length, { timeout: 30_000, interval: 250 })
      .toBe(ids.length);
    const states = await shared.db.select({ state: bookings.state }).from(bookings).where(inArray(bookings.id, ids));
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(["released"]));
    const transfers = await shared.db.select({ key: testProviderObjects.idempotencyKey }).from(testProviderObjects).where(eq(testProviderObjects.kind, "transfer"));
    expect(transfers.length).toBe(ids.length);
    const [ledger] = await shared.db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` }).from(ledgerEntries);
    expect(Number(ledger!.total)).toBe(0);

    // The live channel came back on both: a message posted through A reaches a stream opened on B.
    const reader = new EventReader(await browserWith(b, seeded.customerForJob.cookie).get(`/live/events?job=${seeded.jobId}`));
    try {
      expect(reader.response.status).toBe(200);
      await reader.next((e) => e.event === "unread");
      expect((await browserWith(a, seeded.fixer.cookie).post(`/fixer/jobs/${seeded.jobId}`, { intent: "message", body: "After the storm." })).status).toBe(303);
      await reader.next(isMessage("After the storm."), { timeoutMs: 2_000 });
    } finally {
      await reader.close();
    }
  }, 240_000);
});
