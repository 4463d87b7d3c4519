import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookingCases, bookings, fixerStrikes, providerOperations } from "#server/db/schema/bookings.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { fixerProfiles, reviews } from "#server/db/schema/quotes.ts";
import { bodyLimitFor } from "#server/http/body-limit.ts";
import { bodyLimits } from "~/composition-root.server";
import { cancelByFixer } from "~/features/bookings/bookings.server";
import { runBookingTimer } from "~/features/bookings/timers.server";
import { ledgerCheck } from "~/features/bookings/ledger.server";
import { BOOKING_TIMER_JOB } from "~/features/bookings/transition.server";
import { paidBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Cases (issue 52 item 2, decision 064) over real HTTP against the production build: "the fixer did
 * not come" and a cancellation after the slot started open a case instead of settling; the fixer
 * agrees, contests (staff decide) or lets 48 hours pass; strikes carry a status and only upheld or
 * uncontested ones pause a fixer. And reviews only after paid work (item 3).
 */

let server: InProcessServer;
let base: string;
let customer: SignedInPerson;
let fixer: SignedInPerson;
let staff: SignedInPerson;
let stranger: SignedInPerson;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  const { services } = server;
  [customer, fixer, staff, stranger] = [
    await signedInPerson(services, "case-customer@example.com", "customer"),
    await signedInFixer(services, "case-fixer-0@example.com"),
    await signedInPerson(services, "case-staff@example.com", "customer"),
    await signedInPerson(services, "case-stranger@example.com", "customer"),
  ];
  await services.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});
// Each test's own fixer: one test's strikes never pause another's.
let fixers = 0;
beforeEach(async () => {
  fixer = await signedInFixer(server.services, `case-fixer-${++fixers}@example.com`);
});

const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();

