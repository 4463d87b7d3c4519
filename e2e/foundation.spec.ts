import { appStarted, expect, test } from "./helpers/test";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshots } from "./helpers/page-checks";

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
  await appStarted(page);
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

test("the 404 page at 360 and 1440 px shows its heading, message and way home on screen, uncovered, stacked without overlapping", async ({ page }) => {
  await saveScreenshots(page, "404", "/missing", async (width) => {
    const parts = [
      page.getByRole("heading", { name: "404", level: 1 }),
      page.getByText("Oops! Page not found"),
      page.getByRole("link", { name: "Return to Home" }),
    ];
    const boxes: { x: number; y: number; width: number; height: number }[] = [];
    for (const [i, part] of parts.entries()) {
      await expect(part).toBeInViewport();
      // Nothing (the cookie banner, a floating widget) lies over it: its centre hits the element itself.
      const uncovered = await part.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit !== null && el.contains(hit);
      });
      expect(uncovered, `part ${i} uncovered at ${width}px`).toBe(true);
      boxes.push((await part.boundingBox())!);
    }
    boxes.forEach((box, i) => {
      // Inside the viewport's width and centred on it.
      expect(box.x, `part ${i} at ${width}px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `part ${i} at ${width}px`).toBeLessThanOrEqual(width);
      expect(Math.abs(box.x + box.width / 2 - width / 2), `part ${i} centred at ${width}px`).toBeLessThan(16);
      // Each below the one before it.
      if (i > 0) expect(box.y, `part ${i} below part ${i - 1} at ${width}px`).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    });
    expect(await hasHorizontalOverflow(page), `404 at ${width}px`).toBe(false);
  });
});
