import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, saveScreenshots } from "./helpers/page-checks";

test("an inline script without the nonce is blocked by the CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.text().includes("Content Security Policy")) violations.push(msg.text());
  });
  await page.goto("/");
  const ran = await page.evaluate(async () => {
    const blocked = new Promise<string>((resolve) =>
      document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), { once: true }),
    );
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.appendChild(script);
    const directive = await Promise.race([blocked, new Promise<string>((r) => setTimeout(() => r("none"), 2000))]);
    return { injected: (window as unknown as { __injected?: boolean }).__injected === true, directive };
  });
  expect(ran.injected).toBe(false);
  expect(ran.directive).toMatch(/script-src/);
});

test("the site's own scripts run (hydration works under the CSP)", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules);
  expect(errors).toEqual([]);
});

test("an unknown path shows the 404 page, answers 404 and logs the path in the console", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (msg) => logged.push(msg.text()));
  const response = await page.goto("/no/such/page?x=1");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect.poll(() => logged.some((l) => l.includes("/no/such/page"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolations(page);
});

test("404 page screenshots", async ({ page }) => {
  await saveScreenshots(page, "404", "/missing");
});