/** A form post as a browser sends it (multipart when it carries photos). */
async function post(who: SignedInPerson, path: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const headers: Record<string, string> = { accept: "text/html", origin: base, cookie: who.cookie };
  let body: FormData | URLSearchParams;
  if (photos.length) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    photos.forEach((p, i) => (body as FormData).append("photos", new Blob([new Uint8Array(p)], { type: "image/png" }), `photo-${i}.png`));
  } else {
    body = new URLSearchParams(fields);
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(new URL(path, base), { method: "POST", body, redirect: "manual", headers });
  return { status: res.status, text: await res.text() };
}
const get = async (who: SignedInPerson | null, path: string) => {
  const res = await fetch(new URL(path, base), { redirect: "manual", headers: who ? { cookie: who.cookie } : {} });
  return { status: res.status, text: (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'") };
};

const row = async (id: number) => (await server.services.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const caseRow = async (id: number) => (await server.services.db.select().from(bookingCases).where(eq(bookingCases.bookingId, id)))[0];
const strikeOf = async (id: number) => (await server.services.db.select().from(fixerStrikes).where(eq(fixerStrikes.bookingId, id)))[0];
const opsOf = async (id: number) => server.services.db.select().from(providerOperations).where(eq(providerOperations.bookingId, id)).orderBy(providerOperations.id);
const mailTo = async (email: string) =>
  (await server.services.db.select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-email")).orderBy(outboxJobs.id))
    .map((r) => r.payload as { to: string; subject: string; html?: string; text?: string; content?: { paragraphs: string[] } })
    .filter((m) => m.to === email);
const deadlineTimer = async (id: number) =>
  (
    await server.services.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, BOOKING_TIMER_JOB), sql`(${outboxJobs.payload}->>'bookingId')::bigint = ${id}`, sql`${outboxJobs.payload}->>'timer' = 'claim_deadline'`))
  )[0];
const fireDeadline = (id: number, now: Date) => runBookingTimer({ db: server.services.db, publicUrl: base, now: () => now }, { bookingId: id, timer: "claim_deadline" });

async function startedBooking(pricePence = 10_000) {
  return paidBooking(server.services, base, customer.id, fixer.id, { pricePence, started: true });
}

describe("“the fixer did not come” opens a case", () => {
  it("refunds nothing at once: the money stays held, the fixer is told with the claim and a link, a pending strike that does not count", async () => {
    const { bookingId } = await startedBooking();
    const reported = await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "Nobody came and nobody called." }, [await png("#335577")]);
    expect(reported.status).toBe(303);
    expect((await row(bookingId)).state).toBe("claim_open");
    expect(await opsOf(bookingId)).toEqual([]);
    const found = await caseRow(bookingId);
    expect(found).toMatchObject({ kind: "no_show", claim: "Nobody came and nobody called.", outcome: null });
    expect(found!.answerDueAt.getTime() - found!.openedAt.getTime()).toBe(48 * 3_600_000);
    expect(await strikeOf(bookingId)).toMatchObject({ reason: "no_show", status: "pending" });
    expect((await deadlineTimer(bookingId))!.runAt.getTime()).toBe(found!.answerDueAt.getTime());

    const told = (await mailTo(fixer.email)).filter((m) => m.subject.startsWith("The customer says you did not come"));
    expect(told).toHaveLength(1);
    const mail = JSON.stringify(told[0]);
    expect(mail).toContain("Nobody came and nobody called.");
    expect(mail).toContain("48 hours");
    expect(mail).toContain(`/fixer/bookings/${bookingId}`);
    const [bell] = await server.services.db.select().from(notifications).where(and(eq(notifications.userId, fixer.id), eq(notifications.link, `/fixer/bookings/${bookingId}`)));
    expect(bell).toBeDefined();

    const fixerPage = await get(fixer, `/fixer/bookings/${bookingId}`);
    expect(fixerPage.text).toContain("The customer says the fixer did not come");
    expect(fixerPage.text).toContain("Nobody came and nobody called.");
    expect(fixerPage.text).toContain("Contest it");
    expect(fixerPage.text).toContain("Agree: settle it as claimed");
    expect(fixerPage.text).toMatch(/You have until .+ \(48 hours from the claim\) to agree or contest it/);
    // The money may go back: what the fixer gets depends on the case, never a plain "You will receive".
    expect(fixerPage.text).toContain("You receive, only if the case is decided for you");
    expect(fixerPage.text).not.toContain("You will receive");
    const photo = fixerPage.text.match(/\/bookings\/\d+\/case-photos\/(\d+)/)![0];
    expect((await get(fixer, photo)).status).toBe(200);
    expect((await get(staff, photo)).status).toBe(200);
    expect((await get(stranger, photo)).status).toBe(404);
    expect((await get(null, photo)).status).toBe(404);
    const customerPage = await get(customer, `/bookings/${bookingId}`);
    expect(customerPage.text).toMatch(/The fixer has until .+ \(48 hours from the claim\)/);
    // A claim twice, or the customer answering their own claim: refused, nothing changes.
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show" })).status).toBe(409);
    expect((await post(customer, `/fixer/bookings/${bookingId}`, { intent: "agree_claim" })).status).toBe(404);
    expect((await row(bookingId)).state).toBe("claim_open");
  });

  it("the deadline to answer is in UK time (GMT or BST, named) on both pages and in the fixer's email, never UTC", async () => {
    const { bookingId } = await startedBooking();
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "No one came." })).status).toBe(303);
    const due = (await caseRow(bookingId))!.answerDueAt;
    const ukTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(due);
    const zone = /BST|GMT/.exec(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "short" }).format(due))?.[0] === "BST" ? "BST" : "GMT";
    for (const [who, path] of [[fixer, `/fixer/bookings/${bookingId}`], [customer, `/bookings/${bookingId}`]] as const) {
      const page = (await get(who, path)).text;
      expect(page, path).toMatch(new RegExp(`until \\d{1,2} \\w+ \\d{4}, ${ukTime} ${zone} \\(48 hours from the claim\\)`));
      expect(page, path).not.toMatch(/\d\d:\d\d UTC/);
    }
    const mail = JSON.stringify((await mailTo(fixer.email)).filter((m) => m.subject.startsWith("The customer says you did not come")));
    expect(mail).toContain(`${ukTime} ${zone}`);
    expect(mail).not.toMatch(/\d\d:\d\d UTC/);
  });

  it("each page speaks to its reader about the case, once; while a claim is open neither says the money waits for the customer's confirmation", async () => {
    const { bookingId: booked } = await paidBooking(server.services, base, customer.id, fixer.id);
    const customerBooked = (await get(customer, `/bookings/${booked}`)).text;
    expect(customerBooked).toContain("A cancellation after the slot has started opens a case: the fixer has 48 hours to answer");
    expect(customerBooked).not.toContain("If the customer says the fixer did not come");
    const fixerBooked = (await get(fixer, `/fixer/bookings/${booked}`)).text;
    expect(fixerBooked).toContain("If the customer says you did not come, or cancels after the slot started, you have 48 hours to answer");

    const { bookingId } = await startedBooking();
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "No one came." })).status).toBe(303);
    expect((await get(customer, `/bookings/${bookingId}`)).text).not.toContain("until you confirm the job is done");
    expect((await get(fixer, `/fixer/bookings/${bookingId}`)).text).not.toContain("until they confirm the job is done");
    expect((await get(customer, `/bookings/${bookingId}`)).text).toContain("the money stays held until then");
  });

  it("after the slot started, the customer's cancel panel states the fee and the refund before the case it opens", async () => {
    const { bookingId } = await startedBooking();
    const page = (await get(customer, `/bookings/${bookingId}`)).text;
    expect(page).toMatch(/Cancelling now is late: the late-cancellation fee of £20 goes to the fixer, and £[\d.]+ is refunded to your card\./);
    expect(page).toContain("The slot has started: the fixer has 48 hours to answer your cancellation.");
  });

  it("the customer's page takes 3 photos of 10 MB each with the claim, as the fixer's takes them with an answer", () => {
    const multipart = "multipart/form-data; boundary=x";
    const customerLimit = bodyLimitFor(bodyLimits, "/bookings/7", multipart);
    expect(customerLimit).toBe(bodyLimitFor(bodyLimits, "/fixer/bookings/7", multipart));
    expect(customerLimit).toBeGreaterThan(3 * 10 * 1024 * 1024);
  });

  it("hostile input on the claim and the answer (NUL, 10,000 characters, an unknown intent) is a 4xx with nothing opened or answered", async () => {
    const { bookingId } = await startedBooking();
    for (const reason of ["Nobody came\u0000", "x".repeat(10_000)]) {
      const refused = await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect((await row(bookingId)).state).toBe("booked");
    expect(await caseRow(bookingId)).toBeUndefined();

    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "Nobody came." })).status).toBe(303);
    for (const answer of ["I was there\u0000", "x".repeat(10_000), ""]) {
      const refused = await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "contest_claim", answer });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "contest_claimx", answer: "I was there." })).status).toBe(400);
    expect((await row(bookingId)).state).toBe("claim_open");
    expect((await caseRow(bookingId))!.answer).toBeNull();
  });

  it("the fixer's agree and contest sent at once, with the deadline's timer firing too: one wins, one refund at most, the ledger still sums to zero", async () => {
    const { bookingId } = await startedBooking();
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "Nobody came." })).status).toBe(303);
    const due = (await caseRow(bookingId))!.answerDueAt;
    const answers = await Promise.all([
      post(fixer, `/fixer/bookings/${bookingId}`, { intent: "agree_claim" }),
      post(fixer, `/fixer/bookings/${bookingId}`, { intent: "contest_claim", answer: "I was there at nine and knocked twice." }),
      fireDeadline(bookingId, new Date(due.getTime() + 60_000)).then(() => ({ status: 0, text: "" })),
    ]);
    const [agreed, contested] = answers;
    // Whichever came first settled it (the fixer's answer, or the timer); the others were refused with a 409, never a 5xx.
    for (const answer of [agreed!, contested!]) expect([303, 409]).toContain(answer.status);
    expect([agreed!.status, contested!.status].filter((status) => status === 303).length).toBeLessThanOrEqual(1);
    const state = (await row(bookingId)).state;
    expect(state).toBe(contested!.status === 303 ? "claim_contested" : "no_show");
    const refunds = (await opsOf(bookingId)).filter((op) => op.kind === "refund");
    expect(refunds.length).toBe(state === "no_show" ? 1 : 0);
    expect((await ledgerCheck(server.services.db)).total).toBe(0);
    expect((await ledgerCheck(server.services.db)).unbalancedEventIds).toEqual([]);
  });

  it("the fixer agrees: a full refund at once, the strike not contested", async () => {
    const { bookingId } = await startedBooking();
    expect((await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "" })).status).toBe(303);
    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "agree_claim" })).status).toBe(303);
    const settled = await row(bookingId);
    expect(settled.state).toBe("no_show");
    expect((await opsOf(bookingId)).map((o) => [o.kind, o.amountPence])).toEqual([["refund", settled.totalPence]]);
    expect(await strikeOf(bookingId)).toMatchObject({ status: "not_contested" });
    expect(await caseRow(bookingId)).toMatchObject({ outcome: "agreed" });
    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "contest_claim", answer: "I was there at nine sharp." })).status).toBe(409);
  });

  it("no answer within 48 hours: settled as claimed once by the timer, however often it fires; never before the deadline", async () => {
    const { bookingId } = await startedBooking();
    await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "No one came." });
    const due = (await caseRow(bookingId))!.answerDueAt;
    await expect(fireDeadline(bookingId, new Date(due.getTime() - 60_000))).rejects.toThrow(/not due/);
    expect((await row(bookingId)).state).toBe("claim_open");
    await Promise.all([fireDeadline(bookingId, new Date(due.getTime() + 60_000)), fireDeadline(bookingId, new Date(due.getTime() + 60_000))]);
    const settled = await row(bookingId);
    expect(settled.state).toBe("no_show");
    expect((await opsOf(bookingId)).map((o) => [o.kind, o.amountPence])).toEqual([["refund", settled.totalPence]]);
    expect(await strikeOf(bookingId)).toMatchObject({ status: "not_contested" });
    expect(await caseRow(bookingId)).toMatchObject({ outcome: "unanswered" });
  });

  it("contested with an answer and photos: staff see both sides and decide; the strike is upheld only when staff decide against the fixer", async () => {
    const released = await startedBooking();
    await post(customer, `/bookings/${released.bookingId}`, { intent: "report_no_show", reason: "Nobody turned up." }, [await png("#aa3311")]);
    const contested = await post(fixer, `/fixer/bookings/${released.bookingId}`, { intent: "contest_claim", answer: "I came at 9am; nobody answered the door." }, [await png("#11aa33"), await png("#1133aa")]);
    expect(contested.status).toBe(303);
    expect((await row(released.bookingId)).state).toBe("claim_contested");
    expect(await strikeOf(released.bookingId)).toMatchObject({ status: "contested" });
    expect(await opsOf(released.bookingId)).toEqual([]);
    const staffPage = await get(staff, `/staff/bookings/${released.bookingId}`);
    for (const text of ["Nobody turned up.", "I came at 9am; nobody answered the door.", "Photos from the customer", "Photos from the fixer", "Release all"]) expect(staffPage.text).toContain(text);
    const decided = await post(staff, `/staff/bookings/${released.bookingId}`, { intent: "decide", decision: "release", reason: "The doorbell camera shows the fixer at the door." });
    expect(decided.status).toBe(303);
    expect((await row(released.bookingId)).state).toBe("released");
    expect(await strikeOf(released.bookingId)).toMatchObject({ status: "overturned" });
    const customerPage = await get(customer, `/bookings/${released.bookingId}`);
    expect(customerPage.text).toContain("FixiT staff decided: the fixer is paid in full.");

    const refunded = await startedBooking();
    await post(customer, `/bookings/${refunded.bookingId}`, { intent: "report_no_show", reason: "Nobody turned up." });
    await post(fixer, `/fixer/bookings/${refunded.bookingId}`, { intent: "contest_claim", answer: "I was there, honestly, at nine." });
    await post(staff, `/staff/bookings/${refunded.bookingId}`, { intent: "decide", decision: "refund", reason: "No sign the fixer came." });
    expect((await row(refunded.bookingId)).state).toBe("refunded");
    expect(await strikeOf(refunded.bookingId)).toMatchObject({ status: "upheld" });
    expect((await get(fixer, `/fixer/bookings/${refunded.bookingId}`)).text).toContain("FixiT staff decided: the customer is refunded in full.");
  });

  it("the fixer cannot contest after the 48 hours, and staff cannot decide an open case", async () => {
    const { bookingId } = await startedBooking();
    await post(customer, `/bookings/${bookingId}`, { intent: "report_no_show", reason: "" });
    expect((await post(staff, `/staff/bookings/${bookingId}`, { intent: "decide", decision: "refund", reason: "Too early to decide." })).status).toBe(409);
    await server.services.db.update(bookingCases).set({ answerDueAt: new Date(Date.now() - 60_000) }).where(eq(bookingCases.bookingId, bookingId));
    const late = await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "contest_claim", answer: "I was there at nine sharp." });
    expect(late.status).toBe(409);
    expect(late.text).toContain("48 hours to answer ended");
    expect((await row(bookingId)).state).toBe("claim_open");
  });
});

