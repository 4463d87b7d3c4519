import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "./test";
import { mkdirSync } from "node:fs";

/**
 * Fails on any serious or critical accessibility violation on the page as it is now, or only inside
 * `within` (a CSS selector) when the rest of the page was already checked in the same state.
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string) {
  await animationsSettled(page);
  const builder = a11yAudit(page);
  expectNoSeriousViolations(await (within ? builder.include(within) : builder).analyze());
}

/**
 * The axe run every check makes: the WCAG 2.0–2.2 A and AA rules. A page with frames (a mail shown
 * in a sandboxed iframe) is checked frame by frame, which makes axe open a blank page to merge the
 * results; a page without frames skips that page (about 1 s a check). Only the violations are read:
 * axe then builds a selector for each failing node only, not for every node of every passing rule
 * (about 1,020 → 830 ms a check, measured on five public pages). `options` replaces what was set
 * before it, so it comes first.
 */
export function a11yAudit(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(page.frames().length === 1);
}

/** Fails on the serious or critical violations among `results`, naming each failing node. */
export function expectNoSeriousViolations(results: Awaited<ReturnType<AxeBuilder["analyze"]>>) {
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(summary, summary.join("\n")).toEqual([]);
}

/**
 * Waits (up to 5 s) until no finite animation or transition has run for 150 ms: axe reads colours as
 * they are painted, so a toast caught fading in or out reads as low contrast. Quiet for a while, not
 * for one check: a toast is inserted first and starts its fade a frame later, when it is marked
 * mounted, so one check in between saw nothing running (a flaky contrast failure on two stacked
 * toasts). Endless animations (spinners) are ignored.
 */
export async function animationsSettled(page: Page) {
  await page
    .waitForFunction(
      (call) => {
        const running = document.getAnimations().some((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
        const state = window as unknown as { quietSince?: number; settleCall?: number };
        if (state.settleCall !== call) [state.settleCall, state.quietSince] = [call, undefined]; // this wait's own quiet time
        if (running) state.quietSince = undefined;
        else state.quietSince ??= performance.now();
        return state.quietSince !== undefined && performance.now() - state.quietSince >= 150;
      },
      Math.random(),
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined); // still running after 5 s: check the page as it is
}

export const widths = { phone: 360, desktop: 1440 } as const;

/**
 * Screenshots are for a person to look at, so a CI run, which nobody looks at, takes none unless
 * E2E_SCREENSHOTS=1; E2E_SCREENSHOTS=0 skips them anywhere. Whatever a test asserts runs either way.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === "1" : !process.env.CI;

/** Saves a screenshot of the page, or of one element, under screenshots/ (when screenshots are wanted). */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: Omit<NonNullable<Parameters<Page["screenshot"]>[0]>, "path"> = {},
) {
  if (!screenshotsWanted) return;
  mkdirSync("screenshots", { recursive: true });
  await target.screenshot({ ...options, path: `screenshots/${name}.png` });
}

/**
 * Loads the page at 360 px and 1440 px and saves a full-page screenshot of each for a person to look
 * at; `check`, when given, asserts what the page shows at each width before its picture is taken.
 */
export async function saveScreenshots(page: Page, name: string, path: string, check?: (width: number) => Promise<void>) {
  // With no picture to take and nothing to check, only the last load stays: callers go on from the page as it is left.
  const loads = screenshotsWanted || check ? Object.entries(widths) : Object.entries(widths).slice(-1);
  for (const [label, width] of loads) {
    await page.setViewportSize({ width, height: label === "phone" ? 780 : 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await check?.(width);
    await saveScreenshot(page, `${name}-${width}`, { fullPage: true });
  }
}

/** True when the page is wider than the viewport (content overflows sideways). */
export async function hasHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Axe, screenshots at 360 and 1440 px, and no sideways scrolling at either width; ends at desktop size. */
export async function checkScreen(page: Page, name: string, urlPath: string) {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, name, urlPath);
  for (const width of Object.values(widths)) {
    await page.setViewportSize({ width, height: 800 });
    expect(await hasHorizontalOverflow(page), `${name} at ${width}px`).toBe(false);
  }
  await page.setViewportSize({ width: widths.desktop, height: 900 });
}

/** Collects a page's script errors and console errors, and the paths of the scripts it requests. */
export function watchScriptsAndErrors(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return { problems, scripts };
}
