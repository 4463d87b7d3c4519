import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { fixerRegistrations } from "#server/db/schema/fixers.ts";
import { payments } from "#server/db/schema/payments.ts";
import { jobs } from "#server/db/schema/quotes.ts";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { Browser, html, waitForMail, type MailboxMessage } from "./auth-helpers";
import { jobAddressForm } from "./helpers/bookings";
import { acceptedSeededQuote, doneBooking, seededBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * What people need around a booking (issue 52, defect 8), over real HTTP against the production
 * build: the job's address (private to the booked fixer, after payment; on the invite), the two
 * "Bookings" lists, a job that agrees with its booking, the payout-account prompt while money waits,
 * and /fixer-register resuming where it was.
 */

let server: InProcessServer;
let base: string;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

/** A Browser carrying a seeded person's session. */
function browserOf(person: SignedInPerson): Browser {
  const browser = new Browser(base);
  for (const pair of person.cookie.split("; ")) {
    const at = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return browser;
}

const same = () => ({ origin: base });
const text = async (res: Response) => res.text();
const bookingCount = async (customerId: string) => (await server.services.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.customerUserId, customerId)))[0]!.n;

describe("the job's address and access notes", () => {
  it("is asked with the booking, checked by one schema, shown to the fixer only once paid, and is the invite's location", async () => {
    const customer = await signedInPerson(server.services, "addy.customer@example.com", "customer");
    const fixer = await signedInFixer(server.services, "addy.fixer@example.com");
    const other = await signedInFixer(server.services, "other.fixer@example.com");
    const quote = await acceptedSeededQuote(server.services, customer.id, fixer.id);
    const asCustomer = browserOf(customer);
    const slot = { slot: `${quote.slot.date}|${quote.slot.window}`, ownDate: "", ownWindow: "morning" };

    const form = await text(await asCustomer.get(`/bookings/new?quote=${quote.quoteId}`));
    expect(form).toContain("Where is the job?");
    expect(form).toMatch(/name="postcode"[^>]*value="SW1A 1AA"|value="SW1A 1AA"[^>]*name="postcode"/);

    // Refused, nothing booked: a line break in a one-line field, an address outside the quoted district, no first line.
    const refusals: [Record<string, string>, string][] = [
      [{ ...jobAddressForm, addressLine1: "10 Acacia Road\r\nBcc: x@example.com" }, "addressLine1"],
      [{ ...jobAddressForm, postcode: "M1 1AE" }, "must be in SW1"],
      [{ ...jobAddressForm, postcode: "not a postcode" }, html("doesn't look like a full UK postcode")],
      [{ ...jobAddressForm, addressLine1: "" }, "Please enter the first line of the address."],
      [{ ...jobAddressForm, accessNotes: "x".repeat(501) }, "Please keep the access notes under 500 characters."],
    ];
    for (const [fields, message] of refusals) {
      const res = await asCustomer.post(`/bookings/new?quote=${quote.quoteId}`, { ...slot, ...fields }, same());
      expect(res.status, message).toBe(400);
      if (!message.startsWith("address")) expect(await res.text()).toContain(message);
    }
    expect(await bookingCount(customer.id)).toBe(0);

    const created = await asCustomer.post(`/bookings/new?quote=${quote.quoteId}`, { ...slot, ...jobAddressForm, addressLine2: "Flat 2", accessNotes: "Side gate.\nKey safe code 4711." }, same());
    expect(created.status).toBe(302);
    const bookingId = Number(created.headers.get("location")!.split("/").pop());

    // Before payment: the customer sees it; the fixer sees neither the address nor the notes, on the booking or the job.
    expect(await text(await asCustomer.get(`/bookings/${bookingId}`))).toContain("10 Acacia Road");
    const asFixer = browserOf(fixer);
    const unpaid = await text(await asFixer.get(`/fixer/bookings/${bookingId}`));
    expect(unpaid).not.toContain("Acacia");
    expect(unpaid).not.toContain("4711");
    expect(await text(await asFixer.get(`/fixer/jobs/${quote.jobId}`))).not.toContain("Acacia");

    const { paymentId } = await startBookingCheckout(server.services, customer.id, bookingId);
    await markPaidAndFulfil(server.services, paymentId, "test-checkout");

    const paid = await text(await asFixer.get(`/fixer/bookings/${bookingId}`));
    for (const part of ["10 Acacia Road", "Flat 2", "London", "SW1A 1AA", "Key safe code 4711."]) expect(paid).toContain(part);
    // Another fixer: no booking, no job, no address.
    expect((await browserOf(other).get(`/fixer/bookings/${bookingId}`)).status).toBe(404);
    expect(await text(await browserOf(other).get(`/fixer/jobs/${quote.jobId}`))).not.toContain("Acacia");

    const mail = (await waitForMail(base, fixer.email, "New booking")) as MailboxMessage & { attachments: { content: string }[] };
    const ics = mail.attachments[0]!.content.replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("LOCATION:10 Acacia Road\\, Flat 2\\, London\\, SW1A 1AA");

    // Settled (here the fixer cancels): the fixer no longer sees it; staff still do.
    expect((await asFixer.post(`/fixer/bookings/${bookingId}`, { intent: "cancel", reason: "The van broke down." }, same())).status).toBe(303);
    const settled = await text(await asFixer.get(`/fixer/bookings/${bookingId}`));
    expect(settled).toContain("cancelled by the fixer");
    expect(settled).not.toContain("Acacia");
    const staff = await signedInPerson(server.services, "addy.staff@example.com", "customer");
    await server.services.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    const staffPage = await text(await browserOf(staff).get(`/staff/bookings/${bookingId}`));
    expect(staffPage).toContain("10 Acacia Road, Flat 2, London, SW1A 1AA");
    expect(staffPage).toContain("Key safe code 4711.");
  });
});

