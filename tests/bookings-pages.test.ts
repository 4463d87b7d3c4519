import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, bookingTransitions, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { jobAddressForm } from "./helpers/bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The booking pages over real HTTP against the production build, as a browser without JavaScript
 * uses them: plain form posts answered with redirects, refusals as 4xx pages that change nothing.
 */

let server: InProcessServer;
let base: string;
let customer: Browser;
let fixer: Browser;
let quoteId: number;
const strong = "copper-kettle-violet-harbour";
let ip = 0;

async function signUp(email: string, fullName: string, userType: string) {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType }, { "x-forwarded-for": `198.51.100.${++ip}`, origin: base });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

const idOf = async (email: string) => (await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  [customer, fixer] = await Promise.all([signUp("bea.booker@example.com", "Bea Booker", "customer"), signUp("finn.fixer@example.com", "Finn Fixer", "fixer")]);
  const db = server.services.db;
  const fixerId = await idOf("finn.fixer@example.com");
  await createApprovedFixer(db, { user: { id: fixerId, email: "finn.fixer@example.com", name: "Finn Fixer" }, first: "Finn", last: "Fixer", services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: await idOf("bea.booker@example.com"), service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: "Dripping bath tap", description: "The bath tap drips.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixerId, priceKind: "fixed", amountPence: 9_000, includes: "Washer and labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
  quoteId = quote!.id;
  await db.insert(quoteBookingTerms).values({ quoteId, slots: [{ date: daysFromToday(4), window: "afternoon" }] });
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

const bookingRow = async (id: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const timelineLength = async (id: number) => (await server.services.db.select().from(bookingTransitions).where(eq(bookingTransitions.bookingId, id))).length;

describe("booking, paying, marking done and confirming without JavaScript", () => {
  let bookingId: number;

  it("the slot page is the customer's own; choosing a slot opens the booking page with every figure before paying", async () => {
    expect((await fixer.get(`/bookings/new?quote=${quoteId}`)).status).toBe(404);
    expect((await customer.get(`/bookings/new?quote=abc`)).status).toBe(404);
    const page = await customer.get(`/bookings/new?quote=${quoteId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${daysFromToday(4)}|afternoon`);
    const refused = await customer.post(`/bookings/new?quote=${quoteId}`, { slot: "own", ownDate: "", ownWindow: "morning", ...jobAddressForm });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose the date you would like.");
    const created = await customer.post(`/bookings/new?quote=${quoteId}`, { slot: `${daysFromToday(4)}|afternoon`, ownDate: "", ownWindow: "morning", ...jobAddressForm });
    expect(created.status).toBe(302);
    bookingId = Number(created.headers.get("location")!.split("/").pop());
    const booking = (await (await customer.get(`/bookings/${bookingId}`)).text()).replaceAll("<!-- -->", "");
    for (const text of ["£90", "Customer service fee (5%)", "Total", "Free cancellation until", "late-cancellation fee of £18", "held by FixiT until you confirm"]) expect(booking).toContain(text);
    expect((await fixer.get(`/bookings/${bookingId}`)).status).toBe(404);
  });

  it("pays through the TEST MODE checkout; the fixer marks it done with a note; the customer confirms", async () => {
    const pay = await customer.post(`/bookings/${bookingId}`, { intent: "pay" });
    expect(pay.status).toBe(302);
    const checkout = pay.headers.get("location")!;
    expect(checkout).toMatch(/^\/checkout\/test\/[0-9a-f-]{36}$/);
    await markPaidAndFulfil(server.services, checkout.split("/").pop()!, "test-checkout");
    expect((await bookingRow(bookingId)).state).toBe("booked");

    const fixerPage = (await (await fixer.get(`/fixer/bookings/${bookingId}`)).text()).replaceAll("<!-- -->", "");
    expect(fixerPage).toContain("You will receive");
    expect(fixerPage).toContain("£81");
    // Before the slot: neither "done" nor "did not come" is offered, and each page says when it will be.
    expect(fixerPage).not.toContain("Mark the job done");
    expect(fixerPage).toContain("Once the slot has started, you can mark the job done here.");
    const customerBefore = (await (await customer.get(`/bookings/${bookingId}`)).text()).replaceAll("<!-- -->", "");
    expect(customerBefore).not.toContain("The fixer did not come");
    expect(customerBefore).toContain("If the fixer does not come, you can tell us here once the slot has started");
    const noShowEarly = await customer.post(`/bookings/${bookingId}`, { intent: "report_no_show" });
    expect(noShowEarly.status).toBe(409);
    expect((await bookingRow(bookingId)).state).toBe("booked");
    const early = await fixer.post(`/fixer/bookings/${bookingId}`, { intent: "mark_done", note: "" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("once its slot has started");
    // The slot has passed.
    await server.services.db.update(bookings).set({ slotDate: daysFromToday(-1) }).where(eq(bookings.id, bookingId));
    expect(await (await fixer.get(`/fixer/bookings/${bookingId}`)).text()).toContain("Mark the job done");
    expect(await (await customer.get(`/bookings/${bookingId}`)).text()).toContain("The fixer did not come");
    const done = await fixer.post(`/fixer/bookings/${bookingId}`, { intent: "mark_done", note: "New washer fitted.\nAll dry now." });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/fixer/bookings/${bookingId}`);
    expect((await bookingRow(bookingId)).doneNote).toBe("New washer fitted.\nAll dry now.");

    const confirmed = await customer.post(`/bookings/${bookingId}`, { intent: "confirm_done" });
    expect(confirmed.status).toBe(303);
    expect((await bookingRow(bookingId)).state).toBe("released");
    const again = await customer.post(`/bookings/${bookingId}`, { intent: "confirm_done" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already released to the fixer");
  });

  it("hostile and wrong input: 4xx, nothing changed", async () => {
    const before = { row: await bookingRow(bookingId), timeline: await timelineLength(bookingId) };
    const attempts: [Browser, string, Record<string, string>, number][] = [
      [customer, `/bookings/${bookingId}`, { intent: "report_problem", reason: "bad\u0000byte in the report" }, 400],
      [customer, `/bookings/${bookingId}`, { intent: "report_problem", reason: "x".repeat(10_000) }, 400],
      [customer, `/bookings/${bookingId}`, { intent: "report_problem", reason: "Too late for this" }, 409],
      [customer, `/bookings/${bookingId}`, { intent: "mark_done", note: "" }, 400],
      [customer, `/bookings/${bookingId}`, { intent: "cancel", reason: "" }, 409],
      [fixer, `/fixer/bookings/${bookingId}`, { intent: "cancel", reason: "Changed my mind" }, 409],
      [fixer, `/bookings/${bookingId}`, { intent: "confirm_done" }, 404],
      [customer, `/fixer/bookings/${bookingId}`, { intent: "mark_done", note: "" }, 404],
      [customer, `/bookings/99999999`, { intent: "confirm_done" }, 404],
      [customer, `/bookings/1e3`, { intent: "confirm_done" }, 404],
    ];
    for (const [browser, path, form, status] of attempts) {
      const res = await browser.post(path, form);
      expect(res.status, `${path} ${JSON.stringify(form).slice(0, 80)}`).toBe(status);
    }
    const raw = await customer.post(`/bookings/${bookingId}`, {}, { "content-type": "application/x-www-form-urlencoded" });
    expect(raw.status).toBe(400);
    expect({ row: await bookingRow(bookingId), timeline: await timelineLength(bookingId) }).toEqual(before);
  });

  it("signed out: sent to sign in", async () => {
    const res = await new Browser(base).get(`/bookings/${bookingId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/auth?from=");
  });
});
