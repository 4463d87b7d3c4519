import { expect, sameOriginHeaders, test } from "./helpers/test";
import { newPerson, signUpAndConfirm } from "./helpers/accounts";
import { applyOverHttp, payWithTestCard } from "./helpers/fixers";
import { checkScreen, expectNoSeriousA11yViolations } from "./helpers/page-checks";
import { approveOverHttp, grantStaff } from "./helpers/staff";

/**
 * A paid booking in a real browser on the run's fresh database (issue 34, first part): a fixer is
 * approved and quotes with a start slot (seeing what they will receive as they type), the customer's
 * "Accept and book" opens the slot page, where proposing a slot accepts and books the quote in one;
 * they see the figures and the cancellation rules, pay with the TEST MODE card, and the fixer
 * confirms the slot.
 * Every new page is checked with axe and photographed at 360 and 1440 px. (Marking done and
 * confirming without JavaScript are tests/bookings-pages.test.ts's, which can move the slot's date.)
 */


const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a customer books an accepted quote, proposes a slot, pays with the test card, and the fixer confirms it", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Dripping bath tap ${stamp.slice(-5)}`;

  const fixer = await newPerson(browser);
  await signUpAndConfirm(fixer, mail("bo"), "Bo Booker");
  await applyOverHttp(fixer, { firstName: "Bo", lastName: "Booker", email: mail("bo"), phone: "+44 7700 900301" });
  const staff = await newPerson(browser);
  await signUpAndConfirm(staff, mail("staff"), "Sam Staff");
  expect(grantStaff(mail("staff"))).toContain("is now staff");
  await approveOverHttp(staff, "Bo Booker");
  await staff.context().close();
  expect((await fixer.request.post("/fixer", { form: { intent: "coverage", services: "plumbing", areas: "SW1", bio: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);

  const customer = await newPerson(browser);
  await signUpAndConfirm(customer, mail("cat"), "Cat Customer");
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(jobTitle);
  await customer.getByLabel("Describe the job").fill("The bath tap drips day and night and needs a new washer.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
  const jobPath = new URL(customer.url()).pathname;
  const jobId = jobPath.split("/").pop()!;

  await test.step("the fixer's quote form proposes start slots and says what they will receive as they type", async () => {
    await fixer.goto(`/fixer/jobs/${jobId}`);
    await expect(fixer.getByTestId("you-will-receive")).toContainText("less the 10% FixiT service charge");
    await fixer.getByLabel("Price, or the lower price of a range (£)").fill("85");
    await expect(fixer.getByTestId("you-will-receive")).toContainText("You will receive £76.50");
    await expect(fixer.getByLabel("Start slot 1: date")).toBeVisible();
    await checkScreen(fixer, "booking-quote-form", `/fixer/jobs/${jobId}`);
  });

  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "85", amountTo: "", includes: "New washer, parts and labour", slot1Date: daysAhead(2), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  const quoteId = /name="quoteId" value="(\d+)"/.exec(await (await customer.request.get(jobPath)).text())?.[1];
  expect(quoteId).toBeTruthy();
  await test.step("the fixer's job page shows the slots proposed and what they will receive", async () => {
    await fixer.goto(`/fixer/jobs/${jobId}`);
    await expect(fixer.getByTestId("quote-net")).toContainText("you will receive £76.50");
    await checkScreen(fixer, "booking-fixer-quote", `/fixer/jobs/${jobId}`);
  });
  await test.step("the customer's job page offers Accept and book, with the fixer's slot", async () => {
    await customer.goto(jobPath);
    await expect(customer.getByRole("link", { name: "Accept and book" })).toBeVisible();
    await checkScreen(customer, "booking-customer-job", jobPath);
  });

  await test.step("the customer's Accept opens the slot page: accepting the quote books it", async () => {
    await customer.goto(jobPath);
    await customer.getByRole("link", { name: "Accept and book" }).click();
    await expect(customer.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
    await expect(customer.getByText("Booking accepts this quote")).toBeVisible();
    await checkScreen(customer, "booking-new", `/bookings/new?quote=${quoteId}`);
    await customer.getByRole("radio", { name: "Propose another time" }).check();
    await customer.getByLabel("Your date").fill(daysAhead(6));
    await customer.getByLabel("Time of day").selectOption("afternoon");
    // Where the work is (decision 066): the postcode starts as the job's.
    await expect(customer.getByLabel("Postcode")).toHaveValue("SW1A 1AA");
    await customer.getByLabel("Address line 1").fill("10 Acacia Road");
    await customer.getByLabel("Town or city").fill("London");
    await customer.getByLabel("Access notes").fill("Side gate; key safe code 4711.");
    await customer.getByRole("button", { name: "Accept and continue to payment" }).click();
    await expect(customer.getByText("waiting for payment")).toBeVisible();
    for (const text of ["Price", "Customer service fee (5%)", "Total", "Free cancellation until"]) await expect(customer.getByText(text, { exact: false }).first()).toBeVisible();
    await checkScreen(customer, "booking-customer-unpaid", new URL(customer.url()).pathname);
  });

  const bookingPath = new URL(customer.url()).pathname;
  const bookingId = bookingPath.split("/").pop()!;

  await test.step("pays with the test card; the money is held and the fixer is asked to confirm the slot", async () => {
    await customer.getByRole("button", { name: /^Pay £/ }).click();
    await payWithTestCard(customer);
    await customer.goto(bookingPath);
    await expect(customer.getByText("waiting for the fixer to confirm the slot")).toBeVisible();
    await expect(customer.getByText("Paid: money held by FixiT")).toBeVisible();
    await checkScreen(customer, "booking-customer-paid", bookingPath);
  });

  await test.step("the fixer sees what they will receive and confirms the slot", async () => {
    await fixer.goto(`/fixer/bookings/${bookingId}`);
    await expect(fixer.getByText("You will receive")).toBeVisible();
    // Paid: the fixer sees the address and the access notes.
    await expect(fixer.getByTestId("booking-address")).toContainText("10 Acacia Road");
    await expect(fixer.getByText("key safe code 4711")).toBeVisible();
    await checkScreen(fixer, "booking-fixer", `/fixer/bookings/${bookingId}`);
    await fixer.getByRole("button", { name: "Confirm this slot" }).click();
    await expect(fixer.getByText("Fixer confirmed the slot")).toBeVisible();
    await expect(fixer.getByText("booked", { exact: true })).toBeVisible();
    // Someone else's booking is not found.
    expect((await fixer.request.get(bookingPath)).status()).toBe(404);
  });

  await test.step("each side's Bookings list shows the booking, its state and the next step, at 360 px too", async () => {
    for (const [page, path, next] of [
      [customer, "/account/bookings", "Wait for the fixer on the day"],
      [fixer, "/fixer/bookings", "Mark as done when the work is finished"],
    ] as const) {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(path);
      const row = page.getByTestId("booking-row").filter({ hasText: jobTitle });
      await expect(row).toContainText("Booked");
      await expect(row).toContainText(next);
      await expectNoSeriousA11yViolations(page);
      await row.click();
      await expect(page.getByRole("heading", { name: jobTitle, level: 1 })).toBeVisible();
      await checkScreen(page, path === "/account/bookings" ? "bookings-list-customer" : "bookings-list-fixer", path);
    }
  });
});
