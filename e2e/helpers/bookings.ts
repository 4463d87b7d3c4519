import { newPerson, signUpAndConfirm } from "./accounts";
import { applyOverHttp, payWithTestCard } from "./fixers";
import { approveOverHttp, grantStaff, slotPassed } from "./staff";
import { seed, signedIn, uniqueStamp } from "./seed";
import { expect, sameOriginHeaders, type Browser, type Page } from "./test";

/**
 * People and bookings for specs whose subject comes after them: a staff member and an approved fixer
 * made through the product (sign-up, the staff tool, approval over HTTP), a paid booking with all
 * three signed in (seeded, decision 085), and paying and releasing a booking a spec made itself.
 */

export const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A signed-in staff member (the staff command-line tool gave them the role). */
export async function staffMember(browser: Browser, email: string): Promise<Page> {
  const staff = await newPerson(browser);
  await signUpAndConfirm(staff, email, "Sam Staff");
  expect(grantStaff(email)).toContain("is now staff");
  return staff;
}

/**
 * A fixer who applied, was approved by a staff member and covers plumbing in SW1. The approving
 * staff member is `options.staff` when given (left signed in), else one made for it and closed.
 */
export async function approvedFixer(browser: Browser, email: string, first: string, last: string, phone: string, options: { staff?: Page } = {}): Promise<Page> {
  const fixer = await newPerson(browser);
  await signUpAndConfirm(fixer, email, `${first} ${last}`);
  await applyOverHttp(fixer, { firstName: first, lastName: last, email, phone });
  const staff = options.staff ?? (await staffMember(browser, email.replace("@", "-staff@")));
  await approveOverHttp(staff, `${first} ${last}`);
  if (!options.staff) await staff.context().close();
  expect((await fixer.request.post("/fixer", { form: { intent: "coverage", services: "plumbing", areas: "SW1", bio: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  return fixer;
}

/**
 * A staff member, an approved fixer and a customer with a paid booking of the fixer's quote, all
 * signed in: seeded (decision 085), since paying is e2e/bookings.spec.ts's journey. The customer's
 * page shows the booking paid, as after the test card.
 */
export async function paidBookingWithStaff(browser: Browser, options: { who: string; pricePounds: string; title: string }) {
  const stamp = uniqueStamp();
  const seeded = await seed(
    [
      { key: "staff", role: "staff", name: "Sam Staff", email: `${options.who}-staff-${stamp}@example.com` },
      { key: "fixer", role: "fixer", name: `Flo Fixer${stamp.slice(-4)}`, email: `${options.who}-fixer-${stamp}@example.com` },
      { key: "customer", role: "customer", name: "Cleo Customer", email: `${options.who}-customer-${stamp}@example.com` },
    ],
    [{ key: "paid", customer: "customer", fixer: "fixer", title: options.title, pricePence: Math.round(Number(options.pricePounds) * 100), state: "booked" }],
  );
  const [staff, fixer, customer] = await Promise.all([signedIn(browser, seeded.people.staff!), signedIn(browser, seeded.people.fixer!), signedIn(browser, seeded.people.customer!)]);
  const booking = seeded.bookings.paid!;
  await customer.goto(booking.path);
  await expect(customer.getByText("Paid: money held by FixiT")).toBeVisible();
  return { fixer, customer, staff, bookingId: booking.id, bookingPath: booking.path };
}

/**
 * Pays the booking at `bookingPath` with the test card, moves its slot to yesterday (TEST MODE's
 * slot-passed), the fixer marks the job done and the customer confirms: released. Reviews are only
 * for work done and paid for (decision 064).
 */
export async function payAndRelease(customer: Page, fixer: Page, bookingPath: string): Promise<void> {
  await customer.goto(bookingPath);
  await customer.getByRole("button", { name: /^Pay £/ }).click();
  await payWithTestCard(customer);
  const bookingId = Number(bookingPath.split("/").pop());
  expect(slotPassed(bookingId)).toContain("(yesterday)");
  expect((await fixer.request.post(`/fixer/bookings/${bookingId}`, { form: { intent: "mark_done", note: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  expect((await customer.request.post(bookingPath, { form: { intent: "confirm_done" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);
  await customer.goto(bookingPath);
  await expect(customer.getByText("Customer confirmed the job")).toBeVisible();
}
