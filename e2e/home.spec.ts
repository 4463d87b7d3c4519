import { expect, test, type Page } from "./helpers/test";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshots, watchScriptsAndErrors } from "./helpers/page-checks";

/** Stores a cookie choice before the page loads, so the banner stays out of the way. */
async function withConsent(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false })),
  );
}

const heroCarousel = (page: Page) => page.getByRole("region", { name: "Our services" });
const activeSlide = (page: Page) => heroCarousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');

test.describe("home hero carousel", () => {
  test("next, previous, dots and wrap-around", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    const carousel = heroCarousel(page);
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 8: Electrical");
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    // Wraps backwards from the first to the last slide, and forwards from the last to the first.
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "8 of 8: Assembly");
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    // Dots jump straight to a slide and mark the current one.
    await carousel.getByRole("button", { name: "Show slide 5: Painting" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "5 of 8: Painting");
    await expect(carousel.getByRole("button", { name: "Show slide 5: Painting" })).toHaveAttribute("aria-current", "true");
    await expect(carousel.getByRole("button", { name: "Show slide 1: Plumbing" })).not.toHaveAttribute("aria-current", "true");
    // Only the visible slide's link can be reached.
    await expect(carousel.getByRole("link", { name: "Painting" })).toBeVisible();
    await expect(carousel.getByRole("link", { name: "Plumbing" })).toHaveCount(0);
  });

  test("advances every 4 seconds, wraps, and stops while paused", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await withConsent(page);
    await page.goto("/");
    await page.mouse.move(1, 1);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    await page.clock.runFor(3_900);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    await page.clock.runFor(200);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 8: Electrical");
    for (let i = 0; i < 7; i++) await page.clock.runFor(4_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");

    await heroCarousel(page).getByRole("button", { name: "Pause slideshow" }).click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(12_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    await heroCarousel(page).getByRole("button", { name: "Play slideshow" }).click();
    // Focus and hover pause it too; once both leave it moves on again.
    await page.mouse.move(1, 1);
    await page.locator("h1").click();
    await page.clock.runFor(4_100);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 8: Electrical");
  });

  test("pauses while hovered", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await withConsent(page);
    await page.goto("/");
    await heroCarousel(page).locator("figure").first().hover();
    await page.clock.runFor(9_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
    await page.mouse.move(1, 1);
    await page.clock.runFor(4_100);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 8: Electrical");
  });

  test("does not auto-advance when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.clock.pauseAt(Date.now() + 1_000);
    await withConsent(page);
    await page.goto("/");
    await page.mouse.move(1, 1);
    await expect(heroCarousel(page).getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 8: Plumbing");
  });

  test("the first hero image is eager, high priority, sized and preloaded", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    const first = heroCarousel(page).locator("img").first();
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", "640");
    await expect(first).toHaveAttribute("height", "440");
    await expect(page.locator('link[rel="preload"][as="image"]').first()).toHaveAttribute("href", "/images/services/plumbing.svg");
    for (const img of await page.locator("img").all()) {
      await expect(img).toHaveAttribute("alt", /\S/);
      await expect(img).toHaveAttribute("width", /\d+/);
    }
  });
});

