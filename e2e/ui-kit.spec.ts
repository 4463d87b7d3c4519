import { expect, hydrated, test, type Page } from "./helpers/test";
import { publicPages } from "~/content/pages";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, saveScreenshots, widths } from "./helpers/page-checks";

// The cookie banner is another test's subject: here a choice is already made, so it stays out of the way.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem("cookieConsent", JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false })),
  );
});

/** Opens the gallery and waits until React has hydrated it (buttons do nothing before). */
async function openGallery(page: Page) {
  await page.goto("/dev/ui");
  await hydrated(page.getByRole("button", { name: "Open dialog", exact: true }));
}

test("the gallery renders and preloads the self-hosted latin Inter font", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fontRequests.push(request.url());
  });
  await openGallery(page);
  await expect(page.getByRole("heading", { level: 1, name: "FixiT UI kit" })).toBeVisible();
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("href", /\/assets\/inter-latin-wght-subset-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  // One font file, from this site, and it is the one preloaded.
  const origin = new URL(page.url()).origin;
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(url.startsWith(origin)).toBe(true);
  expect(new Set(fontRequests)).toEqual(new Set([new URL((await preload.getAttribute("href"))!, origin).href]));
});

test("the subset font has a glyph for every character the public pages show within its range", async ({ page }) => {
  // scripts/subset-font.sh keeps Inter's latin characters (app.css's unicode-range): a character in that
  // range that the font lacked would silently render in the fallback font, mid-word.
  const shown = new Set<string>();
  let unicodeRange = "";
  for (const { path } of publicPages) {
    await page.goto(path);
    for (const character of await page.evaluate(() => document.body.innerText)) shown.add(character);
    unicodeRange ||= await page.evaluate(() => [...document.fonts].find((face) => face.family.replace(/"/g, "") === "Inter Variable")?.unicodeRange ?? "");
  }
  // "U+0-FF, U+131, U+2000-206F, …" as the browser read it from the @font-face rule.
  const ranges = unicodeRange.split(",").map((part) => part.trim().replace(/^U\+/i, "").split("-").map((hex) => parseInt(hex, 16)));
  expect(ranges.length).toBeGreaterThan(10);
  const inRange = (code: number) => ranges.some(([from, to = from]) => code >= from! && code <= to!);
  const checked = [...shown].filter((c) => inRange(c.codePointAt(0)!) && /[^\s\p{Cc}\p{Cf}\p{Mn}]/u.test(c));
  expect(checked.length).toBeGreaterThan(60);
  await page.evaluate(() => document.fonts.load('16px "Inter Variable"', "a"));
  // A glyph Inter lacks falls back to the next family, so it measures exactly as that family alone does.
  const missing = await page.evaluate((characters) => {
    const context = document.createElement("canvas").getContext("2d")!;
    const width = (font: string, text: string) => ((context.font = `40px ${font}`), context.measureText(text).width);
    return characters.filter((c) => ["monospace", "serif"].every((fallback) => width(`"Inter Variable", ${fallback}`, c) === width(fallback, c)));
  }, checked);
  expect(missing).toEqual([]);
});

test("the keyboard opens and closes the dialog, and focus returns to its trigger", async ({ page }) => {
  await openGallery(page);
  const trigger = page.getByRole("button", { name: "Open dialog" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Confirm booking" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("We will send the details to your email.");
  // Focus moved into the dialog and Tab stays trapped inside it.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("the sheet opens from the keyboard, has a labelled close button, and Escape closes it", async ({ page }) => {
  await openGallery(page);
  const trigger = page.getByRole("button", { name: "Open menu" });
  await trigger.focus();
  await page.keyboard.press("Space");
  const sheet = page.getByRole("dialog", { name: "Menu" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Services" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(trigger).toBeFocused();

  // The close button is named for screen readers and also returns focus.
  await page.keyboard.press("Enter");
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: "Close menu" }).click();
  await expect(sheet).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("tabs switch with the arrow keys", async ({ page }) => {
  await openGallery(page);
  const overview = page.getByRole("tab", { name: "Overview" });
  const pricing = page.getByRole("tab", { name: "Pricing" });
  const reviews = page.getByRole("tab", { name: "Reviews" });
  await expect(overview).toHaveAttribute("aria-selected", "true");
  await overview.focus();
  await page.keyboard.press("ArrowRight");
  await expect(pricing).toBeFocused();
  await expect(pricing).toHaveAttribute("aria-selected", "true");
  await expect(overview).toHaveAttribute("aria-selected", "false");
  await expect(page.getByRole("tabpanel")).toHaveText("Clear prices agreed before any work starts.");
  await page.keyboard.press("ArrowRight");
  await expect(reviews).toHaveAttribute("aria-selected", "true");
  // Arrows wrap around at the ends.
  await page.keyboard.press("ArrowRight");
  await expect(overview).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(reviews).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveText("Rated 4.9 out of 5 by customers.");
  await page.keyboard.press("Home");
  await expect(overview).toBeFocused();
  await expect(overview).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(reviews).toBeFocused();
  await expect(reviews).toHaveAttribute("aria-selected", "true");
  // The list is one tab stop: Tab goes on to the open panel, which its tab names; the others are hidden.
  await expect(overview).toHaveAttribute("tabindex", "-1");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Reviews" })).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
});

test("the toast helper shows an error toast as an alert in the destructive colour", async ({ page }) => {
  await openGallery(page);
  await page.getByRole("button", { name: "Error toast" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Payment failed" });
  await expect(alert).toBeVisible();
  const toast = page.locator("[data-sonner-toast]").filter({ has: alert });
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(toast).toContainText("Your card was declined.");
  // Destructive token: #b91c1c with white text.
  await expect(toast).toHaveCSS("background-color", "rgb(185, 28, 28)");
  await expect(toast).toHaveCSS("color", "rgb(255, 255, 255)");
  // The toasts sit inside a polite live region.
  await expect(page.getByRole("region", { name: /Notifications/ })).toHaveAttribute("aria-live", "polite");

  await page.getByRole("button", { name: "Success toast" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Booking confirmed" })).toBeVisible();
  const success = page.locator('[data-sonner-toast][data-type="success"]');
  // Hovering pauses the 4 s timers, so a slow machine still sees the toasts while we look.
  await success.hover();
  await expect(success).toContainText("We have emailed you the details.");
  const close = success.getByRole("button", { name: "Close notification" });
  expect((await close.boundingBox())!.width).toBeGreaterThanOrEqual(24);
  // Toasts on screen (close buttons included) keep the page free of serious violations.
  await expectNoSeriousA11yViolations(page);
});

test("at most three toasts show when five are fired, and they go away by themselves", async ({ page }) => {
  await openGallery(page);
  await page.getByRole("button", { name: "Fire five toasts" }).click();
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts).toHaveCount(5);
  const shown = page.locator('[data-sonner-toast][data-visible="true"]');
  await expect(shown).toHaveCount(3);
  // The newest three are the ones shown; the others are fully transparent and not clickable.
  await expect(shown.filter({ hasText: "Notification 5" })).toHaveCount(1);
  await expect(shown.filter({ hasText: "Notification 1" })).toHaveCount(0);
  const hidden = page.locator('[data-sonner-toast][data-visible="false"]');
  await expect(hidden).toHaveCount(2);
  for (const el of await hidden.all()) await expect(el).toHaveCSS("opacity", "0");
  // Each lasts 4 s (timers pause while hovered, so keep the pointer away).
  await page.mouse.move(0, 0);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
});

test("the loading overlay reads 'Loading...'", async ({ page }) => {
  await openGallery(page);
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Show loading overlay" }).click();
  const overlay = page.getByRole("status").filter({ hasText: "Loading..." });
  await expect(overlay).toBeVisible();
  // It covers the whole viewport (measured first: the demo lifts it after 5 s, its chunk's load included).
  const box = await overlay.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(overlay).toHaveText("Loading...");
  await expect(overlay).toHaveAttribute("aria-live", "polite");
  await expect(overlay).toBeHidden({ timeout: 10_000 });
});

test("a loading button is busy, disabled and shows a spinner", async ({ page }) => {
  await openGallery(page);
  const button = page.getByRole("button", { name: "Save (loading)" });
  await expect(button).not.toHaveAttribute("aria-busy");
  await button.click();
  const busy = page.getByRole("button", { name: "Saving..." });
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(busy).toBeDisabled();
  await expect(busy.locator("svg.animate-spin")).toHaveCount(1);
});

test("default-size buttons and fields are at least 44 px tall, and focus rings are visible", async ({ page }) => {
  await openGallery(page);
  for (const locator of [
    page.getByRole("button", { name: "Default" }).nth(1),
    page.getByRole("button", { name: "Notifications" }),
    page.getByLabel("Full name"),
    page.getByLabel("Service (native select)"),
    page.getByRole("combobox", { name: "Urgency (Radix select)" }),
    page.getByRole("tab", { name: "Overview" }),
  ]) {
    const box = await locator.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  await page.getByLabel("Full name").focus();
  await page.keyboard.press("Tab");
  const email = page.getByRole("textbox", { name: "Email" });
  await expect(email).toBeFocused();
  await expect(email).toHaveCSS("outline-style", "solid");
  await expect(email).toHaveAttribute("aria-describedby", "demo-email-description demo-email-error");
  await expect(page.locator("#demo-email-error")).toHaveText("Please enter a valid email address");
});

test("prefers-reduced-motion switches animations off", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openGallery(page);
  await page.getByRole("button", { name: "Open dialog" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el).animationDuration)).toMatch(/^(0s|1e-05s|0\.00001s)$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.getByRole("button", { name: "Open dialog" }).click();
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.18s");
});

for (const [label, width] of Object.entries(widths)) {
  test(`no serious accessibility violations and no sideways scroll at ${width} px (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openGallery(page);
    await expectNoSeriousA11yViolations(page);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // Also with the dialog open (everything behind it is hidden from assistive tech).
    await page.getByRole("button", { name: "Open dialog" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test("UI kit screenshots", async ({ page }) => {
  await saveScreenshots(page, "ui-kit", "/dev/ui");
  await page.setViewportSize({ width: 360, height: 780 });
  await openGallery(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.waitForTimeout(400);
  await saveScreenshot(page, "ui-kit-sheet-360");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Error toast" }).click();
  await page.waitForTimeout(500);
  await saveScreenshot(page, "ui-kit-toast-360");
  await page.getByRole("button", { name: "Success toast" }).click();
  await page.getByRole("button", { name: "Open dialog" }).click();
  await page.waitForTimeout(400);
  await saveScreenshot(page, "ui-kit-dialog-360");
});
