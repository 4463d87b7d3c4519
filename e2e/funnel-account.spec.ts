import sharp from "sharp";
import { expect, sameOriginHeaders, test, type Locator, type Page } from "./helpers/test";
import { newPerson, signUpAndConfirm, testPassword, waitForMailTo } from "./helpers/accounts";
import { applyOverHttp, toastWith } from "./helpers/fixers";
import { checkScreen, expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, widths } from "./helpers/page-checks";
import { approveOverHttp, grantStaff } from "./helpers/staff";

/**
 * Nobody lost on the way (issue 37, items 1–3), walked as people would in a real browser:
 * an approved fixer follows the approval email's "Set your areas" to /fixer, is greeted with the
 * steps left and finds the dashboard from the header and My Account; a customer on a 360 px phone
 * types a job with a photo signed out, signs up, reads "check your email", resends, confirms, and
 * lands back on the form with what they typed and the photo; another customer signs in instead
 * (a move inside the app, which lost the draft before) and starts a new job; someone sent from the
 * fixer portal signs up as a fixer.
 */

test.describe.configure({ mode: "serial" });

const phone = { width: widths.phone, height: 780 };
const desktop = { width: widths.desktop, height: 900 };
const mail = (name: string) => `${name}.${test.info().workerIndex}.${Date.now()}@example.com`;

/** The image has really loaded (a refused photo has naturalWidth 0). */
async function expectImageLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 10_000 }).toBeGreaterThan(0);
}

/** Axe and a screenshot at 360 and 1440 px of the page as it is now (no reload: the state is what is checked). */
async function checkInPlace(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  const before = page.viewportSize();
  for (const width of Object.values(widths)) {
    await page.setViewportSize({ width, height: 900 });
    expect(await hasHorizontalOverflow(page), `${name} at ${width}px`).toBe(false);
    await saveScreenshot(page, `${name}-${width}`, { fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

function linkPath(text: string, fragment: string): string {
  const link = text.match(/https?:\/\/[^\s)>\]]+/g)?.find((l) => l.includes(fragment));
  expect(link, `a link with ${fragment}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

const job = { title: "Dripping bath tap", description: "The bath tap drips all night and has left a brown stain on the enamel." };
let photo: Buffer;
test.beforeAll(async () => {
  photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
});

/** The Sign Up tab of /auth, filled and sent; `expectType` is the account type it must start with. */
async function signUpInForm(page: Page, fullName: string, email: string, expectType: RegExp) {
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const signUp = page.getByRole("tabpanel", { name: "Sign Up" });
  await expect(signUp.getByRole("radio", { name: expectType })).toBeChecked();
  await signUp.getByLabel("Full name").fill(fullName);
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password", { exact: true }).fill(testPassword);
  await signUp.getByLabel("Confirm password").fill(testPassword);
  await signUp.getByRole("button", { name: "Sign Up" }).click();
}

async function fillJob(page: Page, title: string) {
  await page.getByLabel("Service").selectOption("plumbing");
  await page.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Describe the job").fill(job.description);
  await page.getByRole("radio", { name: "Within a week" }).check();
  await page.getByLabel("Budget").selectOption({ label: "£100 to £250" });
  await page.getByLabel("Photos").setInputFiles({ name: "bath.jpg", mimeType: "image/jpeg", buffer: photo });
}

test("3. an approved fixer follows 'Set your areas' to /fixer, sees the steps left, and finds the dashboard from the header and My Account", async ({ browser }) => {
  test.setTimeout(180_000);
  const fixer = await newPerson(browser, desktop);
  const email = mail("ffion");
  await signUpAndConfirm(fixer, email, "Ffion Fixwell");
  await applyOverHttp(fixer, { firstName: "Ffion", lastName: "Fixwell", email, phone: "+44 7700 900311" });
  await fixer.goto("/account");
  await expect(fixer.getByRole("banner").getByRole("link", { name: "Fixer dashboard" })).toHaveCount(0);

  const staff = await newPerson(browser, desktop);
  const staffEmail = mail("sol-staff");
  await signUpAndConfirm(staff, staffEmail, "Sol Staff");
  expect(grantStaff(staffEmail)).toContain(`${staffEmail} is now staff`);
  await approveOverHttp(staff, "Ffion Fixwell");
  await staff.context().close();

  const approval = await waitForMailTo(fixer, email, "approved");
  expect(approval.text).toContain("Set your areas");
  await fixer.goto(linkPath(approval.text, "/fixer"));
  await expect(fixer).toHaveURL(/\/fixer$/);
  const steps = fixer.getByRole("region", { name: "Welcome to FixiT, Ffion" });
  await expect(steps).toBeVisible();
  await expect(steps.getByRole("link", { name: "Set the postcode areas you cover" })).toBeVisible();
  await expect(steps.getByRole("link", { name: "Send your first quote" })).toBeVisible();
  await checkScreen(fixer, "funnel-fixer-checklist", "/fixer");

  // The header leads here from any page: the desktop bar, and the menu on a phone.
  await fixer.goto("/");
  await fixer.getByRole("banner").getByRole("link", { name: "Fixer dashboard" }).click();
  await expect(fixer).toHaveURL(/\/fixer$/);
  await fixer.setViewportSize(phone);
  await fixer.goto("/about");
  await fixer.getByRole("button", { name: "Open menu" }).click();
  await fixer.getByRole("dialog").getByRole("link", { name: "Fixer dashboard" }).click();
  await expect(fixer).toHaveURL(/\/fixer$/);
  await fixer.setViewportSize({ width: widths.desktop, height: 900 });

  // The first step, done in the browser: only the first quote is left.
  await fixer.getByRole("link", { name: "Set the postcode areas you cover" }).click();
  const form = fixer.locator("#coverage");
  for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
  await form.getByRole("checkbox", { name: "Plumbing", exact: true }).check();
  await form.getByLabel("Areas you cover").fill("SW1");
  await form.getByLabel(/About you/).fill("Plumber in Westminster for twelve years.");
  await form.getByRole("button", { name: "Save services and areas" }).click();
  await expect(toastWith(fixer, "Your services and areas are saved.")).toBeVisible();
  await expect(steps.getByText("3 of 4 steps done")).toBeVisible();
  await expect(steps.getByRole("link", { name: "Set the postcode areas you cover" })).toHaveCount(0);

  await fixer.goto("/account");
  await checkScreen(fixer, "funnel-account-fixer", "/account");
  await fixer.getByRole("link", { name: "Open the fixer dashboard" }).click();
  await expect(fixer.getByRole("heading", { name: "Your jobs", level: 1 })).toBeVisible();
});

test("1 and 2. a customer on a phone types a job signed out, signs up, confirms, and gets it back with the photo; posting clears it", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPerson(browser, phone);
  const email = mail("cleo");
  await page.goto("/request?service=plumbing");
  await fillJob(page, job.title);
  await page.getByRole("button", { name: "Post job" }).click();
  await expect(page).toHaveURL(/\/auth\?from=%2Frequest$/);

  // Sign up: the account type is a customer's; sign-up ends on "check your email".
  await signUpInForm(page, "Cleo Customer", email, /^Customer/);
  // The sign-up's checks (the password's among them) run on the server: a slow machine takes a while.
  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText(`We've sent a confirmation link to ${email}.`)).toBeVisible();
  await expect(page.getByText("brings you back to your job, as you typed it")).toBeVisible();
  await checkInPlace(page, "funnel-check-email");
  const first = await waitForMailTo(page, email, "Confirm your FixiT account");
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(toastWith(page, "Confirmation email sent")).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number }[] }).messages.length)
    .toBe(2);
  const box = (await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: number; text: string }[] };
  const latest = box.messages.find((m) => m.id !== first.id)!;

  // The confirmation link signs in and returns to the form, filled in, photo and all.
  await page.goto(linkPath(latest.text, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/request$/);
  await expect(toastWith(page, "Email confirmed")).toBeVisible();
  await expect(page.getByLabel("Job title")).toHaveValue(job.title);
  await expect(page.getByLabel("Describe the job")).toHaveValue(job.description);
  await expect(page.getByLabel("Budget")).toHaveValue("100_250");
  await expectImageLoaded(page.getByRole("img", { name: "Photo 1 you added" }));
  await expect(page.getByRole("checkbox", { name: "Keep this photo" })).toBeChecked();
  await checkScreen(page, "funnel-request-restored", "/request");
  await page.setViewportSize(phone);

  await page.getByRole("button", { name: "Post job" }).click();
  await page.waitForURL(/\/account\/jobs\/\d+$/);
  await expectImageLoaded(page.getByRole("img", { name: "Photo 1 of the job" }));
  // The next job starts empty.
  await page.goto("/account/jobs");
  await page.getByRole("link", { name: "Post a job" }).first().click();
  await expect(page).toHaveURL(/\/request$/);
  await expect(page.getByLabel("Job title")).toHaveValue("");
  await expect(page.getByText("We kept what you typed")).toHaveCount(0);
  await page.context().close();
});

