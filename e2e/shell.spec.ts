import { appStarted, expect, test, type Page } from "./helpers/test";
import { expectNoSeriousA11yViolations, saveScreenshots } from "./helpers/page-checks";

const storedConsent = (page: Page) => page.evaluate(() => localStorage.getItem("cookieConsent"));

async function withConsent(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false })),
  );
}

test.describe("cookie banner", () => {
  test("Accept All Cookies stores all four as true and the choice survives a reload", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    await expect(banner).toBeVisible();
    expect(await storedConsent(page)).toBeNull();
    await banner.getByRole("button", { name: "Accept All Cookies" }).click();
    await expect(banner).toBeHidden();
    expect(JSON.parse((await storedConsent(page))!)).toEqual({ essential: true, functional: true, analytics: true, marketing: true });
    await page.reload();
    await appStarted(page);
    await page.waitForTimeout(500);
    await expect(page.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
  });

  test("a choice made before any script has run is kept: the form posts it, and the page's script adopts it once it runs", async ({ browser }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const before = await noScript.newPage();
    await before.goto("/help");
    const banner = before.getByRole("region", { name: "Cookie Preferences" });
    await banner.getByRole("button", { name: "Reject Non-Essential" }).click();
    await expect(before).toHaveURL(/\/help$/);
    await expect(before.getByRole("heading", { name: "How can we help?", level: 1 })).toBeVisible();
    await expect(before.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
    // The same visitor once scripts run: no banner, and the choice is in localStorage as the spec stores it.
    const withScript = await browser.newContext({ storageState: await noScript.storageState() });
    await noScript.close();
    const after = await withScript.newPage();
    await after.goto("/about");
    await appStarted(after);
    await expect.poll(() => storedConsent(after)).toBe(JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
    await expect(after.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
    await after.reload();
    await appStarted(after);
    await expect(after.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
    await withScript.close();
  });

  test("Reject Non-Essential stores only essential as true, with a button as prominent as Accept", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    const accept = await banner.getByRole("button", { name: "Accept All Cookies" }).boundingBox();
    const reject = await banner.getByRole("button", { name: "Reject Non-Essential" }).boundingBox();
    expect(Math.round(reject!.height)).toBe(Math.round(accept!.height));
    expect(Math.abs(reject!.width - accept!.width)).toBeLessThan(2);
    const styles = await banner.getByRole("button").evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(styles[1]).toBe(styles[2]); // [close, accept, reject, customize]
    await banner.getByRole("button", { name: "Reject Non-Essential" }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBe('{"essential":true,"functional":false,"analytics":false,"marketing":false}');
    await page.reload();
    await page.waitForTimeout(500);
    await expect(page.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
  });

  test("Customize Preferences: four toggles, essential locked on, others off; Back returns; Save stores the toggles", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    await banner.getByRole("button", { name: "Customize Preferences" }).click();
    const switches = banner.getByRole("switch");
    await expect(switches).toHaveCount(4);
    await expect(banner.getByRole("switch", { name: "Essential" })).toBeChecked();
    await expect(banner.getByRole("switch", { name: "Essential" })).toBeDisabled();
    for (const name of ["Functional", "Analytics", "Marketing"]) await expect(banner.getByRole("switch", { name })).not.toBeChecked();
    await banner.getByRole("button", { name: "Back" }).click();
    await expect(banner.getByRole("button", { name: "Accept All Cookies" })).toBeVisible();
    await banner.getByRole("button", { name: "Customize Preferences" }).click();
    await banner.getByRole("switch", { name: "Analytics" }).click();
    await expect(banner.getByRole("switch", { name: "Analytics" })).toBeChecked();
    expect(await storedConsent(page)).toBeNull(); // nothing stored until Save
    await banner.getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBe('{"essential":true,"functional":false,"analytics":true,"marketing":false}');
  });

  test("the close button hides it for this page view without storing anything", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    await banner.getByRole("button", { name: "Close cookie banner" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage), cookies: document.cookie }))).toEqual({
      local: [],
      session: [],
      cookies: "",
    });
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie Preferences" })).toBeVisible();
  });

  test("the server HTML has the banner only until a choice is made; it does not shift the layout; no storage is written before a choice", async ({ page, request }) => {
    expect(await (await request.get("/", { headers: { cookie: "" } })).text()).toContain("Accept All Cookies");
    expect(await (await request.get("/", { headers: { cookie: "cookie_consent=essential" } })).text()).not.toContain("Accept All Cookies");
    await page.goto("/help");
    await expect(page.getByRole("region", { name: "Cookie Preferences" })).toBeVisible();
    const position = await page.getByTestId("cookie-banner").evaluate((e) => getComputedStyle(e).position);
    expect(position).toBe("fixed");
    expect(await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length)).toBe(0);
  });

  test("the footer's 'Cookie settings' reopens the preferences with the stored choice", async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: true, analytics: false, marketing: false }));
      }
    });
    await page.goto("/about");
    await page.waitForTimeout(300);
    await expect(page.getByRole("region", { name: "Cookie Preferences" })).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    const banner = page.getByRole("region", { name: "Cookie Preferences" });
    await expect(banner.getByRole("switch", { name: "Functional" })).toBeChecked();
    await expect(banner.getByRole("switch", { name: "Marketing" })).not.toBeChecked();
    await banner.getByRole("switch", { name: "Marketing" }).click();
    await banner.getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBe('{"essential":true,"functional":true,"analytics":false,"marketing":true}');
  });
});

