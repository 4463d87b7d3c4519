import { appStartedNow, expect, type Page, test } from "./helpers/test";
import { expectNoSeriousA11yViolations } from "./helpers/page-checks";

/**
 * Waits until every island has hydrated: React's handlers are attached, and the widgets' effects
 * have set their timers, which a paused clock must not pass before they exist.
 */
async function gotoHome(page: Page) {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-islands-hydrated", "");
}

/** Fake timers, paused before the page loads, so every delay below is exact. */
async function pauseClock(page: Page) {
  const start = new Date("2026-11-22T10:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/** Advances the fake clock in small steps until `check` holds or `limitMs` has passed. */
async function advanceUntil(page: Page, check: () => Promise<boolean>, limitMs: number, stepMs = 100) {
  for (let elapsed = 0; elapsed <= limitMs; elapsed += stepMs) {
    if (await check()) return true;
    await page.clock.runFor(stepMs);
  }
  return check();
}

/** Clicks the bubble and lets the lazily loaded panel arrive (React's Suspense retry runs on a timer). */
async function openChat(page: Page) {
  await openBubble(page).click();
  expect(await advanceUntil(page, async () => (await chatDialog(page).count()) === 1, 5_000)).toBe(true);
}

const openBubble = (page: Page) => page.locator("[data-chat-widget] > button");
const chatDialog = (page: Page) => page.getByRole("dialog", { name: "FixiT Assistant" });
const chatLog = (page: Page) => chatDialog(page).getByRole("log");

/** Keeps the cookie banner out of the way for tests that are not about it. */
async function acceptCookies(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
  });
}

