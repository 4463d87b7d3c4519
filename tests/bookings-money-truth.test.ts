import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { formatUkDateTime } from "~/content/dates";
import { bookingVatStatement, formatGBP } from "~/content/prices";
import { reportProblem, staffDecide } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { freeCancellationEndsAt } from "~/features/bookings/cancellation";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { settle } from "~/features/bookings/pricing";
import { slotStartsAt, slotText, ukDate, type Slot, SLOT_WINDOWS } from "~/features/bookings/slots";
import { markPaidAndFulfil, markPaymentFailed } from "~/features/payments/payments.server";
import { Browser } from "./auth-helpers";
import { acceptedSeededQuote, doneBooking, paidBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * What a booking's pages and emails say about its money (issue 52), over real HTTP against the
 * production build: the confirmation after paying, the itemised receipt, the cancellation terms
 * before paying and before cancelling (in UK time), the same words after, the calendar cancellation,
 * and every outcome's real amounts from the ledger.
 */

let server: InProcessServer;
let customer: SignedInPerson;
let fixer: SignedInPerson;
/** A fixer who has not connected a payout account. */
let unconnected: SignedInPerson;
const staff = { userId: "staff-money-truth", email: "staff@fixit.test" };

beforeAll(async () => {
  server = await startServerInProcess();
  [customer, fixer, unconnected] = await Promise.all([
    signedInPerson(server.services, "tess.truth@example.com", "customer"),
    signedInFixer(server.services, "fergus.truth@example.com"),
    signedInFixer(server.services, "nell.nopayout@example.com", { payoutAccount: false }),
  ]);
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

/** A browser holding the person's session. */
function browserOf(person: SignedInPerson): Browser {
  const browser = new Browser(server.url);
  for (const pair of person.cookie.split("; ")) {
    const eq = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return browser;
}
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const page = async (person: SignedInPerson, path: string) => text(await browserOf(person).get(path));
const bookingRow = async (id: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paid = (options: { pricePence?: number; slot?: Slot; fixerId?: string } = {}) => paidBooking(server.services, server.url, customer.id, options.fixerId ?? fixer.id, options);

/** The booking emails queued for one address about one job, oldest first. */
async function mailTo(email: string, subject: string, title: string) {
  const rows = await server.services.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email")).orderBy(outboxJobs.id);
  return rows
    .map((r) => r.payload as { to: string; subject: string; text: string; attachments?: { filename: string; contentType: string; content: string }[] })
    .filter((m) => m.to === email && m.subject === `${subject}: ${title}`);
}
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

/** A slot starting 1 to 16 hours from now (windows start at 8, 12 and 17 UK time): its free cancellation has already passed. */
function slotWithinADay(): Slot {
  const now = Date.now();
  for (const offset of [0, 1]) {
    for (const window of SLOT_WINDOWS) {
      const slot: Slot = { date: ukDate(new Date(now + offset * 86_400_000)), window };
      const lead = slotStartsAt(slot).getTime() - now;
      if (lead > 3_600_000 && lead < 23 * 3_600_000) return slot;
    }
  }
  throw new Error("no slot within a day");
}

/** Follows a form's redirect the way a browser does, and answers the page it lands on (with its flash). */
async function postAndFollow(person: SignedInPerson, path: string, form: Record<string, string>) {
  const browser = browserOf(person);
  const res = await browser.post(path, form);
  expect(res.status, await res.clone().text()).toBe(303);
  return text(await browser.get(res.headers.get("location")!));
}

describe("after paying for a booking", () => {
  it("/checkout/success is a booking confirmation: what, when, who, what is held, the terms and the way back; never a donation's thanks", async () => {
    const b = await paid({ pricePence: 12_000 });
    const row = await bookingRow(b.bookingId);
    const html = await page(customer, `/checkout/success?payment=${b.paymentId}`);
    expect(html).toContain("Your booking is confirmed");
    expect(html).toContain(b.title);
    expect(html).toContain(slotText(b.slot));
    expect(html).toContain("Seeded F."); // the fixer's public display name
    expect(html).toContain(`${formatGBP(row.totalPence)}, until you confirm the work is done`);
    expect(html).toContain(`Free cancellation until ${formatUkDateTime(freeCancellationEndsAt(b.slot))}`);
    expect(html).toContain(`late-cancellation fee of ${formatGBP(row.lateFeePence)}`);
    expect(html).toContain(`href="/bookings/${b.bookingId}"`);
    expect(html).toContain("emailed your receipt");
    for (const wrong of ["Thank you for supporting", "donation", "Continue to My Account"]) expect(html).not.toContain(wrong);

    // Someone else with the link: the way to the booking, none of its details.
    const anonymous = await text(await new Browser(server.url).get(`/checkout/success?payment=${b.paymentId}`));
    expect(anonymous).toContain(`href="/bookings/${b.bookingId}"`);
    expect(anonymous).not.toContain(b.title);
    expect(anonymous).not.toContain("donation");
  });

  it("emails an itemised receipt: price, fee, early-bird discount, total charged and the VAT status; the lines add up", async () => {
    const b = await paid({ pricePence: 12_000 });
    const row = await bookingRow(b.bookingId);
    const [receipt, ...more] = await mailTo(customer.email, "Your receipt", b.title);
    expect(more).toHaveLength(0);
    expect(receipt!.text).toContain(`Price of the work: ${formatGBP(row.pricePence)}`);
    expect(receipt!.text).toContain(`Customer service fee (5%): ${formatGBP(row.customerFeePence)}`);
    if (row.discountPence > 0) expect(receipt!.text).toContain(`Early-bird discount (paid by FixiT): −${formatGBP(row.discountPence)}`);
    expect(receipt!.text).toContain(`Total charged to your card: ${formatGBP(row.totalPence)}`);
    expect(row.pricePence - row.discountPence + row.customerFeePence - row.creditPence).toBe(row.totalPence);
    expect(receipt!.text).toContain(bookingVatStatement);
    expect(receipt!.text).toContain(b.paymentId);
  });

  it("a second tab's payment is refunded and said so truthfully: the booking stands, on the page and in the email", async () => {
    const quote = await acceptedSeededQuote(server.services, customer.id, fixer.id, { pricePence: 8_000 });
    const { bookingId } = await createBooking({ db: server.services.db, publicUrl: server.url }, customer.id, { quoteId: quote.quoteId, slot: quote.slot });
    // One open checkout per booking (decision 075): the second tab's comes after the first was declined, whose page then takes a card after all.
    const first = await startBookingCheckout(server.services, customer.id, bookingId);
    await markPaymentFailed(server.services, first.paymentId, "card_declined");
    const second = await startBookingCheckout(server.services, customer.id, bookingId);
    expect(second.paymentId).not.toBe(first.paymentId);
    await markPaidAndFulfil(server.services, first.paymentId, "test-checkout");
    await markPaidAndFulfil(server.services, second.paymentId, "test-checkout");
    expect((await bookingRow(bookingId)).state).toBe("booked");

    const html = await page(customer, `/checkout/success?payment=${second.paymentId}`);
    expect(html).toContain("This payment is refunded");
    expect(html).toContain("Your booking stands");
    expect(html).toContain(`href="/bookings/${bookingId}"`);
    expect(html).not.toContain("Your booking is confirmed");
    expect(html).not.toContain("donation");

    const [refundMail] = await mailTo(customer.email, "Your payment is being refunded", quote.title);
    expect(refundMail!.text).toContain("already paid");
    expect(refundMail!.text).toContain("Your booking stands");
    expect(refundMail!.text).not.toContain("nothing was booked");
    // The booking page says the extra payment was refunded.
    expect(await page(customer, `/bookings/${bookingId}`)).toContain(`A second payment of ${formatGBP((await bookingRow(bookingId)).totalPence)} was not needed`);
  });
});

describe("cancellation terms, before paying and before cancelling, in UK time", () => {
  it("a slot less than 24 hours away says free cancellation has already passed, on /bookings/new and on the booking page", async () => {
    const slot = slotWithinADay();
    const quote = await acceptedSeededQuote(server.services, customer.id, fixer.id, { pricePence: 10_000, slot });
    const slotPage = await page(customer, `/bookings/new?quote=${quote.quoteId}`);
    expect(slotPage).toContain("Free cancellation has already ended for this slot");
    expect(slotPage).toContain("late-cancellation fee of £20");

    const { bookingId } = await createBooking({ db: server.services.db, publicUrl: server.url }, customer.id, { quoteId: quote.quoteId, slot }).catch(async () => {
      // A slot today (UK) cannot be booked: book one further out and move it to the near slot, paid, as if booked 23 hours ahead.
      const far = await paid({ pricePence: 10_000 });
      await server.services.db.update(bookings).set({ slotDate: slot.date, slotWindow: slot.window }).where(eq(bookings.id, far.bookingId));
      return { bookingId: far.bookingId };
    });
    const row = await bookingRow(bookingId);
    if (row.state === "pending_payment") {
      const before = await page(customer, `/bookings/${bookingId}`);
      expect(before).toContain("Free cancellation for this slot has already ended");
      expect(before).not.toContain("Free cancellation until");
      const { paymentId } = await startBookingCheckout(server.services, customer.id, bookingId);
      await markPaidAndFulfil(server.services, paymentId, "test-checkout");
    }
    const booked = await page(customer, `/bookings/${bookingId}`);
    expect(booked).toContain(`Free cancellation had already ended when this booking was paid (it ended ${formatUkDateTime(freeCancellationEndsAt(slot))}`);
    expect(booked).not.toContain("Free cancellation until");
  });

  it("the times are UK time (GMT or BST, named), never UTC", async () => {
    const b = await paid();
    const html = await page(customer, `/bookings/${b.bookingId}`);
    expect(html).not.toMatch(/\d\d:\d\d UTC/);
    expect(html).toContain(formatUkDateTime(freeCancellationEndsAt(b.slot)));
    expect(html).toMatch(/\d\d:\d\d (GMT|BST)/);
  });

  it("a late cancellation: the panel states the fee and the refund before confirming; the page, the flash and the email say the same amounts after, from the ledger", async () => {
    const b = await paid({ pricePence: 10_000 });
    const near = slotWithinADay();
    await server.services.db.update(bookings).set({ slotDate: near.date, slotWindow: near.window }).where(eq(bookings.id, b.bookingId));
    const row = await bookingRow(b.bookingId);
    const split = settle(row, { kind: "late_cancel", lateFeePence: row.lateFeePence });
    expect(row.lateFeePence).toBe(2_000);
    const panel = await page(customer, `/bookings/${b.bookingId}`);
    expect(panel).toContain(`Cancelling now is late: the late-cancellation fee of £20 goes to the fixer, and ${formatGBP(split.refundPence)} is refunded to your card.`);

    const after = await postAndFollow(customer, `/bookings/${b.bookingId}`, { intent: "cancel", reason: "" });
    expect((await bookingRow(b.bookingId)).state).toBe("cancelled_late");
    const words = `${formatGBP(split.refundPence)} is refunded to your card. The late-cancellation fee of £20 goes to the fixer.`;
    expect(after).toContain(words);
    expect(after).not.toContain("Any refund is on its way");
    expect(after).toContain("Refunded to your card");
    expect(after).toContain(`−${formatGBP(split.refundPence)}`);
    const [email] = await mailTo(customer.email, "Booking cancelled", b.title);
    expect(email!.text).toContain(words);
    expect(email!.text).not.toContain("nothing to refund");

    // The fixer's page: what he actually gets (the late fee), not the quote's net.
    const fixerPage = await page(fixer, `/fixer/bookings/${b.bookingId}`);
    expect(fixerPage).toContain("You receive");
    expect(fixerPage).toContain("£20");
    expect(fixerPage).not.toContain("You will receive");
    expect(fixerPage).not.toContain(formatGBP(row.fixerNetPence));
  });

  it("a free cancellation says the full refund before and after, in the same words as the email", async () => {
    const b = await paid({ pricePence: 7_000 });
    const row = await bookingRow(b.bookingId);
    expect(await page(customer, `/bookings/${b.bookingId}`)).toContain(`Cancelling now is free: ${formatGBP(row.totalPence)} is refunded to your card.`);
    const after = await postAndFollow(customer, `/bookings/${b.bookingId}`, { intent: "cancel", reason: "" });
    expect(after).toContain(`${formatGBP(row.totalPence)} is refunded to your card.`);
    const [email] = await mailTo(customer.email, "Booking cancelled", b.title);
    expect(email!.text).toContain(`${formatGBP(row.totalPence)} is refunded to your card.`);
  });

  it("a fixer who cancels is told the customer's refund, never 'Any refund is on its way to your card'", async () => {
    const b = await paid({ pricePence: 9_000 });
    const row = await bookingRow(b.bookingId);
    expect(await page(fixer, `/fixer/bookings/${b.bookingId}`)).toContain(`the customer is refunded in full (${formatGBP(row.totalPence)})`);
    const after = await postAndFollow(fixer, `/fixer/bookings/${b.bookingId}`, { intent: "cancel", reason: "My van broke down." });
    expect(after).toContain(`The customer is refunded in full: ${formatGBP(row.totalPence)} back to their card.`);
    expect(after).not.toContain("on its way to your card");
  });
});

describe("cancellation emails carry a calendar cancellation", () => {
  it("METHOD:CANCEL with the invite's UID and a higher SEQUENCE, to both sides, whoever cancels", async () => {
    for (const who of ["customer", "fixer"] as const) {
      const b = await paid();
      if (who === "customer") await postAndFollow(customer, `/bookings/${b.bookingId}`, { intent: "cancel", reason: "" });
      else await postAndFollow(fixer, `/fixer/bookings/${b.bookingId}`, { intent: "cancel", reason: "I am unwell today." });
      for (const [email, inviteSubject, cancelSubject] of [
        [customer.email, "Booking confirmed", "Booking cancelled"],
        [fixer.email, "New booking", who === "customer" ? "Booking cancelled" : "Booking closed"],
      ] as const) {
        const [invite] = await mailTo(email, inviteSubject, b.title);
        const [cancelled] = await mailTo(email, cancelSubject, b.title);
        const sent = unfolded(invite!.attachments![0]!.content);
        const withdrawn = cancelled!.attachments?.[0];
        expect(withdrawn, `${who} cancels: ${email}`).toBeDefined();
        const ics = unfolded(withdrawn!.content);
        expect(withdrawn!.contentType).toContain("method=CANCEL");
        expect(ics).toContain("METHOD:CANCEL");
        expect(ics).toContain("STATUS:CANCELLED");
        expect(/UID:(\S+)/.exec(ics)![1]).toBe(/UID:(\S+)/.exec(sent)![1]);
        expect(Number(/SEQUENCE:(\d+)/.exec(ics)![1])).toBeGreaterThan(Number(/SEQUENCE:(\d+)/.exec(sent)![1]));
      }
    }
  });
});

describe("every outcome shows the real amounts, from the ledger", () => {
  it("a staff part release to a fixer without a payout account: he receives £81 (not the quote's £135), released and waiting for his payout account; the customer sees the refund; the earnings row adds up", async () => {
    const bookingId = await doneBooking(server.services, server.url, customer.id, unconnected.id, 15_000);
    await reportProblem({ db: server.services.db, publicUrl: server.url }, customer.id, bookingId, { reason: "Only half the pipes were fixed." });
    await staffDecide({ db: server.services.db, publicUrl: server.url }, staff, bookingId, { kind: "partial", releasePricePence: 9_000 }, { reason: "Half the work was done." });
    const row = await bookingRow(bookingId);
    const split = settle(row, { kind: "partial", releasePricePence: 9_000 });
    expect(split.fixerPayablePence).toBe(8_100);

    const fixerPage = await page(unconnected, `/fixer/bookings/${bookingId}`);
    expect(fixerPage).toContain("You receive");
    expect(fixerPage).toContain("£81");
    expect(fixerPage).not.toContain("£135");
    expect(fixerPage).toContain("waiting for your payout account");
    expect(fixerPage).not.toMatch(/paid out to the fixer|Paid out: transferred/i);

    const customerPage = await page(customer, `/bookings/${bookingId}`);
    expect(customerPage).toContain("Refunded to your card");
    expect(customerPage).toContain(`−${formatGBP(split.refundPence)}`);
    expect(customerPage).not.toMatch(/paid out to the fixer/i);

    const csv = (await text(await browserOf(unconnected).get("/fixer/earnings.csv"))).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const header = csv[0]!.split(",");
    const line = csv.slice(1).map((l) => l.split(",")).find((r) => r[0] === String(bookingId))!;
    const col = (name: string) => Number(line[header.indexOf(name)]);
    expect([col("Price (GBP)"), col("Refunded to the customer (GBP)"), col("Service charge (GBP)"), col("Net (GBP)")]).toEqual([150, 60, 9, 81]);
    expect(col("Price (GBP)") - col("Refunded to the customer (GBP)") - col("Service charge (GBP)")).toBe(col("Net (GBP)"));
    const earnings = await page(unconnected, "/fixer/earnings");
    expect(earnings).toContain("Refunded");
    expect(earnings).toContain("−£60");
  });

  it("a release to a fixer without a payout account is 'released, waiting for the payout account', never 'paid out'", async () => {
    const bookingId = await doneBooking(server.services, server.url, customer.id, unconnected.id, 6_000);
    await postAndFollow(customer, `/bookings/${bookingId}`, { intent: "confirm_done" });
    const customerPage = await page(customer, `/bookings/${bookingId}`);
    expect(customerPage).not.toMatch(/paid out to the fixer/i);
    const fixerPage = await page(unconnected, `/fixer/bookings/${bookingId}`);
    expect(fixerPage).toContain("Released to you, waiting for your payout account");
    expect(fixerPage).toContain("£54");
  });
});