describe("the Bookings lists", () => {
  it("list each side's own bookings, newest first, with the job, the other side, the slot, the state and the next step, linked from their pages", async () => {
    const customer = await signedInPerson(server.services, "lister.customer@example.com", "customer");
    const fixer = await signedInFixer(server.services, "lister.fixer@example.com");
    const stranger = await signedInPerson(server.services, "stranger.customer@example.com", "customer");
    const unpaid = await seededBooking(server.services, base, customer.id, fixer.id);
    const booked = await seededBooking(server.services, base, customer.id, fixer.id, { paid: true });
    const done = await doneBooking(server.services, base, customer.id, fixer.id);

    const mine = await text(await browserOf(customer).get("/account/bookings"));
    expect(mine).toContain("My bookings");
    // Newest first: the done booking, the booked one, then the unpaid one.
    const positions = [`/bookings/${done}"`, `/bookings/${booked.bookingId}"`, `/bookings/${unpaid.bookingId}"`].map((href) => mine.indexOf(href));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const words of ["Confirm the work", "Pay", "Wait for the fixer on the day", "Seeded F.", unpaid.title, booked.title, "Waiting for payment", "Marked done"]) expect(mine).toContain(words);

    const theirs = await text(await browserOf(fixer).get("/fixer/bookings"));
    for (const href of [`/fixer/bookings/${done}"`, `/fixer/bookings/${booked.bookingId}"`, `/fixer/bookings/${unpaid.bookingId}"`]) expect(theirs).toContain(href);
    for (const words of ["Waiting for the customer", "Mark as done when the work is finished", "Waiting for the customer to pay", "Seeded Person"]) expect(theirs).toContain(words);

    // Nobody else's bookings, and the way to the lists from each side's own pages.
    expect(await text(await browserOf(stranger).get("/account/bookings"))).not.toContain(`/bookings/${done}"`);
    expect(await text(await browserOf(customer).get("/account"))).toContain('href="/account/bookings"');
    expect(await text(await browserOf(fixer).get("/fixer"))).toContain('href="/fixer/bookings"');
    expect((await new Browser(base).get("/account/bookings")).status).toBe(302);
  });

  it("pages by keyset: 20 a page, the next page from the last one shown, none twice; a cursor that is not one is a 400", async () => {
    const customer = await signedInPerson(server.services, "many.customer@example.com", "customer");
    const fixer = await signedInFixer(server.services, "many.fixer@example.com");
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push((await seededBooking(server.services, base, customer.id, fixer.id)).bookingId);
    const browser = browserOf(customer);
    const idsIn = (page: string) => [...page.matchAll(/href="\/bookings\/(\d+)"/g)].map((m) => Number(m[1]));
    const first = await text(await browser.get("/account/bookings"));
    expect(idsIn(first)).toEqual(ids.slice(1).reverse());
    const older = /href="(\/account\/bookings\?before=\d+)"/.exec(first)?.[1];
    expect(older).toBe(`/account/bookings?before=${ids[1]}`);
    const second = await text(await browser.get(older!));
    expect(idsIn(second)).toEqual([ids[0]]);
    expect(second).not.toMatch(/before=/);
    const bad = await browser.get("/account/bookings?before=abc");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("That page of bookings does not exist");
  });
});

