/**
 * The bench's bookings section (issue 34): 1,000 bookings confirmed by their customers over 50
 * concurrent connections, on PostgreSQL. The server (scripts/bench-bookings-server.ts, a child
 * process) seeds the bookings the product's way up to "marked done"; here every customer's
 * confirmation is a real form POST (`intent=confirm_done`, as the booking page sends it without
 * JavaScript), and one booking in ten is confirmed twice at the same moment, as a double click
 * would. Then the server's job queue makes the transfers, and the money is checked from the
 * database: one transfer per booking (none doubled, none lost), each for the fixer's share, and
 * a ledger whose entries sum to zero with no unbalanced event.
 *
 *   BENCH_ONLY=bookings BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_BOOKINGS=1000 BENCH_BOOKINGS_CONNECTIONS=50 BENCH_BOOKINGS_CUSTOMERS=50 BENCH_BOOKINGS_FIXERS=10 BENCH_BOOKINGS_ALONE=50
 *
 * The first BENCH_BOOKINGS_ALONE bookings are confirmed one at a time, for the POST's own time; the
 * rest over the 50 connections, each sending its next POST as soon as the last is answered. There
 * a POST's time is mostly its wait behind the others: with 50 always in flight, the mean time is 50
 * divided by the throughput (Little's law), so a p99 of 100 ms would take some 500 confirmations a second.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startBenchServer } from "./bench-child-server.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_BOOKINGS_CONNECTIONS ?? 50);
const DOUBLE_EVERY = 10;
/** Confirmed first, one at a time on one connection: the confirm's own time, with nothing queued before it. */
const ALONE = Number(process.env.BENCH_BOOKINGS_ALONE ?? 50);

