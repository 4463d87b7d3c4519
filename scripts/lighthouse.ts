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
 * Each page is also measured with its scripts removed, in the same session, run for run (the two
 * interleaved): the same HTML, stylesheet and font from a small proxy that drops every <script> and
 * module preload. That is the floor this machine's Chromium reaches with nothing of ours on the main
 * thread; the table prints the difference (issue 38's goal: within 50 ms on every page measured).
 *
 * One run's TBT on this shared machine varies by ±150 ms and more (the same page measured 21 and 236 ms
 * minutes apart), so compare medians of several runs, and read a page's TBT against its scriptless twin.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages, signedOutFormPaths } from "~/content/pages.ts";
import { services } from "~/content/services.ts";
import { startProductionServer, type ProductionServer } from "./production-server.ts";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const buildDir = process.env.BUILD_DIR ?? "build";

type Run = { path: string; score: number; lcpMs: number; tbtMs: number; lcpElement: string; scriptsFetched: number };
type Row = Run & { ranges: string[]; failed: string; withoutScripts: { score: number; tbtMs: number; ranges: string[] } };
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
// Lighthouse's own measure of this machine's CPU speed, printed so that runs on two machines can be
// compared; docs/OPERATIONS.md gives this machine's figure and its blocking-time floor.
const benchmarkIndexes: number[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) => (values.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : "");

/** A page's HTML without its scripts: every <script> element and module preload removed, nothing else. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
}

/**
 * Serves `base` with every page's scripts removed (withoutScripts), everything else as the server
 * sends it. HTML is compressed as the server does it (brotli, quality 4), so that Lighthouse's
 * simulated network sees the same bytes less the scripts.
 */
async function startScriptlessProxy(base: string): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const name of ["accept", "accept-encoding", "user-agent", "cookie"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const isPage = (request.headers.accept ?? "").includes("text/html");
      if (isPage) headers["accept-encoding"] = "identity";
      const upstream = await fetch(new URL(request.url ?? "/", base), { headers, redirect: "manual" });
      const out = new Headers(upstream.headers);
      let body = Buffer.from(await upstream.arrayBuffer());
      if ((out.get("content-type") ?? "").startsWith("text/html")) {
        body = Buffer.from(withoutScripts(body.toString("utf8")));
        out.delete("etag");
        if ((request.headers["accept-encoding"] ?? "").includes("br")) {
          body = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
          out.set("content-encoding", "br");
        } else out.delete("content-encoding");
      }
      out.delete("content-length");
      out.delete("transfer-encoding");
      response.writeHead(upstream.status, Object.fromEntries(out));
      response.end(body);
    })().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

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
  const scriptless = await startScriptlessProxy(base);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const rows: Row[] = [];
  const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
  const measure = async (p: string, url: string, saveAs: string): Promise<Run | string> => {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const lhr = result.lhr;
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(`${saveDir}/${saveAs}.json`, JSON.stringify(lhr));
    }
    // A run Lighthouse could not finish (no paint seen, a lost page) counts as failed, not as a score of 0.
    if (lhr.runtimeError || !Number.isFinite(lhr.audits["largest-contentful-paint"]?.numericValue)) return lhr.runtimeError?.code ?? "no LCP";
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    const lcpItems = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] } | undefined)?.items;
    const node = lcpItems?.[0]?.items?.[0]?.node;
    return {
      path: p,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
      lcpElement: (node?.snippet ?? node?.selector ?? "?").replace(/\s+/g, " ").slice(0, 90),
      // A page that waits for the first interaction (decision 041) fetches none: a steadier sign than TBT on a busy machine.
      scriptsFetched: ((lhr.audits["network-requests"]?.details as { items?: { resourceType?: string }[] } | undefined)?.items ?? []).filter((item) => item.resourceType === "Script").length,
    };
  };
  try {
    for (const p of paths) {
      const url = new URL(p, base).toString();
      // One warm-up request so a render-once cache (or a cold module) is not what gets measured.
      await (await fetch(url)).arrayBuffer();
      const measured: Run[] = [];
      const bare: Run[] = [];
      const failures: string[] = [];
      const name = p === "/" ? "home" : p.slice(1).replace(/\//g, "_");
      for (let run = 1; run <= runs; run++) {
        const suffix = runs > 1 ? `-${run}` : "";
        // The page and its scriptless twin one after the other, so that both see the same moment of a shared machine.
        const full = await measure(p, url, `${name}${suffix}`);
        if (typeof full === "string") failures.push(full);
        else measured.push(full);
        const without = await measure(p, new URL(p, scriptless.base).toString(), `${name}-without-scripts${suffix}`);
        if (typeof without === "string") failures.push(`without scripts: ${without}`);
        else bare.push(without);
      }
      if (measured.length === 0 || bare.length === 0) throw new Error(`every Lighthouse run of ${p} (or of it without scripts) failed: ${failures.join(", ")}`);
      const row: Row = {
        ...measured[0]!,
        score: median(measured.map((r) => r.score)),
        lcpMs: median(measured.map((r) => r.lcpMs)),
        tbtMs: median(measured.map((r) => r.tbtMs)),
        ranges: [range(measured.map((r) => r.score)), range(measured.map((r) => r.lcpMs)), range(measured.map((r) => r.tbtMs))],
        failed: failures.length ? ` (${failures.length} of ${runs * 2} runs failed: ${failures.join(", ")})` : "",
        withoutScripts: {
          score: median(bare.map((r) => r.score)),
          tbtMs: median(bare.map((r) => r.tbtMs)),
          ranges: [range(bare.map((r) => r.score)), range(bare.map((r) => r.tbtMs))],
        },
      };
      rows.push(row);
      console.log(
        `  ${p}: ${row.score}${row.ranges[0]}, LCP ${row.lcpMs} ms${row.ranges[1]}, TBT ${row.tbtMs} ms${row.ranges[2]}, ${row.scriptsFetched} scripts fetched; ` +
          `without scripts ${row.withoutScripts.score}, TBT ${row.withoutScripts.tbtMs} ms${row.withoutScripts.ranges[1]}; difference ${row.tbtMs - row.withoutScripts.tbtMs} ms${row.failed}`,
      );
    }
  } finally {
    await chrome.kill();
    await scriptless.close();
    await server?.stop();
  }
  console.log(`\nLighthouse benchmark index of this machine: ${median(benchmarkIndexes)}${range(benchmarkIndexes.map(Math.round))}`);
  if (runs > 1) console.log(`\nMedian of ${runs} runs per page, the range in brackets; each run followed by one of the same page without scripts.`);
  console.log("\n| page | score | LCP ms | TBT ms | scripts fetched | without scripts: score | TBT ms | TBT difference ms | LCP element |\n|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const w = r.withoutScripts;
    console.log(
      `| ${r.path}${r.failed} | ${r.score}${r.ranges[0]} | ${r.lcpMs}${r.ranges[1]} | ${r.tbtMs}${r.ranges[2]} | ${r.scriptsFetched} | ${w.score}${w.ranges[0]} | ${w.tbtMs}${w.ranges[1]} | ${r.tbtMs - w.tbtMs} | \`${r.lcpElement.replace(/\|/g, "\\|")}\` |`,
    );
  }
  const over = rows.filter((r) => r.tbtMs - r.withoutScripts.tbtMs > 50).map((r) => r.path);
  console.log(over.length ? `\nTBT more than 50 ms above the page without scripts: ${over.join(", ")}` : "\nEvery page's TBT is within 50 ms of the same page without scripts.");
}

await main();
