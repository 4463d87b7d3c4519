import { expect, test, type Page } from "./helpers/test";
import { testPassword } from "./helpers/accounts";
import { a11yAudit, expectNoSeriousViolations, hasHorizontalOverflow, saveScreenshots, widths } from "./helpers/page-checks";

/**
 * The development mailbox in a browser. A message gets in the way a visitor's does: a sign-up
 * queues the confirmation email, which the log transport keeps.
 */

/**
 * The shared axe check, minus the email preview: axe cannot run inside a sandbox without scripts
 * (Playwright's evaluate waits forever there), and the email is content under test, not the page.
 */
async function expectNoSeriousA11yViolations(page: Page) {
  expectNoSeriousViolations(await a11yAudit(page).exclude("iframe").analyze());
}

/** Signs up as `to` and returns the id of the confirmation email once the mailbox holds it. */
async function queueConfirmation(page: Page, to: string): Promise<number> {
  const res = await page.request.post("/auth", {
    form: { intent: "sign-up", fullName: "Mona Mailbox", email: to, phone: "", password: testPassword, confirmPassword: testPassword, userType: "customer" },
  });
  expect(res.status()).toBe(200);
  let id = 0;
  await expect
    .poll(async () => {
      const json = (await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as {
        messages: { id: number }[];
      };
      id = json.messages[0]?.id ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

test("a kept message opens from the list, shows its HTML, and its link opens in the main window", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (msg) => {
    // Hydration mismatches, CSP reports. Not the sandbox refusing the test tools' own scripts in the preview.
    if (msg.type() === "error" && !/sandboxed and the 'allow-scripts' permission is not set/.test(msg.text())) errors.push(msg.text());
  });
  const to = `e2e-${Date.now()}@example.com`;
  await queueConfirmation(page, to);

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { level: 1, name: "Development mailbox" })).toBeVisible();
  const item = page.getByRole("link").filter({ hasText: to });
  await expect(item).toContainText("Confirm your FixiT account");
  await item.click();

  await expect(page.getByRole("heading", { level: 1, name: "Confirm your FixiT account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "HTML" })).toHaveAttribute("aria-current", "page");
  const frame = page.frameLocator("iframe[title^='HTML version']");
  await expect(frame.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expect(frame.getByText("FixiT Services Ltd, 71-75 Shelton Street")).toBeVisible();

  // The sandbox lets no script run inside the email.
  const scriptsAllowed = await page.locator("iframe").getAttribute("sandbox");
  expect(scriptsAllowed).not.toContain("allow-scripts");

  await expect(page.locator("main")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The confirmation link opens in the main window: the address is confirmed and the visitor lands on the home page.
  await frame.getByRole("link", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  expect(errors).toEqual([]);
});

test("the plain-text view turns URLs into links", async ({ page }) => {
  const to = `text-${Date.now()}@example.com`;
  const id = await queueConfirmation(page, to);
  await page.goto(`/dev/mailbox/${id}`);
  await page.getByRole("link", { name: "Plain text" }).click();
  await expect(page).toHaveURL(/view=text/);
  const section = page.getByRole("region", { name: "Plain-text version" });
  await expect(section).toContainText("Confirm your email address");
  const link = section.getByRole("link");
  await expect(link).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=/);
  await link.click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("mailbox pages are accessible and fit at 360 and 1440 px", async ({ page }) => {
  test.setTimeout(180_000); // six axe runs and six screenshots
  const to = `a11y-${Date.now()}@example.com`;
  const id = await queueConfirmation(page, to);
  // The list filtered to this test's recipient: by the end of a run the whole mailbox holds hundreds of messages.
  for (const path of [`/dev/mailbox?to=${encodeURIComponent(to)}`, `/dev/mailbox/${id}`, `/dev/mailbox/${id}?view=text`]) {
    for (const width of Object.values(widths)) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
      expect(await hasHorizontalOverflow(page), `${path} at ${width}px overflows`).toBe(false);
    }
  }
  await saveScreenshots(page, "dev-mailbox", `/dev/mailbox?to=${encodeURIComponent(to)}`);
  await saveScreenshots(page, "dev-mailbox-message", `/dev/mailbox/${id}`);
  await saveScreenshots(page, "dev-mailbox-text", `/dev/mailbox/${id}?view=text`);
});
