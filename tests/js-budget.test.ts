import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages, signedOutFormPaths } from "~/content/pages";
import { services } from "~/content/services";
// @ts-expect-error -- a plain .mjs script without type declarations
import { measureFirstLoadJs } from "../scripts/measure-js.mjs";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * JavaScript per page (gzip, as scripts/measure-js.mjs counts it), on the production build. Budgets, not timings.
 *
 * First load: what a page fetches and runs before the visitor does anything. A public page, a
 * service page or a signed-out form page loads its framework code on the visitor's first
 * interaction (decision 041), so what it runs before then is its inline start script (and, on a
 * React Router page, the router's context: the loader's data). Issue 38's goal: under 15 KB on
 * /terms, /about and /categories; every such page is held to a few KB below.
 *
 * Through the first interaction: what the page fetches once the visitor reaches for it (the scripts
 * that were its first load before decision 041; the inline scripts are counted in the first load).
 * Goals: / ≤ 110 KB, every public page ≤ 130 KB (DESIGN.md). Both hold: the signed-out home page
 * and content pages hydrate as islands without React Router (decisions 031 and 037); React and
 * React DOM are 66 KB, React Router another 40 on every other page (~1 KB more than when the two
 * were one chunk). Each page's budget below is its size when last lowered (2026-11-26: the cookie banner
 * hydrates from its own chunk), rounded up to the next whole KB, so that it cannot grow; lower a figure
 * whenever a change makes the page smaller.
 */
const budgetsKb: Record<string, number> = {
  // 86 → 91 on 2026-11-27 (issue 38): the site search answers its first letters before React from
  // its own module (the index and the filter, 4.8 KB gz), now counted; React's search loaded the
  // same index on focus before, uncounted.
  "/": 92,
  "/categories": 89,
  // 82 → 82.5 on 2026-11-30: the route manifest's five new routes (issue 51), as the service pages.
  "/how-it-works": 82.5,
  // /about, /uk-reviews, /terms and /data-protection 78 → 78.5 on 2026-11-30: 78.0x once the route
  // manifest loaded on the first interaction carries issue 51's five routes (the offer page, the staff
  // emergency pages, a request's photos).
  "/about": 78.5,
  // 122.0 → 122.02 on 2026-11-27: the header's Back link carries `data-hold-click` (decision 041).
  "/careers": 123,
  // Raised by 1 on 2026-11-27 (issue 38): the header's phone menu is in the shell as a popover
  // (+0.2 KB gz), in place of a 10 KB gz sheet chunk loaded on the first tap (not counted here).
  // +1 KB on four pages (each was within 0.1 KB of its figure): the shell now names the header's
  // Messages button chunk, loaded only for a signed-in person (issue 36, decision 048).
  "/help": 125,
  // /categories 88 → 89 on 2026-11-27: 88.0x with the header's signed-in rule (decision 051).
  // /early-access 129 → 130 on 2026-11-27: the header's slot for the notifications bell (decision 049);
  // the bell itself loads from its own chunk, for signed-in visitors only.
  "/early-access": 130,
  "/uk-reviews": 78.5,
  "/fixer-register": 130,
  "/recruitment": 127,
  "/fixer-ai": 84,
  "/terms": 78.5,
  "/data-protection": 78.5,
};

/**
 * The other pages a signed-out visitor lands on: the eleven service pages, the job form, sign-in and
 * the password reset the email links to. Their copy and their form's schema travel as data or load
 * after the page (decisions 030 and 036).
 */
// Raised on 2026-11-27 to what issue 37 added (the header's fixer dashboard link, the kept draft
// photos, the coverage answer, sign-up's "check your email" view): service pages 129.2, /request
// 129.7 (its words split from the job pages' to stay under DESIGN.md's 130), /auth 128.7,
// /reset-password 127.7 KB gz. Raised again on 2026-11-27 by what issue 36 added to the shell for a
// signed-in person's header (the Messages button and the notifications bell, each a chunk of its own
// that only a signed-in page loads; the shell names them and their files to preload): measured
// /request 130.3, /auth 129.2, /reset-password 128.2, /recruitment 126.1, / 91.1 KB gz through the
// first interaction. Before any interaction these pages still fetch nothing (2.2–2.9 KB inline).
const otherPublicBudgetsKb: Record<string, number> = {
  // 130 → 130.5 on 2026-11-30: 130.0x once the route manifest these pages load (the whole route
  // table) carries issue 51's five new routes; the plumbing, electrical and handyman
  // pages' on-call panel itself fitted in 130 (its words come from the loader).
  ...Object.fromEntries(services.map((s) => [s.href, 130.5])),
  "/request": 131,
  // Decision 081: the emergency form, 129.7 KB gz on 2026-11-30 (its service names, amounts and the
  // schema's limits come from the server or without zod; the schema loads on the first reach).
  "/emergency": 130,
  "/auth": 130,
  "/reset-password": 129,
} satisfies Record<(typeof signedOutFormPaths)[number], number>;

