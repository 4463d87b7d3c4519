import { expect, test, type Page } from "./helpers/test";
import { paidBookingWithStaff } from "./helpers/bookings";
import { payWithTestCard } from "./helpers/fixers";
import { checkScreen, expectNoSeriousA11yViolations } from "./helpers/page-checks";
import { slotPassed } from "./helpers/staff";

/**
 * An extra charge on a booking (issue 51 item 4, decision 084), walked at 360 px in a real browser:
 * the slot has passed, the fixer marks the job done and asks for an extra amount; the customer's page
 * shows it first and will not confirm until it is answered; the customer pays it with the test card
 * and confirms; the fixer's earnings show the booking with its extra. Every page is checked with axe,
 * and the booking page with an extra is captured at 360 and 1440 px for both sides.
 */

const phone = { width: 360, height: 780 };
const atPhoneWidth = (page: Page) => page.setViewportSize(phone);

test("the fixer adds an extra charge; the customer pays it and confirms; the fixer's earnings show both, at 360 px", async ({ browser }) => {
  test.setTimeout(300_000);
  const title = `Burst pipe under the sink ${Date.now().toString().slice(-5)}`;
  const { fixer, customer, bookingId, bookingPath } = await paidBookingWithStaff(browser, { who: "extras", pricePounds: "90", title });
  const fixerPath = `/fixer/bookings/${bookingId}`;
  for (const page of [customer, fixer]) await atPhoneWidth(page);

  await test.step("after the slot, the fixer marks the job done and asks for an extra amount", async () => {
    expect(slotPassed(bookingId)).toContain("(yesterday)");
    await fixer.goto(fixerPath);
    await fixer.getByLabel("A note for the customer").fill("New pipe fitted; the old valve had to go too.");
    await fixer.getByRole("button", { name: "Mark the job done" }).click();
    await expect(fixer.getByText("marked done by the fixer").first()).toBeVisible();
    await fixer.getByLabel("What is it for?").fill("Replacement isolation valve");
    await fixer.getByLabel("Amount (£)").fill("45");
    await fixer.getByRole("button", { name: "Ask for an extra amount" }).click();
    await expect(fixer.getByText("Extra charge sent", { exact: true })).toBeVisible();
    await expect(fixer.getByText("waiting for the customer's answer")).toBeVisible();
    await expect(fixer.getByText("£40.50").first()).toBeVisible();
    await expectNoSeriousA11yViolations(fixer);
    await checkScreen(fixer, "extras-fixer-offered", fixerPath);
    await atPhoneWidth(fixer);
  });

  await test.step("the customer sees the extra first and cannot confirm until they answer; they pay it with the test card", async () => {
    await customer.goto(bookingPath);
    await expect(customer.getByRole("heading", { name: "Extra charges" })).toBeVisible();
    await expect(customer.getByText("An extra charge waits for your answer", { exact: false })).toBeVisible();
    await expect(customer.getByRole("button", { name: "Confirm the job is done" })).toHaveCount(0);
    await expect(customer.getByText("Replacement isolation valve")).toBeVisible();
    await expectNoSeriousA11yViolations(customer);
    await checkScreen(customer, "extras-customer-offered", bookingPath);
    await atPhoneWidth(customer);
    await customer.getByRole("button", { name: "Accept and pay £47.25" }).click();
    await customer.waitForURL(/\/checkout\/test\//);
    await payWithTestCard(customer);
    await customer.goto(bookingPath);
    await expect(customer.getByText("Extra charge paid: money held by FixiT")).toBeVisible();
    await customer.getByRole("button", { name: "Confirm the job is done" }).click();
    await expect(customer.getByText("already released to the fixer").first()).toBeVisible();
    await expectNoSeriousA11yViolations(customer);
    await checkScreen(customer, "extras-customer-released", bookingPath);
  });

  await test.step("the fixer's earnings show the booking with its extra", async () => {
    await fixer.goto("/fixer/earnings");
    await expect(fixer.getByText(title).first()).toBeVisible();
    await expect(fixer.getByText("Includes extra charges of £45").first()).toBeVisible();
    // £90 + £45 = £135; the fixer receives £81 + £40.50 = £121.50.
    await expect(fixer.getByText("£135").first()).toBeVisible();
    await expect(fixer.getByText("£121.50").first()).toBeVisible();
    await expectNoSeriousA11yViolations(fixer);
    await checkScreen(fixer, "extras-fixer-earnings", "/fixer/earnings");
  });
});
