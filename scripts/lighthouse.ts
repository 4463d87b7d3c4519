/**
 * `npm run lighthouse`: Lighthouse mobile (simulated throttling, its default) on every public page, the
 * service pages and the signed-out form pages (app/content/pages.ts)
 * against the production build, with the machine's Chromium. Prints score, LCP, TBT and the LCP element.
 *
 *   npm run lighthouse                       # starts the production build on LIGHTHOUSE_PORT (3998)
 *   LIGHTHOUSE_URL=http://127.0.0.1:3000 npm run lighthouse -- /about /terms   # a running server, some pages
 *   LIGHTHOUSE_SAVE_DIR=/tmp/lh npm run lighthouse     # also keeps each page's full report (JSON) there
 *   LIGHTHOUSE_RUNS=3 npm run lighthouse               # each page N times: the median run, and the range
 *
 * One run's TBT on this shared machine varies by ±150 ms and more (the same page measured 21 and 236 ms
 * minutes apart), so compare medians of several runs.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages, signedOutFormPaths } from "~/content/pages.ts";
import { services } from "~/content/services.ts";
import { startProductionServer, type ProductionServer } from "./production-server.ts";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const buildDir = process.env.BUILD_DIR ?? "build";

type Row = { path: string; score: number; lcpMs: number; tbtMs: number; lcpElement: string };
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
// Lighthouse's own measure of this machine's CPU speed, printed so that runs on two machines can be
// compared; docs/OPERATIONS.md gives this machine's figure and its blocking-time floor.
const benchmarkIndexes: number[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) => (values.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : "");

async function main() {
  const argPaths = process.argv.slice(2).filter((a) => a.startsWith("/"));
  const paths = argPaths.length ? argPaths : [...publicPages.map((p) => p.path), ...services.map((s) => s.href), ...signedOutFormPaths];
  let server: ProductionServer | undefined;
  let base = process.env.LIGHTHOUSE_URL;
  if (!base) {
    if (!existsSync(`${buildDir}/server/index.js`)) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
    server = await startProductionServer({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3998) });
    base = server.base;
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const rows: (Row & { ranges: string[]; failed: string })[] = [];
  try {
    for (const p of paths) {
      const url = new URL(p, base).toString();
      // One warm-up request so a render-once cache (or a cold module) is not what gets measured.
      await (await fetch(url)).arrayBuffer();
      const measured: Row[] = [];
      const failures: string[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
        if (!result) throw new Error(`no Lighthouse result for ${p}`);
        const lhr = result.lhr;
        const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(`${saveDir}/${p === "/" ? "home" : p.slice(1).replace(/\//g, "_")}${runs > 1 ? `-${run}` : ""}.json`, JSON.stringify(lhr));
        }
        // A run Lighthouse could not finish (no paint seen, a lost page) counts as failed, not as a score of 0.
        if (lhr.runtimeError || !Number.isFinite(lhr.audits["largest-contentful-paint"]?.numericValue)) {
          failures.push(lhr.runtimeError?.code ?? "no LCP");
          continue;
        }
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        const lcpItems = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] } | undefined)?.items;
        const node = lcpItems?.[0]?.items?.[0]?.node;
        measured.push({
          path: p,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
          lcpElement: (node?.snippet ?? node?.selector ?? "?").replace(/\s+/g, " ").slice(0, 90),
        });
      }
      if (measured.length === 0) throw new Error(`every Lighthouse run of ${p} failed: ${failures.join(", ")}`);
      const scores = measured.map((r) => r.score);
      const lcps = measured.map((r) => r.lcpMs);
      const tbts = measured.map((r) => r.tbtMs);
      const row: Row & { ranges: string[]; failed: string } = {
        ...measured[0]!,
        score: median(scores),
        lcpMs: median(lcps),
        tbtMs: median(tbts),
        ranges: [range(scores), range(lcps), range(tbts)],
        failed: failures.length ? ` (${failures.length} of ${runs} runs failed: ${failures.join(", ")})` : "",
      };
      rows.push(row);
      console.log(`  ${p}: ${row.score}${row.ranges[0]}, LCP ${row.lcpMs} ms${row.ranges[1]}, TBT ${row.tbtMs} ms${row.ranges[2]}${row.failed}`);
    }
  } finally {
    await chrome.kill();
    await server?.stop();
  }
  console.log(`\nLighthouse benchmark index of this machine: ${median(benchmarkIndexes)}${range(benchmarkIndexes.map(Math.round))}`);
  if (runs > 1) console.log(`\nMedian of ${runs} runs per page, the range in brackets.`);
  console.log("\n| page | score | LCP ms | TBT ms | LCP element |\n|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.path}${r.failed} | ${r.score}${r.ranges[0]} | ${r.lcpMs}${r.ranges[1]} | ${r.tbtMs}${r.ranges[2]} | \`${r.lcpElement.replace(/\|/g, "\\|")}\` |`);
}

await main();