describe("a job agrees with its booking", () => {
  it("reads Booked while its booking is paid and cannot be closed or marked done beside it; reads Completed once released, with no second Mark as done", async () => {
    const customer = await signedInPerson(server.services, "agree.customer@example.com", "customer");
    const fixer = await signedInFixer(server.services, "agree.fixer@example.com");
    const booked = await seededBooking(server.services, base, customer.id, fixer.id, { paid: true });
    const browser = browserOf(customer);
    const jobPage = await text(await browser.get(`/account/jobs/${booked.jobId}`));
    expect(jobPage).toContain(">Booked<");
    expect(jobPage).toContain(`href="/bookings/${booked.bookingId}"`);
    expect(jobPage).not.toContain(">Mark as done<");
    expect(jobPage).not.toContain(">Close the job<");
    expect(await text(await browser.get("/account/jobs"))).toContain(">Booked<");

    const close = await browser.post(`/account/jobs/${booked.jobId}`, { intent: "close" }, same());
    expect(close.status).toBe(409);
    expect(await close.text()).toContain("This job has a paid booking, so it cannot be closed here");
    const markDone = await browser.post(`/account/jobs/${booked.jobId}`, { intent: "done" }, same());
    expect(markDone.status).toBe(409);
    const [job] = await server.services.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, booked.jobId));
    expect(job!.status).toBe("in_progress");
    expect((await server.services.db.select({ state: bookings.state }).from(bookings).where(eq(bookings.id, booked.bookingId)))[0]!.state).toBe("booked");

    const doneId = await doneBooking(server.services, base, customer.id, fixer.id);
    const [doneRow] = await server.services.db.select({ jobId: bookings.jobId }).from(bookings).where(eq(bookings.id, doneId));
    expect((await browser.post(`/bookings/${doneId}`, { intent: "confirm_done" }, same())).status).toBe(303);
    const completed = await text(await browser.get(`/account/jobs/${doneRow!.jobId}`));
    expect(completed).toContain(">Completed<");
    expect(completed).not.toContain("In progress");
    expect(completed).not.toContain(">Mark as done<");
    const list = await text(await browser.get("/account/jobs"));
    expect(list).toContain(">Completed<");
  });
});

describe("a fixer without a payout account is prompted while money waits", () => {
  it("says 'Connect your payout account to receive £X' (the ledger's released, untransferred amount) on the dashboard, booking and earnings pages and in the release email", async () => {
    const customer = await signedInPerson(server.services, "prompt.customer@example.com", "customer");
    const fixer = await signedInFixer(server.services, "prompt.fixer@example.com", { payoutAccount: false });
    const asFixer = browserOf(fixer);
    const bookingId = await doneBooking(server.services, base, customer.id, fixer.id, 6_000);
    // Held, not released: nothing to prompt about yet.
    expect(await text(await asFixer.get("/fixer"))).not.toContain("Connect your payout account to receive");

    expect((await browserOf(customer).post(`/bookings/${bookingId}`, { intent: "confirm_done" }, same())).status).toBe(303);
    // £60 less the 10% service charge: £54 released and waiting.
    const prompt = "Connect your payout account to receive £54.";
    for (const path of ["/fixer", `/fixer/bookings/${bookingId}`, "/fixer/earnings"]) {
      const page = await text(await asFixer.get(path));
      expect(page, path).toContain(prompt);
      expect(page, path).toContain('href="/fixer/payouts"');
      // Said once: the prompt carries no second "Connect a payout account" where the page already has one.
      expect(page.split("Connect a payout account").length - 1, path).toBe(1);
    }
    const mail = await waitForMail(base, fixer.email, "Payment released");
    expect(mail.text).toContain(prompt);
    expect(mail.text).toContain(`${base}/fixer/payouts`);
  });
});

describe("/fixer-register resumes where it was", () => {
  const details = (email: string) => ({ firstName: "Rosa", lastName: "Resume", email, phone: "07700 900123" });
  const CHECKOUT = /href="(\/checkout\/test\/[0-9a-f-]{36})"/;
  let ip = 0;
  const register = (browser: Browser, email: string) => browser.post("/fixer-register", details(email), { "x-forwarded-for": `203.0.113.${++ip}`, origin: base });

  it("reuses the open checkout instead of opening a second, shows it to the person coming back, and sends a paid registration to the next step", async () => {
    const person = await signedInPerson(server.services, "rosa.resume@example.com", "fixer");
    const browser = browserOf(person);
    const first = CHECKOUT.exec(await text(await register(browser, person.email)))?.[1];
    expect(first).toBeTruthy();
    const again = CHECKOUT.exec(await text(await register(new Browser(base), person.email)))?.[1];
    expect(again).toBe(first);
    const [registration] = await server.services.db.select({ id: fixerRegistrations.id }).from(fixerRegistrations).where(eq(fixerRegistrations.email, person.email));
    const checkouts = await server.services.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.product, "fixer_onboarding"), sql`${payments.reference} ->> 'fixerRegistrationId' = ${String(registration!.id)}`));
    expect(checkouts).toHaveLength(1);

    // Coming back to the page: the payment step with the same checkout, not an empty form.
    const revisit = await text(await browser.get("/fixer-register"));
    expect(revisit).toContain(`href="${first}"`);
    expect(revisit).toContain("Details saved");

    await markPaidAndFulfil(server.services, first!.split("/").pop()!, "test-checkout");
    const afterPaying = await text(await browser.get("/fixer-register"));
    expect(afterPaying).toContain(html("You're already registered"));
    expect(afterPaying).toContain('href="/fixer-onboarding"');
    expect(afterPaying).not.toMatch(CHECKOUT);
  });
});
