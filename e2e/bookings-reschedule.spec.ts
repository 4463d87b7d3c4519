import { expect, sameOriginHeaders, test } from "./helpers/test";
import { newPerson, signUpAndConfirm } from "./helpers/accounts";
import { applyOverHttp, payWithTestCard } from "./helpers/fixers";
import { checkScreen } from "./helpers/page-checks";
import { approveOverHttp, grantStaff } from "./helpers/staff";

/**
 * Moving a booking in a real browser (decision 054): on a booked booking the fixer proposes a new
 * slot on their booking page, and the customer accepts it on theirs; the booking's slot and timeline
 * show the move. Both pages are checked with axe and photographed at 360 and 1440 px. (Declining,
 * refusals, the invites and the reminder are tests/bookings-reschedule.test.ts's.)
 */

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the fixer proposes a new slot on a booked booking and the customer accepts it", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Squeaky gate ${stamp.slice(-5)}`;

  const fixer = await newPerson(browser);
  await signUpAndConfirm(fixer, mail("ray"), "Ray Resched");
  await applyOverHttp(fixer, { firstName: "Ray", lastName: "Resched", email: mail("ray"), phone: "+44 7700 900302" });
  const staff = await newPerson(browser);
  await signUpAndConfirm(staff, mail("staff"), "Sid Staff");
  expect(grantStaff(mail("staff"))).toContain("is now staff");
  await approveOverHttp(staff, "Ray Resched");
  await staff.context().close();
  expect((await fixer.request.post("/fixer", { form: { intent: "coverage", services: "handyman", areas: "SW1", bio: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);

  const customer = await newPerson(browser);
  await signUpAndConfirm(customer, mail("una"), "Una Customer");
  await customer.goto("/request?service=handyman");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The garden gate squeaks and sticks; it needs oiling and re-hanging.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
  const jobPath = new URL(customer.url()).pathname;
  const jobId = jobPath.split("/").pop()!;

  const firstSlot = daysAhead(3);
  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "60", amountTo: "", includes: "Oil, new hinges and labour", slot1Date: firstSlot, slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  const quoteId = /name="quoteId" value="(\d+)"/.exec(await (await customer.request.get(jobPath)).text())?.[1];
  expect(quoteId).toBeTruthy();

  await customer.goto(`/bookings/new?quote=${quoteId}`);
  await customer.getByLabel("Address line 1").fill("10 Acacia Road");
  await customer.getByLabel("Town or city").fill("London");
  await customer.getByRole("button", { name: "Accept and continue to payment" }).click();
  await expect(customer.getByText("waiting for payment")).toBeVisible();
  const bookingPath = new URL(customer.url()).pathname;
  const bookingId = bookingPath.split("/").pop()!;
  await customer.getByRole("button", { name: /^Pay £/ }).click();
  await payWithTestCard(customer);
  await customer.goto(bookingPath);
  await expect(customer.getByText("booked", { exact: true })).toBeVisible();

  const newSlot = daysAhead(8);
  await test.step("the fixer proposes a new slot on their booking page", async () => {
    const fixerPath = `/fixer/bookings/${bookingId}`;
    await fixer.goto(fixerPath);
    // checkScreen loads the page again at each width: photograph it before opening the form.
    await checkScreen(fixer, "booking-reschedule-fixer-booked", fixerPath);
    await fixer.locator("summary", { hasText: "Propose a new slot" }).click();
    await fixer.getByLabel("New date").fill(newSlot);
    await fixer.getByLabel("Time of day").selectOption("evening");
    await fixer.getByRole("button", { name: "Propose this slot" }).click();
    await expect(fixer.getByText("New slot proposed", { exact: true })).toBeVisible();
    await expect(fixer.getByText("Waiting for the customer to accept or decline", { exact: false })).toBeVisible();
    await expect(fixer.getByText("Fixer proposed a new slot", { exact: false })).toBeVisible();
    await checkScreen(fixer, "booking-reschedule-fixer-waiting", fixerPath);
  });

  await test.step("the customer accepts it on their page: the booking moves", async () => {
    await customer.goto(bookingPath);
    await expect(customer.getByText("The fixer proposes to move the booking to", { exact: false })).toBeVisible();
    await checkScreen(customer, "booking-reschedule-customer-proposal", bookingPath);
    await customer.getByRole("button", { name: "Accept the new slot" }).click();
    await expect(customer.getByText("Booking moved", { exact: true })).toBeVisible();
    await expect(customer.getByText("Customer accepted the new slot", { exact: false })).toBeVisible();
    await expect(customer.getByText("evening (5pm–8pm)", { exact: false }).first()).toBeVisible();
    await expect(customer.getByText("The fixer proposes to move the booking to", { exact: false })).toHaveCount(0);
    await checkScreen(customer, "booking-reschedule-customer-moved", bookingPath);
  });
});
