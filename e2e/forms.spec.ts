import { baseUrl, expect, test, type Page } from "./helpers/test";
import { waitForMail } from "#tests/helpers/mailbox.ts";
import { watchFormRequests } from "./helpers/form-requests";
import { makePdf } from "#tests/helpers/documents.ts";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshots, widths } from "./helpers/page-checks";

/**
 * The public forms as a new visitor uses them: fill, submit, see the spec's toasts, and find
 * the emails in the development mailbox. One form again with JavaScript off.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: false });

async function expectMail(to: string, contains: string) {
  await waitForMail(baseUrl(), to, (m) => m.text.includes(contains) || m.subject.includes(contains));
}

test("waitlist and feedback on /early-access", async ({ page }) => {
  const id = unique();
  await page.goto("/early-access");
  // No invented figure: the waitlist is counted, and a small one is not shown (decision 065).
  await expect(page.getByText("2,847")).toHaveCount(0);
  await expect(page.getByText("Be one of the first")).toBeVisible();

  const waitlist = page.getByRole("form", { name: "Join the waitlist" });
  await waitlist.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(waitlist.getByText("Please enter your name.")).toBeVisible();
  await waitlist.getByLabel("Name").fill(`Wanda ${id}`);
  await waitlist.getByLabel("Email").fill(`wanda${id}@example.com`);
  await waitlist.getByLabel("Location").fill("Bristol");
  await waitlist.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(toast(page, "Welcome to FixiT early access!")).toBeVisible();
  await expect(waitlist.getByLabel("Name")).toHaveValue("");
  await expectMail(`wanda${id}@example.com`, `Welcome, Wanda ${id}`);

  const feedback = page.getByRole("form", { name: "Share your feedback" });
  await feedback.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(feedback.getByText("Please tell us how likely you are to use FixiT.")).toBeVisible();
  await feedback.getByLabel("Likely", { exact: true }).check();
  await feedback.getByLabel("Plumbing").check();
  await feedback.getByLabel("Dog Walking").check();
  await feedback.getByLabel("How often would you book home services?").selectOption("monthly");
  await feedback.getByLabel("Your feedback").fill(`Feedback ${id}`);
  await feedback.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(toast(page, "Thank you for your feedback!")).toBeVisible();
  await expect(feedback.getByLabel("Plumbing")).not.toBeChecked();
  await expectMail("feedback@fixit.local", `Feedback ${id}`);
});

test("Contact Support on /help and investor inquiry on /careers", async ({ page }) => {
  const id = unique();
  await page.goto("/help");
  const help = page.getByRole("form", { name: "Contact Support" });
  await help.getByLabel("Name").fill(`Harry ${id}`);
  await help.getByLabel("Email").fill(`harry${id}@example.com`);
  await help.getByRole("textbox", { name: "How can we help?" }).fill(`My tap drips (${id})`);
  await help.getByRole("button", { name: "Send Message" }).click();
  await expect(toast(page, "Message sent successfully!")).toBeVisible();
  await expect(toast(page, "We'll get back to you within 24 hours.")).toBeVisible();
  await expectMail("support@fixit.local", `My tap drips (${id})`);
  await expectMail(`harry${id}@example.com`, "within 24 hours");

  await page.goto("/careers");
  const investor = page.getByRole("form", { name: "Investor inquiry" });
  await investor.getByLabel("Name").fill(`Isla ${id}`);
  await investor.getByLabel("Email").fill(`isla${id}@example.com`);
  await investor.getByLabel("Company").fill("Isla Ventures");
  await investor.getByLabel("Investment amount").selectOption("£50K-£100K");
  await investor.getByLabel("Investment type").selectOption("Venture Capital");
  await investor.getByLabel("Timeline").selectOption("Medium-term (6-12)");
  await investor.getByLabel("Message").fill(`We would like to talk (${id})`);
  await investor.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(toast(page, "Inquiry Sent Successfully")).toBeVisible();
  await expect(investor.getByLabel("Message")).toHaveValue("");
  await expectMail("investors@fixit.local", `We would like to talk (${id})`);
});

test("recruitment: rules on submit then on change, CV checks, success clears the form", async ({ page }) => {
  const id = unique();
  await page.goto("/recruitment?position=full-stack-engineer");
  await expect(page.getByRole("heading", { name: "FixiT Recruitment" })).toBeVisible();
  const form = page.getByRole("form", { name: "Application Form" });
  await expect(form.getByLabel("Position")).toHaveValue("Full-Stack Engineer");

  await form.getByLabel("First name").fill("R");
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("First name must be at least 2 characters.")).toBeVisible();
  await expect(form.getByText("Please provide a cover letter (minimum 50 characters).")).toBeVisible();
  // After the first submit, every change is checked again.
  await form.getByLabel("First name").fill("Rosa");
  await expect(form.getByText("First name must be at least 2 characters.")).toBeHidden();

  await form.getByLabel("Last name").fill(`Jobs${id}`);
  await form.getByLabel("Email").fill(`rosa${id}@example.com`);
  await form.getByLabel("Phone").fill("07700 900789");
  await form.getByLabel("Experience").fill("Eight years of TypeScript and Node.");
  await form.getByLabel("Qualifications").fill("MSc Software Engineering.");
  await form.getByLabel("Cover letter").fill(`I would like to build FixiT with you; here is why I fit the role (${id}).`);

  await form.getByLabel("CV").setInputFiles({ name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("plain text") });
  await expect(form.getByText("Invalid file type: Please upload a PDF, DOC, or DOCX file.")).toBeVisible();
  await form.getByLabel("CV").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20) });
  await expect(form.getByText("File too large: Please upload a file smaller than 5MB.")).toBeVisible();
  await form.getByLabel("CV").setInputFiles({ name: "Rosa CV.pdf", mimeType: "application/pdf", buffer: makePdf("Rosa") });
  await expect(form.getByText("File too large")).toBeHidden();

  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page, "Application submitted successfully! Thank you for your interest in FixiT. We'll be in touch soon.")).toBeVisible();
  await expect(form.getByLabel("First name")).toHaveValue("");
  await expect(form.getByLabel("CV")).toHaveValue("");
  await expectMail("careers@fixit.local", `Jobs${id}`);
});

test("a form's rules load when the visitor first reaches into it, then check it in the browser", async ({ page }) => {
  const { schemaRequests, posts, rulesArrived } = watchFormRequests(page);
  await page.goto("/recruitment");
  await page.waitForLoadState("networkidle");
  // A visitor who only reads the page never loads them.
  expect(schemaRequests).toEqual([]);

  const form = page.getByRole("form", { name: "Application Form" });
  const arrived = rulesArrived();
  await form.getByLabel("First name").click();
  await arrived;
  await form.getByLabel("First name").fill("R");
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(form.getByText("First name must be at least 2 characters.")).toBeVisible();
  // The browser refused it on its own: nothing was sent.
  expect(posts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Contact Support: a plain POST shows the messages, keeps the values, then succeeds", async ({ page }) => {
    const id = unique();
    await page.goto("/help");
    const help = page.getByRole("form", { name: "Contact Support" });
    await help.getByLabel("Name").fill(`Nora ${id}`);
    await help.getByLabel("Email").fill("not-an-email");
    await help.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByText("Please describe how we can help.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(`Nora ${id}`);

    await page.getByLabel("Email").fill(`nora${id}@example.com`);
    await page.getByRole("textbox", { name: "How can we help?" }).fill(`No script here (${id})`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expectMail("support@fixit.local", `No script here (${id})`);
  });
});

for (const path of ["/early-access", "/recruitment"]) {
  test(`${path} is accessible and fits at 360 and 1440 px`, async ({ page }) => {
    for (const width of Object.values(widths)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }
    await saveScreenshots(page, `forms${path.replace(/\//g, "-")}`, path);
  });
}
