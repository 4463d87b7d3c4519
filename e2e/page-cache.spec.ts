import { appStarted, expect, test, type Page } from "./helpers/test";
import { expectNoSeriousA11yViolations, saveScreenshots } from "./helpers/page-checks";

/**
 * A public page served from the anonymous-HTML cache (decision 012) in a real browser, with the
 * CSP enforced: every inline script must run under the hashes the cached response sends.
 */
async function watchCsp(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __cspViolations?: string[] };
      (w.__cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...problems, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

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
