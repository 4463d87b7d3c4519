#!/usr/bin/env node
/**
 * First-load JavaScript of each page, gzipped: the scripts the page's HTML loads or modulepreloads
 * (<script src>, <link rel="modulepreload">, and the imports and preload list of inline module scripts),
 * fetched from a running server and gzipped at level 9. Chunks loaded later (lazy imports) are
 * not counted.
 *
 *   node scripts/measure-js.mjs http://127.0.0.1:3000 / /about /help
 *   node scripts/measure-js.mjs --json http://127.0.0.1:3000 /
 *
 * Also importable: `measureFirstLoadJs(baseUrl, paths)` returns [{ path, files, bytes, gzipBytes }].
 */
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

/** The JS URLs a page's HTML loads on first load. */
export function firstLoadScriptUrls(html, pageUrl) {
  const urls = new Set();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(new URL(href, pageUrl).toString());
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(new URL(m[1], pageUrl).toString());
  // Inline module scripts import the entry and the route modules.
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imp of m[1].matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(new URL(imp[1], pageUrl).toString());
    // A signed-out visitor's page starts them after its first paint (server/http/paint-first.ts): its preload list and its imports.
    for (const imp of m[1].matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) urls.add(new URL(imp[1], pageUrl).toString());
    const preloads = /for \(const href of (\[[^\]]*\])\)/.exec(m[1])?.[1];
    for (const href of preloads ? JSON.parse(preloads) : []) urls.add(new URL(href, pageUrl).toString());
    // An islands page (app/lib/islands/islands-scripts.tsx): the entry's chunks, and those of the islands in its HTML.
    const islandsPreloads = /for \(const href of new Set\(\[\.\.\.(\[[^\]]*\]), \.\.\.onThisPage\]\)\)/.exec(m[1])?.[1];
    const islands = JSON.parse(/^const islands = (\{.*\});$/m.exec(m[1])?.[1] ?? "{}");
    const onThisPage = [...html.matchAll(/\bdata-island="([a-z-]+)"/g)].flatMap((island) => islands[island[1]] ?? []);
    for (const href of islandsPreloads ? [...JSON.parse(islandsPreloads), ...onThisPage] : []) urls.add(new URL(href, pageUrl).toString());
  }
  return [...urls].filter((u) => new URL(u).origin === new URL(pageUrl).origin);
}

export async function measureFirstLoadJs(baseUrl, paths) {
  const cache = new Map();
  const results = [];
  for (const path of paths) {
    const pageUrl = new URL(path, baseUrl).toString();
    const res = await fetch(pageUrl);
    const html = await res.text();
    const files = [];
    for (const url of firstLoadScriptUrls(html, pageUrl)) {
      if (!cache.has(url)) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        cache.set(url, { bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
      }
      files.push({ url: new URL(url).pathname, ...cache.get(url) });
    }
    results.push({
      path,
      status: res.status,
      files,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    });
  }
  return results;
}

const kb = (n) => (n / 1024).toFixed(1);

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const verbose = args.includes("--verbose");
  const [base, ...paths] = args.filter((a) => !a.startsWith("--"));
  if (!base) {
    console.error("usage: node scripts/measure-js.mjs [--json] [--verbose] <base-url> [path ...]");
    process.exit(2);
  }
  const results = await measureFirstLoadJs(base, paths.length ? paths : ["/"]);
  if (json) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  for (const r of results) {
    console.log(`${r.path.padEnd(32)} ${kb(r.gzipBytes).padStart(7)} KB gz  (${kb(r.bytes)} KB raw, ${r.files.length} files, HTTP ${r.status})`);
    if (verbose) for (const f of r.files) console.log(`    ${kb(f.gzipBytes).padStart(7)} KB gz  ${f.url}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
