import { expect, test } from "./helpers/test";
import { seed, signedIn } from "./helpers/seed";
import { expectNoSeriousA11yViolations, hasHorizontalOverflow, saveScreenshots, widths } from "./helpers/page-checks";

/**
 * Fixers on call for emergencies (issue 51, item 1; decision 079) in a real browser at 360 px: an
 * approved plumber opens "Emergency call-outs" from the dashboard, is refused a rate outside the
 * published range, saves £75 an hour and overnight hours, taps "On call now" and sees it stated;
 * staff see them on /staff/on-call. Both pages are checked with axe and photographed at 360 and 1440 px.
 */

test("a plumber goes on call with a rate and hours, and staff see who is on call where", async ({ browser }) => {
  test.setTimeout(240_000);
  // Seeded (decision 085): onboarding and approval have specs of their own.
  const { people } = await seed([
    { key: "staff", role: "staff", name: "Sam Staff" },
    { key: "fixer", role: "fixer", name: "Pia Oncall", services: ["plumbing"], areas: ["SW1"] },
  ]);
  const [staff, fixer] = await Promise.all([signedIn(browser, people.staff!), signedIn(browser, people.fixer!)]);
  await fixer.setViewportSize({ width: widths.phone, height: 780 });

  await test.step("the dashboard links to the on-call page", async () => {
    await fixer.goto("/fixer");
    await fixer.getByRole("link", { name: "Set your on-call hours" }).click();
    await expect(fixer.getByRole("heading", { name: "Emergency call-outs", level: 1 })).toBeVisible();
    await expect(fixer.getByTestId("on-call-status")).toHaveText("You are off call");
    await expect(fixer.getByText("Published range: £65–£85 an hour.")).toBeVisible();
  });

  await test.step("a rate outside the range is refused with the range; £75 is saved", async () => {
    await fixer.getByLabel("Take emergency call-outs for Plumbing").check();
    await fixer.getByLabel("Plumbing emergency rate (£ per hour)").fill("40");
    await fixer.getByRole("button", { name: "Save Plumbing" }).click();
    await expect(fixer.getByText("Plumbing emergency rates are £65–£85 an hour").first()).toBeVisible();
    await fixer.getByLabel("Plumbing emergency rate (£ per hour)").fill("75");
    await fixer.getByRole("button", { name: "Save Plumbing" }).click();
    await expect(fixer.getByText("You take emergency call-outs for Plumbing.").first()).toBeVisible();
    await expect(fixer.getByLabel("Plumbing emergency rate (£ per hour)")).toHaveValue("75");
  });

  await test.step("overnight weekly hours are saved", async () => {
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"]) {
      await fixer.locator(`input[name="${day}Start"]`).fill("18:00");
      await fixer.locator(`input[name="${day}End"]`).fill("08:00");
    }
    await fixer.getByRole("button", { name: "Save hours" }).click();
    await expect(fixer.getByText("Your weekly on-call hours are saved.").first()).toBeVisible();
    await expect(fixer.locator('input[name="mondayEnd"]')).toHaveValue("08:00");
  });

  await test.step("On call now is stated until the next scheduled change", async () => {
    await fixer.getByRole("button", { name: "On call now" }).click();
    await expect(fixer.getByTestId("on-call-status")).toHaveText(/^You are on call now until (\d\d:\d\d|[A-Z][a-z]+day \d\d:\d\d)$/);
    await expect(fixer.getByRole("button", { name: "Follow my weekly hours" })).toBeVisible();
    await expectNoSeriousA11yViolations(fixer);
    await saveScreenshots(fixer, "emergency-on-call-fixer", "/fixer/emergency", async (width) => {
      await expect(fixer.getByTestId("on-call-status")).toContainText("You are on call now until");
      expect(await hasHorizontalOverflow(fixer), `fixer page at ${width}px`).toBe(false);
    });
  });

  await test.step("staff see the plumber on call in SW1", async () => {
    await staff.setViewportSize({ width: widths.phone, height: 780 });
    await staff.goto("/staff/on-call");
    await expect(staff.getByRole("heading", { name: "On call now", level: 1 })).toBeVisible();
    // The suite's database is shared: other specs' plumbers may be on call in SW1 too. This one's row is the one naming her.
    const hers = staff.locator("li, tr").filter({ has: staff.getByRole("link", { name: "Pia O." }) });
    await expect(hers.filter({ hasText: "SW1" }).filter({ hasText: "Plumbing" }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await saveScreenshots(staff, "emergency-on-call-staff", "/staff/on-call", async (width) => {
      await expect(staff.getByRole("link", { name: "Pia O." }).first()).toBeVisible();
      expect(await hasHorizontalOverflow(staff), `staff page at ${width}px`).toBe(false);
    });
  });
});
