import { expect, test, type Browser, type Page } from "./helpers/test";
import { makeDocx, makePdf } from "#tests/helpers/documents.ts";
import { signUpAndConfirm, waitForMailTo, withCookieChoice } from "./helpers/accounts";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshots, widths } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";
import { grantStaff } from "./helpers/staff";

/**
 * The staff console in a real browser: staff is granted with the command-line tool, a
 * fixer goes through the real journey (register, pay in the TEST MODE checkout, unlock with the
 * emailed code, upload documents), staff approve the application in the console, and the fixer
 * sees "Approved" on My Account. Accessibility checks and 360/1440 px screenshots of the dashboard,
 * a list, a detail page and the 403 page.
 */

async function newSignedInPage(browser: Browser, email: string, fullName: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withCookieChoice(page);
  await signUpAndConfirm(page, email, fullName);
  return page;
}

/** On a phone a toast can sit over the buttons: wait for it to go (the pointer off it, so it is not paused). */
async function closeToasts(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.getByRole("button", { name: "Close notification" })).toHaveCount(0, { timeout: 15_000 });
}

async function checkPage(page: Page, name: string, url: string) {
  await saveScreenshots(page, name, url);
  for (const width of Object.values(widths)) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    if (await hasHorizontalOverflow(page)) {
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? "").trim().slice(0, 40)}" in ${el.parentElement?.className}`),
      );
      expect(wide, `${url} overflows sideways at ${width}px`).toEqual([]);
    }
  }
  await expectNoSeriousA11yViolations(page);
}

