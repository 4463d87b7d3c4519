import { expect, sameOriginHeaders, test } from "./helpers/test";
import { waitForMailTo } from "./helpers/accounts";
import { toastWith } from "./helpers/fixers";
import { checkScreen } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";
import { payAndRelease } from "./helpers/bookings";

/**
 * Reviews both ways in two browser contexts (issue 36 item 4, decision 055): after the job is done
 * the customer reviews the fixer and sees their review "hidden until" the fixer reviews them; the
 * fixer cannot read it yet, reviews the customer, and then both read the published pair. Each new
 * state of the job pages is checked with axe and photographed at 360 and 1440 px.
 */

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("customer and fixer review each other; each review stays hidden until both are in", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Wobbly bathroom sink ${stamp.slice(-5)}`;
  const customerText = "Rae fixed the wobbly sink in half an hour and cleaned up after herself.";
  const fixerText = "Cal explained the job clearly, was home as agreed and paid on the day.";

  // The approved fixer (handyman in SW1) and the customer are seeded (decision 085): signing up and approval are other specs' journeys.
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: "Rae Reviewer", email: mail("rae"), services: ["handyman"] },
    { key: "customer", role: "customer", name: "Cal Customer", email: mail("cal") },
  ]);
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  await customer.goto("/request?service=handyman");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The bathroom sink moves when leant on and the seal is cracking.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
  const jobPath = new URL(customer.url()).pathname;
  const jobId = jobPath.split("/").pop()!;

  await test.step("before quoting, the fixer sees the customer is new (no rating yet)", async () => {
    await fixer.goto(`/fixer/jobs/${jobId}`);
    await expect(fixer.getByText("New customer: no reviews from fixers yet")).toBeVisible();
  });

  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "70", amountTo: "", includes: "Refix the sink and reseal it", slot1Date: daysAhead(2), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  await customer.goto(jobPath);
  const quoteId = await customer.locator('input[name="quoteId"]').first().getAttribute("value");
  // Reviews are for work done and paid for (decision 064): the quote is booked, paid, done and confirmed first.
  const booked = await customer.request.post(`/bookings/new?quote=${quoteId}`, { form: { slot: `${daysAhead(2)}|morning`, ownDate: "", ownWindow: "", addressLine1: "10 Acacia Road", addressLine2: "", town: "London", postcode: "SW1A 1AA", accessNotes: "" }, headers: sameOriginHeaders(), maxRedirects: 0 });
  expect(booked.status()).toBe(302);
  // Confirming the work releases the payment and completes the job (issue 52): no second "Mark as done".
  await payAndRelease(customer, fixer, booked.headers().location!);

  await test.step("the customer reviews first and sees their review hidden until the fixer reviews them", async () => {
    await customer.goto(jobPath);
    const section = customer.locator("#review");
    await expect(section.getByRole("heading", { name: "Review Rae R." })).toBeVisible();
    await expect(section).toContainText("Neither of you sees the other's review until both are in");
    await section.getByRole("radio", { name: "5 stars" }).check();
    await section.getByLabel("Your review").fill(customerText);
    await section.getByRole("button", { name: "Post review" }).click();
    await expect(toastWith(customer, "Review saved")).toBeVisible();
    await expect(section.getByRole("heading", { name: "Your review of Rae R." })).toBeVisible();
    await expect(section).toContainText(customerText);
    await expect(section.getByRole("status")).toContainText(/Hidden until Rae R\. reviews you or \d{1,2} \w+ \d{4}\./);
    await checkScreen(customer, "reviews-customer-hidden-until", jobPath);
  });

  await test.step("the fixer cannot read it yet; they review the customer, and both are published", async () => {
    await fixer.goto(`/fixer/jobs/${jobId}`);
    const section = fixer.locator("#review");
    await expect(section.getByRole("heading", { name: "Review the customer" })).toBeVisible();
    await expect(section).not.toContainText(customerText);
    await checkScreen(fixer, "reviews-fixer-form", `/fixer/jobs/${jobId}`);
    await section.getByRole("radio", { name: "4 stars" }).check();
    await section.getByLabel("Your review").fill(fixerText);
    await section.getByRole("button", { name: "Post review" }).click();
    await expect(toastWith(fixer, "Review posted")).toBeVisible();
    await expect(section.getByRole("heading", { name: "Your review of the customer" })).toBeVisible();
    await expect(section.getByRole("heading", { name: "The customer's review" })).toBeVisible();
    await expect(section).toContainText(customerText);
    await expect(section.getByLabel("Your public reply")).toBeVisible();
    await expect(section).not.toContainText("Hidden until");
    await checkScreen(fixer, "reviews-fixer-published", `/fixer/jobs/${jobId}`);
  });

  await test.step("the customer now reads the fixer's review of them, and was told at publication", async () => {
    await waitForMailTo(customer, mail("cal"), `Your fixer reviewed you: ${jobTitle}`);
    await customer.goto(jobPath);
    const section = customer.locator("#review");
    await expect(section.getByRole("heading", { name: "Rae R.'s review of you" })).toBeVisible();
    await expect(section).toContainText(fixerText);
    await expect(section.getByLabel("Rated 4 out of 5")).toBeVisible();
    await expect(section).not.toContainText("Hidden until");
    await checkScreen(customer, "reviews-customer-published", jobPath);
  });
});
