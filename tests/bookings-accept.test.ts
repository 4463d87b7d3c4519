import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { linkIn, signUpConfirmed, waitForMail, type Browser, type MailboxMessage } from "./auth-helpers";
import { jobAddressForm } from "./helpers/bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Issue 34, step one: a quote carries one to three start slots and tells its fixer what they will
 * receive; accepting a quote books it (the slot page accepts and books in one transaction); a range
 * quote is fixed to one price by its fixer before it can be booked. Over real HTTP, as a browser
 * without JavaScript uses the pages; every refusal a 4xx that changes nothing.
 */

let server: InProcessServer;
let base: string;
let customer: Browser;
let fixer: Browser;
let fixerId: string;
let customerId: string;
const strong = "copper-kettle-violet-harbour";
let ip = 0;

const signUp = (email: string, fullName: string, userType: string) => signUpConfirmed(base, { email, fullName, userType, password: strong, ip: `198.51.100.${++ip}` });

const idOf = async (email: string) => (await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

async function openJob(title: string) {
  const [job] = await server.services.db
    .insert(jobs)
    .values({ customerUserId: customerId, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title, description: "The bath tap drips day and night.", timing: "week", status: "open" })
    .returning();
  return job!.id;
}

const quoteOf = async (jobId: number, who = fixerId) => (await server.services.db.select().from(quotes).where(and(eq(quotes.jobId, jobId), eq(quotes.fixerUserId, who))))[0];
const termsOf = async (quoteId: number) => (await server.services.db.select().from(quoteBookingTerms).where(eq(quoteBookingTerms.quoteId, quoteId)))[0];
const bookingsOf = async (quoteId: number) => server.services.db.select().from(bookings).where(eq(bookings.quoteId, quoteId));
const jobStatus = async (jobId: number) => (await server.services.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)))[0]!.status;

const quoteForm = (extra: Record<string, string> = {}) => ({
  intent: "quote",
  priceKind: "fixed",
  amount: "90",
  amountTo: "",
  includes: "Washer, parts and labour",
  slot1Date: daysFromToday(4),
  slot1Window: "afternoon",
  slot2Date: daysFromToday(5),
  slot2Window: "morning",
  slot3Date: "",
  slot3Window: "morning",
  message: "",
  ...extra,
});

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  [customer, fixer] = await Promise.all([signUp("ada.accepter@example.com", "Ada Accepter", "customer"), signUp("fred.slots@example.com", "Fred Slots", "fixer")]);
  const db = server.services.db;
  fixerId = await idOf("fred.slots@example.com");
  customerId = await idOf("ada.accepter@example.com");
  await createApprovedFixer(db, { user: { id: fixerId, email: "fred.slots@example.com", name: "Fred Slots" }, first: "Fred", last: "Slots", services: ["plumbing"], areas: ["SW1"] });
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

describe("a quote's start slots and what its fixer receives", () => {
  it("hostile or wrong slots: 400 with the field's message, and no quote is stored", async () => {
    const jobId = await openJob("Hostile slots");
    const attempts: [Record<string, string>, string][] = [
      [{ slot1Date: "" }, "Propose at least one start date."],
      [{ slot1Date: daysFromToday(0) }, "from tomorrow"],
      [{ slot1Date: "2027-02-30" }, "real date"],
      [{ slot1Date: `${daysFromToday(4)}\u0000` }, ""],
      [{ slot1Date: "9".repeat(10_000) }, ""],
      [{ slot1Window: "morning\r\nBcc: x@example.com" }, ""],
      [{ slot2Date: daysFromToday(4), slot2Window: "afternoon" }, "each slot once"],
      [{ slot3Date: daysFromToday(500), slot3Window: "evening" }, "within a year"],
    ];
    for (const [extra, message] of attempts) {
      const res = await fixer.post(`/fixer/jobs/${jobId}`, quoteForm(extra));
      expect(res.status, JSON.stringify(extra).slice(0, 60)).toBe(400);
      if (message) expect(await text(res)).toContain(message);
    }
    expect(await quoteOf(jobId)).toBeUndefined();
  });

  it("the quote form sends the slots with the quote; the page says what the fixer will receive", async () => {
    const jobId = await openJob("Slots sent");
    const form = await text(await fixer.get(`/fixer/jobs/${jobId}`));
    expect(form).toContain('name="slot1Date"');
    expect(form).toContain('name="slot3Window"');
    expect(form).toContain("You will receive the price less the 10% FixiT service charge");
    const sent = await fixer.post(`/fixer/jobs/${jobId}`, quoteForm());
    expect(sent.status).toBe(303);
    const quote = (await quoteOf(jobId))!;
    expect(quote.earliestStart).toBe(daysFromToday(4));
    expect((await termsOf(quote.id))!.slots).toEqual([
      { date: daysFromToday(4), window: "afternoon" },
      { date: daysFromToday(5), window: "morning" },
    ]);
    const page = await text(await fixer.get(`/fixer/jobs/${jobId}`));
    expect(page).toMatch(/Price £90(\.00)?: you will receive <strong[^>]*>£81(\.00)?</);
    // Changing the quote changes its slots in the same transaction.
    const changed = await fixer.post(`/fixer/jobs/${jobId}`, quoteForm({ intent: "update-quote", amount: "100", slot2Date: "" }));
    expect(changed.status).toBe(303);
    expect((await termsOf(quote.id))!.slots).toEqual([{ date: daysFromToday(4), window: "afternoon" }]);
    const refused = await fixer.post(`/fixer/jobs/${jobId}`, quoteForm({ intent: "update-quote", amount: "120", slot1Date: "" }));
    expect(refused.status).toBe(400);
    expect((await quoteOf(jobId))!.amountPence).toBe(10_000);
  });
});

