import { expect, test } from "./helpers/test";
import { signUpAndConfirm, withCookieChoice } from "./helpers/accounts";
import { accessCodeFromMailbox, payWithTestCard, registerAsFixer, submitOnboarding, toastWith } from "./helpers/fixers";
import { checkScreen } from "./helpers/page-checks";

/**
 * The whole fixer journey as a new fixer takes it: register, pay in the TEST MODE checkout (a new
 * tab), read the access code in /dev/mailbox, sign in, unlock the portal, upload a real PDF and a
 * real DOCX, submit, and see the status on My Account. Accessibility checks and 360/1440 px
 * screenshots of every screen on the way.
 */

test.setTimeout(180_000);

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});


test("a new fixer registers, pays, unlocks the portal, submits documents and sees the status", async ({ page }) => {
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `fixer${id}@example.com`;

  // 1. Details, with the spec's checks first.
  await page.goto("/fixer-register");
  await expect(page.getByRole("heading", { name: "Become a Fixer", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Registration progress" })).toContainText("Details");
  await checkScreen(page, "fixer-register", "/fixer-register");
  const form = page.getByRole("form", { name: "Fixer details" });
  await form.getByRole("button", { name: /Save & Pay/ }).click();
  await expect(toastWith(page, "Please fill in all required fields")).toBeVisible();
  await form.getByLabel("First name").fill("Grace");
  await form.getByLabel("Last name").fill("Hopper");
  await form.getByLabel("Email").fill("grace hopper@example.com");
  await form.getByLabel("Phone").fill("+44 7700 900123");
  await form.getByRole("button", { name: /Save & Pay/ }).click();
  await expect(toastWith(page, "Enter a valid email address, like name@example.com.")).toBeVisible();
  await form.getByLabel("First name").fill("<Grace>");
  await expect(form.getByLabel("First name")).toHaveValue("Grace"); // < and > never reach the field

  // 2. Payment: the checkout opens in a new tab 1.5 s after the save.
  const checkout = await registerAsFixer(page, { firstName: "Grace", lastName: "Hopper", email, phone: "+44 7700 900123" });
  await expect(page.getByRole("link", { name: /Continue to payment/ })).toBeVisible();
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(checkout.getByText("Fixer onboarding fee")).toBeVisible();
  await expect(checkout.getByRole("button", { name: "Pay £3.99" })).toBeVisible();
  await checkScreen(checkout, "checkout-test", new URL(checkout.url()).pathname);

  await checkout.getByLabel("Name on card").fill("Grace Hopper");
  await checkout.getByLabel("Card number").fill("4000 0000 0000 0002");
  await checkout.getByLabel("Expiry (MM / YY)").fill("1239");
  await expect(checkout.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 39");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByRole("button", { name: "Pay £3.99" }).click();
  await expect(checkout.getByRole("alert")).toHaveText("Your card was declined.");
  await payWithTestCard(checkout);

  const shownCode = (await checkout.getByTestId("access-code").textContent())!.trim();
  await expect(checkout.getByText(`We've also emailed it to ${email}`)).toBeVisible();
  await expect(checkout.getByRole("link", { name: "Access Onboarding Portal" })).toHaveAttribute("href", "/fixer-onboarding");
  await checkScreen(checkout, "checkout-success-fixer", new URL(checkout.url()).pathname + new URL(checkout.url()).search);
  await checkout.close();

  // 3. The code arrives by email.
  const code = await accessCodeFromMailbox(page, email);
  expect(code).toBe(shownCode);

  // 4. Sign in (a new account), then the locked gate.
  await signUpAndConfirm(page, email, "Grace Hopper");
  await page.goto("/fixer-onboarding");
  await expect(page.getByRole("heading", { name: "Fixer Onboarding Portal" })).toBeVisible();
  await expect(page.getByText("complete your registration and payment first", { exact: false })).toBeVisible();
  await checkScreen(page, "fixer-onboarding-gate", "/fixer-onboarding");
  await page.getByLabel("Access Code").fill("FIX-2222-3333-4444");
  await page.getByRole("button", { name: "Unlock Portal" }).click();
  await expect(toastWith(page, "Invalid Code")).toBeVisible();
  await expect(toastWith(page, "Please enter the correct fixer access code")).toBeVisible();
  await page.getByLabel("Access Code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Unlock Portal" }).click();
  await expect(toastWith(page, "Access Granted! Welcome to the Fixer Onboarding Portal.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Complete Your Fixer Profile" })).toBeVisible();
  await expect(page.getByText("Access Granted", { exact: true })).toBeVisible();
  await checkScreen(page, "fixer-onboarding-form", "/fixer-onboarding");

  // 5. The draft survives a reload; an unsupported file is refused before anything is sent.
  await page.getByLabel("Your qualifications and certifications").fill("Draft <text> kept");
  await expect(page.getByLabel("Your qualifications and certifications")).toHaveValue("Draft text kept");
  await page.reload();
  await expect(page.getByLabel("Your qualifications and certifications")).toHaveValue("Draft text kept");
  await page.getByLabel("Portfolio or work examples").setInputFiles({ name: "virus.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ not a pdf at all") });
  await expect(toastWith(page, "Failed to upload virus.pdf: Please upload a PDF, DOC, or DOCX file.").first()).toBeVisible();
  await page.getByRole("button", { name: "Complete Fixer Registration" }).click();
  await expect(toastWith(page, "Please fill in all required fields")).toBeVisible();

  // 6. A real PDF and a real DOCX, submitted.
  await submitOnboarding(page);
  await expect(page.getByText("Thank you for completing your fixer profile. We'll review your application and get back to you within 24 hours.").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "gas-safe-certificate.pdf" })).toBeVisible();
  await page.reload();
  await expect(page.getByText("Under review").first()).toBeVisible();
  // The draft is gone with the submission.
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith("fixerOnboardingDraft")))).toEqual([]);

  // 7. My Account shows the status.
  await page.goto("/account");
  const status = page.locator("#fixer-status");
  await expect(status.getByTestId("fixer-application-status")).toContainText("Under review");
  await expect(status.getByText("Paid", { exact: true })).toBeVisible();
  await checkScreen(page, "account-fixer-status", "/account");
});
