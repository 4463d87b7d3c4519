import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "./helpers/test";
import { makePdf } from "#tests/helpers/documents.ts";
import { signUpAndConfirm, testPassword, waitForMailTo, withCookieChoice } from "./helpers/accounts";
import { accessCodeFromMailbox, payWithTestCard, registerAsFixer, submitOnboarding, toastWith, unlockPortal } from "./helpers/fixers";
import { checkScreen } from "./helpers/page-checks";
import { signInSeededCustomer } from "./helpers/seed";

/**
 * What real visitors tripped over: phone numbers and addresses as people write them, the
 * "Email confirmed" welcome, one Back button, the VIP checkout's button, and a fixer sending an
 * application again after staff asked for changes. Screenshots at 360 and 1440 px of each page.
 */

test.setTimeout(180_000);

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;


test("phone fields show an example and say what is wrong; a UK number as people write it is taken", async ({ page }) => {
  await page.goto("/fixer-register");
  const form = page.getByRole("form", { name: "Fixer details" });
  await expect(form.getByText("e.g. 07700 900123 or +44 7700 900123")).toBeVisible();
  await form.getByLabel("First name").fill("Pat");
  await form.getByLabel("Last name").fill("Plus");
  await form.getByLabel("Email").fill(`pat+fixit${unique()}@example.com`);
  await form.getByLabel("Phone").fill("07700 9001");
  await form.getByRole("button", { name: /Save & Pay/ }).click();
  await expect(form.getByText("This phone number is too short: a UK number has 11 digits, like 07700 900123.")).toBeVisible();
  await checkScreen(page, "fixer-register-phone", "/fixer-register");

  await page.goto("/auth?view=signup");
  await expect(page.getByText("e.g. 07700 900123 or +44 7700 900123")).toBeVisible();
  await checkScreen(page, "auth-sign-up", "/auth?view=signup");
});

test("a plus-address signs up, and the confirmation link lands on / saying 'Email confirmed — welcome to FixiT'", async ({ page }) => {
  const email = `pat+fixit${unique()}@example.com`;
  const signUp = await page.request.post("/auth", {
    form: { intent: "sign-up", fullName: "Pat Plus", email, phone: "07700 900123", password: testPassword, confirmPassword: testPassword, userType: "customer" },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMailTo(page, email, "Confirm your FixiT account");
  const link = new URL(mail.text.match(/https?:\/\/[^\s)>\]]*\/api\/auth\/verify-email[^\s)>\]]*/)![0]);
  // The link points where the visitor is (127.0.0.1 here, not localhost).
  expect(link.host).toBe(new URL(test.info().project.use.baseURL!).host);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/$/);
  await expect(toastWith(page, "Email confirmed — welcome to FixiT")).toBeVisible();
  // Said once: a reload says nothing.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(toastWith(page, "Email confirmed — welcome to FixiT")).toHaveCount(0);
});