test.describe("home tabs and sections", () => {
  test("three tabs switch panels; the care carousel shows each care service", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    // The sections below the fold hydrate from a chunk loaded after the page: wait for it before clicking.
    const tabs = page.getByRole("tablist", { name: "Explore FixiT" });
    await expect(tabs).toHaveAttribute("data-live", "true");
    await expect(tabs.getByRole("tab")).toHaveText(["Home Services", "Care Services", "AI Fixer"]);
    await expect(tabs.getByRole("tab", { name: "Home Services" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Popular services" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why choose FixiT" })).toBeVisible();

    await tabs.getByRole("tab", { name: "Care Services" }).click();
    await expect(page.getByRole("heading", { name: "Popular services" })).toBeHidden();
    const care = page.getByRole("region", { name: "Care services" });
    await expect(care.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toHaveAttribute("aria-label", "1 of 3: House Sitting");
    // The care figures are counted from the database; a fresh one has none, so they show as goals (issue 37).
    await expect(page.getByText("families: our goal")).toBeVisible();
    await expect(page.getByText("approved carers: our goal")).toBeVisible();
    await care.getByRole("button", { name: "Next slide" }).click();
    await expect(care.getByRole("img", { name: /childcare/ })).toBeVisible();
    await care.getByRole("button", { name: "Show slide 3: Dog Walking" }).click();
    await expect(care.getByRole("link", { name: "Dog Walking" })).toBeVisible();

    // Arrow keys move between tabs (Radix tabs).
    await tabs.getByRole("tab", { name: "Care Services" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "AI Fixer" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: /Meet AI Fixer/ })).toBeVisible();
    await page.getByRole("link", { name: "Chat with AI Fixer" }).click();
    await expect(page).toHaveURL(/\/fixer-ai|\/auth/);
  });

  test("carries the section ids, the spec's figures and the dated claims worded as past", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    for (const id of ["features", "how-it-works", "professionals", "testimonials"]) await expect(page.locator(`#${id}`)).toHaveCount(1);
    const text = await page.locator("main").innerText();
    // Figures are counted or labelled as goals (issue 37): a fresh database has none yet.
    expect(text).not.toMatch(/10K\+|500\+/);
    // Counted from the database the whole suite shares (other specs approve fixers), or a goal while none.
    // (A stat's label comes before its figure in the page's text.)
    expect(text).toMatch(/(?:^|\n)(?:customers: our goal\s+10,000|customers?\s+[\d,]+)(?:\n|$)/);
    expect(text).toMatch(/(?:^|\n)(?:approved fixers: our goal\s+500|approved fixers?\s+[\d,]+)(?:\n|$)/);
    for (const claim of ["24/7", "AI support", "held by FixiT until you confirm the job is done", "Upfront quotes", "Problems decided by our staff", "Urgent repairs", "Ask for an emergency call-out", "pay nothing if nobody accepts", "ID, right to work and insurance checked", "£40/hour", "£1.99"]) {
      expect(text, claim).toContain(claim);
    }
    // Call-outs reach only the fixers on call at the time: no claim of cover that does not exist (issue 51).
    expect(text).not.toMatch(/24\/7 emergency|emergency cover|around the clock/i);
    // Today (after 16 January 2026) the app is never advertised as coming; and with no store address
    // set (the default) it is the installable web app, never a store app that "launched" (decision 073).
    expect(text).toContain("no app store needed");
    expect(text).not.toMatch(/coming soon|launches on|launched/i);
  });

  test("a link to #how-it-works from another tab brings the default tab back and scrolls to it", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    await page.getByRole("tab", { name: "AI Fixer" }).click();
    // The tab is shown before the visitor goes on: under load, a click during hydration is replayed
    // when the tabs' island hydrates, which could otherwise come after the link below was followed.
    await expect(page.getByRole("tab", { name: "AI Fixer" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.getByRole("tab", { name: "Home Services" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("#features")).toBeInViewport();
  });

  test("the home menu holds the header's items except Professionals, and Escape closes it", async ({ page }) => {
    await withConsent(page);
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await menuButton.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link")).toHaveText(["Features", "How It Works", "Testimonials", "About Us", "Careers", "Help Center", "Sign In", "Early Access"].slice(0, 6));
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test("JSON-LD Organization and the page's SEO tags", async ({ page }) => {
    await page.goto("/");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Organization");
    expect(ld.name).toBe("FixiT");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /FixiT/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  });
});

test.describe("home page quality", () => {
  for (const width of [360, 1440]) {
    test(`axe finds no serious violation and nothing overflows at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" }); // still carousels, so clicks land
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.getByRole("button", { name: "Accept All Cookies" }).click();
      for (const tab of ["Care Services", "AI Fixer"]) {
        await page.getByRole("tab", { name: tab }).click();
        // Only the panel changed: the rest of the page was checked above.
        await expectNoSeriousA11yViolations(page, '[role="tabpanel"][data-state="active"]');
      }
    });
  }

  test("a returning visitor's / at 360 and 1440: no banner, the heading in view, nothing sideways (screenshots when wanted)", async ({ page }) => {
    await withConsent(page);
    await saveScreenshots(page, "home", "/", async (width) => {
      await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toBeInViewport();
      expect((await heading.boundingBox())!.width, `the heading fits ${width} px`).toBeLessThanOrEqual(width);
      expect(await hasHorizontalOverflow(page), `/ at ${width} px`).toBe(false);
    });
  });
});

test("a signed-out visitor's home page hydrates as islands, without React Router, with no error (decision 031)", async ({ page }) => {
  const { problems, scripts } = watchScriptsAndErrors(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-islands", "started");
  expect(scripts.some((path) => path.includes("/assets/islands.client-"))).toBe(true);
  expect(scripts.filter((path) => /router|entry\.client/.test(path))).toEqual([]);
  // The islands work: the menu opens and a link to a part of the page closes it; the banner takes a choice.
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Reject Non-Essential" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  // A page with forms hydrates whole with React Router.
  await page.goto("/help");
  await expect(page.locator("html")).not.toHaveAttribute("data-islands");
  expect(problems).toEqual([]);
});
