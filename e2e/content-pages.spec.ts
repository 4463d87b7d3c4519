import { appStarted, expect, test, type Page } from "./helpers/test";
import { animationsSettled, expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, widths } from "./helpers/page-checks";

const routes = [
  "/categories",
  "/categories/plumbing",
  "/categories/electrical",
  "/categories/cleaning",
  "/categories/handyman",
  "/categories/painting",
  "/categories/moving",
  "/categories/landscaping",
  "/categories/assembly",
  "/categories/dog-walking",
  "/categories/house-sitting",
  "/categories/nanny",
  "/how-it-works",
  "/about",
  "/terms",
  "/data-protection",
  "/careers",
  "/help",
  "/uk-reviews",
  // The job request form, as a signed-out visitor opens it from a service page.
  "/request",
];

/** Scrolls through the page so anything revealed on scroll is in its final state before checks. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await animationsSettled(page);
}

// One visit per width does all of it: the first-visit page (cookie banner open) is checked by axe,
// then the visitor chooses and the page is captured for a person to look at.
for (const path of routes) {
  test(`${path} at 360 and 1440 px: no serious axe violation, no sideways overflow, screenshots`, async ({ page }) => {
    for (const [label, width] of Object.entries(widths)) {
      await page.setViewportSize({ width, height: label === "phone" ? 780 : 900 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("cookie-banner")).toBeVisible();
      await scrollThrough(page);
      expect(await hasHorizontalOverflow(page), `${path} at ${width}px`).toBe(false);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Reject Non-Essential" }).click();
      await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
      await saveScreenshot(page, `content${path.replaceAll("/", "-")}-${width}`, { fullPage: true });
      // Forget the choice, so the next width is a first visit again.
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
    }
  });
}

test.describe("/how-it-works steps", () => {
  const stepTitles = ["Describe your task", "Get matched with pros", "Book and schedule", "Confirm, then the fixer is paid"];

  test("are visible without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto("/how-it-works");
    for (const title of stepTitles) {
      const step = page.getByRole("heading", { name: title });
      await step.scrollIntoViewIfNeeded();
      await expect(step).toBeVisible();
      expect(await step.evaluate((el) => Number(getComputedStyle(el.closest("[data-testid=how-it-works-step] > div")!).opacity))).toBe(1);
    }
    await context.close();
  });

  test("are visible at once under reduced motion, even below the fold", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto("/how-it-works");
    await appStarted(page);
    const reveals = page.locator("[data-testid=how-it-works-step] > div");
    await expect(reveals).toHaveCount(4);
    // Never hidden: no reveal state was applied, so nothing waits for a scroll.
    for (const el of await reveals.all()) {
      await expect(el).not.toHaveAttribute("data-reveal", "hidden");
      expect(await el.evaluate((node) => Number(getComputedStyle(node).opacity))).toBe(1);
    }
    await context.close();
  });

  test("with motion allowed, a step below the fold hides until 10% of it scrolls into view, then shows", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/how-it-works");
    await appStarted(page);
    const last = page.locator("[data-testid=how-it-works-step] > div").last();
    await expect(last).toHaveAttribute("data-reveal", "hidden");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute("data-reveal", "shown");
    await expect.poll(() => last.evaluate((node) => Number(getComputedStyle(node).opacity))).toBe(1);
  });
});

test("an unknown category answers with the 404 page", async ({ page }) => {
  const response = await page.goto("/categories/xyz");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("careers: Apply pre-selects the position on /recruitment; the general application goes there too", async ({ page }) => {
  await page.goto("/careers");
  const apply = page.getByRole("link", { name: "Apply now for Full-Stack Engineer" });
  await expect(apply).toHaveAttribute("href", "/recruitment?position=full-stack-engineer");
  await expect(page.getByRole("link", { name: "Send General Application" }).first()).toHaveAttribute("href", "/recruitment");
  await expect(page.getByRole("heading", { name: "Investor Inquiries" })).toBeVisible();
});

test("help: a FAQ answer opens with the keyboard, and before the page's JavaScript has run", async ({ page }) => {
  // Native <details>: no script is needed, so the first click or key press is never lost to hydration.
  await page.route(/\.js$/, (route) => route.abort());
  await page.goto("/help", { waitUntil: "commit" }); // the app never starts here: no wait for it
  await page.waitForLoadState("domcontentloaded");
  const item = page.locator("details", { has: page.getByRole("heading", { name: "What fees does FixiT charge?" }) });
  const question = item.locator("summary");
  await expect(item).not.toHaveAttribute("open");
  await expect(item.getByText(/5% customer service fee at checkout/)).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(item).toHaveAttribute("open", "");
  await expect(item.getByText(/5% customer service fee at checkout/)).toBeVisible();
  // Several answers can be open at once.
  const another = page.locator("details", { has: page.getByRole("heading", { name: "How do I create an account?" }) });
  await another.locator("summary").click();
  await expect(another).toHaveAttribute("open", "");
  await expect(item).toHaveAttribute("open", "");
  await expect(page.getByRole("heading", { name: "Contact Support", exact: true })).toBeVisible();
});

test("help: a link to one question opens its answer and brings it into view", async ({ page }) => {
  await page.goto("/help#faq-fees");
  await appStarted(page);
  const item = page.locator("#faq-fees");
  await expect(item).toHaveAttribute("open", "");
  await expect(item.getByText(/5% customer service fee at checkout/)).toBeInViewport();
  // The question is not hidden under the sticky header.
  const headerBottom = (await page.getByRole("banner").boundingBox())!.y + (await page.getByRole("banner").boundingBox())!.height;
  expect((await item.getByRole("heading", { name: "What fees does FixiT charge?" }).boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
  // Only the linked answer: the others stay shut.
  await expect(page.locator("details[open]")).toHaveCount(1);
  // A link within the page to another question opens that one too.
  await page.evaluate(() => (window.location.hash = "#faq-cancel"));
  await expect(page.locator("#faq-cancel")).toHaveAttribute("open", "");
});

test("uk-reviews: star ratings are announced as text", async ({ page }) => {
  await page.goto("/uk-reviews");
  const ratings = page.getByRole("img", { name: /^Rated \d out of 5$/ });
  await expect(ratings).toHaveCount(5);
  expect(await ratings.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).toEqual([
    "Rated 5 out of 5",
    "Rated 5 out of 5",
    "Rated 4 out of 5",
    "Rated 5 out of 5",
    "Rated 5 out of 5",
  ]);
});

test("legal pages: the table of contents jumps to its numbered section", async ({ page }) => {
  await page.goto("/terms");
  const toc = page.getByRole("navigation", { name: "Contents" });
  await expect(toc.getByRole("link")).toHaveCount(12);
  await toc.getByRole("link", { name: /Cancellations/ }).click();
  await expect(page).toHaveURL(/#cancellations$/);
  await expect(page.getByRole("heading", { name: /7\.\s*Cancellations/ })).toBeInViewport();
});
