import { expect, sameOriginHeaders, test } from "./helpers/test";
import { checkScreen } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";

/**
 * Notifications in a real browser (issue 36, part B): a fixer quotes on a customer's job; the
 * customer's header bell counts it, the list shows it, opening it goes to the job and marks it read;
 * the customer chooses a daily digest for messages on My Account. Every new page is checked with axe
 * and photographed at 360 and 1440 px, and the unsubscribe page too.
 */


const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a customer sees a notification for a received quote, opens it (it is read), and chooses a digest for messages", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Squeaky back door ${stamp.slice(-5)}`;

  // The approved fixer (plumbing in SW1) and the customer are seeded (decision 085): signing up and approval are other specs' journeys.
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: "Nell Notify", email: mail("nell") },
    { key: "customer", role: "customer", name: "Cora Customer", email: mail("cora") },
  ]);
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The back door hinge squeaks and the door sticks at the bottom.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
  const jobPath = new URL(customer.url()).pathname;
  const jobId = jobPath.split("/").pop()!;
  await expect(customer.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "95", amountTo: "", includes: "New hinges, fitted", slot1Date: daysAhead(2), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);

  await test.step("the bell counts it and the list shows it unread", async () => {
    await customer.goto("/account");
    const bell = customer.getByRole("link", { name: "Notifications, 1 unread" });
    await expect(bell).toBeVisible();
    await bell.click();
    await customer.waitForURL("**/account/notifications");
    await expect(customer.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const item = customer.getByRole("listitem").filter({ hasText: jobTitle });
    await expect(item).toContainText("Nell N. sent a quote");
    await expect(item.getByText("Unread", { exact: true })).toBeVisible();
    await checkScreen(customer, "notifications-list", "/account/notifications");
  });

  await test.step("opening it goes to the job and marks it read", async () => {
    await customer.getByRole("button", { name: `Nell N. sent a quote for "${jobTitle}"`, exact: true }).click();
    await customer.waitForURL(`**${jobPath}`);
    await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
    await expect(customer.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
    await customer.goto("/account/notifications");
    const item = customer.getByRole("listitem").filter({ hasText: jobTitle });
    await expect(item).toBeVisible();
    await expect(item.getByText("Unread", { exact: true })).toHaveCount(0);
    await expect(customer.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  });

  await test.step("from My Account's settings, messages switch to the daily digest", async () => {
    await customer.goto("/account");
    await customer.getByRole("link", { name: "Notification settings" }).click();
    await expect(customer).toHaveURL(/\/account\/notifications\/settings$/);
    const section = customer.locator("#email-preferences");
    const messages = section.getByRole("group", { name: "New messages" });
    await expect(messages.getByRole("radio", { name: "At once" })).toBeChecked();
    // A customer is not offered the fixers' kinds.
    await expect(section.getByRole("group", { name: "New jobs that match your services" })).toHaveCount(0);
    await messages.getByRole("radio", { name: "Daily digest" }).check();
    await section.getByRole("button", { name: "Save email preferences" }).click();
    await expect(customer.getByText("Email preferences saved").first()).toBeVisible();
    await customer.reload();
    await expect(customer.locator("#email-preferences").getByRole("group", { name: "New messages" }).getByRole("radio", { name: "Daily digest" })).toBeChecked();
    await checkScreen(customer, "notifications-email-preferences", "/account/notifications/settings");
  });

  await test.step("the unsubscribe link from the quote's email asks first", async () => {
    const box = (await (await customer.request.get(`/dev/mailbox.json?to=${encodeURIComponent(mail("cora"))}`)).json()) as { messages: { id: number; subject: string }[] };
    expect(box.messages.some((m) => m.subject.startsWith("New quote for"))).toBe(true);
    const bad = await customer.goto("/unsubscribe?token=not-a-real-token");
    expect(bad?.status()).toBe(400);
    await expect(customer.getByText("This unsubscribe link is not valid")).toBeVisible();
    await checkScreen(customer, "notifications-unsubscribe-invalid", "/unsubscribe?token=not-a-real-token");
  });
});