type Seeded = { url: string; cookies: string[]; bookings: { bookingId: number; customer: number }[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function benchBookings(pgAdmin?: string) {
  if (!pgAdmin) {
    console.log("\nbookings: skipped — it runs on PostgreSQL (set BENCH_DATABASE_URL)");
    return;
  }
  const port = Number(process.env.BENCH_BOOKINGS_PORT ?? 3997);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bench-bookings-"));
  const scratch = await createScratchDatabase(pgAdmin, "fixit_bench_bookings");
  console.log(`\nbookings: ${BOOKINGS} bookings confirmed over ${CONNECTIONS} connections, PostgreSQL; seeding…`);
  const seedStart = performance.now();
  const { child, seeded: seeding } = startBenchServer<Seeded>({
    name: "bookings",
    script: "scripts/bench-bookings-server.ts",
    nodeArgs: ["--max-old-space-size=192", "--max-semi-space-size=8"],
    port,
    databaseUrl: scratch.url,
    dataDir,
    env: { BENCH_BOOKINGS: String(BOOKINGS) },
  });
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const seeded = await seeding;
    await client.connect();
    console.log(`  seeded ${seeded.bookings.length} bookings (marked done) in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    await sleep(2_000);

    // The confirmations: each a form POST on its own request; every tenth sent twice at once.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const { url, cookies } = seeded;
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    const confirm = (bookingId: number, cookie: string) =>
      new Promise<number>((resolve, reject) => {
        const body = "intent=confirm_done";
        const started = performance.now();
        const req = http.request(
          `${url}/bookings/${bookingId}`,
          { method: "POST", agent, headers: { cookie, origin: url, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), accept: "text/html" } },
          (res) => {
            res.resume();
            res.on("end", () => {
              latencies.push(performance.now() - started);
              statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
              resolve(res.statusCode!);
            });
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const queue = seeded.bookings.map((b, i) => ({ ...b, twice: i % DOUBLE_EVERY === 0 }));
    const alone = queue.splice(0, ALONE).map((b) => ({ ...b, twice: false }));
    for (const item of alone) await confirm(item.bookingId, cookies[item.customer]!);
    const aloneLatencies = latencies.splice(0, latencies.length).sort((a, b) => a - b);
    let doubledBothWon = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const cookie = cookies[item.customer]!;
          if (!item.twice) {
            await confirm(item.bookingId, cookie);
            continue;
          }
          const answers = await Promise.all([confirm(item.bookingId, cookie), confirm(item.bookingId, cookie)]);
          if (answers.filter((s) => s === 303).length > 1) doubledBothWon++;
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    agent.destroy();

    // The transfers, made by the server's job queue.
    const drainStart = performance.now();
    let pending = Infinity;
    while (pending > 0 && performance.now() - drainStart < 300_000) {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from provider_operations where kind = 'transfer' and status <> 'succeeded'");
      pending = Number(rows[0]!.n);
      if (pending > 0) await sleep(500);
    }
    const drained = (performance.now() - drainStart) / 1000;

    const one = async (text: string) => (await client.query(text)).rows[0] as Record<string, string | null>;
    const released = await one("select count(*) as n from bookings where state = 'released'");
    // The provider's own books (the TEST MODE provider's objects), tied back to bookings by the operation that made each.
    const transfers = await one(
      "select count(*) as n, count(distinct o.booking_id) as bookings, coalesce(sum(t.amount_pence), 0) as pence from test_provider_objects t left join provider_operations o on o.provider_object_id = t.id where t.kind = 'transfer'",
    );
    const owed = await one("select coalesce(sum(fixer_net_pence), 0) as pence from bookings where state = 'released'");
    const ops = await one("select count(*) as n, count(*) filter (where status = 'succeeded') as succeeded from provider_operations where kind = 'transfer'");
    const ledger = await one("select coalesce(sum(amount_pence), 0) as total from ledger_entries");
    const unbalanced = await one("select count(*) as n from (select event_id from ledger_entries group by event_id having sum(amount_pence) <> 0) u");
    const payable = await one("select coalesce(sum(e.amount_pence), 0) as pence from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'fixer_payable'");

    const sorted = [...latencies].sort((a, b) => a - b);
    const statusText = [...statuses].map(([s, n]) => `${n}× ${s}`).join(", ");
    console.log(`  ${aloneLatencies.length} confirm POSTs one at a time, then ${latencies.length} over ${CONNECTIONS} connections in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(0)}/s): ${statusText}; double clicks where both won: ${doubledBothWon}`);
    console.log(`  transfers made by the job queue in ${drained.toFixed(1)} s after the last confirmation`);
    console.log("\n| bookings (PostgreSQL) | value |\n|---|---|");
    console.log(`| bookings released | ${released.n} of ${seeded.bookings.length} |`);
    console.log(`| confirm POST p50 / p99 / max, one at a time (${aloneLatencies.length}) | ${percentile(aloneLatencies, 50).toFixed(0)} / ${percentile(aloneLatencies, 99).toFixed(0)} / ${(aloneLatencies.at(-1) ?? NaN).toFixed(0)} ms |`);
    console.log(`| confirm POST p50 / p99 / max (${CONNECTIONS} connections) | ${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)} / ${(sorted.at(-1) ?? NaN).toFixed(0)} ms |`);
    console.log(`| transfers at the provider (distinct bookings) | ${transfers.n} (${transfers.bookings}) |`);
    console.log(`| transfer operations succeeded | ${ops.succeeded} of ${ops.n} |`);
    console.log(`| transferred / owed to fixers (pence) | ${transfers.pence} / ${owed.pence} |`);
    console.log(`| fixer payable left in the ledger (pence) | ${payable.pence} |`);
    console.log(`| ledger total / unbalanced events | ${ledger.total} / ${unbalanced.n} |`);
    const ok =
      Number(released.n) === seeded.bookings.length &&
      Number(transfers.n) === seeded.bookings.length &&
      Number(transfers.bookings) === seeded.bookings.length &&
      transfers.pence === owed.pence &&
      Number(payable.pence) === 0 &&
      Number(ledger.total) === 0 &&
      Number(unbalanced.n) === 0 &&
      doubledBothWon === 0;
    console.log(`money check: ${ok ? "every booking paid out once, nothing doubled or left over, the ledger balances" : "FAILED (see the table)"}; goal: confirm p99 ≤ 100 ms (load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`);
    if (!ok) process.exitCode = 1;
  } finally {
    await client.end().catch(() => undefined);
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}
