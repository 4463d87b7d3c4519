/**
 * `npm run bench:first-interaction`: how long a public page takes to answer the visitor's first
 * interaction when its framework code loads on that interaction (decision 041), in Chromium with a
 * 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate) and an empty cache, as a first visit:
 * - /terms at 360 px: a tap on the menu toggle, until the menu's dialog is shown (a popover: checked
 *   each frame as well as on each change to the document);
 * - /: a tap into the search box and a letter typed at once, until the results list shows an option
 *   (timed from the letter's key press, and from the tap);
 * - /request: a tap into the first field, until the field has the focus (the browser's own: it shows
 *   the caret and takes text from then on), and until React has hydrated it (the form's instant
 *   feedback, which follows).
 * Each is timed inside the page, from the event's own time stamp to the moment the answer is in
 * the document (a MutationObserver, or a 10 ms check of React's mark on the field). A measure,
 * not a test: the machine is shared, so compare builds run for run, and read medians.
 *
 *   npm run bench:first-interaction                                   # starts the production build (BENCH_PORT, 3999)
 *   FIRST_INTERACTION_URLS=http://127.0.0.1:3000,http://127.0.0.1:3001 npm run bench:first-interaction   # two running builds, interleaved
 *   FIRST_INTERACTION_RUNS=7 CPU_SLOWDOWN=4 npm run bench:first-interaction
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumArgs } from "../e2e/helpers/chromium-args.ts";
import { startProductionServer, type ProductionServer } from "./production-server.ts";

const runs = Math.max(1, Number(process.env.FIRST_INTERACTION_RUNS ?? 5));
const cpuSlowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Timings = Record<string, number>;
type Scenario = { name: string; path: string; viewport: { width: number; height: number }; run(page: Page): Promise<Timings> };

// The code that runs in the page is written as text: tsx would wrap functions passed to `evaluate`
// in a helper (`__name`) that the page does not have.

/** Waits in the page for `selector` to match an element that is shown, and gives the time (performance.now()) it first did. */
function whenShown(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const shown = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => element.getClientRects().length > 0);
    if (shown()) return resolve(performance.now());
    let done = false;
    const check = () => {
      if (done || !shown()) return;
      done = true;
      observer.disconnect();
      resolve(performance.now());
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    // A popover opens with no change to the document (:popover-open is a state): checked each frame.
    const eachFrame = () => { check(); if (!done) requestAnimationFrame(eachFrame); };
    requestAnimationFrame(eachFrame);
  })`);
}

/** Waits in the page until React has hydrated the element `selector` matches (its `__reactProps$` mark), and gives the time. */
function whenHydrated(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const element = document.querySelector(${JSON.stringify(selector)});
    const check = () => (Object.keys(element).some((key) => key.startsWith("__reactProps$")) ? resolve(performance.now()) : setTimeout(check, 10));
    check();
  })`);
}

/**
 * Records the time stamps of the page's first pointerdown and keydown (capture phase, before
 * anything of the page's), and the time the first field took the focus (`focusin`, as it is handled).
 */
async function recordInputTimes(page: Page) {
  await page.evaluate(`window.__firstInput = {};
    for (const type of ["pointerdown", "keydown"]) addEventListener(type, (event) => { window.__firstInput[type] ??= event.timeStamp; }, { capture: true });
    addEventListener("focusin", () => { window.__firstInput.focusin ??= performance.now(); }, { capture: true });`);
}
const inputTimes = (page: Page) => page.evaluate("window.__firstInput") as Promise<Record<string, number>>;

const scenarios: Scenario[] = [
  {
    name: "open the menu on /terms (360 px)",
    path: "/terms",
    viewport: { width: 360, height: 780 },
    async run(page) {
      const shown = whenShown(page, '[role="dialog"]');
      await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
      const at = await shown;
      return { "tap → menu shown": at - (await inputTimes(page)).pointerdown! };
    },
  },
  {
    name: "type a letter into the search on /",
    path: "/",
    viewport: { width: 360, height: 780 },
    async run(page) {
      const shown = whenShown(page, '[role="listbox"] [role="option"]');
      await page.getByRole("combobox", { name: "Search FixiT" }).first().click();
      await page.keyboard.press("p");
      const at = await shown;
      const input = await inputTimes(page);
      return { "key → results shown": at - input.keydown!, "tap → results shown": at - input.pointerdown! };
    },
  },
  {
    name: "focus the first field of /request",
    path: "/request",
    viewport: { width: 360, height: 780 },
    async run(page) {
      const hydrated = whenHydrated(page, "select[name=service]");
      await page.getByLabel("Service").click();
      const at = await hydrated;
      const input = await inputTimes(page);
      return { "tap → field focused": input.focusin! - input.pointerdown!, "tap → field hydrated (form's own feedback)": at - input.pointerdown! };
    },
  },
];

async function measure(browser: Browser, base: string, scenario: Scenario): Promise<Timings> {
  const context = await browser.newContext({ viewport: scenario.viewport });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(new URL(scenario.path, base).toString(), { waitUntil: "load" });
    // The page settles as a visitor reads it: whatever it starts by itself has started.
    await page.waitForTimeout(2_000);
    await recordInputTimes(page);
    return await scenario.run(page);
  } finally {
    await context.close();
  }
}

async function main() {
  let server: ProductionServer | undefined;
  let bases = (process.env.FIRST_INTERACTION_URLS ?? "").split(",").filter(Boolean);
  if (bases.length === 0) {
    if (!existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
    server = await startProductionServer({ port: Number(process.env.BENCH_PORT ?? 3999) });
    bases = [server.base];
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
  try {
    console.log(`First interaction, ${cpuSlowdown}× CPU slowdown, empty cache, median of ${runs} (range):`);
    for (const scenario of scenarios) {
      const results = new Map<string, Timings[]>(bases.map((base) => [base, []]));
      // The builds take turns, run for run, so that each sees the same moments of a shared machine.
      for (let run = 0; run < runs; run++) for (const base of bases) results.get(base)!.push(await measure(browser, base, scenario));
      for (const base of bases) {
        const timings = results.get(base)!;
        const line = Object.keys(timings[0]!)
          .map((label) => {
            const values = timings.map((t) => Math.round(t[label]!));
            return `${label} ${median(values)} ms (${Math.min(...values)}–${Math.max(...values)})`;
          })
          .join("; ");
        console.log(`  ${scenario.name}${bases.length > 1 ? ` [${base}]` : ""}: ${line}`);
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
