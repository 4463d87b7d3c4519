import { expect, sameOriginHeaders, test, type Browser, type Page } from "./helpers/test";
import { waitForMailTo } from "./helpers/accounts";
import { checkScreen, expectNoSeriousA11yViolations, saveScreenshot } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";

/**
 * Issue 37, items 4 and 6, as people meet them in the browser. Item 4: a customer on a 360 px phone
 * checks their postcode on a service page (nobody covers it yet: the page says so and offers to
 * post anyway), posts the job, sees it "Waiting for a fixer"; a fixer approved later sets areas
 * that include it and is sent it; the customer is emailed and the job is open for quotes. Item 6:
 * the message box empties after sending (both sides), and a stale tab's refused Accept shows its
 * message on the card and the card's real state. Pages are checked with axe and photographed.
 */


const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 900 };
/** checkScreen leaves the page at desktop width: the customer goes on with their phone. */
const backToPhone = (page: Page) => page.setViewportSize(phone);
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A fixer approved with the checks `service` needs (seeded, decision 085: applying and approval are
 * e2e/fixer-journey.spec.ts's and e2e/staff.spec.ts's), who then sets their areas on the dashboard.
 */
async function approvedFixer(browser: Browser, first: string, email: string, service: string, areas: string) {
  const seeded = await seed([{ key: "fixer", role: "fixer", name: `${first} Waitwell`, email, services: [service], coverage: false }]);
  const page = await signedIn(browser, seeded.people.fixer!, desktop);
  const saved = await page.request.post("/fixer", { form: { intent: "coverage", services: service, areas, bio: "" }, headers: sameOriginHeaders() });
  expect(saved.status()).toBeLessThan(400);
  return page;
}

/** A signed-in customer (seeded) in a browser of their own. */
async function customerNamed(browser: Browser, name: string, email: string, viewport: { width: number; height: number }) {
  const seeded = await seed([{ key: "customer", role: "customer", name, email }]);
  return signedIn(browser, seeded.people.customer!, viewport);
}

test("item 4: a job nobody covers is kept, waiting for a fixer, and reaches the first fixer who covers it (customer at 360 px)", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const customerEmail = `wren-${stamp}@example.com`;
  const title = `Build a wardrobe ${stamp.slice(-5)}`;
  const customer = await customerNamed(browser, "Wren Waiting", customerEmail, phone);

  await test.step("the service page's postcode check says nobody covers it yet, and offers to post anyway or join the area waitlist", async () => {
    await customer.goto("/categories/assembly");
    await customer.getByRole("textbox", { name: "Check your postcode" }).fill("TR1 2AB");
    await customer.getByRole("button", { name: "Check" }).click();
    const result = customer.getByTestId("postcode-result");
    await expect(result).toContainText("Not yet: no FixiT assembly fixer covers TR1 2AB yet.");
    await expect(result.getByRole("link", { name: "Join the waitlist for TR1" })).toHaveAttribute("href", "/waitlist?service=assembly&postcode=TR1+2AB");
    await result.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(customer);
    await checkScreen(customer, "funnel-service-check-not-yet", "/categories/assembly?postcode=TR1+2AB");
    await backToPhone(customer);
    // The page without the script's answer (a GET form) says the same.
    await expect(result).toContainText("Not yet: no FixiT assembly fixer covers TR1 2AB yet.");
    await result.getByRole("link", { name: "Post your job anyway" }).click();
    await expect(customer).toHaveURL(/\/request\?service=assembly&postcode=TR1\+2AB$/);
  });

  let jobUrl = "";
  await test.step("the job form says the same, posts the job, and the job page says it is waiting for a fixer", async () => {
    // Exact: until the job form has rendered, the service page's "Assembly services" and "Related services" match "Service" too.
    await expect(customer.getByRole("combobox", { name: "Service", exact: true })).toHaveValue("assembly");
    await expect(customer.getByLabel("Postcode of the job")).toHaveValue("TR1 2AB");
    await expect(customer.getByTestId("request-not-covered")).toContainText("No approved FixiT fixer covers TR1 for this service yet. You can still post your job");
    await expectNoSeriousA11yViolations(customer);
    await checkScreen(customer, "funnel-request-not-covered", "/request?service=assembly&postcode=TR1+2AB");
    await backToPhone(customer);
    await expect(customer.getByTestId("request-not-covered")).toBeVisible();
    await customer.getByLabel("Job title").fill(title);
    await customer.getByLabel("Describe the job").fill("A flat-pack double wardrobe with sliding doors, second floor flat, lift available.");
    await customer.getByText("Within a week").click();
    await customer.getByRole("button", { name: "Post job" }).click();
    await expect(customer).toHaveURL(/\/account\/jobs\/\d+/);
    jobUrl = new URL(customer.url()).pathname;
    await expect(customer.getByText("Waiting for a fixer", { exact: true })).toBeVisible();
    await expect(customer.getByTestId("job-waiting")).toContainText("No approved fixer covers this service in TR1 yet.");
    await customer.reload();
    await customer.waitForLoadState("networkidle");
    await checkScreen(customer, "funnel-job-waiting", jobUrl);
    await backToPhone(customer);
    await customer.goto("/account/jobs");
    await expect(customer.getByRole("link", { name: new RegExp(title) })).toContainText("Waiting for a fixer");
  });

  await test.step("a fixer approved later covers TR: they see the job, and the customer is emailed and sees it open", async () => {
    const fixerEmail = `tam-${stamp}@example.com`;
    const fixer = await approvedFixer(browser, "Tam", fixerEmail, "assembly", "TR");
    await waitForMailTo(fixer, fixerEmail, `A job in your areas: ${title}`);
    await fixer.goto("/fixer");
    await expect(fixer.getByText(title)).toBeVisible();
    const mail = await waitForMailTo(customer, customerEmail, `A fixer now covers your job: ${title}`);
    expect(mail.text).toContain("now covers assembly in TR1");
    await customer.goto(jobUrl);
    await expect(customer.getByText("Open for quotes", { exact: true })).toBeVisible();
    await expect(customer.getByTestId("job-waiting")).toHaveCount(0);
    await fixer.context().close();
  });

  await test.step("the area waitlist page records the service and postcode, with nothing to pay", async () => {
    await customer.goto("/waitlist?service=assembly&postcode=TR1+2AB");
    await expect(customer.getByLabel("Service")).toHaveValue("assembly");
    await expect(customer.getByLabel("Postcode")).toHaveValue("TR1 2AB");
    await expect(customer.getByText(/donation|£/)).toHaveCount(0);
    await checkScreen(customer, "funnel-area-waitlist", "/waitlist?service=assembly&postcode=TR1+2AB");
    await backToPhone(customer);
    await customer.getByLabel("Name").fill("Wren Waiting");
    await customer.getByLabel("Email").fill(customerEmail);
    await customer.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(customer.getByTestId("area-waitlist-joined")).toContainText("You're on the waitlist for assembly in TR1 2AB");
    // A fixer covers it already (the step above): the page says to post instead.
    await expect(customer.getByTestId("area-waitlist-joined")).toContainText("a fixer already covers it");
  });
  await customer.context().close();
});

