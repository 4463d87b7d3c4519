import sharp from "sharp";
import { expect, sameOriginHeaders, test } from "./helpers/test";
import { checkScreen } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";

/**
 * Photos in messages and the live header (issue 36, decision 056) in a real browser, one context per
 * person: the fixer sends a message with a photo from the job page's form; it appears on the
 * customer's open page with its thumbnail, without a reload, and the customer's bell counts it; staff
 * hide it and the open page shows the notice in its place, again without a reload.
 */

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const bellCount = (label: string | null) => Number(/(\d+) unread/.exec(label ?? "")?.[1] ?? 0);

test("a photo in a message reaches the other side's open page live, read there, and staff hiding it shows live", async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Leaking radiator ${stamp.slice(-5)}`;

  // The approved fixer (plumbing in SW1), the staff member and the customer are seeded (decision 085): signing up and approval are other specs' journeys.
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: "Pip Pictures", email: mail("pip") },
    { key: "staff", role: "staff", name: "Sid Staff", email: mail("sid-staff") },
    { key: "customer", role: "customer", name: "Cora Customer", email: mail("cora") },
  ]);
  const [fixer, staff, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.staff!), signedIn(browser, seeded.people.customer!)]);
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The radiator in the hall leaks at the valve and the floor is getting wet.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByLabel("Budget").selectOption({ label: "£100 to £250" });
  await customer.getByRole("button", { name: "Post job" }).click();
  await customer.waitForURL(/\/account\/jobs\/\d+$/);
  const jobId = Number(/\/account\/jobs\/(\d+)$/.exec(customer.url())![1]);

  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "120", amountTo: "", includes: "A new valve and the labour", slot1Date: daysAhead(3), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);

  const thread = customer.locator("section[id^='thread-'] ol");
  const bell = customer.getByRole("link", { name: /^Notifications/ });
  const body = "This is the valve I would replace.";

  await test.step("the fixer sends a photo from the page's form; it appears on the customer's open page with its thumbnail, read where it arrived", async () => {
    await customer.goto(`/account/jobs/${jobId}`);
    await expect(customer.getByRole("heading", { name: jobTitle })).toBeVisible();
    // Opening the page reads the notifications pointing at it (the quote's): its script posts that once the page is on screen (decision 090).
    await expect.poll(async () => bellCount(await bell.getAttribute("aria-label"))).toBe(0);
    const bellBefore = bellCount(await bell.getAttribute("aria-label"));
    await customer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The page's stream is open before the fixer writes.
    await customer.waitForTimeout(500);

    await fixer.goto(`/fixer/jobs/${jobId}`);
    await fixer.getByLabel("Your message").fill(body);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer();
    await fixer.getByLabel("Photos").setInputFiles({ name: "valve.png", mimeType: "image/png", buffer: photo });
    await fixer.getByRole("button", { name: "Send message" }).click();
    // The fixer's own page shows it, with the thumbnail, once the answer is in.
    await expect(fixer.locator("ol li", { hasText: body }).getByTestId("message-photo")).toBeVisible({ timeout: 10_000 });

    const arrived = thread.locator("li", { hasText: body });
    await expect(arrived).toBeVisible({ timeout: 3_000 });
    const thumbnail = arrived.getByRole("img", { name: /^Photo 1 of 1 from Pip/ });
    await expect(thumbnail).toBeVisible();
    // The picture itself loaded through the private route (the customer's session).
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    // The message arrived on the page its notification points to, so it is read there (decision 067):
    // the bell, updated live, does not count it, after the stream had time to say otherwise.
    await customer.waitForTimeout(1_500);
    expect(bellCount(await bell.getAttribute("aria-label"))).toBe(bellBefore);
    expect(await customer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  await test.step("the thread with a photo passes axe at 360 and 1440 px", async () => {
    await checkScreen(customer, "message-photos-customer", `/account/jobs/${jobId}`);
    await checkScreen(fixer, "message-photos-fixer", `/fixer/jobs/${jobId}`);
  });

  await test.step("staff hide the message: the open page shows the notice in its place, without the photo, without a reload", async () => {
    await customer.goto(`/account/jobs/${jobId}`);
    await expect(thread.getByTestId("message-photo")).toHaveCount(1);
    await customer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await customer.waitForTimeout(500);
    const staffPage = await (await staff.request.get(`/staff/jobs/${jobId}`)).text();
    const messageId = /name="messageId" value="(\d+)"/.exec(staffPage)?.[1];
    expect(messageId).toBeDefined();
    const hidden = await staff.request.post(`/staff/jobs/${jobId}`, { form: { intent: "hide-message", messageId: messageId!, reason: "Shows the neighbour's house number." }, headers: sameOriginHeaders(), maxRedirects: 0 });
    expect(hidden.status()).toBeLessThan(400);
    await expect(thread.getByText("This message was hidden by FixiT.")).toBeVisible({ timeout: 3_000 });
    await expect(thread.getByText(body)).toHaveCount(0);
    await expect(thread.getByTestId("message-photo")).toHaveCount(0);
    expect(await customer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});
