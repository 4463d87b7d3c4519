import { expect, hydrated, test, type Page } from "./helpers/test";
import { waitForMailTo, withCookieChoice } from "./helpers/accounts";
import { signInSeededCustomer } from "./helpers/seed";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, saveScreenshots, widths } from "./helpers/page-checks";

/**
 * VIP early access as people use it: buy in the TEST MODE checkout, find the code in the
 * development mailbox, enter it on /early-access and read the blog; the members' page for a signed-in
 * member; refusals; and the same code entry without JavaScript. The campaign code is set in
 * playwright.config.ts (server environment only).
 */
const CAMPAIGN = "E2E-Campaign-2026";

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: false });

/** Types a code and sends it; with JavaScript, once the form is hydrated (its answers are toasts then). */
async function enterCode(page: Page, code: string, { javaScript = true } = {}) {
  const form = page.getByRole("form", { name: "Enter your VIP access code" });
  if (javaScript) await hydrated(form);
  await form.getByLabel("VIP access code").fill(code);
  await form.getByRole("button", { name: "Enter VIP Blog" }).click();
}

test("a new visitor buys VIP in the test checkout, gets the code by email, enters it and reads the blog", async ({ page }) => {
  const email = `vip-buyer-${unique()}@example.com`;
  await page.goto("/early-access");
  const section = page.locator("#vip-access");
  await expect(section.getByRole("heading", { name: "VIP Access" })).toBeVisible();

  // 'Get VIP access for £1.99' opens the checkout in a new tab.
  const [checkout] = await Promise.all([page.waitForEvent("popup"), section.getByRole("link", { name: /Get VIP access for £1\.99/ }).click()]);
  await checkout.waitForLoadState();
  // Opening the tab records nothing; the visitor starts paying with a button (a POST).
  await expect(checkout).toHaveURL(/\/checkout\/vip$/);
  await expect(checkout.getByText("Lifetime access for a one-time £1.99.")).toBeVisible();
  await checkout.getByRole("button", { name: "Continue to payment" }).click();
  await expect(checkout).toHaveURL(/\/checkout\/test\//);
  const pay = checkout.getByRole("form", { name: "Card payment" });
  await pay.getByLabel("Email").fill(email);
  await pay.getByLabel("Name on card").fill("Grace Hopper");
  await pay.getByLabel("Card number").fill("4242 4242 4242 4242");
  await pay.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await pay.getByLabel("CVC").fill("123");
  await pay.getByRole("button", { name: /^Pay £1\.99/ }).click();
  await expect(checkout.getByRole("heading", { name: "Welcome to FixiT VIP" })).toBeVisible();
  await checkout.close();

  const mail = await waitForMailTo(page, email, "Your FixiT VIP access code");
  const code = /VIP(?:-[2-9A-HJKMNP-Z]{4}){4}/.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();

  // Typed with stray spaces, as people paste: trimmed on the server.
  await enterCode(page, `  ${code!} `);
  await expect(toast(page, "VIP access verified!")).toBeVisible();
  await expect(toast(page, "Welcome to FixiT VIP access!")).toBeVisible();
  await expect(page).toHaveURL(`/early-access-blog?code=${code!}`);

  await expect(page.getByRole("heading", { level: 1, name: "FixiT VIP Blog" })).toBeVisible();
  await expect(page.getByText("VIP Access", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Progress update" })).toBeVisible();
  // No FixCoins (issue 52): nothing backs them.
  await expect(page.getByText(/FixCoin/)).toHaveCount(0);
  for (const group of ["Winter preparation", "Monthly maintenance", "Energy efficiency", "Seasonal care"]) {
    await expect(page.getByRole("heading", { name: group })).toBeVisible();
  }
  await expect(page.getByText("£25 credit each")).toBeVisible();

  // The newest post first; its full text one click away, and back.
  const newest = page.getByRole("article").first();
  await expect(newest.getByRole("heading", { name: "Five small jobs that cut your energy bills this winter" })).toBeVisible();
  const fullText = newest.getByText("Top up loft insulation.", { exact: false });
  await expect(fullText).toBeHidden();
  await newest.getByText("Read the full post").click();
  await expect(fullText).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back to /early-access stays there: the finished code check does not send the visitor on again.
  await page.goBack();
  await expect(page).toHaveURL("/early-access");
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL("/early-access");
});

test("a wrong code, or the right one in the wrong case, is refused with the spec's toast and no navigation", async ({ page }) => {
  await page.goto("/early-access");
  await enterCode(page, CAMPAIGN.toLowerCase());
  await expect(toast(page, "Invalid early access code")).toBeVisible();
  await expect(toast(page, "Please check your VIP access code and try again.")).toBeVisible();
  await expect(page).toHaveURL("/early-access");
  await expect(page.getByRole("form", { name: "Enter your VIP access code" }).getByLabel("VIP access code")).toHaveAttribute("aria-invalid", "true");

  // Nothing typed: asked for the code in the browser, before any request.
  await page.getByRole("form", { name: "Enter your VIP access code" }).getByLabel("VIP access code").fill("");
  await page.getByRole("button", { name: "Enter VIP Blog" }).click();
  await expect(page.getByText("Please enter your VIP access code.")).toBeVisible();
});

test("the blog refuses a wrong code: My Account says 'Access Denied'", async ({ page }) => {
  await signInSeededCustomer(page, `vip-denied-${unique()}@example.com`);
  await page.goto("/early-access-blog?code=NOT-A-CODE");
  await expect(page).toHaveURL("/account");
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You need a valid early access code to view this page." })).toBeVisible();
  await expect(page.getByText("Progress update")).toHaveCount(0);
  // Said once: a reload of My Account says nothing.
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
  await expect(page.getByText("You need a valid early access code to view this page.")).toHaveCount(0);
});

test("a signed-in member: code entered once, then My Account and /secret-blog", async ({ page }) => {
  // A whole journey with two axe runs and six page loads per width: give it the slow-test allowance.
  test.slow();
  await signInSeededCustomer(page, `vip-member-${unique()}@example.com`, "Grace Hopper");

  // Not a member yet: /secret-blog sends the account to My Account.
  await page.goto("/secret-blog");
  await expect(page).toHaveURL("/account");
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(page.locator("#vip-status").getByText("You are not a VIP member yet.")).toBeVisible();

  await page.goto("/early-access");
  await enterCode(page, CAMPAIGN);
  await expect(toast(page, "VIP access verified!")).toBeVisible();
  await expect(page).toHaveURL(/\/early-access-blog\?code=/);

  await page.goto("/account");
  const status = page.locator("#vip-status");
  await expect(status.getByText("VIP member", { exact: true })).toBeVisible();
  await status.getByRole("link", { name: "Open the VIP members’ page" }).click();
  await expect(page).toHaveURL("/secret-blog");
  await expect(page.getByRole("heading", { name: "Welcome, Grace" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Exclusive posts" })).toBeVisible();
  await expect(page.getByRole("article")).not.toHaveCount(0);
  await expect(page.getByText("Loading exclusive content...")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "DIY versus professional" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Book a professional");
  await expect(page.getByRole("heading", { name: "Your VIP benefits" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const width of Object.values(widths)) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/secret-blog", "/account", `/early-access-blog?code=${CAMPAIGN}`]) {
      await page.goto(path);
      expect(await hasHorizontalOverflow(page), `${path} at ${width}px`).toBe(false);
    }
  }
  await saveScreenshots(page, "vip-secret-blog", "/secret-blog");
  await saveScreenshots(page, "vip-account", "/account");
  await page.goto("/account");
  await expectNoSeriousA11yViolations(page);
});

test("the VIP section and the blog: accessible, no sideways scrolling at 360 px and 1440 px, screenshots", async ({ page }) => {
  await page.goto("/early-access");
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/early-access-blog?code=${CAMPAIGN}`);
  await expectNoSeriousA11yViolations(page);
  for (const width of Object.values(widths)) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/early-access");
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // The section in page coordinates on a full-page shot, so the sticky header does not cover it.
    const clip = await page.locator("#vip-access").evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    await saveScreenshot(page, `vip-early-access-section-${width}`, { fullPage: true, clip });
  }
  await saveScreenshots(page, "vip-early-access-blog", `/early-access-blog?code=${CAMPAIGN}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the code form posts, the server redirects to the blog, and refusals come back in the page", async ({ page }) => {
    await page.goto("/early-access");
    await enterCode(page, "wrong-code", { javaScript: false });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid early access code" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "VIP access code" })).toHaveValue("wrong-code");
    await enterCode(page, ` ${CAMPAIGN} `, { javaScript: false });
    await expect(page).toHaveURL(`/early-access-blog?code=${CAMPAIGN}`);
    await expect(page.getByRole("heading", { level: 1, name: "FixiT VIP Blog" })).toBeVisible();
    // The full post opens with the browser's own disclosure, no script needed.
    const first = page.getByRole("article").first();
    await first.getByText("Read the full post").click();
    await expect(first.getByText("Top up loft insulation.", { exact: false })).toBeVisible();
  });
});
