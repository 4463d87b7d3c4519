/**
 * `npm run bench`: load figures for every public page and form endpoint that exists,
 * against the production server, with a static asset from the same server as the
 * reference line, and the server's peak memory (RSS). Not a test: its figures go in notes.
 *
 *   npm run bench                     # PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://... npm run bench   # PostgreSQL (a throwaway database is created)
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { publicPages } from "../app/content/pages.ts";
import { services } from "../app/content/services.ts";
import { benchForms } from "./bench-forms.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const buildDir = process.env.BUILD_DIR ?? "build";

if (!existsSync(`${buildDir}/server/index.js`)) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });

async function main() {
  const pgAdmin = process.env.BENCH_DATABASE_URL;
  let databaseUrl = "memory://";
  let dbName: string | undefined;
  if (pgAdmin) {
    dbName = `fixit_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(pgAdmin);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bench-"));
  const port = Number(process.env.BENCH_PORT ?? 3999);
  const base = `http://127.0.0.1:${port}`;
  // The same heap cap as `npm start` (docs/OPERATIONS.md: memory).
  const server = spawn(process.execPath, ["--max-old-space-size=192", "server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test", // rate limits of public forms are per IP; the bench runs them from one address
      BENCH_MODE: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`${base}/healthz`);
    const rows: string[][] = [];
    const measure = async (label: string, opts: autocannon.Options) => {
      const result = await autocannon({ connections, duration: seconds, ...opts, url: `${base}${opts.url ?? ""}` });
      rows.push([
        label,
        result.requests.average.toFixed(0),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.non2xx),
        String(result.errors + result.timeouts),
      ]);
      console.log(`  ${label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    };

    const home = await (await fetch(`${base}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(home)?.[0];
    console.log(`FixiT bench: ${seconds} s per line, ${connections} connections, database ${pgAdmin ? "PostgreSQL" : "PGlite (memory)"}`);
    if (asset) await measure(`static ${asset.replace(/-[\w-]+\.js$/, ".js")} (reference)`, { url: asset });
    const paths = [...publicPages.map((p) => p.path), ...services.map((s) => s.href), "/healthz"];
    for (const p of paths) {
      const res = await fetch(`${base}${p}`, { redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) {
        console.log(`  skip ${p}: answers ${res.status}`);
        continue;
      }
      await measure(`GET ${p}`, { url: p });
    }
    for (const form of benchForms) {
      const res = await fetch(`${base}${form.path}`, { redirect: "manual" });
      await res.arrayBuffer();
      if (res.status === 404) {
        console.log(`  skip POST ${form.path}: no such page yet`);
        continue;
      }
      await measure(`POST ${form.path} (${form.label})`, {
        url: form.path,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams(form.fields).toString(),
      });
    }
    const peakRss = readPeakRss(server.pid!);
    console.log("\n| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|");
    for (const r of rows) console.log(`| ${r.join(" | ")} |`);
    console.log(`\nserver peak RSS: ${peakRss} MB (budget ${pgAdmin ? 250 : 450} MB)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
    if (pgAdmin && dbName) {
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

function readPeakRss(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return (kb / 1024).toFixed(0);
  } catch {
    return "unknown";
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

await main();