test.describe("home chat widget", () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test("appears after 2 s and nudges every 30 s", async ({ page }) => {
    test.setTimeout(150_000);
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(1900);
    await expect(openBubble(page)).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(openBubble(page)).toBeVisible();
    await expect(openBubble(page)).not.toHaveAttribute("data-nudging");
    // React commits asynchronously, so look for each nudge in a one-second window around its 30 s mark.
    for (let nudge = 1; nudge <= 2; nudge++) {
      // Each nudge lasts 1 s, so the next begins 29 s after the last one ended.
      await page.clock.runFor(nudge === 1 ? 29_000 : 28_000);
      await expect(openBubble(page)).not.toHaveAttribute("data-nudging");
      expect(await advanceUntil(page, () => openBubble(page).getAttribute("data-nudging").then((v) => v === "true"), 2_000)).toBe(true);
      expect(await advanceUntil(page, () => openBubble(page).getAttribute("data-nudging").then((v) => v === null), 1_500)).toBe(true);
    }
  });

  test("does not nudge when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2100);
    await expect(openBubble(page)).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.clock.runFor(15_000);
      await expect(openBubble(page)).not.toHaveAttribute("data-nudging");
    }
  });

  test("opens on click, shows typing, then a price reply read from the price data after 1-2 s; closes on click", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2100);
    await openChat(page);
    await expect(openBubble(page)).toHaveAttribute("aria-expanded", "true");
    await expect(chatDialog(page).getByRole("textbox", { name: "Your message" })).toBeFocused();
    for (const quick of ["Services", "Pricing", "Booking", "How it works"]) {
      await expect(chatDialog(page).getByRole("button", { name: quick, exact: true })).toBeVisible();
    }

    await chatDialog(page).getByRole("button", { name: "Pricing", exact: true }).click();
    await expect(chatLog(page).locator('[data-message-type="user"]').last()).toHaveText(/Pricing/);
    await expect(page.getByTestId("chat-widget-typing")).toBeVisible();
    await page.clock.runFor(990);
    await expect(page.getByTestId("chat-widget-typing")).toBeVisible();
    await page.clock.runFor(1020);
    await expect(page.getByTestId("chat-widget-typing")).toHaveCount(0);
    const reply = chatLog(page).locator('[data-message-type="bot"]').last();
    // Plumbing's hourly range and the 5% fee from app/content/prices.ts.
    await expect(reply).toContainText("Plumbing £35–£55/hr");
    await expect(reply).toContainText("5% customer service fee");
    await expect(reply.getByRole("link", { name: "Browse services and prices" })).toHaveAttribute("href", "/categories");

    await openBubble(page).click();
    await expect(chatDialog(page)).toHaveCount(0);
    await expect(openBubble(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("answers account questions with /account and ignores empty sends", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2100);
    await openChat(page);
    const input = chatDialog(page).getByRole("textbox", { name: "Your message" });
    const send = chatDialog(page).getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await input.fill("    ");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(chatLog(page).locator('[data-message-type="user"]')).toHaveCount(0);

    await input.fill("How do I log in to my account?");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await page.clock.runFor(2000);
    const reply = chatLog(page).locator('[data-message-type="bot"]').last();
    await expect(reply.getByRole("link", { name: "Go to my account" })).toHaveAttribute("href", "/account");
  });

  test("works with the keyboard alone: Tab to the bubble, Enter, type, Enter, Escape returns focus", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2100);
    await expect(openBubble(page)).toBeVisible();
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await openBubble(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");
    expect(await advanceUntil(page, async () => (await chatDialog(page).count()) === 1, 5_000)).toBe(true);
    const input = chatDialog(page).getByRole("textbox", { name: "Your message" });
    await expect(input).toBeFocused();
    await page.keyboard.type("What services do you offer?");
    await page.keyboard.press("Enter");
    await page.clock.runFor(2000);
    await expect(chatLog(page).locator('[data-message-type="bot"]').last()).toContainText("We cover 11 services");
    await page.keyboard.press("Escape");
    await expect(chatDialog(page)).toHaveCount(0);
    await page.clock.runFor(50);
    await expect(openBubble(page)).toBeFocused();
  });

  test("the page guide offers the four home sections", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2100);
    await openChat(page);
    await chatDialog(page).getByRole("tab", { name: "Page guide" }).click();
    for (const name of ["Features", "How it works", "Professionals", "Testimonials"]) {
      await expect(chatDialog(page).getByRole("button", { name, exact: true })).toBeVisible();
    }
    const hasSection = await page.locator("#how-it-works").count();
    await chatDialog(page).getByRole("button", { name: "How it works", exact: true }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    if (hasSection) {
      await expect(chatDialog(page)).toHaveCount(0);
      await expect(page.locator("#how-it-works")).toBeFocused();
      await expect(page.locator("#how-it-works")).toBeInViewport();
    }
  });

  test("has no serious accessibility violations with the chat open", async ({ page }) => {
    await gotoHome(page);
    await openBubble(page).click({ timeout: 5000 });
    await chatDialog(page).getByRole("button", { name: "Booking", exact: true }).click();
    await expect(chatLog(page).locator('[data-message-type="bot"]')).toHaveCount(2, { timeout: 5000 });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("VIP early-access hover card", () => {
  // A desktop tall enough that the pill (bottom left) is clear of the hero's figures: over them it steps aside.
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  const trigger = (page: Page) => page.locator("[data-vip-hover-card]").getByRole("link", { name: "VIP Early Access" });
  const card = (page: Page) => page.getByRole("region", { name: "VIP early access offer" });
  /** The pill starts after the window's load event, on a timer (paused here): let it arrive. */
  const pillArrived = async (page: Page) => expect(await advanceUntil(page, () => trigger(page).isVisible(), 5_000)).toBe(true);

  test("opens after 700 ms of hover and closes 300 ms after leaving", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await pillArrived(page);
    await trigger(page).hover();
    await page.clock.runFor(650);
    await expect(card(page)).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(card(page)).toBeVisible();
    await expect(card(page)).toContainText("£1.99");
    await expect(card(page).getByRole("link", { name: "Get VIP access for £1.99" })).toHaveAttribute("href", "/early-access");

    await page.mouse.move(700, 100);
    await page.clock.runFor(250);
    await expect(card(page)).toBeVisible();
    await page.clock.runFor(100);
    await expect(card(page)).toHaveCount(0);
  });

  test("opens on keyboard focus, Tab reaches its link, Escape closes it, and it can be dismissed", async ({ page }) => {
    await pauseClock(page);
    await gotoHome(page);
    await pillArrived(page);
    await trigger(page).focus();
    await page.clock.runFor(750);
    await expect(card(page)).toBeVisible();
    // Trigger → dismiss button → the card's link.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(card(page).getByRole("link", { name: "Get VIP access for £1.99" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(card(page)).toHaveCount(0);
    await expect(trigger(page)).toBeFocused();

    await page.getByRole("button", { name: "Dismiss the VIP early access offer" }).click();
    await expect(page.locator("[data-vip-hover-card]")).toHaveCount(0);
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /**
   * Below the hero and the popular services' cards, which the bubble steps aside from (on a phone
   * they span the width): a stretch of page where the bubble shows.
   */
  async function scrollBelowServiceCards(page: Page) {
    await page.evaluate(() => window.scrollTo(0, window.scrollY + document.getElementById("popular-services")!.getBoundingClientRect().bottom + 200));
  }

  /** The buttons (or links) matching `selector` that a floating widget is drawn over, at any of nine points. */
  async function coveredButtons(page: Page, selector: string) {
    return page.locator(selector).evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getBoundingClientRect().width > 0)
        .filter((b) =>
          [...b.getClientRects()].some((r) =>
            [0.1, 0.5, 0.9].some((fx) =>
              [0.2, 0.5, 0.8].some((fy) => {
                const x = r.left + r.width * fx;
                const y = r.top + r.height * fy;
                if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
                const hit = document.elementFromPoint(x, y);
                return hit?.closest("[data-chat-widget], [data-vip-hover-card]") != null;
              }),
            ),
          ),
        )
        .map((b) => b.textContent?.trim() || b.getAttribute("aria-label") || "?"),
    );
  }

  test("no widget shows while the cookie banner is open, so none covers its buttons", async ({ page }) => {
    await pauseClock(page);
    // The banner's code loads lazily; React hydrates it on a (paused) timer.
    await page.goto("/", { waitUntil: "commit" });
    await page.waitForLoadState();
    expect(await advanceUntil(page, () => appStartedNow(page), 5_000)).toBe(true);
    await page.clock.runFor(2500);
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    // On a phone the widgets give way to the banner entirely (decision 019; e2e/small-screens.spec.ts measures more).
    await expect(openBubble(page)).toBeHidden();
    await expect(page.locator("[data-vip-hover-card]")).toBeHidden();
    expect(await coveredButtons(page, '[data-testid="cookie-banner"] :is(button, a)')).toEqual([]);
    await banner.getByRole("button", { name: "Customize Preferences" }).click();
    await page.clock.runFor(100);
    expect(await coveredButtons(page, '[data-testid="cookie-banner"] :is(button, a, [role=switch])')).toEqual([]);
    await banner.getByRole("button", { name: "Save Preferences" }).click();
    await expect(banner).toBeHidden();
    // Scrolled past the hero (which the bubble never covers), the bubble comes back.
    await scrollBelowServiceCards(page);
    expect(await advanceUntil(page, () => openBubble(page).isVisible(), 2_000)).toBe(true);
  });

  test("no widget covers a form's submit button as the page scrolls", async ({ page }) => {
    await acceptCookies(page);
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2500);
    // Below the hero: over the hero's calls to action and figures the bubble steps aside.
    await scrollBelowServiceCards(page);
    expect(await advanceUntil(page, () => openBubble(page).isVisible(), 2_000)).toBe(true);
    // A form at the foot of the page whose full-width submit button scrolls under both corners.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.id = "probe-form";
      form.style.cssText = "padding:16px 0 0;margin:0;";
      form.innerHTML = '<button type="submit" style="display:block;width:100%;height:48px">Send probe</button><div style="height:2000px"></div>';
      form.addEventListener("submit", (e) => e.preventDefault());
      document.body.appendChild(form);
    });
    const button = page.getByRole("button", { name: "Send probe" });
    for (const fromBottom of [20, 40, 60]) {
      // Put the submit button where the widgets sit.
      await page.evaluate((offset) => {
        const b = document.querySelector("#probe-form button")!;
        const r = b.getBoundingClientRect();
        window.scrollBy(0, r.bottom - (innerHeight - offset));
      }, fromBottom);
      // The bubble steps aside (rather than the button being somewhere else)...
      expect(await advanceUntil(page, async () => !(await openBubble(page).isVisible()), 2_000)).toBe(true);
      // ...and nothing of either widget is drawn over the button.
      expect(await coveredButtons(page, "#probe-form button"), `button ${fromBottom}px from the bottom`).toEqual([]);
    }
    await button.click({ trial: true });
    await scrollBelowServiceCards(page);
    expect(await advanceUntil(page, () => openBubble(page).isVisible(), 2_000)).toBe(true);
  });

  test("the bubble never covers a service card's link as the cards scroll under it (issue 52)", async ({ page }) => {
    await acceptCookies(page);
    await pauseClock(page);
    await gotoHome(page);
    await page.clock.runFor(2500);
    const cards = page.locator("#popular-services li > a");
    expect(await cards.count()).toBeGreaterThan(0);
    const bubbleOver = (index: number) =>
      Promise.all([openBubble(page).boundingBox(), openBubble(page).isVisible(), cards.nth(index).boundingBox()]).then(([bubble, visible, card]) =>
        bubble && visible && card ? bubble.x < card.x + card.width && card.x < bubble.x + bubble.width && bubble.y < card.y + card.height && card.y < bubble.y + bubble.height : false,
      );
    for (let index = 0; index < (await cards.count()); index++) {
      for (const fromBottom of [16, 48, 96]) {
        // The card's lower edge where the bubble sits (bottom right), then a little higher.
        await page.evaluate(
          ({ index, offset }) => {
            const card = document.querySelectorAll("#popular-services li > a")[index]!;
            window.scrollBy(0, card.getBoundingClientRect().bottom - (innerHeight - offset));
          },
          { index, offset: fromBottom },
        );
        await page.clock.runFor(200);
        expect(await bubbleOver(index), `card ${index + 1}, ${fromBottom}px from the bottom`).toBe(false);
        expect(await coveredButtons(page, "#popular-services li > a"), `card ${index + 1}, ${fromBottom}px from the bottom`).toEqual([]);
      }
    }
  });
});
