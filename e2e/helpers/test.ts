import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Whether the page's app has started (React Router has created its router, or an islands page
 * (decision 031) has started hydrating every island, so React is hydrating and replays a click it
 * receives meanwhile) and the cookie banner, when it stays shown, has hydrated. A page without
 * JavaScript, or not made by React Router, has nothing to wait for. A public page loads its scripts
 * on the visitor's first interaction (decision 041): this starts them as that would, with the
 * page's `fixit:start` event, so that a test begins from a page that answers.
 */
export function appStartedNow(page: Page): Promise<boolean> {
  return (
    page
      .evaluate(() => {
        document.dispatchEvent(new Event("fixit:start"));
        const islands = document.documentElement.dataset.islands;
        const w = window as unknown as { __reactRouterContext?: unknown; __reactRouterDataRouter?: unknown };
        if (islands !== undefined ? islands !== "started" : w.__reactRouterContext && !w.__reactRouterDataRouter) return false;
        // No script of ours ran (JavaScript off, or a page not made by React Router): nothing to wait for.
        if (islands === undefined && !w.__reactRouterContext) return true;
        // The cookie banner hydrates from its own chunk, after the page (decision 039): until then
        // its choices post a plain form (a reload) instead of saving in place. React marks each
        // node it has hydrated. A visitor with a stored choice never uses it (it goes once
        // hydrated), so only a banner that stays is waited for.
        const banner = document.querySelector("[data-testid=cookie-banner]");
        if (!banner || Object.keys(banner).some((key) => key.startsWith("__reactFiber$"))) return true;
        try {
          return localStorage.getItem("cookieConsent") !== null;
        } catch {
          return false;
        }
      })
      // The page moved on (a redirect in the browser): check the new one.
      .catch((error: unknown) => {
        if (page.isClosed()) throw error;
        return false;
      })
  );
}

/**
 * Waits until appStartedNow. A cached public page starts its app after the first paint (decision
 * 025), which can be after the load event `page.goto` waits for. Under a paused clock the banner's
 * hydration waits for the clock (React retries on a timer): such a test goes with `waitUntil:
 * "commit"` and advances the clock until appStartedNow.
 */
export async function appStarted(page: Page, timeoutMs = 30_000) {
  // Checked from here, on real time: polling inside the page runs on its timers, which a test's paused clock stops.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await appStartedNow(page)) return;
    if (Date.now() > deadline) throw new Error(`the app on ${page.url()} did not start within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every page opened through the fixtures waits for its app after goto and reload, as a person waits for a page to respond. */
const waiting = new WeakSet<Page>();
function waitForAppAfterNavigation(page: Page) {
  if (waiting.has(page)) return;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (args[1]?.waitUntil !== "commit") await appStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (args[0]?.waitUntil !== "commit") await appStarted(page);
    return response;
  };
}

let addressesGiven = 0;
/**
 * An address of its own for one browser context, sent as X-Forwarded-For (the test server trusts
 * the loopback proxy): the whole suite signs up, pays and posts more than one address may per hour,
 * so each person is counted on their own, as real visitors are. Unique per worker (its index is the
 * second octet) and per call.
 */
export function ownAddress(): string {
  const n = addressesGiven++;
  return `10.${test.info().workerIndex % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A new person: a browser context from an address of its own, in en-GB and London time, whose pages wait for their app as the fixtures' do. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "en-GB",
    timezoneId: "Europe/London",
    ...options,
    extraHTTPHeaders: { "x-forwarded-for": ownAddress(), ...options.extraHTTPHeaders },
  });
  context.on("page", waitForAppAfterNavigation);
  return context;
}

export const test = base.extend({
  context: async ({ context }, provide) => {
    // Every page of the test's context, and every tab it opens (a checkout), comes from the test's own address.
    await context.setExtraHTTPHeaders({ "x-forwarded-for": ownAddress() });
    context.on("page", waitForAppAfterNavigation);
    await provide(context);
  },
  page: async ({ page }, provide) => {
    waitForAppAfterNavigation(page);
    await provide(page);
  },
});

/**
 * Waits until React has hydrated the element (it marks each node it hydrated). A click that lands while
 * its island is still hydrating submits the form as a plain post: the page still answers, from the
 * server, but without the toast a test of the hydrated form looks for.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber$"))), { message: "hydrated by React" }).toBe(true);
}

/** The test server's origin (Playwright's baseURL). */
export function baseUrl(): string {
  return test.info().project.use.baseURL!;
}

/** What a form posted from one of the site's own pages carries: its Origin (the server checks it on forms). */
export function sameOriginHeaders(): Record<string, string> {
  return { origin: new URL(baseUrl()).origin };
}
