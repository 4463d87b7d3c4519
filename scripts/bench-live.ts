/**
 * The bench's live section (decision 048): 1,000 open streams on one instance and 50 messages a
 * second. The server (scripts/bench-live-server.ts, a child process: its memory is the server's)
 * seeds 100 jobs, each with its customer and a fixer who quoted; 5 of the customer's and 5 of the
 * fixer's tabs open each job's stream (`/live/events?job=`), and messages are posted over HTTP at
 * an even 50 a second, by the fixers and the customers in turn. A delivery's latency runs from the
 * moment its POST was sent to the moment the message's event reached a stream; every stream on
 * the job should get every message. RSS: the server's, idle after seeding, with the streams open,
 * and at the end.
 *
 *   BENCH_ONLY=live npm run bench
 *   BENCH_LIVE_STREAMS=1000 BENCH_LIVE_RATE=50 BENCH_LIVE_SECONDS=10 BENCH_LIVE_JOBS=100
 *   BENCH_DATABASE_URL=postgres://… (a throwaway database) — else PGlite on disk, as `npm start` runs it
 *   BENCH_LIVE_LOG=file.jsonl    the server's log at LOG_LEVEL=info (each request's line has its dbQueries)
 *   BENCH_LIVE_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof"    extra node flags for the server (a CPU profile)
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createScratchDatabase } from "./scratch-database.ts";

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const JOBS = Number(process.env.BENCH_LIVE_JOBS ?? 100);

type Seeded = { url: string; pairs: { jobId: number; customer: string; fixer: string; fixerUserId: string }[] };

const rssMb = (pid: number, field: "VmRSS" | "VmHWM" = "VmRSS") => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024);
/** The process's CPU time so far (user + system), in ms: what a message costs, however busy the machine is. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchLive(pgAdmin?: string) {
  const port = Number(process.env.BENCH_LIVE_PORT ?? 3998);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bench-live-"));
  let databaseUrl = "";
  const scratch = pgAdmin ? await createScratchDatabase(pgAdmin, "fixit_bench_live") : undefined;
  if (scratch) databaseUrl = scratch.url;
  console.log(`\nlive threads: ${STREAMS} streams over ${JOBS} jobs, ${RATE} messages/s for ${SECONDS} s, database ${pgAdmin ? "PostgreSQL" : "PGlite (on disk)"}; seeding…`);
  const logFile = process.env.BENCH_LIVE_LOG ? createWriteStream(process.env.BENCH_LIVE_LOG) : undefined;
  const nodeArgs = (process.env.BENCH_LIVE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--max-old-space-size=192", "--max-semi-space-size=8", "--import", "tsx", "scripts/bench-live-server.ts"], {
    env: { ...process.env, NODE_ENV: "production", APP_ENV: "test", BENCH_MODE: "1", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: logFile ? "info" : "warn", BENCH_LIVE_JOBS: String(JOBS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const sockets: http.ClientRequest[] = [];
  try {
    const seeded = await new Promise<Seeded>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the live bench server exited (${code})`)));
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (!line.startsWith("{")) return;
        const parsed = JSON.parse(line) as Seeded | { level: number };
        if ("pairs" in parsed) resolve(parsed);
        else logFile?.write(`${line}\n`);
      });
    });
    const { url, pairs } = seeded;
    await sleep(3_000);
    const idle = rssMb(child.pid!);

    // Open the streams: per job, half the customer's tabs, half the fixer's.
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    /** Per message, when its first stream got it: the others' lag behind it is the fan-out's own cost. */
    const firstDelivery = new Map<number, number>();
    const spreads: number[] = [];
    let opened = 0;
    let delivered = 0;
    const perSide = Math.max(1, Math.round(STREAMS / (2 * pairs.length)));
    await new Promise<void>((resolve, reject) => {
      const total = pairs.length * perSide * 2;
      for (const pair of pairs) {
        for (const cookie of [pair.customer, pair.fixer]) {
          for (let i = 0; i < perSide; i++) {
            let buffer = "";
            let counted = false;
            const req = http.get(`${url}/live/events?job=${pair.jobId}`, { agent: false, headers: { cookie, accept: "text/event-stream" } }, (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              res.setEncoding("utf8");
              res.on("data", (chunk: string) => {
                buffer += chunk;
                let end: number;
                while ((end = buffer.indexOf("\n\n")) >= 0) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (!counted && block.includes("event: unread")) {
                    counted = true;
                    if (++opened === total) resolve();
                  }
                  const seq = /event: message\ndata: .*"body":"bench (\d+)"/.exec(block)?.[1];
                  if (seq) {
                    const started = sentAt.get(Number(seq));
                    const now = performance.now();
                    if (started !== undefined) latencies.push(now - started);
                    const first = firstDelivery.get(Number(seq));
                    if (first === undefined) firstDelivery.set(Number(seq), now);
                    else spreads.push(now - first);
                    delivered++;
                  }
                }
              });
            });
            req.on("error", reject);
            sockets.push(req);
          }
        }
      }
    });
    await sleep(3_000);
    const withStreams = rssMb(child.pid!);
    console.log(`  ${opened} streams open; server RSS ${idle} MB idle → ${withStreams} MB (+${withStreams - idle} MB)`);

    // 50 messages a second, evenly spaced, each over its own request (a browser's form POST).
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: url, accept: "text/html" };
    const total = RATE * SECONDS;
    let failed = 0;
    const postTimes: number[] = [];
    const posts: Promise<void>[] = [];
    const began = performance.now();
    const cpuBefore = cpuMs(child.pid!);
    for (let seq = 0; seq < total; seq++) {
      const due = began + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const pair = pairs[seq % pairs.length]!;
      const byFixer = Math.floor(seq / pairs.length) % 2 === 0;
      const form: Record<string, string> = byFixer ? { intent: "message", body: `bench ${seq}` } : { intent: "message", fixer: pair.fixerUserId, body: `bench ${seq}` };
      sentAt.set(seq, performance.now());
      posts.push(
        fetch(`${url}${byFixer ? "/fixer" : "/account"}/jobs/${pair.jobId}`, { method: "POST", redirect: "manual", headers: { ...headers, cookie: byFixer ? pair.fixer : pair.customer }, body: new URLSearchParams(form) })
          .then(async (res) => {
            await res.arrayBuffer();
            postTimes.push(performance.now() - sentAt.get(seq)!);
            if (res.status >= 400) failed++;
          })
          .catch(() => void failed++),
      );
    }
    await Promise.all(posts);
    await sleep(2_000);
    const cpuUsed = cpuMs(child.pid!) - cpuBefore;
    const after = rssMb(child.pid!);
    const peak = rssMb(child.pid!, "VmHWM");
    const sorted = latencies.sort((a, b) => a - b);
    const expected = (total - failed) * perSide * 2;
    const postSorted = postTimes.sort((a, b) => a - b);
    console.log(`  ${total} messages (${failed} refused), ${delivered} of ${expected} deliveries; the POSTs themselves: p50 ${percentile(postSorted, 50).toFixed(0)} ms, p99 ${percentile(postSorted, 99).toFixed(0)} ms`);
    console.log(`  server CPU from the first POST to 2 s after the last: ${cpuUsed.toFixed(0)} ms, ${(cpuUsed / total).toFixed(1)} ms per message`);
    console.log(`\n| live threads (${opened} streams, ${RATE} msg/s) | p50 ms | p99 ms | max ms | RSS idle MB | RSS streams open MB | above idle MB | RSS after MB | peak MB |\n|---|---|---|---|---|---|---|---|---|`);
    console.log(
      `| delivery, POST sent → event received | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${(sorted.at(-1) ?? NaN).toFixed(0)} | ${idle} | ${withStreams} | ${withStreams - idle} | ${after} | ${peak} |`,
    );
    const spreadSorted = spreads.sort((a, b) => a - b);
    console.log(`| fan-out, first stream → each other stream of the job | ${percentile(spreadSorted, 50).toFixed(0)} | ${percentile(spreadSorted, 99).toFixed(0)} | ${(spreadSorted.at(-1) ?? NaN).toFixed(0)} | | | | | |`);
    console.log(`goals: p99 ≤ 250 ms, ≤ 100 MB above idle (load average while measuring: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`);
  } finally {
    for (const req of sockets) req.destroy();
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    logFile?.end();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
