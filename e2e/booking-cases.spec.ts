import sharp from "sharp";
import { expect, test, type Page } from "./helpers/test";
import { paidBookingWithStaff } from "./helpers/bookings";
import { checkScreen, expectNoSeriousA11yViolations } from "./helpers/page-checks";
import { slotPassed } from "./helpers/staff";

/**
 * A no-show claim the fixer contests (issue 52 item 2, decision 064), walked at 360 px in a real
 * browser: the slot has passed, the customer says the fixer did not come and adds a photo; nothing is
 * refunded yet. The fixer sees the claim and contests it with an answer; staff find it in the
 * Disputes queue with both sides and decide; each side sees the outcome. Every page is checked with axe.
 */

const phone = { width: 360, height: 780 };
const atPhoneWidth = (page: Page) => page.setViewportSize(phone);

test("the fixer did not come: a case the fixer contests and staff decide, at 360 px", async ({ browser }) => {
  test.setTimeout(300_000);
  const title = `Leaking radiator valve ${Date.now().toString().slice(-5)}`;
  const { fixer, customer, staff, bookingId, bookingPath } = await paidBookingWithStaff(browser, { who: "case", pricePounds: "90", title });
  const fixerPath = `/fixer/bookings/${bookingId}`;
  for (const page of [customer, fixer, staff]) await atPhoneWidth(page);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#4a6b8a" } }).png().toBuffer();
  const doorPhoto = await sharp({ create: { width: 48, height: 64, channels: 3, background: "#8a5a2b" } }).png().toBuffer();

  await test.step("after the slot, the customer says the fixer did not come, with a photo: nothing is refunded yet", async () => {
    expect(slotPassed(bookingId)).toContain("(yesterday)");
    await customer.goto(bookingPath);
    await customer.getByText("The fixer did not come", { exact: true }).click();
    await expect(customer.getByText("The fixer has 48 hours to agree or contest it.", { exact: false })).toBeVisible();
    await customer.getByLabel("What happened? (the fixer and FixiT staff see this)").fill("Nobody came between 8 and 12, and nobody called.");
    await customer.locator("#report_no_show-photos").setInputFiles({ name: "empty-street.png", mimeType: "image/png", buffer: photo });
    await customer.getByRole("button", { name: "Send to the fixer" }).click();
    await expect(customer.getByText("waiting for the fixer's answer to the customer's claim")).toBeVisible();
    await expect(customer.getByText(/The fixer has until .+ \(48 hours from the claim\)/)).toBeVisible();
    await expect(customer.getByRole("list", { name: "Photos from the customer" }).getByRole("img")).toHaveCount(1);
    await expectNoSeriousA11yViolations(customer);
    await checkScreen(customer, "case-customer-open", bookingPath);
    await atPhoneWidth(customer);
  });

  await test.step("the fixer sees the claim and contests it with an answer", async () => {
    await fixer.goto(fixerPath);
    await expect(fixer.getByRole("heading", { name: "The customer says the fixer did not come" })).toBeVisible();
    await expect(fixer.getByText("Nobody came between 8 and 12, and nobody called.").first()).toBeVisible();
    await expect(fixer.getByRole("button", { name: "Agree: settle it as claimed" })).toBeVisible();
    await expect(fixer.getByText("This claim records a strike on your account.", { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(fixer);
    await checkScreen(fixer, "case-fixer-open", fixerPath);
    await atPhoneWidth(fixer);
    await fixer.getByLabel("Your answer (the customer and FixiT staff see it)").fill("I rang the bell at 9:10 and waited twenty minutes; the photo is of the door.");
    await fixer.locator("#contest_claim-photos").setInputFiles({ name: "front-door.png", mimeType: "image/png", buffer: doorPhoto });
    await fixer.getByRole("button", { name: "Contest it" }).click();
    await expect(fixer.getByText("contested: with FixiT staff to decide")).toBeVisible();
    await expectNoSeriousA11yViolations(fixer);
  });

  await test.step("staff find it in the Disputes queue, see both sides and refund in full", async () => {
    await staff.goto("/staff/disputes?reason=claim_contested");
    await staff.getByRole("link", { name: `#${bookingId} ${title}` }).click();
    await expect(staff.getByText("I rang the bell at 9:10 and waited twenty minutes; the photo is of the door.", { exact: true })).toBeVisible();
    await expect(staff.getByText("Nobody came between 8 and 12, and nobody called.").first()).toBeVisible();
    await expect(staff.getByRole("list", { name: "Photos from the customer" }).getByRole("img")).toHaveCount(1);
    await expect(staff.getByRole("list", { name: "Photos from the fixer" }).getByRole("img")).toHaveCount(1);
    await expectNoSeriousA11yViolations(staff);
    await checkScreen(staff, "case-staff-contested", `/staff/bookings/${bookingId}`);
    await atPhoneWidth(staff);
    await staff.getByLabel("Decision").selectOption("refund");
    await staff.getByLabel("Reason both sides will see").fill("The customer's photo and call log show no visit.");
    await staff.getByRole("button", { name: "Decide" }).click();
    await expect(staff.getByText("FixiT staff decided: the customer is refunded in full.")).toBeVisible();
    await expect(staff.getByText("Upheld").first()).toBeVisible();
    // The fixer's user page lists the strike with its status.
    await staff.getByRole("link", { name: "Lift or review" }).click();
    await expect(staff.getByRole("heading", { name: /Strikes \(1 counting\)/ })).toBeVisible();
    await expect(staff.getByText("Upheld").first()).toBeVisible();
    await checkScreen(staff, "case-staff-user-strikes", new URL(staff.url()).pathname);
  });

  await test.step("each side sees the outcome", async () => {
    for (const [page, path, name] of [
      [customer, bookingPath, "case-customer-decided"],
      [fixer, fixerPath, "case-fixer-decided"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText("FixiT staff decided: the customer is refunded in full.")).toBeVisible();
      await expect(page.getByText("Reason: The customer's photo and call log show no visit.").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await checkScreen(page, name, path);
    }
  });
});
