import { appStarted, expect, test, type Response } from "./helpers/test";
import { watchCsp } from "./helpers/csp";
import { expectNoSeriousA11yViolations, saveScreenshots } from "./helpers/page-checks";

/**
 * A public page served from the anonymous-HTML cache (decision 012) in a real browser, with the
 * CSP enforced: every inline script must run under the hashes the cached response sends.
 */
test("a cached page loads twice with no CSP violation, hydrates, and the cookie choice reaches the server", async ({ page }) => {
  const problems = await watchCsp(page);
  await page.goto("/uk-reviews");
  const second = await page.goto("/uk-reviews");
  expect(second?.headers()["x-page-cache"]).toBe("hit");
  expect(second?.headers()["content-security-policy"]).toContain("'sha256-");
  await appStarted(page);

  // The banner came with the HTML; its buttons work once hydrated.
  const banner = page.getByRole("region", { name: "Cookie Preferences" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reject Non-Essential" }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => document.cookie)).toContain("cookie_consent=essential");

  // The next visit's HTML (cached for visitors who have chosen) has no banner at all.
  const next = await page.goto("/uk-reviews");
  expect(next?.headers()["x-page-cache"]).toMatch(/hit|miss/);
  expect(await next!.text()).not.toContain("Accept All Cookies");
  await appStarted(page);
  await expect(banner).toHaveCount(0);
  expect(await problems()).toEqual([]);
});

test("a signed-out page rendered per request starts its app under the response's nonce after the first paint, with no CSP violation", async ({ page }) => {
  const problems = await watchCsp(page);
  const response = await page.goto("/request?service=plumbing");
  expect(response?.headers()["x-page-cache"]).toBeUndefined();
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  await appStarted(page);
  // The app started: the form's coverage check runs in the browser as the postcode is typed.
  await expect(page.getByLabel("Service")).toHaveValue("plumbing");
  await page.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await expect(page.getByText(/FixiT fixers? covers? SW1 for this service/)).toBeVisible();
  expect(await problems()).toEqual([]);
});

test("Chromium gets the cached page, its scripts and its stylesheet as brotli", async ({ page, baseURL }) => {
  // Chromium lists br last ("gzip, deflate, br, zstd"); among equal q-values the server's order
  // must win, or every Chrome visitor downloads gzip (12–17% larger). See content-encoding.ts.
  const encodings: string[] = [];
  const reading: Promise<void>[] = [];
  const record = async (response: Response) => {
    const type = response.request().resourceType();
    if (!["document", "script", "stylesheet"].includes(type) || !response.url().startsWith(baseURL!)) return;
    // The build keeps no compressed copy of a file that compression would not shrink (a few bytes long).
    if ((await response.body()).length < 1024) return;
    encodings.push(`${type} ${new URL(response.url()).pathname} ${(await response.allHeaders())["content-encoding"] ?? "none"}`);
  };
  const onResponse = (response: Response) => void reading.push(record(response));
  page.on("response", onResponse);
  // Fills the cache without filling the browser's own (a second page.goto would revalidate: a 304 has no body).
  await (await page.request.get("/about")).body();
  const cached = await page.goto("/about");
  expect(cached?.headers()["x-page-cache"]).toBe("hit");
  await appStarted(page);
  // Every response seen so far is read to the end before the page can close under a reader.
  page.off("response", onResponse);
  await Promise.all(reading);
  expect(encodings.filter((line) => line.startsWith("document"))).toEqual(["document /about br"]);
  const assets = encodings.filter((line) => !line.startsWith("document"));
  expect(assets.some((line) => line.startsWith("script"))).toBe(true);
  expect(assets.some((line) => line.startsWith("stylesheet"))).toBe(true);
  expect(assets.filter((line) => !line.endsWith(" br"))).toEqual([]);
});

test("a choice stored before the cookie existed is mirrored into it on load", async ({ page }) => {
  await page.addInitScript(() => {
    if (!document.cookie.includes("cookie_consent"))
      localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: true, analytics: true, marketing: true }));
  });
  await page.goto("/terms");
  await appStarted(page);
  await expect.poll(() => page.evaluate(() => document.cookie)).toContain("cookie_consent=all");
  await expect(page.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
});

test("a cached page with the banner: no serious accessibility problem, screenshots at 360 and 1440", async ({ page }) => {
  await page.goto("/terms");
  await page.goto("/terms");
  await appStarted(page);
  await expect(page.getByRole("region", { name: "Cookie Preferences" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, "cached-terms-banner", "/terms");
});