/**
 * First load, before any interaction (decision 041): the islands pages run 1.9 KB of inline script, the router pages 2.8–5.5 KB (their context carries the loader's data).
 * Raised for the router pages from 6 to 6.5 KB on 2026-11-30 by the installable app's inline script (decision 073: the install prompt
 * and the worker's start after the first interaction, 0.3 KB gz on every page): /help, whose context carries its FAQ, measured 6.2 KB.
 */
const firstLoadBudgetKb = (path: string) => (islandsPages.includes(path) ? 3 : 6.5);
const islandsPages = ["/", "/categories", "/how-it-works", "/about", "/uk-reviews", "/fixer-ai", "/terms", "/data-protection"];

let server: InProcessServer;
beforeAll(async () => {
  server = await startServerInProcess();
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

describe("first-load JavaScript budgets", () => {
  it("every public page has a budget, and none is over it: a few KB of inline script before any interaction, the framework with it", async () => {
    expect(Object.keys(budgetsKb).sort()).toEqual(publicPages.map((p) => p.path).sort());
    expect(Object.entries(budgetsKb).filter(([path, kb]) => kb > (path === "/" ? 110 : 130))).toEqual([]);
    const budgets = { ...budgetsKb, ...otherPublicBudgetsKb };
    expect(Object.keys(budgets)).toHaveLength(publicPages.length + services.length + signedOutFormPaths.length);
    type Measured = { path: string; status: number; gzipBytes: number; inlineGzipBytes: number; interaction: { gzipBytes: number; files: { url: string }[] } };
    const results = (await measureFirstLoadJs(server.url, Object.keys(budgets))) as Measured[];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.path}: HTTP ${r.status}`)).toEqual([]);
    // Before any interaction: no framework code at all, only the inline start script.
    const overFirst = results
      .filter((r) => r.gzipBytes / 1024 > firstLoadBudgetKb(r.path) || r.gzipBytes !== r.inlineGzipBytes)
      .map((r) => `${r.path}: ${kb(r.gzipBytes)} KB gz before any interaction (${kb(r.gzipBytes - r.inlineGzipBytes)} KB of it fetched), budget ${firstLoadBudgetKb(r.path)} KB`);
    expect(overFirst).toEqual([]);
    expect(["/terms", "/about", "/categories"].every((path) => firstLoadBudgetKb(path) < 15)).toBe(true);
    // Through the first interaction, the scripts fetched: the budgets as they were.
    const fetched = (r: Measured) => r.interaction.gzipBytes - r.inlineGzipBytes;
    const over = results.filter((r) => fetched(r) / 1024 > budgets[r.path]!).map((r) => `${r.path}: ${kb(fetched(r))} KB gz through the first interaction, budget ${budgets[r.path]} KB`);
    expect(over).toEqual([]);
    // React and React DOM alone are ~66 KB, React Router another ~40: the measure counts them once the visitor interacts.
    expect(results.every((r) => fetched(r) > (islandsPages.includes(r.path) ? 66 : 105) * 1024)).toBe(true);
  }, 120_000);
});

describe("the service worker (decision 073)", () => {
  it("is one file of at most 15 KB gz, precache list included, asked for again on every visit", async () => {
    const response = await fetch(`${server.url}/sw.js`, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const source = await response.text();
    const gzipKb = gzipSync(source, { level: 9 }).length / 1024;
    expect(gzipKb, `${gzipKb.toFixed(1)} KB gz`).toBeLessThanOrEqual(15);
    // Bundled (no module import left for the browser to fetch), and the precache list injected, the font in it.
    expect(source).not.toMatch(/^import\b|\bimport\s*\(/m);
    expect(source).not.toContain("self.__SW_MANIFEST");
    expect(source).toMatch(/"url":"assets\/[^"]+\.woff2"/);
  });

  it("the page's start for it (/app-start.js, imported once the page's app runs) is at most 2 KB gz", async () => {
    const response = await fetch(`${server.url}/app-start.js`, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const gzipKb = gzipSync(await response.text(), { level: 9 }).length / 1024;
    expect(gzipKb, `${gzipKb.toFixed(2)} KB gz`).toBeLessThanOrEqual(2);
  });
});
