import { expect, test, type Page } from "./helpers/test";
import { seed, signedIn } from "./helpers/seed";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshot, saveScreenshots, widths } from "./helpers/page-checks";

/**
 * "Ask for help now" (issue 51, item 2; decision 081) in a real browser at 360 px: an approved
 * plumber covering SW1 goes on call (as e2e/emergency-on-call.spec.ts does it); a customer with a
 * burst pipe at night opens /emergency, chooses plumbing and SW1A 1AA, sees how many fixers are on
 * call near them and what they pay up front, and sends; the request's page says it is being offered and
 * nothing was charged. The form is photographed at 360 and 1440 px with the count, with nobody on
 * call, and with the gas warning; axe checks each.
 */

async function fillForm(page: Page, fields: { service: string; postcode: string; description?: string }) {
  await page.getByLabel("What kind of emergency?").selectOption({ label: fields.service });
  await page.getByLabel("Postcode").fill(fields.postcode);
  if (fields.description !== undefined) await page.getByLabel("What is wrong?").fill(fields.description);
}

/** The form filled in at 360 and 1440 px, checked and photographed at each. */
async function photographForm(page: Page, name: string, fields: Parameters<typeof fillForm>[1], check: () => Promise<void>) {
  for (const [label, width] of Object.entries(widths)) {
    await page.setViewportSize({ width, height: label === "phone" ? 780 : 900 });
    await page.goto("/emergency");
    await fillForm(page, fields);
    await check();
    expect(await hasHorizontalOverflow(page), `${name} at ${width}px`).toBe(false);
    await saveScreenshot(page, `${name}-${width}`, { fullPage: true });
  }
}

test("a customer asks for an emergency plumber, sees who is on call and the up-front amount, and sends", async ({ browser }) => {
  test.setTimeout(240_000);
  // Seeded (decision 085): signing up, onboarding and approval have specs of their own.
  const { people } = await seed([
    { key: "fixer", role: "fixer", name: "Pia Nightcall", services: ["plumbing"], areas: ["SW1"] },
    { key: "customer", role: "customer", name: "Cat Customer" },
  ]);
  const fixer = await signedIn(browser, people.fixer!);

  await test.step("the plumber goes on call at £75 an hour", async () => {
    await fixer.goto("/fixer/emergency");
    await fixer.getByLabel("Take emergency call-outs for Plumbing").check();
    await fixer.getByLabel("Plumbing emergency rate (£ per hour)").fill("75");
    await fixer.getByRole("button", { name: "Save Plumbing" }).click();
    await expect(fixer.getByText("You take emergency call-outs for Plumbing.").first()).toBeVisible();
    await fixer.getByRole("button", { name: "On call now" }).click();
    await expect(fixer.getByTestId("on-call-status")).toContainText("You are on call now");
  });

  const customer = await signedIn(browser, people.customer!, { width: widths.phone, height: 780 });

  await test.step("before sending: the count, the published range and the up-front call-out", async () => {
    // From the job form: its pointer to the emergency form.
    await customer.goto("/request");
    await customer.getByRole("link", { name: "Ask for help now: see who is on call near you" }).click();
    await expect(customer).toHaveURL(/\/emergency$/);
    await expect(customer.getByRole("heading", { name: "Ask for help now", level: 1 })).toBeVisible();
    await fillForm(customer, { service: "Plumbing", postcode: "SW1A 1AA" });
    await expect(customer.getByTestId("on-call-count")).toHaveText(/^(1 fixer is|\d+ fixers are) on call near you \(SW1\) right now\.$/);
    await expect(customer.getByText("Plumbing emergency rates on FixiT: £65–£85 an hour.")).toBeVisible();
    // One hour at £75 plus the 5% fee.
    await expect(customer.getByTestId("up-front")).toHaveText("You pay £78.75 up front: a call-out covering the first hour at the fixer's emergency rate, plus FixiT's 5% service fee.");
    await expect(customer.getByTestId("gas-warning")).toHaveCount(0);
    await expectNoSeriousA11yViolations(customer);
  });

  await test.step("it is sent: offered to the fixers on call near them, nothing charged", async () => {
    await customer.getByLabel("What is wrong?").fill("A pipe under the kitchen sink has burst and water is coming through the ceiling below.");
    await customer.getByRole("button", { name: "Send emergency request" }).click();
    await expect(customer).toHaveURL(/\/account\/emergencies\/\d+$/);
    await expect(customer.getByRole("heading", { name: "Your emergency request", level: 1 })).toBeVisible();
    // The suite's database is shared: other specs' plumbers may be on call in SW1 too (round 1 offers up to three).
    await expect(customer.getByTestId("emergency-status")).toHaveText(/^Status: Offering to (1 fixer|[23] fixers) on call near you$/);
    await expect(customer.getByTestId("emergency-next")).toContainText("Round 1 of up to 4");
    await expect(customer.getByText("Nothing has been charged.").first()).toBeVisible();
    await expectNoSeriousA11yViolations(customer);
    const requestPath = new URL(customer.url()).pathname;
    await saveScreenshots(customer, "emergency-request-sent", requestPath, async (width) => {
      await expect(customer.getByTestId("emergency-status")).toBeVisible();
      expect(await hasHorizontalOverflow(customer), `request page at ${width}px`).toBe(false);
    });
  });

  await test.step("the form at 360 and 1440 px: with the count, with nobody on call, with the gas warning", async () => {
    await photographForm(customer, "emergency-form-on-call", { service: "Plumbing", postcode: "SW1A 1AA" }, async () => {
      await expect(customer.getByTestId("up-front")).toContainText("£78.75");
    });
    await photographForm(customer, "emergency-form-nobody", { service: "Handyman", postcode: "ZE1 0AA" }, async () => {
      await expect(customer.getByTestId("on-call-none")).toContainText("Nobody is on call for handyman emergencies near you (ZE1) right now");
      await expect(customer.getByRole("button", { name: "Post it as a normal job instead" })).toBeVisible();
      await expect(customer.getByRole("button", { name: "Send emergency request" })).toHaveCount(0);
    });
    await expectNoSeriousA11yViolations(customer);
    await photographForm(customer, "emergency-form-gas", { service: "Plumbing", postcode: "SW1A 1AA", description: "I can smell gas near the boiler and the pipe is leaking." }, async () => {
      await expect(customer.getByTestId("gas-warning")).toContainText("If you smell gas: call 0800 111 999 now");
      await expect(customer.getByRole("link", { name: "Call 0800 111 999" })).toHaveAttribute("href", "tel:0800111999");
      await expect(customer.getByTestId("on-call-count")).toBeVisible();
    });
    await expectNoSeriousA11yViolations(customer);
  });

  await test.step("nobody on call: the normal job form opens with what was typed", async () => {
    await customer.setViewportSize({ width: widths.phone, height: 780 });
    await customer.goto("/emergency");
    await fillForm(customer, { service: "Handyman", postcode: "ZE1 0AA", description: "The front door lock has snapped and will not close." });
    await customer.getByRole("button", { name: "Post it as a normal job instead" }).click();
    await expect(customer).toHaveURL(/\/request$/);
    await expect(customer.getByLabel("Describe the job")).toHaveValue("The front door lock has snapped and will not close.");
    await expect(customer.getByLabel("Postcode of the job")).toHaveValue("ZE1 0AA");
  });
});