describe("accepting a quote books it", () => {
  it("the customer's Accept opens the slot page; choosing a slot accepts the quote and books it in one", async () => {
    const jobId = await openJob("Accept and book");
    expect((await fixer.post(`/fixer/jobs/${jobId}`, quoteForm())).status).toBe(303);
    const other = await createApprovedFixer(server.services.db, { first: "Olive", last: "Other", services: ["plumbing"], areas: ["SW1"] });
    await sendQuote({ db: server.services.db, publicUrl: base }, other.id, jobId, { priceKind: "fixed", amountPence: 9_500, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(3), message: "" });
    const quote = (await quoteOf(jobId))!;

    const jobPage = await text(await customer.get(`/account/jobs/${jobId}`));
    expect(jobPage).toContain(`href="/bookings/new?quote=${quote.id}"`);
    expect(jobPage).toContain("Accept and book");
    const slotPage = await text(await customer.get(`/bookings/new?quote=${quote.id}`));
    expect(slotPage).toContain("Booking accepts this quote");
    expect(slotPage).toContain(`${daysFromToday(4)}|afternoon`);
    expect(slotPage).toContain("Accept and continue to payment");

    // A refused booking accepts nothing.
    const refused = await customer.post(`/bookings/new?quote=${quote.id}`, { slot: "own", ownDate: daysFromToday(-2), ownWindow: "morning", ...jobAddressForm });
    expect(refused.status).toBe(400);
    expect((await quoteOf(jobId))!.status).toBe("sent");
    expect(await jobStatus(jobId)).toBe("open");
    expect(await bookingsOf(quote.id)).toEqual([]);

    const booked = await customer.post(`/bookings/new?quote=${quote.id}`, { slot: `${daysFromToday(5)}|morning`, ownDate: "", ownWindow: "morning", ...jobAddressForm });
    expect(booked.status).toBe(302);
    const bookingId = Number(booked.headers.get("location")!.split("/").pop());
    expect((await quoteOf(jobId))!.status).toBe("accepted");
    expect((await quoteOf(jobId, other.id))!.status).toBe("not_selected");
    expect(await jobStatus(jobId)).toBe("in_progress");
    const [booking] = await bookingsOf(quote.id);
    // An early-bird customer (the first 100): half the price off, paid by FixiT; the fee on what they pay.
    expect(booking).toMatchObject({ id: bookingId, state: "pending_payment", slotDate: daysFromToday(5), slotWindow: "morning", slotProposedBy: "fixer", pricePence: 9_000, discountPence: 4_500, totalPence: 4_725 });
    const page = await text(await customer.get(`/bookings/${bookingId}`));
    expect(page).toContain("Pay £47.25");
    await waitForMail(base, "fred.slots@example.com", "Your quote was accepted");

    // Paid: both sides get the confirmation with the slot's calendar invite (.ics).
    const pay = await customer.post(`/bookings/${bookingId}`, { intent: "pay" });
    await markPaidAndFulfil(server.services, pay.headers.get("location")!.split("/").pop()!, "test-checkout");
    for (const [email, subject, path] of [
      ["ada.accepter@example.com", "Booking confirmed: Accept and book", `/bookings/${bookingId}`],
      ["fred.slots@example.com", "New booking: Accept and book", `/fixer/bookings/${bookingId}`],
    ] as const) {
      const mail = (await waitForMail(base, email, subject)) as MailboxMessage & { attachments: { filename: string; contentType: string; content: string }[] };
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`fixit-booking-${bookingId}.ics`, "text/calendar; charset=utf-8; method=PUBLISH"]]);
      const ics = mail.attachments[0]!.content.replace(/\r\n[ \t]/g, "");
      expect(ics).toContain(`UID:booking-${bookingId}@`);
      expect(ics).toContain(`DTSTART:${daysFromToday(5).replaceAll("-", "")}T`);
      expect(ics).toContain(`Open the booking: ${server.services.config.publicUrl}${path}`);
      expect(mail.text).toContain("The calendar invite attached adds the slot to your calendar.");
    }
    // The job page now leads to the booking, and the fixer's to theirs.
    expect(await text(await customer.get(`/account/jobs/${jobId}`))).toContain(`href="/bookings/${bookingId}"`);
    expect(await text(await fixer.get(`/fixer/jobs/${jobId}`))).toContain(`href="/fixer/bookings/${bookingId}"`);
  });

  it("someone else's quote: 404; one no longer waiting: not shown, and booking it is refused; nothing changed", async () => {
    const jobId = await openJob("Not yours");
    expect((await fixer.post(`/fixer/jobs/${jobId}`, quoteForm())).status).toBe(303);
    const quote = (await quoteOf(jobId))!;
    expect((await fixer.get(`/bookings/new?quote=${quote.id}`)).status).toBe(404);
    expect((await fixer.post(`/bookings/new?quote=${quote.id}`, { slot: `${daysFromToday(4)}|afternoon`, ...jobAddressForm })).status).toBe(404);
    await server.services.db.update(quotes).set({ status: "declined" }).where(eq(quotes.id, quote.id));
    expect((await customer.get(`/bookings/new?quote=${quote.id}`)).status).toBe(404);
    const declined = await customer.post(`/bookings/new?quote=${quote.id}`, { slot: `${daysFromToday(4)}|afternoon`, ...jobAddressForm });
    expect(declined.status).toBe(409);
    expect(await text(declined)).toContain("Accept this quote before booking it");
    expect(await bookingsOf(quote.id)).toEqual([]);
  });
});