test("item 6: message boxes empty after sending, and a stale tab's refused Accept shows on its card with the card's real state", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const customerEmail = `tess-${stamp}@example.com`;
  const title = `Paint the landing ${stamp.slice(-5)}`;
  const fixerEmail = `pia-${stamp}@example.com`;
  const fixer = await approvedFixer(browser, "Pia", fixerEmail, "painting", "YO");
  const customer = await customerNamed(browser, "Tess Threads", customerEmail, desktop);
  const posted = await customer.request.post("/request", {
    multipart: { service: "painting", postcode: "YO1 7HH", title, description: "Walls and ceiling of the first-floor landing, about 12 square metres.", timing: "flexible", preferredDate: "", budget: "" },
    headers: sameOriginHeaders(),
    maxRedirects: 0,
  });
  const jobPath = posted.headers().location ?? "";
  expect(jobPath).toMatch(/^\/account\/jobs\/\d+$/);
  const jobId = jobPath.split("/").at(-1)!;

  await test.step("the fixer quotes and sends a message: the box is empty afterwards", async () => {
    const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
      // A range not yet fixed to one price: accepting it is the confirm-then-accept step (a bookable quote's Accept opens its slot page).
      form: { intent: "quote", priceKind: "range", amount: "240", amountTo: "300", includes: "Two coats, paint included", slot1Date: daysAhead(3), slot1Window: "morning", message: "" },
      headers: sameOriginHeaders(),
      maxRedirects: 0,
    });
    expect(quoted.status()).toBeLessThan(400);
    await fixer.goto(`/fixer/jobs/${jobId}`);
    const box = fixer.getByLabel("Your message");
    await box.fill("Is the ceiling textured?");
    await fixer.getByRole("button", { name: "Send message" }).click();
    await expect(fixer.getByText("Is the ceiling textured?")).toBeVisible();
    await expect(fixer.getByLabel("Your message")).toHaveValue("");
  });

  await test.step("the customer replies: the box is empty afterwards too", async () => {
    await customer.goto(jobPath);
    const box = customer.getByLabel("Message Pia W.");
    await box.fill("No, it is smooth plaster.");
    await customer.getByRole("button", { name: "Send message" }).click();
    await expect(customer.getByText("No, it is smooth plaster.")).toBeVisible();
    await expect(customer.getByLabel("Message Pia W.")).toHaveValue("");
    await expectNoSeriousA11yViolations(customer);
  });

  await test.step("a stale second tab: the quote was declined in the first tab; its Accept is refused on the card and the card no longer offers it", async () => {
    const stale = await customer.context().newPage();
    await stale.goto(jobPath);
    await stale.getByRole("link", { name: "Accept" }).click();
    await expect(stale.getByRole("button", { name: "Yes, accept this quote" })).toBeVisible();
    // Meanwhile, in the first tab, the customer declines the quote.
    const quoteId = /quote-(\d+)/.exec(stale.url())?.[1];
    const declined = await customer.request.post(jobPath, { form: { intent: "decline", quoteId: quoteId ?? "" }, headers: sameOriginHeaders(), maxRedirects: 0 });
    expect(declined.status()).toBeLessThan(400);
    await stale.getByRole("button", { name: "Yes, accept this quote" }).click();
    const refusal = stale.getByTestId(`quote-${quoteId}-refusal`);
    await expect(refusal).toContainText("This quote was withdrawn or declined and can no longer be accepted.");
    await expect(refusal).toBeInViewport();
    await expect(stale.getByRole("button", { name: "Yes, accept this quote" })).toHaveCount(0);
    await expect(stale.getByRole("link", { name: "Accept" })).toHaveCount(0);
    await expect(stale.locator(`#quote-${quoteId}`).getByText("Declined", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(stale);
    for (const width of [360, 1440]) {
      await stale.setViewportSize({ width, height: 900 });
      await refusal.scrollIntoViewIfNeeded();
      await saveScreenshot(stale, `funnel-stale-accept-refused-${width}`);
    }
  });
  await customer.context().close();
  await fixer.context().close();
});
