import sharp from "sharp";
import { expect, test } from "./helpers/test";
import { seed, signedIn } from "./helpers/seed";
import { checkScreen } from "./helpers/page-checks";
import { slotPassed } from "./helpers/staff";

/**
 * The paid booking's whole loop in a real browser on the run's fresh database (issue 34, decision
 * 052): a customer's paid booking of a fixer's quote (held by FixiT), seeded; the fixer connects a payout
 * account through the TEST MODE stand-in's pages and sees the booking as held on /fixer/earnings;
 * after the slot (moved to yesterday by `npm run staff -- slot-passed`) the fixer marks it done with a
 * note and a photo, which the customer sees; the customer confirms, and the earnings page shows it
 * paid out; a second booking is cancelled late and the fixer's earnings show the fee. The customer's account page shows their referral link and
 * credit. (A disputed booking settled by staff is e2e/staff-bookings.spec.ts.) Every new page is
 * checked with axe and photographed at 360 and 1440 px.
 */

test("a paid booking from the test card to the fixer's payout; a late cancellation pays the fixer its fee; the customer's referral link", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Dripping bath tap ${stamp.slice(-5)}`;
  const lateTitle = `Squeaky door ${stamp.slice(-5)}`;
  // Seeded (decision 085): signing up, approval and paying with the test card are other specs' journeys.
  const seeded = await seed(
    [
      { key: "pia", role: "fixer", name: "Pia Payee", email: mail("pia") },
      { key: "cal", role: "customer", name: "Cal Customer", email: mail("cal") },
    ],
    [
      { key: "held", customer: "cal", fixer: "pia", title: jobTitle, pricePence: 8_500, slotDaysAhead: 2, state: "booked" },
      { key: "late", customer: "cal", fixer: "pia", title: lateTitle, pricePence: 8_500, slotDaysAhead: 2, state: "booked" },
    ],
  );
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.pia!), signedIn(browser, seeded.people.cal!)]);
  const bookingId = seeded.bookings.held!.id;
  const lateId = seeded.bookings.late!.id;
  for (const id of [bookingId, lateId]) {
    await customer.goto(`/bookings/${id}`);
    await expect(customer.getByText("Paid: money held by FixiT")).toBeVisible();
  }

  await test.step("the dashboard offers to connect a payout account; the payouts page says none is connected", async () => {
    await fixer.goto("/fixer");
    await expect(fixer.getByRole("heading", { name: "Payouts and earnings" })).toBeVisible();
    await fixer.getByRole("link", { name: "Connect a payout account" }).click();
    await expect(fixer.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
    await expect(fixer.getByText("Not connected")).toBeVisible();
    await checkScreen(fixer, "payouts-not-connected", "/fixer/payouts");
  });

  await test.step("the TEST MODE stand-in checks the bank details, then the account is active", async () => {
    await fixer.getByRole("button", { name: "Connect a payout account" }).click();
    await expect(fixer.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
    await expect(fixer.getByText("TEST MODE: no real bank account is connected.")).toBeVisible();
    const standIn = new URL(fixer.url()).pathname;
    await checkScreen(fixer, "payouts-test-onboarding", standIn);
    await fixer.getByLabel("Account holder's name").fill("Pia Payee");
    await fixer.getByLabel("Sort code").fill("20-00-00");
    await fixer.getByLabel("Account number").fill("00012345");
    await fixer.getByRole("button", { name: "Connect the test account" }).click();
    await expect(fixer.getByText("This is a test account: use sort code 10-88-00.").first()).toBeVisible();
    await fixer.getByLabel("Sort code").fill("10-88-00");
    await fixer.getByRole("button", { name: "Connect the test account" }).click();
    await expect(fixer.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
    await expect(fixer.getByText("Active", { exact: true })).toBeVisible();
    await checkScreen(fixer, "payouts-active", "/fixer/payouts");
  });

  await test.step("the earnings page shows the paid booking as held: price, service charge, what the fixer will receive", async () => {
    await fixer.getByRole("link", { name: "See your earnings" }).click();
    await expect(fixer.getByRole("heading", { name: "Earnings", level: 1 })).toBeVisible();
    const held = fixer.getByRole("region", { name: "Held" });
    await expect(held.getByRole("link", { name: jobTitle })).toHaveAttribute("href", `/fixer/bookings/${bookingId}`);
    await expect(held.getByRole("row", { name: new RegExp(jobTitle) })).toContainText("£85");
    await expect(held.getByRole("row", { name: new RegExp(jobTitle) })).toContainText("−£8.50");
    await expect(held.getByRole("row", { name: new RegExp(jobTitle) })).toContainText("£76.50");
    await expect(fixer.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/fixer/earnings.csv");
    await checkScreen(fixer, "earnings", "/fixer/earnings");
  });

  await test.step("after the slot the fixer marks the job done with a note and a photo, the customer sees both, confirms, and the earnings page shows it paid out", async () => {
    expect(slotPassed(Number(bookingId))).toContain("the fixer can mark the job done");
    await checkScreen(fixer, "booking-mark-done", `/fixer/bookings/${bookingId}`);
    await fixer.getByLabel("A note for the customer").fill("New washer fitted and the tap tested.");
    await fixer.getByLabel(/^Photos of the work/).setInputFiles({ name: "tap.png", mimeType: "image/png", buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: "#0e7490" } }).png().toBuffer() });
    await fixer.getByRole("button", { name: "Mark the job done" }).click();
    await expect(fixer.getByText("Marked done", { exact: true }).first()).toBeVisible();
    await customer.goto(`/bookings/${bookingId}`);
    await expect(customer.getByText("New washer fitted and the tap tested.").first()).toBeVisible();
    // The photo, through its private route (the customer's session).
    const thumbnail = customer.getByRole("img", { name: "Photo 1 of 1 from the fixer" });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await checkScreen(customer, "booking-done-photos", `/bookings/${bookingId}`);
    await customer.getByRole("button", { name: "Confirm the job is done" }).click();
    await expect(customer.getByText("Thanks for confirming").first()).toBeVisible();
    // The transfer is the job queue's: the line moves to "Paid out" once it has run.
    const paidOut = fixer.getByRole("region", { name: "Paid out" }).getByRole("row", { name: new RegExp(jobTitle) });
    await expect(async () => {
      await fixer.goto("/fixer/earnings");
      await expect(paidOut).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(paidOut).toContainText("£85");
    await expect(paidOut).toContainText("£76.50");
  });

  await test.step("a second booking cancelled after its slot began: the customer sees the fee before cancelling, the fixer agrees, and the fixer's earnings show it", async () => {
    // Its slot has begun: any cancellation now is less than 24 hours before it.
    expect(slotPassed(Number(lateId))).toContain("the fixer can mark the job done");
    await customer.goto(`/bookings/${lateId}`);
    await expect(customer.getByText("Free cancellation had already ended when this booking was paid", { exact: false })).toBeVisible();
    await customer.getByText("Cancel the booking", { exact: true }).first().click();
    // The panel states the fee and the refund before the customer confirms (issue 52).
    await expect(customer.getByText("Cancelling now is late: the late-cancellation fee of £17 goes to the fixer", { exact: false })).toBeVisible();
    await customer.getByLabel("Why are you cancelling?").fill("Plans changed at the last minute.");
    await customer.getByRole("button", { name: "Cancel the booking" }).click();
    // The slot had begun: the cancellation is a case the fixer answers (decision 064). The fixer agrees, so the late-cancellation terms apply.
    await expect(customer.getByText("Cancellation sent to the fixer").first()).toBeVisible();
    await fixer.goto(`/fixer/bookings/${lateId}`);
    await expect(fixer.getByText("The late-cancellation fee of £17 is paid to you", { exact: false })).toBeVisible();
    await fixer.getByRole("button", { name: "Agree: settle it as claimed" }).click();
    await expect(fixer.getByText("Fixer agreed with the customer's claim")).toBeVisible();
    await fixer.goto("/fixer/earnings");
    const cancelled = fixer.getByRole("region", { name: "Refunded or cancelled" }).getByRole("row", { name: new RegExp(lateTitle) });
    await expect(cancelled).toContainText("Late-cancellation fee £17");
  });

  await test.step("the customer's account page shows their referral link, credit and the rules", async () => {
    await customer.goto("/account");
    await expect(customer.getByRole("heading", { name: "Refer a friend" })).toBeVisible();
    await expect(customer.getByText(/^http:\/\/127\.0\.0\.1:\d+\/r\/[a-z0-9]{8}$/)).toBeVisible();
    await expect(customer.getByText("Credit available")).toBeVisible();
    await checkScreen(customer, "account-referral", "/account");
  });
});
