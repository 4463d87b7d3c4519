import { daysAhead } from "./helpers/bookings";
import { seed, signedIn } from "./helpers/seed";
import { expectNoSeriousA11yViolations, watchScriptsAndErrors } from "./helpers/page-checks";
import { expect, sameOriginHeaders, test, type Page } from "./helpers/test";

/**
 * The keyset-paged pages of issue 47 (decision 068) in the browser: a customer's job page whose
 * thread runs past a page shows its latest 20 messages and "Show earlier messages", which shows
 * the ones before, and "Back to the latest messages" returns; /fixer with more than a page of leads
 * links "Older jobs" (rel=next) to the next page. Axe finds nothing serious on either.
 */

/** The customer posts a plumbing job in SW1 over the request form's own POST; its id. */
async function postJob(customer: Page, title: string): Promise<string> {
  const posted = await customer.request.post("/request", {
    multipart: { service: "plumbing", postcode: "SW1A 1AA", title, description: "A job posted to fill the fixer's list of leads past one page.", timing: "flexible", preferredDate: "", budget: "" },
    headers: sameOriginHeaders(),
    maxRedirects: 0,
  });
  const location = posted.headers().location ?? "";
  expect(location, `posting "${title}": ${posted.status()} ${location ? "" : (await posted.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 400)}`).toMatch(/^\/account\/jobs\/\d+$/);
  return location.split("/").at(-1)!;
}

test("a thread past one page: the latest 20, Show earlier, and back; /fixer's Older jobs leads to the next page", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  // A customer has at most 5 open jobs: five customers post the 22 jobs (the thread's job and one lead, then 5 leads each). All seeded (decision 085).
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: `Peg Pager${stamp.slice(-4)}`, email: `pager-fixer-${stamp}@example.com` },
    ...Array.from({ length: 5 }, (_, i) => ({ key: `customer${i}`, role: "customer" as const, name: `Cleo Pager${i}`, email: `pager-customer-${i}-${stamp}@example.com` })),
  ]);
  const fixer = await signedIn(browser, seeded.people.fixer!);
  const customers: Page[] = [];
  for (let i = 0; i < 5; i++) customers.push(await signedIn(browser, seeded.people[`customer${i}`]!));
  const customer = customers[0]!;
  const jobId = await postJob(customer, `Thread job ${stamp.slice(-5)}`);
  for (let i = 0; i < 21; i++) await postJob(customers[i < 20 ? 1 + (i % 4) : 0]!, `Lead ${String(i).padStart(2, "0")} ${stamp.slice(-5)}`);

  // The fixer quotes the first job and writes 23 messages on its thread (more than a page of 20).
  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "90", amountTo: "", includes: "Parts and labour", slot1Date: daysAhead(3), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  for (let i = 1; i <= 23; i++) {
    const sent = await fixer.request.post(`/fixer/jobs/${jobId}`, { form: { intent: "message", body: `Thread message ${String(i).padStart(2, "0")}` }, headers: sameOriginHeaders() });
    expect(sent.status(), `message ${i}`).toBeLessThan(400);
  }

  await test.step("the customer's job page shows the latest 20 messages and Show earlier messages", async () => {
    const { problems } = watchScriptsAndErrors(customer);
    await customer.goto(`/account/jobs/${jobId}`);
    await expect(customer.getByText("Thread message 23")).toBeVisible();
    await expect(customer.getByText("Thread message 04")).toBeVisible();
    await expect(customer.getByText("Thread message 03")).toHaveCount(0);
    const earlier = customer.getByRole("link", { name: "Show earlier messages" });
    await expect(earlier).toBeVisible();
    await expect(earlier).toHaveAttribute("rel", "next");
    await expect(customer.getByRole("link", { name: "Back to the latest messages" })).toHaveCount(0);
    await expect(customer.getByText("Newer messages follow these.")).toHaveCount(0);
    await expectNoSeriousA11yViolations(customer);

    await earlier.click();
    await expect(customer).toHaveURL(/\?before=\d+/);
    await expect(customer.getByText("Thread message 01")).toBeVisible();
    await expect(customer.getByText("Thread message 03")).toBeVisible();
    await expect(customer.getByText("Thread message 04")).toHaveCount(0);
    await expect(customer.getByRole("link", { name: "Show earlier messages" })).toHaveCount(0);
    // Below the earlier messages, before the message box: these are not the latest.
    await expect(customer.getByText("Newer messages follow these.")).toBeVisible();
    await expect(customer.getByRole("link", { name: "Show the latest messages" })).toBeVisible();
    const back = customer.getByRole("link", { name: "Back to the latest messages" });
    await expect(back).toBeVisible();
    await expectNoSeriousA11yViolations(customer);

    await back.click();
    await expect(customer).not.toHaveURL(/before=/);
    await expect(customer.getByText("Thread message 23")).toBeVisible();
    await expect(customer.getByText("Thread message 03")).toHaveCount(0);
    await expect(customer.getByRole("link", { name: "Show earlier messages" })).toBeVisible();
    expect(problems, "console errors on the paged thread").toEqual([]);
  });

  await test.step("/fixer shows 20 leads and Older jobs (rel=next) leads to the next page", async () => {
    const { problems } = watchScriptsAndErrors(fixer);
    await fixer.goto("/fixer");
    const leads = fixer.locator("#jobs a[href^='/fixer/jobs/']");
    const firstPage = new Set(await leads.evaluateAll((links) => links.map((a) => a.getAttribute("href"))));
    expect(firstPage.size).toBe(20);
    const older = fixer.locator("a[rel=next]", { hasText: "Older jobs" });
    await expect(older).toBeVisible();
    await expect(older).toHaveAttribute("href", /^\/fixer\?after=\d+#jobs$/);
    await expectNoSeriousA11yViolations(fixer);

    await older.click();
    await expect(fixer).toHaveURL(/\/fixer\?after=\d+#jobs$/);
    await expect(fixer.getByRole("link", { name: "Newest jobs" })).toBeVisible();
    const secondPage = await leads.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((href) => firstPage.has(href))).toEqual([]);
    // 22 jobs in all (the quoted one is still open): the second page is the last.
    await expect(fixer.locator("a[rel=next]", { hasText: "Older jobs" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(fixer);
    expect(problems, "console errors on /fixer's pages").toEqual([]);
  });
});