describe("a cancellation after the slot started opens a case", () => {
  it("pays no late fee at once; if the fixer agrees, the late-cancellation terms apply", async () => {
    const { bookingId } = await startedBooking(12_000);
    const cancelled = await post(customer, `/bookings/${bookingId}`, { intent: "cancel", reason: "Sorted it myself." });
    expect(cancelled.status).toBe(303);
    expect((await row(bookingId)).state).toBe("claim_open");
    expect(await opsOf(bookingId)).toEqual([]);
    expect(await caseRow(bookingId)).toMatchObject({ kind: "late_cancel", claim: "Sorted it myself." });
    // Not the fixer's fault: no strike.
    expect(await strikeOf(bookingId)).toBeUndefined();
    expect((await get(fixer, `/fixer/bookings/${bookingId}`)).text).toContain("The customer cancelled after the slot started");
    expect((await post(fixer, `/fixer/bookings/${bookingId}`, { intent: "agree_claim" })).status).toBe(303);
    const settled = await row(bookingId);
    expect(settled.state).toBe("cancelled_late");
    expect(settled.lateFeePence).toBe(2_400);
    const ops = (await opsOf(bookingId)).map((o) => [o.kind, o.amountPence]);
    expect(ops).toEqual(expect.arrayContaining([["refund", settled.totalPence - 2_400], ["transfer", 2_400]]));
  });
});

