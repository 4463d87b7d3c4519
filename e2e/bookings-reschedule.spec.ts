import { expect, test } from "./helpers/test";
import { checkScreen } from "./helpers/page-checks";
import { seed, signedIn } from "./helpers/seed";

/**
 * Moving a booking in a real browser (decision 054): on a booked booking (seeded) the fixer proposes a new
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

  // A booked (paid) booking, seeded (decision 085): posting, quoting, booking and paying are e2e/bookings.spec.ts's journey.
  const seeded = await seed(
    [
      { key: "ray", role: "fixer", name: "Ray Resched", email: mail("ray") },
      { key: "una", role: "customer", name: "Una Customer", email: mail("una") },
    ],
    [{ key: "gate", customer: "una", fixer: "ray", title: jobTitle, pricePence: 6_000, slotDaysAhead: 3, state: "booked" }],
  );
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.ray!), signedIn(browser, seeded.people.una!)]);
  const { id: bookingId, path: bookingPath } = seeded.bookings.gate!;
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
