import type { Browser } from "@playwright/test";
import { newPerson, signUpAndConfirm } from "./accounts";
import { applyOverHttp, payWithTestCard } from "./fixers";
import { approveOverHttp, grantStaff } from "./staff";
import { expect, sameOriginHeaders } from "./test";

/** A date `days` from today, as the slot fields take it. */
export const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A booked, paid booking on the run's fresh database, by the steps e2e/bookings.spec.ts takes in the
 * browser, here over HTTP where the page is not what the test is about: a fixer applies and staff
 * approve them, the customer posts a job, the fixer quotes with one start slot, the customer books
 * that slot and pays with the TEST MODE card in the browser. Answers the three people (signed in,
 * the staff member with the staff role) and the booking.
 */
export async function paidBooking(browser: Browser, options: { who: string; pricePounds: string; title: string }) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const mail = (who: string) => `${options.who}-${who}-${stamp}@example.com`;
  const fixerName = { first: "Flo", last: `Fixer${stamp.slice(-4)}` };

  const fixer = await newPerson(browser);
  await signUpAndConfirm(fixer, mail("fixer"), `${fixerName.first} ${fixerName.last}`);
  await applyOverHttp(fixer, { firstName: fixerName.first, lastName: fixerName.last, email: mail("fixer"), phone: "+44 7700 900302" });
  const staff = await newPerson(browser);
  await signUpAndConfirm(staff, mail("staff"), "Sasha Staff");
  expect(grantStaff(mail("staff"))).toContain("is now staff");
  await approveOverHttp(staff, `${fixerName.first} ${fixerName.last}`);
  expect((await fixer.request.post("/fixer", { form: { intent: "coverage", services: "plumbing", areas: "SW1", bio: "" }, headers: sameOriginHeaders() })).status()).toBeLessThan(400);

  const customer = await newPerson(browser);
  await signUpAndConfirm(customer, mail("customer"), "Cleo Customer");
  await customer.goto("/request?service=plumbing");
  await customer.getByLabel("Postcode of the job").fill("SW1A 1AA");
  await customer.getByLabel("Job title").fill(options.title);
  await customer.getByLabel("Describe the job").fill("The kitchen tap drips day and night and needs a new washer.");
  await customer.getByRole("radio", { name: "Within a week" }).check();
  await customer.getByRole("button", { name: "Post job" }).click();
  await expect(customer.getByRole("heading", { name: options.title, level: 1 })).toBeVisible();
  const jobPath = new URL(customer.url()).pathname;
  const jobId = jobPath.split("/").pop()!;

  const slotDate = daysAhead(3);
  const quoted = await fixer.request.post(`/fixer/jobs/${jobId}`, {
    form: { intent: "quote", priceKind: "fixed", amount: options.pricePounds, amountTo: "", includes: "Washer, parts and labour", slot1Date: slotDate, slot1Window: "morning", message: "" },
    headers: sameOriginHeaders(),
  });
  expect(quoted.status()).toBeLessThan(400);
  const quoteId = /name="quoteId" value="(\d+)"/.exec(await (await customer.request.get(jobPath)).text())?.[1];
  expect(quoteId, "the quote on the customer's job page").toBeTruthy();
  const booked = await customer.request.post(`/bookings/new?quote=${quoteId}`, {
    form: { slot: `${slotDate}|morning`, ownDate: "", ownWindow: "morning" },
    headers: sameOriginHeaders(),
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(302);
  const bookingPath = booked.headers().location!;
  const bookingId = Number(bookingPath.split("/").pop());

  await customer.goto(bookingPath);
  await customer.getByRole("button", { name: /^Pay £/ }).click();
  await payWithTestCard(customer);
  await customer.goto(bookingPath);
  await expect(customer.getByText("Paid: money held by FixiT")).toBeVisible();
  return { fixer, customer, staff, bookingId, bookingPath };
}