describe("a range quote is fixed to one price before it is booked", () => {
  it("cannot be booked unfixed; the fixer fixes a price within the range; the customer who accepted is emailed and books it", async () => {
    const jobId = await openJob("Range to fix");
    expect((await fixer.post(`/fixer/jobs/${jobId}`, quoteForm({ priceKind: "range", amount: "100", amountTo: "150" }))).status).toBe(303);
    const quote = (await quoteOf(jobId))!;
    expect((await termsOf(quote.id))!.fixedPricePence).toBeNull();

    const jobPage = await text(await customer.get(`/account/jobs/${jobId}`));
    expect(jobPage).not.toContain("Accept and book");
    expect(await text(await customer.get(`/bookings/new?quote=${quote.id}`))).toContain("Waiting for a fixed price");
    const early = await customer.post(`/bookings/new?quote=${quote.id}`, { slot: `${daysFromToday(4)}|afternoon`, ...jobAddressForm });
    expect(early.status).toBe(409);
    expect(await text(early)).toContain("not fixed a price");
    expect((await quoteOf(jobId))!.status).toBe("sent");
    expect(await jobStatus(jobId)).toBe("open");

    // Accepted first (so the two can talk), booked once the price is fixed.
    const accepted = await customer.post(`/account/jobs/${jobId}`, { intent: "accept", quoteId: String(quote.id) });
    expect(accepted.status).toBe(303);
    const fixerPage = await text(await fixer.get(`/fixer/jobs/${jobId}`));
    expect(fixerPage).toContain('name="intent" value="fix-price"');

    for (const [price, status] of [["99", 400], ["150.01", 400], ["abc", 400], ["12\u00000", 400], ["1".repeat(10_000), 400]] as const) {
      const res = await fixer.post(`/fixer/jobs/${jobId}`, { intent: "fix-price", price });
      expect(res.status, price.slice(0, 20)).toBe(status);
    }
    expect((await termsOf(quote.id))!.fixedPricePence).toBeNull();
    expect((await customer.post(`/fixer/jobs/${jobId}`, { intent: "fix-price", price: "120" })).status).toBeGreaterThanOrEqual(400);
    expect((await termsOf(quote.id))!.fixedPricePence).toBeNull();

    const fixed = await fixer.post(`/fixer/jobs/${jobId}`, { intent: "fix-price", price: "120" });
    expect(fixed.status).toBe(303);
    expect((await termsOf(quote.id))!.fixedPricePence).toBe(12_000);
    const mail = await waitForMail(base, "ada.accepter@example.com", "Ready to book: Range to fix");
    expect(linkIn(mail, "/bookings/new", base)).toContain(`/bookings/new?quote=${quote.id}`);

    const booked = await customer.post(`/bookings/new?quote=${quote.id}`, { slot: `${daysFromToday(4)}|afternoon`, ...jobAddressForm });
    expect(booked.status).toBe(302);
    const [booking] = await bookingsOf(quote.id);
    // The early-bird discount is FixiT's: the fixer's net is on the fixed price.
    expect(booking).toMatchObject({ pricePence: 12_000, discountPence: 6_000, customerFeePence: 300, fixerNetPence: 10_800 });
    // Booked: the price can no longer change.
    expect((await fixer.post(`/fixer/jobs/${jobId}`, { intent: "fix-price", price: "130" })).status).toBe(409);
    expect((await termsOf(quote.id))!.fixedPricePence).toBe(12_000);
  });
});
