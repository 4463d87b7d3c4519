import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages, signedOutFormPaths } from "~/content/pages";
import { services } from "~/content/services";
// @ts-expect-error -- a plain .mjs script without type declarations
import { measureFirstLoadJs } from "../scripts/measure-js.mjs";
import { startTestServer, type TestServer } from "./helpers/server";

/**
 * First-load JavaScript per public page (gzip, as scripts/measure-js.mjs counts it: every script
 * the HTML loads or modulepreloads), on the production build. A budget, not a timing.
 *
 * Goals: / ≤ 110 KB, every public page ≤ 130 KB (DESIGN.md). Both hold: the signed-out home page
 * and content pages hydrate as islands without React Router (decisions 031 and 037); React and
 * React DOM are 66 KB, React Router another 40 on every other page (~1 KB more than when the two
 * were one chunk). Each page's budget below is its size when last lowered (2026-11-26: the cookie banner
 * hydrates from its own chunk), rounded up to the next whole KB, so that it cannot grow; lower a figure
 * whenever a change makes the page smaller.
 */
const budgetsKb: Record<string, number> = {
  "/": 86,
  "/categories": 88,
  "/how-it-works": 82,
  "/about": 78,
  "/careers": 122,
  "/help": 124,
  "/early-access": 129,
  "/uk-reviews": 78,
  "/fixer-register": 129,
  "/recruitment": 126,
  "/fixer-ai": 83,
  "/terms": 78,
  "/data-protection": 78,
};

/**
 * The other pages a signed-out visitor lands on: the eleven service pages, the job form, sign-in and
 * the password reset the email links to. Their copy and their form's schema travel as data or load
 * after the page (decisions 030 and 036).
 */
const otherPublicBudgetsKb: Record<string, number> = {
  ...Object.fromEntries(services.map((s) => [s.href, 129])),
  "/request": 129,
  "/auth": 128,
  "/reset-password": 127,
} satisfies Record<(typeof signedOutFormPaths)[number], number>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

describe("first-load JavaScript budgets", () => {
  it("every public page has a budget, and none is over it", async () => {
    expect(Object.keys(budgetsKb).sort()).toEqual(publicPages.map((p) => p.path).sort());
    expect(Object.entries(budgetsKb).filter(([path, kb]) => kb > (path === "/" ? 110 : 130))).toEqual([]);
    const budgets = { ...budgetsKb, ...otherPublicBudgetsKb };
    expect(Object.keys(budgets)).toHaveLength(publicPages.length + services.length + signedOutFormPaths.length);
    const results = (await measureFirstLoadJs(server.url, Object.keys(budgets))) as { path: string; status: number; gzipBytes: number }[];
    const over = results
      .filter((r) => r.status !== 200 || r.gzipBytes / 1024 > budgets[r.path]!)
      .map((r) => `${r.path}: ${(r.gzipBytes / 1024).toFixed(1)} KB gz (HTTP ${r.status}), budget ${budgets[r.path]} KB`);
    expect(over).toEqual([]);
    // React and React DOM alone are ~66 KB, React Router another ~40: the measure counts them.
    const islandsPages = ["/", "/categories", "/how-it-works", "/about", "/uk-reviews", "/fixer-ai", "/terms", "/data-protection"];
    expect(results.every((r) => r.gzipBytes > (islandsPages.includes(r.path) ? 66 : 105) * 1024)).toBe(true);
  }, 120_000);
});