describe("strikes and the pause", () => {
  it("two pending strikes and one upheld do not pause; a third that counts does, and the notice links to the contact form", async () => {
    const pauser = await signedInFixer(server.services, "case-strikes@example.com");
    const booking = () => paidBooking(server.services, base, customer.id, pauser.id, { started: true });
    const claim = async (id: number) => expect((await post(customer, `/bookings/${id}`, { intent: "report_no_show", reason: "" })).status).toBe(303);
    const [a, b, c] = [await booking(), await booking(), await booking()];
    await claim(a.bookingId);
    await claim(b.bookingId);
    await claim(c.bookingId);
    await post(pauser, `/fixer/bookings/${c.bookingId}`, { intent: "contest_claim", answer: "I came and waited an hour." });
    await post(staff, `/staff/bookings/${c.bookingId}`, { intent: "decide", decision: "refund", reason: "The customer's photos show nobody came." });
    expect(await strikeOf(c.bookingId)).toMatchObject({ status: "upheld" });
    const paused = async () => (await server.services.db.select().from(fixerProfiles).where(eq(fixerProfiles.userId, pauser.id)))[0]!.leadsDisabledAt;
    // Three strikes, one counting: no pause.
    expect(await paused()).toBeNull();
    const staffUser = await get(staff, `/staff/users/${pauser.id}`);
    expect(staffUser.text).toContain("Strikes (1 counting)");
    for (const label of ["Pending", "Upheld"]) expect(staffUser.text).toContain(label);
    // The fixer agrees to one and cancels another booking: three that count.
    await post(pauser, `/fixer/bookings/${a.bookingId}`, { intent: "agree_claim" });
    expect(await paused()).toBeNull();
    const d = await paidBooking(server.services, base, customer.id, pauser.id);
    await cancelByFixer({ db: server.services.db, publicUrl: base }, pauser.id, d.bookingId, { reason: "Van broke down" });
    expect(await paused()).not.toBeNull();
    const notice = (await mailTo(pauser.email)).filter((m) => m.subject.startsWith("New jobs are paused"));
    expect(notice).toHaveLength(1);
    expect(JSON.stringify(notice[0])).toContain(`${base}/help#contact-support`);
    const dashboard = await get(pauser, "/fixer");
    expect(dashboard.text).toContain('href="/help#contact-support"');
    expect((await get(null, "/help")).text).toContain('id="contact-support"');
  });
});

