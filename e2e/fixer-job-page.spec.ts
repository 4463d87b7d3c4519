import { daysAhead } from "./helpers/bookings";
import { seed, signedIn } from "./helpers/seed";
import { slotPassed } from "./helpers/staff";
import { watchScriptsAndErrors } from "./helpers/page-checks";
import { expect, sameOriginHeaders, test } from "./helpers/test";

/**
 * A matched fixer's job page (issue 52): it hydrates without a server/client mismatch (React's
 * error #418) and opens no live stream it is refused, before and after the fixer quotes. The fixer,
 * the customer and the paid booking are seeded (decision 085).
 */
test("a matched fixer's job page hydrates cleanly and asks for no stream it cannot have, before and after quoting", async ({ browser }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const seeded = await seed([
    { key: "fixer", role: "fixer", name: `Jo Page${stamp.slice(-4)}`, email: `jobpage-fixer-${stamp}@example.com` },
    { key: "customer", role: "customer", name: "Carla Customer", email: `jobpage-customer-${stamp}@example.com` },
  ]);
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill("Leaking kitchen tap");
  await customer.getByLabel("Describe the job").fill("The kitchen tap leaks at the base whenever it is turned on.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: "Leaking kitchen tap", level: 1 })).toBeVisible();
  const jobId = new URL(customer.url()).pathname.split("/").pop()!;

  const { problems } = watchScriptsAndErrors(fixer);
  const refused: string[] = [];
  fixer.on("response", (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}${new URL(response.url()).search}`);
  });

  // Before quoting: the job and the quote form, no thread yet.
  await fixer.goto(`/fixer/jobs/${jobId}`);
  await expect(fixer.getByRole("heading", { name: "Leaking kitchen tap", level: 1 })).toBeVisible();
  await fixer.waitForTimeout(1_500);
  expect(problems, "console errors before quoting").toEqual([]);
  expect(refused, "refused requests before quoting").toEqual([]);

  // After quoting: the thread is open, and the page's live stream with it.
  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: "90", amountTo: "", includes: "Parts and labour", slot1Date: daysAhead(3), slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  const stream = fixer.waitForResponse((response) => response.url().includes(`/live/events?job=${jobId}`));
  await fixer.goto(`/fixer/jobs/${jobId}`);
  expect((await stream).status()).toBe(200);
  await fixer.waitForTimeout(1_500);
  expect(problems, "console errors after quoting").toEqual([]);
  expect(refused, "refused requests after quoting").toEqual([]);
});

/**
 * Issue 52's error #418 itself: once a fixer has reviewed the customer (both reviews in, so the
 * rating is published), every fixer's job page of that customer shows their stars under the title;
 * the stars must not sit inside a paragraph, which the browser's HTML parser splits apart.
 */
test("a reviewed customer's rating on the fixer's job page hydrates without a mismatch", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const seeded = await seed(
    [
      { key: "fixer", role: "fixer", name: `Ray Rated${stamp.slice(-4)}`, email: `rated-fixer-${stamp}@example.com` },
      { key: "customer", role: "customer", name: "Rita Customer", email: `rated-customer-${stamp}@example.com` },
    ],
    [{ key: "paid", customer: "customer", fixer: "fixer", title: "Dripping bath tap", pricePence: 8_000, slotDaysAhead: 2, state: "booked" }],
  );
  const [fixer, customer] = await Promise.all([signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  const { id: bookingId, path: bookingPath, jobId } = seeded.bookings.paid!;
  await customer.goto(bookingPath);
  await expect(customer.getByText("Paid: money held by FixiT")).toBeVisible();
  expect(slotPassed(Number(bookingId))).toContain("(yesterday)");
  expect((await fixer.request.post(`/fixer/bookings/${bookingId}`, { form: { intent: "mark_done", note: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  expect((await customer.request.post(bookingPath, { form: { intent: "confirm_done" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  expect((await customer.request.post(`/account/jobs/${jobId}`, { form: { intent: "review", rating: "5", body: "Great work, tidy and quick." }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  expect((await fixer.request.post(`/fixer/jobs/${jobId}`, { form: { intent: "review-customer", rating: "4", body: "Clear instructions, easy access." }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);

  const { problems } = watchScriptsAndErrors(fixer);
  await fixer.goto(`/fixer/jobs/${jobId}`);
  await expect(fixer.getByText("Customer rated 4.0 out of 5 by 1 fixer")).toBeVisible();
  await expect(fixer.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
  await fixer.waitForTimeout(1_500);
  expect(problems, "console errors on the job page with the customer's rating").toEqual([]);
});
