#!/usr/bin/env node
/**
 * JavaScript per page, gzipped at level 9, fetched from a running server, in two figures:
 * - first load: what the browser fetches and runs before the visitor does anything: the scripts the
 *   HTML loads or modulepreloads (<script src>, <link rel="modulepreload">), the imports and preload
 *   lists of its inline module scripts that start by themselves (after the first paint: decision
 *   025), and the inline scripts' own text;
 * - through the first interaction: that, plus what a page that waits for the visitor's first
 *   interaction (decision 041: its script `await firstInteraction;`) then preloads and imports.
 * Chunks loaded later still (lazy imports) are in neither.
 *
 *   node scripts/measure-js.mjs http://127.0.0.1:3000 / /about /help
 *   node scripts/measure-js.mjs --json http://127.0.0.1:3000 /
 *
 * Also importable: `measureFirstLoadJs(baseUrl, paths)` returns
 * [{ path, status, files, bytes, gzipBytes, inlineGzipBytes, interaction: { files, bytes, gzipBytes } }].
 */
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const gatedMarker = "await firstInteraction;";

/** The JS URLs a page's HTML loads: before any interaction (`first`) and once the visitor interacts (`onInteraction`). */
export function pageScriptUrls(html, pageUrl) {
  const first = new Set();
  const onInteraction = new Set();
  const absolute = (href) => new URL(href, pageUrl).toString();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) first.add(absolute(href));
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) first.add(absolute(m[1]));
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    const script = m[1];
    const into = script.includes(gatedMarker) ? onInteraction : first;
    // Static imports (React Router's own script) and dynamic ones (the rewritten and the islands start scripts).
    for (const imp of script.matchAll(/import\s*(?:[^"'(]*from\s*)?["']([^"']+\.js)["']/g)) into.add(absolute(imp[1]));
    for (const imp of script.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) into.add(absolute(imp[1]));
    // React Router's modules, preloaded together by the rewritten script (server/http/paint-first.ts).
    const modulePreloads = /^const modulePreloads = (\[.*\]);$/m.exec(script)?.[1];
    for (const href of modulePreloads ? JSON.parse(modulePreloads) : []) into.add(absolute(href));
    // An islands page (app/lib/islands/islands-scripts.tsx): the entry's chunks, and those of the islands in its HTML.
    const islandsPreloads = /^const islandsPreloads = (\[.*\]);$/m.exec(script)?.[1];
    const islands = JSON.parse(/^const islands = (\{.*\});$/m.exec(script)?.[1] ?? "{}");
    const onThisPage = [...html.matchAll(/\bdata-island="([a-z-]+)"/g)].flatMap((island) => islands[island[1]] ?? []);
    for (const href of islandsPreloads ? [...JSON.parse(islandsPreloads), ...onThisPage] : []) into.add(absolute(href));
    // The site search's answer before React, on a page that has the search (loaded when the visitor reaches for it).
    const searchBeforeReact = JSON.parse(/^const searchBeforeReact = (\{.*\});$/m.exec(script)?.[1] ?? "null");
    if (searchBeforeReact && /\sdata-site-search[=\s>]/.test(html)) for (const href of [searchBeforeReact.entry, ...searchBeforeReact.preloads]) onInteraction.add(absolute(href));
  }
  const sameOrigin = (urls) => [...urls].filter((u) => new URL(u).origin === new URL(pageUrl).origin);
  return { first: sameOrigin(first), onInteraction: sameOrigin([...onInteraction].filter((u) => !first.has(u))) };
}

/** The text of the page's inline scripts the browser runs (JSON data blocks are not run). */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=|type="application\//.test(m[1])).map((m) => m[2]);
}

const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);

export async function measureFirstLoadJs(baseUrl, paths) {
  const cache = new Map();
  const fetchAll = async (urls) => {
    const files = [];
    for (const url of urls) {
      if (!cache.has(url)) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        cache.set(url, { bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
      }
      files.push({ url: new URL(url).pathname, ...cache.get(url) });
    }
    return files;
  };
  const results = [];
  for (const path of paths) {
    const pageUrl = new URL(path, baseUrl).toString();
    const res = await fetch(pageUrl);
    const html = await res.text();
    const { first, onInteraction } = pageScriptUrls(html, pageUrl);
    const inline = inlineScripts(html).join("\n");
    const inlineFile = { url: "(inline)", bytes: Buffer.byteLength(inline), gzipBytes: inline ? gzipSync(inline, { level: 9 }).length : 0 };
    const files = [...(await fetchAll(first)), ...(inline ? [inlineFile] : [])];
    const interactionFiles = [...files, ...(await fetchAll(onInteraction))];
    results.push({
      path,
      status: res.status,
      files,
      bytes: sum(files, "bytes"),
      gzipBytes: sum(files, "gzipBytes"),
      inlineGzipBytes: inlineFile.gzipBytes,
      interaction: { files: interactionFiles, bytes: sum(interactionFiles, "bytes"), gzipBytes: sum(interactionFiles, "gzipBytes") },
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
  console.log(`${"page".padEnd(32)} ${"first load".padStart(13)}  ${"through the first interaction".padStart(29)}`);
  for (const r of results) {
    const through = r.interaction;
    console.log(
      `${r.path.padEnd(32)} ${kb(r.gzipBytes).padStart(7)} KB gz  ${kb(through.gzipBytes).padStart(7)} KB gz (${kb(through.bytes)} KB raw, ${through.files.length} files)  HTTP ${r.status}`,
    );
    if (verbose) for (const f of through.files) console.log(`    ${kb(f.gzipBytes).padStart(7)} KB gz  ${r.files.includes(f) ? "first load " : "interaction"}  ${f.url}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
