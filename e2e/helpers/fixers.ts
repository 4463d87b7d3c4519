import { expect, sameOriginHeaders, type Page } from "./test";
import { makeDocx, makePdf } from "#tests/helpers/documents.ts";
import { waitForMailTo } from "./accounts";

/**
 * The fixer journey's steps as a new fixer takes them in the browser, for any spec that needs a
 * real fixer (the journey's own test, the staff console's review test).
 */

export const FIX_CODE = /FIX(?:-[2-9A-HJKMNP-Z]{4}){3}/;

export const toastWith = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: false });

/** Fills /fixer-register and saves; returns the checkout tab the page opens 1.5 s later. */
export async function registerAsFixer(page: Page, details: { firstName: string; lastName: string; email: string; phone: string }) {
  await page.goto("/fixer-register");
  const form = page.getByRole("form", { name: "Fixer details" });
  await form.getByLabel("First name").fill(details.firstName);
  await form.getByLabel("Last name").fill(details.lastName);
  await form.getByLabel("Email").fill(details.email);
  await form.getByLabel("Phone").fill(details.phone);
  const checkoutTab = page.context().waitForEvent("page", { timeout: 10_000 });
  await form.getByRole("button", { name: /Save & Pay/ }).click();
  await expect(toastWith(page, "Details Saved! 🎉")).toBeVisible();
  await expect(toastWith(page, "Redirecting you to payment...")).toBeVisible();
  const tab = await checkoutTab;
  await tab.waitForLoadState();
  return tab;
}

/** Pays in the TEST MODE checkout tab with the card that succeeds; leaves the tab on the success page. */
export async function payWithTestCard(tab: Page, email?: string) {
  // The banner itself: the page's text can say TEST MODE elsewhere too (two matches failed a run at 360 px).
  await expect(tab.getByRole("note", { name: "Test mode" })).toContainText("TEST MODE: no real payment is taken.");
  if (email) await tab.getByLabel("Email").fill(email);
  await tab.getByLabel("Name on card").fill("Test Fixer");
  await tab.getByLabel("Card number").fill("4242 4242 4242 4242");
  await tab.getByLabel("Expiry (MM / YY)").fill("12 / 39");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByRole("button", { name: /^Pay / }).click();
  await tab.waitForURL(/\/checkout\/success\?payment=/);
}

/** The access code from the fee email in /dev/mailbox. */
export async function accessCodeFromMailbox(page: Page, email: string) {
  const mail = await waitForMailTo(page, email, "Your FixiT fixer access code");
  const code = FIX_CODE.exec(mail.text)?.[0];
  expect(code, "access code in the email").toBeTruthy();
  return code!;
}

/** On /fixer-onboarding, signed in: enters the code and waits for the unlocked form. */
export async function unlockPortal(page: Page, code: string) {
  await page.goto("/fixer-onboarding");
  await page.getByLabel("Access Code").fill(code);
  await page.getByRole("button", { name: "Unlock Portal" }).click();
  await expect(toastWith(page, "Access Granted! Welcome to the Fixer Onboarding Portal.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Complete Your Fixer Profile" })).toBeVisible();
}

export const onboardingAnswers = {
  qualifications: "NVQ Level 3 in Plumbing and Heating; Gas Safe registered (no. 123456)",
  expertise: "Eight years fitting bathrooms and boilers; emergency leak repairs",
  insurance: "Public liability insurance, £2 million cover, policy PL-123456, renews March 2027",
};

/** Fills the unlocked form with a real PDF certificate and a real DOCX insurance policy, and submits it. */
export async function submitOnboarding(page: Page) {
  await page.getByLabel("Your qualifications and certifications").fill(onboardingAnswers.qualifications);
  await page.getByLabel("Your expertise and skills").fill(onboardingAnswers.expertise);
  await page.getByLabel("Insurance details").fill(onboardingAnswers.insurance);
  await page.getByLabel("Certification documents").setInputFiles({ name: "gas-safe-certificate.pdf", mimeType: "application/pdf", buffer: makePdf("Gas Safe certificate") });
  await expect(page.getByRole("list", { name: "Certification documents attached" }).getByText("gas-safe-certificate.pdf")).toBeVisible();
  await page.getByLabel("Insurance documents").setInputFiles({
    name: "public-liability-policy.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: makeDocx("Public liability insurance schedule"),
  });
  await expect(page.getByRole("list", { name: "Insurance documents attached" }).getByText("public-liability-policy.docx")).toBeVisible();
  await page.getByRole("button", { name: "Complete Fixer Registration" }).click();
  await expect(toastWith(page, "Application Submitted!")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Under review").first()).toBeVisible();
}

/**
 * The same journey as registerAsFixer → payWithTestCard → unlockPortal → submitOnboarding, as the
 * forms post it without JavaScript, over the page's own request context (its cookies). For specs
 * whose subject is what happens after a fixer applies: the browser journey is fixer-journey.spec.ts's.
 */
export async function applyOverHttp(page: Page, details: { firstName: string; lastName: string; email: string; phone: string }) {
  const headers = sameOriginHeaders();
  const saved = await page.request.post("/fixer-register", { form: details, headers });
  expect(saved.status(), "the registration is saved").toBe(200);
  const checkout = /href="(\/checkout\/test\/[0-9a-f-]{36})"/.exec(await saved.text())?.[1];
  expect(checkout, "the saved page links to the checkout").toBeTruthy();
  const paid = await page.request.post(checkout!, {
    form: { cardName: `${details.firstName} ${details.lastName}`, cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" },
    headers,
    maxRedirects: 0,
  });
  expect(paid.status(), "the test card pays").toBe(302);
  const code = await accessCodeFromMailbox(page, details.email);
  const unlocked = await page.request.post("/fixer-onboarding", { form: { intent: "unlock", code }, headers });
  expect(unlocked.status(), "the access code unlocks the portal").toBeLessThan(400);
  // The insurance card's text and files share a name, so the body is a FormData, not an object.
  const form = new FormData();
  for (const [name, value] of Object.entries(onboardingAnswers)) form.append(name, value);
  form.append("certifications", new Blob([new Uint8Array(makePdf("Gas Safe certificate"))], { type: "application/pdf" }), "gas-safe-certificate.pdf");
  form.append(
    "insurance",
    new Blob([new Uint8Array(makeDocx("Public liability insurance schedule"))], { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }),
    "public-liability-policy.docx",
  );
  const submitted = await page.request.post("/fixer-onboarding/submit", { multipart: form, headers, maxRedirects: 0 });
  expect(submitted.status(), await submitted.text()).toBeLessThan(400);
  const portal = await (await page.request.get("/fixer-onboarding")).text();
  expect(portal, "the application is under review").toContain("Under review");
}