test("1. a customer who signs in (a move inside the app) gets the job back, and 'Start a new job' empties the form", async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await newPerson(browser, desktop);
  const email = mail("dev");
  await signUpAndConfirm(setup, email, "Dev Customer");
  await setup.context().close();

  const page = await newPerson(browser, phone);
  await page.goto("/request");
  await fillJob(page, "Wobbly banister");
  await page.getByRole("button", { name: "Post job" }).click();
  await expect(page).toHaveURL(/\/auth\?from=%2Frequest$/);
  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(testPassword);
  const moved = page.waitForRequest((r) => new URL(r.url()).pathname === "/request.data");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await moved;
  await expect(page).toHaveURL(/\/request$/);
  await expect(page.getByLabel("Job title")).toHaveValue("Wobbly banister");
  await expectImageLoaded(page.getByRole("img", { name: "Photo 1 you added" }));

  await page.getByRole("button", { name: "Start a new job" }).click();
  await expect(page.getByText("We kept what you typed")).toHaveCount(0);
  await expect(page.getByLabel("Job title")).toHaveValue("");
  await expect(page.getByRole("img", { name: "Photo 1 you added" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Job title")).toHaveValue("");
  await page.context().close();
});

test("2. someone sent to sign up from the fixer portal signs up as a fixer, and the link brings them back there", async ({ browser }) => {
  const page = await newPerson(browser, phone);
  const email = mail("finn");
  await page.goto("/fixer-onboarding");
  await expect(page).toHaveURL(/\/auth\?from=%2Ffixer-onboarding$/);
  await signUpInForm(page, "Finn Fixer", email, /^Fixer/);
  await expect(page.getByText("brings you back to your fixer registration")).toBeVisible({ timeout: 30_000 });
  const confirmation = await waitForMailTo(page, email, "Confirm your FixiT account");
  await page.goto(linkPath(confirmation.text, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/fixer-onboarding$/);
  const account = await (await page.request.get("/account", { headers: sameOriginHeaders() })).text();
  expect(account).toMatch(/Account type<\/dt><dd[^>]*>Fixer</);
  await page.context().close();
});