test.describe("site search", () => {
  test("typing opens at most 8 results; arrows move; Enter navigates and clears", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search FixiT" });
    await expect(search).toHaveAttribute("placeholder", "Search pages, services, features...");
    await expect(search).toHaveAttribute("aria-expanded", "false");
    await search.fill("e");
    await expect(search).toHaveAttribute("aria-expanded", "true");
    const list = page.getByRole("listbox", { name: "Search results" });
    await expect(list.getByRole("option")).toHaveCount(8);
    await search.fill("CLEAN");
    await expect(list.getByRole("option").first()).toContainText("Cleaning");
    await search.fill("plumb");
    await search.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(search).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await search.fill("about");
    await search.press("ArrowDown"); // the first result
    await search.press("ArrowUp"); // wraps to the last result
    await expect(list.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
    await search.press("ArrowDown"); // and back to the first
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(list.getByRole("option").first()).toContainText("About Us");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await page.goBack();
    await expect(page.getByRole("combobox", { name: "Search FixiT" })).toHaveValue("");
  });

  test("Escape closes; an outside click closes; a click on a result navigates", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search FixiT" });
    await search.fill("dog");
    const list = page.getByRole("listbox", { name: "Search results" });
    await expect(list).toBeVisible();
    await search.press("Escape");
    await expect(list).toBeHidden();
    await expect(search).toHaveAttribute("aria-expanded", "false");
    await search.fill("dog walk");
    await expect(list).toBeVisible();
    await page.locator("h1").click();
    await expect(list).toBeHidden();
    await search.fill("dog");
    await search.pressSequentially(" walk");
    await list.getByRole("option", { name: /Dog Walking/ }).first().click();
    await expect(page).toHaveURL(/\/categories\/dog-walking$/);
  });

  test("no results shows the message and a hint", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    const search = page.getByRole("combobox", { name: "Search FixiT" });
    await search.fill("xylophone");
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText(/Try another word/)).toBeVisible();
    await search.press("Enter");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("header, footer and back button", () => {
  test("the header is hidden on / and shown on other pages, with the spec's items", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Professionals" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back" })).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Features", "How It Works", "Professionals", "Testimonials", "About Us", "Careers", "Help Center"]);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(banner.getByRole("link", { name: "Early Access" })).toHaveAttribute("href", "/early-access");
    await expect(banner.getByRole("link", { name: "My Account" })).toHaveCount(0);
    // Sticky: the logo stays in view after scrolling.
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    await expect(banner.getByRole("link", { name: /FixiT/ })).toBeInViewport();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation", { name: "Company" })).toBeVisible();
    await expect(footer.getByRole("navigation", { name: "Resources" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "hello@fixit.co.uk" })).toHaveAttribute("href", "mailto:hello@fixit.co.uk");
    await expect(footer.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", /linkedin\.com/);
  });

  test("mobile menu at 360 px: opens, works by keyboard, closes on Escape and on navigation", async ({ page }) => {
    await withConsent(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/careers");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = banner.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link")).toHaveText(["Features", "How It Works", "Professionals", "Testimonials", "About Us", "Careers", "Help Center", "Sign In", "Early Access"]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await dialog.getByRole("link", { name: "Help Center" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(dialog).toBeHidden();
    await toggle.click();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test("Back goes back in history after an in-site visit", async ({ page }) => {
    await withConsent(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    // /about is an islands page (decision 037): its links load a new document, which must start
    // before its Back button does anything (the fixture waits so after goto, not after a click).
    await appStarted(page);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("Back goes to / when the visitor arrived from elsewhere", async ({ page }) => {
    await withConsent(page);
    await page.goto("about:blank");
    await page.goto("/help");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("Back works before any script has run: it is a link to /", async ({ browser }) => {
    // A slow phone taps Back before the page has hydrated (or a chunk failed to load): with
    // JavaScript off the tap must still go somewhere, the home page.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await page.goto("/careers");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await context.close();
  });

  test("the 404 page has the header and footer", async ({ page }) => {
    await withConsent(page);
    const res = await page.goto("/nowhere-at-all");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("axe on a site page at 360 and 1440, and screenshots", async ({ page }) => {
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/about");
      await expectNoSeriousA11yViolations(page);
    }
    await withConsent(page);
    await saveScreenshots(page, "shell-about", "/about");
  });
});

test("sitemap.xml lists every public page and service; robots.txt keeps private areas out", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/about", "/help", "/categories/plumbing", "/categories/dog-walking", "/categories/nanny"]) {
    expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${path.replace(/\//g, "\\/")}</loc>`));
  }
  expect(xml.match(/\/categories\//g)?.length).toBe(11);
  const robots = await (await request.get("/robots.txt")).text();
  for (const p of ["/account", "/staff", "/dev", "/auth"]) expect(robots).toContain(`Disallow: ${p}`);
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});
