import { appStarted, expect, test } from "./helpers/test";
import { watchScriptsAndErrors } from "./helpers/page-checks";

/**
 * The signed-out content pages hydrate as islands, without React Router (decision 037): only the
 * header, the footer, the site widgets and each page's interactive part hydrate; the rest stays
 * the server's HTML.
 */
const islandsPages = ["/about", "/how-it-works", "/uk-reviews", "/terms", "/data-protection", "/categories", "/fixer-ai"];

for (const path of islandsPages) {
  test(`${path} hydrates as islands, without React Router, with no error; its menu opens at 360 px`, async ({ page }) => {
    const { problems, scripts } = watchScriptsAndErrors(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-islands", "started");
    await expect(page.locator("html")).toHaveAttribute("data-islands-hydrated", "");
    expect(scripts.filter((script) => /router|entry\.client/.test(script))).toEqual([]);
    // Only this page's islands' code: no home-page chunk rides along.
    expect(scripts.filter((script) => /\/(hero|home-top-bar|home-widgets|deferred-below-fold)-/.test(script))).toEqual([]);
    const toggle = page.getByRole("banner").getByRole("button", { name: "Open menu" });
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Reject Non-Essential" }).click();
    await expect(page.getByTestId("cookie-banner")).toBeHidden();
    expect(problems).toEqual([]);
  });
}

test("the /categories tabs work in their island; a service page hydrates with React Router, and Back returns", async ({ page }) => {
  const { problems } = watchScriptsAndErrors(page);
  await page.goto("/categories");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "started");
  await page.getByRole("tab", { name: "Features" }).click();
  await expect(page.getByRole("tab", { name: "Features" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Features" })).toBeAttached();
  await page.getByRole("tab", { name: "All services" }).click();
  await page.getByRole("tabpanel").getByRole("link", { name: /Plumbing/ }).click();
  await expect(page).toHaveURL(/\/categories\/plumbing$/);
  // A page that is not an island page hydrates whole with React Router, and Back returns.
  await expect(page.locator("html")).not.toHaveAttribute("data-islands");
  await appStarted(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  expect(problems).toEqual([]);
});

test("a signed-out visitor's Back on an islands page returns to the site page they came from, or goes home", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/terms");
  await page.getByRole("banner").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  // A tap on Back before /about's script has loaded (decision 041) is held until the link has hydrated: it goes back too.
  await expect(page.locator("html")).not.toHaveAttribute("data-islands", "started");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.goto("about:blank");
  await page.goto("/uk-reviews");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
