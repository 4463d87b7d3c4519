/**
 * The bench's emergency section (issue 51, item 3; decision 082), on PostgreSQL: 2,000 plumbers on
 * call across 20 districts (scripts/bench-emergency-server.ts seeds them in the server's process),
 * then 200 emergency requests sent over HTTP as customers send them (a multipart POST of /emergency,
 * signed in), arriving at `BENCH_EMERGENCY_RATE` a second on a fixed schedule whether or not earlier
 * ones were answered (open loop: a slow server does not slow the arrivals). For each request, the
 * time from its send to its first fixer's offer: the offer is committed with the send's answer (round
 * 1 is offered in the send's transaction), so "send → offer committed" is the send's answer time, and
 * "send → offered_at" the offer row's own time. Then every offered fixer of every request races to
 * accept it at once (each request's fixers together, `BENCH_EMERGENCY_CONNECTIONS` requests at a time),
 * and the database is asked how many requests two fixers got: it must be 0.
 *
 *   BENCH_ONLY=emergency BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_EMERGENCY_FIXERS=2000 BENCH_EMERGENCY_DISTRICTS=20 BENCH_EMERGENCY_REQUESTS=200 BENCH_EMERGENCY_RATE=20 BENCH_EMERGENCY_CONNECTIONS=50
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startBenchServer } from "./bench-child-server.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const REQUESTS = Number(process.env.BENCH_EMERGENCY_REQUESTS ?? 200);
const RATE = Number(process.env.BENCH_EMERGENCY_RATE ?? 20);
const CONNECTIONS = Number(process.env.BENCH_EMERGENCY_CONNECTIONS ?? 50);

type Seeded = { url: string; districts: string[]; customers: string[]; sessions: Record<string, string>; fixers: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function benchEmergency(pgAdmin?: string) {
  if (!pgAdmin) {
    console.log("\nemergency: skipped — it runs on PostgreSQL (set BENCH_DATABASE_URL)");
    return;
  }
  const port = Number(process.env.BENCH_EMERGENCY_PORT ?? 3996);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bench-emergency-"));
  const scratch = await createScratchDatabase(pgAdmin, "fixit_bench_emergency");
  console.log(`\nemergency: ${REQUESTS} requests at ${RATE}/s over on-call fixers, PostgreSQL; seeding…`);
  const seedStart = performance.now();
  const { child, seeded: seeding } = startBenchServer<Seeded>({
    name: "emergency",
    script: "scripts/bench-emergency-server.ts",
    nodeArgs: ["--max-old-space-size=256"],
    port,
    databaseUrl: scratch.url,
    dataDir,
    env: { BENCH_EMERGENCY_REQUESTS: String(REQUESTS) },
  });
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const seeded = await seeding;
    await client.connect();
    const { rows: onCall } = await client.query<{ n: string }>("select count(distinct fixer_user_id) as n from emergency_services");
    console.log(`  seeded ${seeded.fixers} fixers on call (${onCall[0]!.n} opted in) in ${seeded.districts.length} districts and ${seeded.customers.length} customers in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    await sleep(2_000);

    // The sends: open loop, one every 1/RATE s.
    const { url } = seeded;
    const sends: { requestId: number; sentAt: number; answeredMs: number }[] = [];
    const statuses = new Map<number, number>();
    const began = performance.now();
    await Promise.all(
      Array.from({ length: REQUESTS }, async (_, i) => {
        await sleep((i * 1000) / RATE);
        const form = new FormData();
        form.append("intent", "send");
        form.append("service", "plumbing");
        form.append("postcode", `${seeded.districts[i % seeded.districts.length]} 1AA`);
        form.append("description", `Bench emergency ${i}: a pipe has burst under the kitchen sink and water is everywhere.`);
        const sentAt = Date.now();
        const started = performance.now();
        const res = await fetch(`${url}/emergency`, { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: url, cookie: seeded.customers[i % seeded.customers.length]! } });
        await res.arrayBuffer();
        const answeredMs = performance.now() - started;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const id = /\/account\/emergencies\/(\d+)$/.exec(res.headers.get("location") ?? "")?.[1];
        if (id) sends.push({ requestId: Number(id), sentAt, answeredMs });
      }),
    );
    const sendSeconds = (performance.now() - began) / 1000;

    // The first offer of each request, by its own time.
    const { rows: firsts } = await client.query<{ request_id: string; first_ms: string; offers: string }>(
      "select request_id, (extract(epoch from min(offered_at)) * 1000)::float8 as first_ms, count(*) as offers from emergency_offers group by request_id",
    );
    const firstBy = new Map(firsts.map((r) => [Number(r.request_id), Number(r.first_ms)]));
    const committed = sends.map((s) => s.answeredMs).sort((a, b) => a - b);
    const offeredAt = sends.filter((s) => firstBy.has(s.requestId)).map((s) => Math.max(0, firstBy.get(s.requestId)! - s.sentAt)).sort((a, b) => a - b);
    const withoutOffer = sends.filter((s) => !firstBy.has(s.requestId)).length;

    // The race: every offered fixer of a request accepts at once.
    const { rows: offers } = await client.query<{ id: string; request_id: string; fixer_user_id: string }>("select id, request_id, fixer_user_id from emergency_offers where state = 'offered' order by request_id, id");
    const byRequest = new Map<number, { id: number; fixer: string }[]>();
    for (const o of offers) byRequest.set(Number(o.request_id), [...(byRequest.get(Number(o.request_id)) ?? []), { id: Number(o.id), fixer: o.fixer_user_id }]);
    const raceStatuses = new Map<number, number>();
    const queue = [...byRequest.values()];
    let noSession = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let race = queue.shift(); race; race = queue.shift()) {
          await Promise.all(
            race.map(async (offer) => {
              const cookie = seeded.sessions[offer.fixer];
              if (!cookie) {
                noSession++;
                return;
              }
              const res = await fetch(`${url}/fixer/emergency/offers/${offer.id}`, {
                method: "POST",
                body: new URLSearchParams({ intent: "accept", arrival: "30" }),
                redirect: "manual",
                headers: { accept: "text/html", origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
              });
              await res.arrayBuffer();
              raceStatuses.set(res.status, (raceStatuses.get(res.status) ?? 0) + 1);
            }),
          );
        }
      }),
    );
    const one = async (text: string) => (await client.query(text)).rows[0] as Record<string, string>;
    const doubled = await one("select count(*) as n from (select request_id from emergency_offers where state = 'accepted' group by request_id having count(*) > 1) d");
    const accepted = await one("select count(*) as n from emergency_requests where status = 'accepted'");
    const mismatched = await one(
      "select count(*) as n from emergency_requests r where r.status = 'accepted' and not exists (select 1 from emergency_offers o where o.request_id = r.id and o.state = 'accepted' and o.fixer_user_id = r.accepted_fixer_user_id)",
    );

    const text = (m: Map<number, number>) => [...m].map(([s, n]) => `${n}× ${s}`).join(", ");
    console.log(`  ${sends.length} sends in ${sendSeconds.toFixed(1)} s (${text(statuses)}); races: ${text(raceStatuses)}${noSession ? `; ${noSession} offers to fixers without a session` : ""}`);
    console.log("\n| emergency dispatch (PostgreSQL) | value |\n|---|---|");
    console.log(`| requests sent / with a first offer | ${sends.length} / ${sends.length - withoutOffer} |`);
    console.log(`| send → first offer committed (the send's answer) p50 / p99 / max | ${percentile(committed, 50).toFixed(0)} / ${percentile(committed, 99).toFixed(0)} / ${(committed.at(-1) ?? NaN).toFixed(0)} ms |`);
    console.log(`| send → first offer's offered_at p50 / p99 / max | ${percentile(offeredAt, 50).toFixed(0)} / ${percentile(offeredAt, 99).toFixed(0)} / ${(offeredAt.at(-1) ?? NaN).toFixed(0)} ms |`);
    console.log(`| requests accepted / accepted by two fixers / accepted fixer ≠ accepted offer | ${accepted.n} / ${doubled.n} / ${mismatched.n} |`);
    const ok = withoutOffer === 0 && sends.length === REQUESTS && Number(doubled.n) === 0 && Number(mismatched.n) === 0 && Number(accepted.n) === byRequest.size;
    console.log(
      `dispatch check: ${ok ? "every request offered and accepted by exactly one fixer" : "FAILED (see the table)"}; goal: send → first offer p99 ≤ 2,000 ms (load average: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
    );
    if (!ok || percentile(committed, 99) > 2_000) process.exitCode = 1;
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
