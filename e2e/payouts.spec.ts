import { expect, test } from "./helpers/test";
import { newPerson, signUpAndConfirm } from "./helpers/accounts";
import { approvedFixer, paidBooking } from "./helpers/bookings";
import { checkScreen } from "./helpers/page-checks";

/**
 * Fixer payouts and earnings, and the customer's referral link, in a real browser on the run's fresh
 * database (issue 34 item 5, decision 052): a customer books and pays for a fixer's quote (held by
 * FixiT); the fixer connects a payout account through the TEST MODE stand-in's pages and sees the
 * booking as held on /fixer/earnings; the customer's account page shows their referral link and credit.
 * Every new page is checked with axe and photographed at 360 and 1440 px.
 */

test("a fixer connects a test payout account and sees a held booking on the earnings page; the customer sees their referral link", async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${who}-${stamp}@example.com`;
  const jobTitle = `Dripping bath tap ${stamp.slice(-5)}`;

  const fixer = await approvedFixer(browser, mail("pia"), "Pia", "Payee", "+44 7700 900311");
  const customer = await newPerson(browser);
  await signUpAndConfirm(customer, mail("cal"), "Cal Customer");
  const { bookingId } = await paidBooking(customer, fixer, jobTitle, "85");

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

  await test.step("the customer's account page shows their referral link, credit and the rules", async () => {
    await customer.goto("/account");
    await expect(customer.getByRole("heading", { name: "Refer a friend" })).toBeVisible();
    await expect(customer.getByText(/^http:\/\/127\.0\.0\.1:\d+\/r\/[a-z0-9]{8}$/)).toBeVisible();
    await expect(customer.getByText("Credit available")).toBeVisible();
    await checkScreen(customer, "account-referral", "/account");
  });
});
