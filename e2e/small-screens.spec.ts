import { appStarted, expect, type Page, test } from "./helpers/test";

/**
 * Floating widgets on small screens (decision 019): on a phone, at most one floating widget shows at a time, none while the cookie
 * banner is open, and none covers the hero's main call to action or a form's submit button.
 * Measured with bounding boxes at two common phone sizes.
 */
const phones = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];
const pages = ["/", "/help", "/early-access"];

type Box = { x: number; y: number; width: number; height: number };
type Measure = { widgets: { name: string; box: Box }[]; protectedBoxes: { name: string; box: Box }[] };

/** Every floating widget drawn now, and every protected target inside the viewport. */
async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const inViewport = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    };
    const widgetSelectors: [string, string][] = [
      ["chat bubble", "[data-chat-widget] > button"],
      ["chat panel", "[data-chat-widget] [role=dialog]"],
      ["VIP pill", "[data-vip-hover-card]"],
    ];
    const widgets = widgetSelectors.flatMap(([name, selector]) =>
      [...document.querySelectorAll(selector)].filter(shown).map((el) => ({ name, box: box(el) })),
    );
    const targets = [
      // The hero's main call to action: the first "Post a job" link on the home page.
      ...[...document.querySelectorAll("main a")]
        .filter((a) => a.textContent?.trim() === "Post a job")
        .slice(0, location.pathname === "/" ? 1 : 0)
        .map((el) => ["hero call to action", el] as const),
      ...[...document.querySelectorAll("form button[type=submit], form button:not([type]), form input[type=submit]")].map(
        (el) => [`submit "${el.textContent?.trim()}"`, el] as const,
      ),
    ];
    const protectedBoxes = targets.filter(([, el]) => shown(el) && inViewport(el)).map(([name, el]) => ({ name, box: box(el) }));
    return { widgets, protectedBoxes };
  });
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Loads a page, waits for hydration and runs the page's timers past the widgets' own start-up
 * delays (the chat bubble's 2 s) on Playwright's clock, installed before the page's scripts: the
 * page sees 3 s pass at once.
 */
async function open(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await page.waitForLoadState("load");
  await appStarted(page);
  // Only the home page has floating widgets. Once its islands have hydrated, their effects have set their timers.
  if (path !== "/") return page.clock.runFor(3000);
  await expect(page.locator("html")).toHaveAttribute("data-islands-hydrated", "");
  await page.clock.runFor(3000);
  // The bubble arrives with its code (fetched after the load event) and fades in: measured once it has (hidden or not).
  const bubble = page.locator("[data-chat-widget] > button");
  await expect(bubble).toBeAttached();
  await bubble.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

function expectClear(m: Measure, where: string) {
  expect(m.widgets.length, `${where}: visible floating widgets ${JSON.stringify(m.widgets.map((w) => w.name))}`).toBeLessThanOrEqual(1);
  for (const widget of m.widgets) {
    for (const target of m.protectedBoxes) {
      expect(intersects(widget.box, target.box), `${where}: ${widget.name} covers the ${target.name}`).toBe(false);
    }
  }
}

for (const viewport of phones) {
  test.describe(`floating widgets at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    for (const path of pages) {
      test(`${path}: none while the banner is open, then at most one, never over the call to action or a submit button`, async ({ page }) => {
        test.setTimeout(90_000);
        await open(page, path);
        const banner = page.getByTestId("cookie-banner");
        await expect(banner).toBeVisible();
        const first = await measure(page);
        expect(first.widgets.map((w) => w.name), "widgets while the cookie banner is open").toEqual([]);

        await banner.getByRole("button", { name: "Accept All Cookies" }).click();
        await expect(banner).toBeHidden();
        await page.waitForTimeout(500);
        expectClear(await measure(page), `${path} top`);

        // Bring each protected target to where the widgets sit (the bottom of the screen) and measure again.
        const targetCount = await page.locator("form button[type=submit], form button:not([type])").count();
        for (let i = -1; i < targetCount; i++) {
          const moved = await page.evaluate((index) => {
            const hero = [...document.querySelectorAll("main a")].find((a) => a.textContent?.trim() === "Post a job");
            const buttons = document.querySelectorAll("form button[type=submit], form button:not([type])");
            const target = index === -1 ? (location.pathname === "/" ? hero : undefined) : buttons[index];
            if (!target || target.getBoundingClientRect().height === 0) return false;
            const r = target.getBoundingClientRect();
            window.scrollBy(0, r.bottom - (innerHeight - 24));
            return true;
          }, i);
          if (!moved) continue;
          await page.waitForTimeout(400);
          expectClear(await measure(page), `${path} target ${i} at the bottom`);
        }
      });
    }

    test("a returning visitor who has chosen sees one widget on the home page, not covering the hero", async ({ page }) => {
      await page.addInitScript(() => {
        window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
      });
      await open(page, "/");
      await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
      const m = await measure(page);
      expectClear(m, "/ returning");
      // Scrolled past the hero and the popular services' cards (it steps aside from both), the assistant's bubble is there (the one widget a phone gets).
      await page.evaluate(() => window.scrollTo(0, document.getElementById("popular-services")!.getBoundingClientRect().bottom + scrollY + 200));
      await page.waitForTimeout(500);
      const below = await measure(page);
      expect(below.widgets.map((w) => w.name)).toEqual(["chat bubble"]);
    });
  });
}

test.describe("wide screens keep both widgets", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test("the bubble and the VIP pill both show on / at 1440 px after consent", async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false }));
    });
    await open(page, "/");
    await expect(page.locator("[data-chat-widget] > button")).toBeVisible();
    await expect(page.locator("[data-vip-hover-card]")).toBeVisible();
  });
});