describe("reviews only after paid work", () => {
  it("a job whose booking was refunded offers no review and refuses one; a released one takes one per side, once", async () => {
    // The fixer did not come and agreed: refunded, nothing was done.
    const refunded = await startedBooking();
    await post(customer, `/bookings/${refunded.bookingId}`, { intent: "report_no_show", reason: "" });
    await post(fixer, `/fixer/bookings/${refunded.bookingId}`, { intent: "agree_claim" });
    expect((await post(customer, `/account/jobs/${refunded.jobId}`, { intent: "done" })).status).toBe(303);
    const jobPage = await get(customer, `/account/jobs/${refunded.jobId}`);
    expect(jobPage.text).not.toContain('name="rating"');
    const review = await post(customer, `/account/jobs/${refunded.jobId}`, { intent: "review", rating: "1", body: "Never came, never called, avoid this one." });
    expect(review.status).toBe(409);
    expect(review.text).toContain("Reviews are for work that was done and paid for");
    expect((await post(fixer, `/fixer/jobs/${refunded.jobId}`, { intent: "review-customer", rating: "1", body: "Claimed I never came, which is untrue." })).status).toBe(409);
    expect(await server.services.db.select().from(reviews).where(eq(reviews.jobId, refunded.jobId))).toEqual([]);

    // Done and confirmed: released.
    const paid = await paidBooking(server.services, base, customer.id, fixer.id, { started: true });
    await post(fixer, `/fixer/bookings/${paid.bookingId}`, { intent: "mark_done", note: "" });
    await post(customer, `/bookings/${paid.bookingId}`, { intent: "confirm_done" });
    expect((await row(paid.bookingId)).state).toBe("released");
    expect((await post(customer, `/account/jobs/${paid.jobId}`, { intent: "review", rating: "5", body: "Quick, tidy and fairly priced work." })).status).toBe(303);
    const again = await post(customer, `/account/jobs/${paid.jobId}`, { intent: "review", rating: "1", body: "Changed my mind about this job." });
    expect(again.status).toBe(409);
    expect(again.text).toContain("already reviewed");
    expect((await post(fixer, `/fixer/jobs/${paid.jobId}`, { intent: "review-customer", rating: "5", body: "Clear about the job and paid on time." })).status).toBe(303);
    expect(await server.services.db.select().from(reviews).where(eq(reviews.jobId, paid.jobId))).toHaveLength(2);
  });
});
