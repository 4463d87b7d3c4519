import { expect, sameOriginHeaders, test } from "./helpers/test";
import { checkScreen } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";

/**
 * Live threads (issue 36, decision 048) in a real browser, one context per person: a fixer's
 * message appears on the customer's open job page within a second without a reload; the header's
 * Messages count goes up on another page and down once the job's page is open; after the
 * customer's network drops and comes back, every message sent meanwhile is there once.
 */


const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a fixer's messages reach the customer's open page live, the unread count follows, and a dropped network misses nothing", async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Blocked sink ${stamp.slice(-5)}`;

  // The approved fixer (plumbing in SW1) and the customer are seeded (decision 085): signing up and approval are other specs' journeys.
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: "Lena Livewire", email: mail("lena") },
    { key: "customer", role: "customer", name: "Cal Customer", email: mail("cal") },
  ]);
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The kitchen sink drains very slowly and smells; the trap may be blocked.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByLabel("Budget").selectOption({ label: "£100 to £250" });
  await customer.getByRole("button", { name: "Post job" }).click();
  await customer.waitForURL(/\/account\/jobs\/\d+$/);
  const jobId = Number(/\/account\/jobs\/(\d+)$/.exec(customer.url())![1]);

  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "90", amountTo: "", includes: "Clearing the trap and waste pipe", slot1Date: daysAhead(2), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  const say = async (body: string) => {
    const sent = await fixer.request.post(`/fixer/jobs/${jobId}`, { form: { intent: "message", body }, headers: sameOriginHeaders() });
    expect(sent.status()).toBeLessThan(400);
  };
  const badge = customer.getByTestId("messages-badge");
  const thread = customer.locator("section[id^='thread-'] ol");

  await test.step("the header's count goes up on another page, without a reload", async () => {
    await customer.goto("/account");
    await expect(badge).toHaveAccessibleName("Messages, none unread");
    await customer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await say("Hello, I can come tomorrow at 9.");
    await expect(badge).toHaveAccessibleName("Messages, 1 unread", { timeout: 2_000 });
    await expect(customer.getByTestId("messages-badge-count")).toHaveText("1");
    expect(await customer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  await test.step("opening the job's page reads the thread; a new message appears within a second", async () => {
    await badge.click();
    await customer.getByRole("link", { name: new RegExp(jobTitle) }).click();
    await customer.waitForURL(`**/account/jobs/${jobId}`);
    await expect(thread.getByText("Hello, I can come tomorrow at 9.")).toBeVisible();
    await expect(badge).toHaveAccessibleName("Messages, none unread");
    await customer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The page's stream is open before the fixer writes.
    await customer.waitForTimeout(500);
    await say("Is the sink in the kitchen or the utility room?");
    const sentAt = Date.now();
    await expect(thread.getByText("Is the sink in the kitchen or the utility room?")).toBeVisible({ timeout: 1_000 });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    // It arrived on an open page: read, so the count stays at none.
    await customer.waitForTimeout(300);
    await expect(badge).toHaveAccessibleName("Messages, none unread");
    expect(await customer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await checkScreen(customer, "live-thread-customer", `/account/jobs/${jobId}`);
  });

  await test.step("the network drops and returns: nothing missing, nothing twice", async () => {
    const streams: string[] = [];
    customer.on("request", (request) => {
      if (request.url().includes("/live/events")) streams.push(request.url());
    });
    // checkScreen loaded the page again: from here on it must not reload.
    await customer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await customer.context().setOffline(true);
    await say("First while you were offline.");
    await say("Second while you were offline.");
    await customer.waitForTimeout(1_500);
    // Really disconnected: nothing reached the page meanwhile.
    await expect(thread.getByText("First while you were offline.")).toHaveCount(0);
    await customer.context().setOffline(false);
    for (const body of ["First while you were offline.", "Second while you were offline."]) {
      await expect(thread.getByText(body)).toHaveCount(1, { timeout: 8_000 });
    }
    await say("And one after you were back.");
    await expect(thread.getByText("And one after you were back.")).toBeVisible({ timeout: 2_000 });
    await customer.waitForTimeout(1_500);
    const bodies = await thread.locator("li p.whitespace-pre-line").allTextContents();
    expect(bodies).toEqual([
      "Hello, I can come tomorrow at 9.",
      "Is the sink in the kitchen or the utility room?",
      "First while you were offline.",
      "Second while you were offline.",
      "And one after you were back.",
    ]);
    expect(await customer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // One new stream, from the last message the page had.
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatch(new RegExp(`/live/events\\?job=${jobId}&after=\\d+$`));
  });
});