test("one Back button on /fixer-ai, an icon per value on /about, VIP terms said once, and a VIP checkout that starts with a button", async ({ page }) => {
  await page.goto("/about");
  const values = page.locator("li").filter({ has: page.getByRole("heading", { name: /Trust first|Fair for fixers|Clear prices|Built for the UK/ }) });
  await expect(values).toHaveCount(4);
  const icons = await values.locator("svg").evaluateAll((svgs) => svgs.map((s) => s.getAttribute("class")));
  expect(new Set(icons).size).toBe(4);
  await checkScreen(page, "about", "/about");

  await page.goto("/checkout/vip");
  await expect(page.getByRole("heading", { name: "VIP early access", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to payment" })).toBeVisible();
  await checkScreen(page, "checkout-vip", "/checkout/vip");

  // Seeded (decision 085): signing up is the test above.
  await signInSeededCustomer(page, `visitor${unique()}@example.com`, "Vic Visitor");
  await page.goto("/fixer-ai");
  await expect(page.getByRole("heading", { name: "AI Fixer", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
  await checkScreen(page, "fixer-ai-chat", "/fixer-ai");

  await page.goto("/account");
  await expect(page.getByText("VIP access is £1.99 (one-time, lifetime access).")).toBeVisible();
  await checkScreen(page, "account", "/account");
});

test("after staff ask for changes the fixer finds the answers and documents kept, and sends the application again", async ({ page, browser }) => {
  const id = unique();
  const email = `resubmit${id}@example.com`;
  const checkout = await registerAsFixer(page, { firstName: "Rosa", lastName: "Resend", email, phone: "07700 900123" });
  await payWithTestCard(checkout, undefined);
  await checkout.close();
  const code = await accessCodeFromMailbox(page, email);
  await signUpAndConfirm(page, email, "Rosa Resend");
  await page.goto("/fixer-onboarding");
  // Paid, not yet unlocked: Payment is already marked done.
  await expect(page.getByRole("navigation", { name: "Registration progress" })).toContainText("Payment (done)");
  await unlockPortal(page, code);
  await submitOnboarding(page);

  // Staff ask for changes.
  const staffEmail = `reviewer${id}@example.com`;
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await withCookieChoice(staff);
  await signUpAndConfirm(staff, staffEmail, "Rex Reviewer");
  const port = process.env.E2E_PORT ?? "4173";
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/staff.ts", "grant", staffEmail], {
    // No PORT: the tool finds the server running on DATA_DIR.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", APP_ENV: "test", DATA_DIR: `test-results/e2e-data-${port}`, DATABASE_URL: "memory://" },
    encoding: "utf8",
  });
  const exported = (await (await page.request.post("/account/export", { form: {} })).json()) as { fixer: { applications: { id: number }[] } };
  const note = "Please add your new insurance schedule; the one you sent expires this month.";
  const review = await staff.request.post(`/staff/onboarding/${exported.fixer.applications[0]!.id}`, { form: { intent: "review", decision: "changes_requested", note } });
  expect(review.status()).toBe(200);
  await staffContext.close();

  // The fixer comes back: the note, the answers and the documents are all there.
  await page.goto("/fixer-onboarding");
  await expect(page.getByRole("note", { name: "Changes requested" })).toContainText(note);
  await expect(page.getByLabel("Your qualifications and certifications")).not.toHaveValue("");
  const insurance = page.getByRole("list", { name: "Insurance documents attached" });
  await expect(insurance.getByText("public-liability-policy.docx")).toBeVisible();
  await expect(page.getByRole("list", { name: "Certification documents attached" }).getByText("gas-safe-certificate.pdf")).toBeVisible();
  // Every upload keeps its "Add files" picker: certifications, portfolio, insurance, photo ID and the DBS certificate (decision 065).
  await expect(page.getByText("Add files")).toHaveCount(5);
  await expect(page.getByText("No file chosen")).toHaveCount(0);
  await checkScreen(page, "fixer-onboarding-resubmit", "/fixer-onboarding");

  // Swap the insurance document and send it again.
  await insurance.getByRole("button", { name: "Remove public-liability-policy.docx" }).click();
  await expect(page.getByText("public-liability-policy.docx")).toHaveCount(0);
  await page.getByLabel("Insurance documents").setInputFiles({ name: "new-schedule.pdf", mimeType: "application/pdf", buffer: makePdf("New insurance schedule") });
  await expect(insurance.getByText("new-schedule.pdf")).toBeVisible();
  await page.getByRole("button", { name: "Complete Fixer Registration" }).click();
  await expect(toastWith(page, "Application Submitted!")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "gas-safe-certificate.pdf" })).toBeVisible();
  await expect(page.getByRole("link", { name: "new-schedule.pdf" })).toBeVisible();
  await expect(page.getByRole("link", { name: "public-liability-policy.docx" })).toHaveCount(0);
});