test("staff granted by the command-line tool approve a fixer who registered, paid and applied; the fixer sees it on My Account", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const fixerEmail = `fern-${stamp}@example.com`;
  const staffEmail = `sam-${stamp}@example.com`;

  // The fixer: register, pay the fee in the TEST MODE checkout (a new tab), read the code from the mailbox.
  const fixer = await newSignedInPage(browser, fixerEmail, "Fern Fixer");
  await fixer.goto("/fixer-register");
  await fixer.getByLabel("First name").fill("Fern");
  await fixer.getByLabel("Last name").fill("Fixer");
  await fixer.getByLabel("Email").fill(fixerEmail);
  // The spec's phone rule: an optional +, then a non-zero digit.
  await fixer.getByLabel("Phone").fill("+44 7700 900123");
  const checkoutTab = fixer.context().waitForEvent("page", { timeout: 20_000 });
  await fixer.getByRole("button", { name: /^Save & Pay/ }).click();
  const checkout = await checkoutTab;
  await checkout.waitForLoadState();
  await expect(checkout.getByText("TEST MODE", { exact: false }).first()).toBeVisible();
  const email = checkout.getByLabel("Email");
  if (await email.count()) await email.fill(fixerEmail);
  await checkout.getByLabel("Name on card").fill("Fern Fixer");
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByRole("button", { name: /^Pay / }).click();
  await checkout.waitForURL(/\/checkout\/success/);
  await checkout.close();
  const codeMail = await waitForMailTo(fixer, fixerEmail, "Your FixiT fixer access code");
  const code = /FIX(?:-[0-9A-Z]{4}){3}/.exec(codeMail.text)?.[0];
  expect(code, codeMail.text).toBeTruthy();

  // Unlock the portal and send the application with a real PDF and DOCX.
  await fixer.goto("/fixer-onboarding");
  await fixer.getByLabel("Access Code").fill(code!);
  await fixer.getByRole("button", { name: "Unlock Portal" }).click();
  await expect(fixer.getByRole("heading", { name: "Complete Your Fixer Profile" })).toBeVisible();
  await fixer.getByLabel("Your qualifications and certifications").fill("NVQ Level 3 in Plumbing and Heating; Gas Safe registered.");
  await fixer.getByLabel("Your expertise and skills").fill("Eight years fitting bathrooms and servicing boilers in Leeds.");
  await fixer.getByLabel("Insurance details").fill("Public liability insurance, £2 million cover, renews March 2027.");
  await fixer.locator('input[type="file"][name="insurance"]').setInputFiles({ name: "insurance.pdf", mimeType: "application/pdf", buffer: makePdf("Fern's insurance") });
  await fixer.locator('input[type="file"][name="certifications"]').setInputFiles({
    name: "gas-safe.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: makeDocx("Gas Safe certificate"),
  });
  await fixer.getByRole("button", { name: "Complete Fixer Registration" }).click();
  await expect(fixer.getByText("Application Submitted!").first()).toBeVisible({ timeout: 30_000 });
  await fixer.goto("/account");
  await expect(fixer.getByTestId("fixer-application-status")).toContainText("Under review");

  // A plain account gets the 403 page.
  await fixer.goto("/staff");
  await expect(fixer.getByRole("heading", { name: "You don't have access to the staff console" })).toBeVisible();
  await checkPage(fixer, "staff-403", "/staff");

  // Staff: an account granted the role with the command-line tool finds the console on My Account.
  const staff = await newSignedInPage(browser, staffEmail, "Sam Staff");
  expect(grantStaff(staffEmail)).toContain(`${staffEmail} is now staff`);
  await staff.goto("/account");
  await staff.getByRole("link", { name: "Open the staff console" }).click();
  await expect(staff.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(staff.getByText(/onboarding applications? (is|are) waiting for review/)).toBeVisible();
  await checkPage(staff, "staff-dashboard", "/staff");

  // The list of pending applications, then the application.
  await staff.goto("/staff/onboarding?status=pending");
  await checkPage(staff, "staff-onboarding-list", "/staff/onboarding?status=pending");
  await staff.setViewportSize({ width: 1440, height: 900 });
  await staff.getByRole("link", { name: "Fern Fixer" }).first().click();
  await expect(staff.getByRole("heading", { name: "Fern Fixer", level: 1 })).toBeVisible();
  await expect(staff.getByRole("link", { name: "View insurance.pdf (opens in a new tab)" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Download gas-safe.docx" })).toBeVisible();
  await expect(staff.getByRole("link", { name: /View gas-safe\.docx/ })).toHaveCount(0);
  const detailUrl = new URL(staff.url()).pathname;
  await checkPage(staff, "staff-onboarding-detail", detailUrl);

  // The document opens for staff (a download for the DOCX).
  const download = staff.waitForEvent("download");
  await staff.getByRole("link", { name: /Download gas-safe\.docx/ }).click();
  expect((await download).suggestedFilename()).toBe("gas-safe.docx");

  // Requesting changes without a note is stopped by the shared schema before anything is sent.
  await staff.getByLabel(/Request changes/).check();
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByText("Tell the fixer what to change (at least 10 characters).")).toBeVisible();

  // Approve.
  await staff.getByLabel(/^Approve/).check();
  await staff.getByRole("button", { name: "Save decision" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Application approved" }).first()).toBeVisible();
  await expect(staff.getByText("Pending → Approved")).toBeVisible();
  await waitForMailTo(staff, fixerEmail, "Your FixiT fixer application is approved");

  // The fixer sees it.
  await fixer.goto("/account");
  await expect(fixer.getByTestId("fixer-application-status")).toContainText("Approved");
});

test("destructive actions ask first, and results show as toasts; the console works from the phone menu", async ({ browser }) => {
  // Seeded (decision 085): granting staff with the command-line tool is the test above.
  const { people } = await seed([{ key: "staff", role: "staff", name: "Pia Poster" }]);
  const staff = await signedIn(browser, people.staff!);

  await staff.setViewportSize({ width: 360, height: 780 });
  await staff.goto("/staff");
  await staff.getByText("Console menu").click();
  await staff.getByRole("link", { name: "Posts" }).click();
  await expect(staff.getByRole("heading", { name: "VIP posts", level: 1 })).toBeVisible();
  await staff.getByRole("link", { name: "New post" }).click();
  await expect(staff.getByRole("heading", { name: "New VIP post", level: 1 })).toBeVisible();

  await staff.getByLabel("Title", { exact: true }).fill("Draught-proofing sash windows");
  await staff.getByLabel("Excerpt", { exact: true }).fill("Stop the rattle and the cold for the price of a takeaway.");
  await staff.getByLabel("Content", { exact: true }).fill("Brush seals fit into the staff bead.\n\nParting beads with a pile insert stop the draught between sashes.");
  await staff.getByLabel("Category", { exact: true }).fill("Energy efficiency");
  await staff.getByLabel("Tags (optional)").fill("windows, draughts");
  await staff.getByRole("button", { name: "Save as draft" }).click();
  await expect(staff.getByRole("heading", { name: "Draught-proofing sash windows", level: 1 })).toBeVisible();
  await expect(staff.getByText("Draft saved").first()).toBeVisible();

  await closeToasts(staff);
  await staff.getByRole("link", { name: "Delete post" }).click();
  const dialog = staff.getByRole("dialog", { name: "Delete this post?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await staff.getByRole("link", { name: "Delete post" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Delete for good" }).click();
  await staff.waitForURL(/\/staff\/vip-posts$/);
  await expect(staff.getByText("Post deleted").first()).toBeVisible();
  expect(await hasHorizontalOverflow(staff)).toBe(false);
});
