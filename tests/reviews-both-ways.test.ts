import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { reviewWindows, reviews } from "#server/db/schema/quotes.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { postJob } from "~/features/quotes/jobs.server";
import { acceptQuote, sendQuote } from "~/features/quotes/quotes.server";
import { closeReviewWindow, REVIEW_WINDOW_JOB, runReviewWindowTimer } from "~/features/quotes/reviews.server";
import type { JobInput } from "~/features/quotes/schemas";
import { createApprovedFixer, daysFromToday, endReviewWindow } from "#tests/helpers/marketplace.ts";
import { releasedQuote } from "./helpers/done-bookings";
import { HOSTILE_ENCODED, MUST_REFUSE_ANYWHERE } from "#tests/helpers/hostile-input.ts";
import { Browser, signUpConfirmed } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Reviews both ways (issue 36 item 4, decision 055) over real HTTP: after a finished job the
 * customer and the fixer review each other within 14 days; neither sees the other's review until
 * both are in or the window closes; the reviewed person is told at publication only; staff hiding
 * shows "removed" with the reason; fixers see a customer's rating before quoting, the public never.
 */

const password = "copper-kettle-violet-harbour";
let server: InProcessServer;
let base: string;
let deps: PublicChangeDeps;
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

type Person = { browser: Browser; id: string; email: string };
let customer: Person;
let fixer: Person & { slug: string; displayName: string };
let otherFixer: Person & { slug: string };
let stranger: Person & { slug: string };
let staff: Browser;
const anonymous = () => new Browser(base);

const jobInput = (title: string): JobInput => ({
  service: "plumbing",
  postcode: "SW1A 1AA",
  title,
  description: "The kitchen tap drips all day and the washer seems worn out.",
  timing: "week",
  preferredDate: null,
  budget: null,
});
const quoteInput = { priceKind: "fixed" as const, amountPence: 9000, amountToPence: null, includes: "New washer and fitting", earliestStart: daysFromToday(2), message: "" };
const customerReview = "Fixed the tap in under an hour and left the kitchen spotless.";
const fixerReview = "Clear about the job, easy to reach, and paid on time. A pleasure.";

async function person(email: string, fullName: string, userType = "customer"): Promise<Person> {
  const browser = await signUpConfirmed(base, { email, fullName, password, userType, ip: newIp() });
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: row!.id, email };
}

async function approvedFixer(email: string, first: string, last: string) {
  const signedUp = await person(email, `${first} ${last}`, "fixer");
  const approved = await createApprovedFixer(deps.db, { user: { id: signedUp.id, email, name: `${first} ${last}` }, first, last, services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  return { ...signedUp, slug: approved.slug, displayName: approved.displayName };
}

/** A job of `customer` the fixer quoted for and did: accepted, booked, paid and released (reviews are for paid work, decision 064); the release marks the job done. */
async function finishedJob(title: string): Promise<number> {
  const { jobId } = await postJob(deps, customer.id, jobInput(title));
  const { quoteId } = await sendQuote(deps, fixer.id, jobId, quoteInput);
  await sendQuote(deps, otherFixer.id, jobId, { ...quoteInput, amountPence: 12000 });
  await acceptQuote(deps, customer.id, quoteId);
  await releasedQuote(server.services, base, customer.id, quoteId);
  return jobId;
}

const reviewAsCustomer = (jobId: number, fields: Record<string, string> = {}) =>
  customer.browser.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: customerReview, ...fields }, { origin: base });
const reviewAsFixer = (who: Person, jobId: number, fields: Record<string, string> = {}) =>
  who.browser.post(`/fixer/jobs/${jobId}`, { intent: "review-customer", rating: "4", body: fixerReview, ...fields }, { origin: base });
const textOf = async (response: Response | Promise<Response>) =>
  (await (await response).text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const reviewsOf = (jobId: number) => deps.db.select().from(reviews).where(eq(reviews.jobId, jobId));
const reviewNotices = async (userId: string) =>
  (await deps.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "review"))))[0]!.n;

beforeAll(async () => {
  const start = () => startServerInProcess();
  server = await start().catch(() => start());
  base = server.url;
  deps = { db: server.services.db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  customer = await person("both-ways-customer@example.com", "Cara Customer");
  fixer = await approvedFixer("both-ways-fixer@example.com", "Paula", "Plumb");
  otherFixer = await approvedFixer("both-ways-other@example.com", "Olly", "Other");
  stranger = await approvedFixer("both-ways-stranger@example.com", "Stan", "Stranger");
  staff = (await person("both-ways-staff@example.com", "Sid Staff")).browser;
  await deps.db.update(users).set({ role: "staff" }).where(eq(users.email, "both-ways-staff@example.com"));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("reviews both ways", () => {
  it("keeps each review hidden until both are in, then publishes both and tells each side once", async () => {
    const jobId = await finishedJob("Dripping kitchen tap");
    const [customerBefore, fixerBefore] = [await reviewNotices(customer.id), await reviewNotices(fixer.id)];

    expect((await reviewAsCustomer(jobId)).status).toBe(303);
    const own = await textOf(customer.browser.get(`/account/jobs/${jobId}`));
    expect(own).toContain("Your review of Paula P.");
    expect(own).toContain(customerReview);
    expect(own).toMatch(/Hidden until Paula P\. reviews you or \d{1,2} \w+ \d{4}\./);
    // The fixer, the public profile and the rating do not see it yet; nobody has been told.
    const fixerPage = await textOf(fixer.browser.get(`/fixer/jobs/${jobId}`));
    expect(fixerPage).not.toContain(customerReview);
    expect(fixerPage).toContain("Review the customer");
    expect(fixerPage).toContain("Neither of you sees the other's review until both are in");
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).not.toContain(customerReview);
    expect(await reviewNotices(fixer.id)).toBe(fixerBefore);

    expect((await reviewAsFixer(fixer, jobId)).status).toBe(303);
    const [a, b] = await reviewsOf(jobId);
    expect(a!.visibleFrom.getTime()).toBeLessThanOrEqual(Date.now());
    expect(b!.visibleFrom.getTime()).toBe(a!.visibleFrom.getTime());
    const customerPage = await textOf(customer.browser.get(`/account/jobs/${jobId}`));
    expect(customerPage).toContain("Paula P.'s review of you");
    expect(customerPage).toContain(fixerReview);
    expect(customerPage).not.toContain("Hidden until");
    const fixerAfter = await textOf(fixer.browser.get(`/fixer/jobs/${jobId}`));
    expect(fixerAfter).toContain("The customer's review");
    expect(fixerAfter).toContain(customerReview);
    expect(fixerAfter).toContain("Your public reply");
    const profile = await textOf(anonymous().get(`/fixers/${fixer.slug}`));
    expect(profile).toContain(customerReview);
    expect(profile).toContain("Reviews (1)");
    // The public never reads a fixer's review of a customer.
    expect(profile).not.toContain(fixerReview);
    expect(await reviewNotices(customer.id)).toBe(customerBefore + 1);
    expect(await reviewNotices(fixer.id)).toBe(fixerBefore + 1);
  });

  it("publishes what is in when the window closes, with no timer racing the reader; the close's timer tells the fixer once", async () => {
    const jobId = await finishedJob("Leaking radiator valve");
    expect((await reviewAsCustomer(jobId, { body: "Sorted the valve, but arrived two hours late." })).status).toBe(303);
    // The first review stores the window (it opened when the booking was released) and its closing timer.
    const [timer] = await deps.db.select({ runAt: outboxJobs.runAt }).from(outboxJobs).where(and(eq(outboxJobs.kind, REVIEW_WINDOW_JOB), sql`${outboxJobs.payload}->>'jobId' = ${String(jobId)}`));
    const [window] = await deps.db.select().from(reviewWindows).where(eq(reviewWindows.jobId, jobId));
    expect(timer!.runAt.getTime()).toBe(window!.closesAt.getTime());
    expect(window!.closesAt.getTime() - window!.opensAt.getTime()).toBe(14 * 24 * 60 * 60 * 1000);

    const before = await reviewNotices(fixer.id);
    await endReviewWindow(deps.db, jobId);
    // Published by the query alone: the profile shows it before any timer ran.
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).toContain("Sorted the valve, but arrived two hours late.");
    expect(await textOf(customer.browser.get(`/account/jobs/${jobId}`))).not.toContain("Hidden until");
    expect(await closeReviewWindow(deps, jobId)).toBe(1);
    expect(await closeReviewWindow(deps, jobId)).toBe(0);
    expect(await reviewNotices(fixer.id)).toBe(before + 1);

    // The fixer's 14 days are over too: a clear 409 and nothing stored.
    const late = await reviewAsFixer(fixer, jobId);
    expect(late.status).toBe(409);
    expect(await textOf(late)).toMatch(/The 14 days to review the customer ended on \d{1,2} \w+ \d{4}\./);
    expect((await reviewsOf(jobId)).map((r) => r.author)).toEqual(["customer"]);
  });

  it("refuses a review after 14 days with a clear message", async () => {
    const jobId = await finishedJob("Blocked bathroom sink");
    await endReviewWindow(deps.db, jobId);
    const late = await reviewAsCustomer(jobId);
    expect(late.status).toBe(409);
    expect(await textOf(late)).toMatch(/The 14 days to review the fixer ended on/);
    expect(await reviewsOf(jobId)).toEqual([]);
    expect(await textOf(customer.browser.get(`/account/jobs/${jobId}`))).toMatch(/The 14 days to review ended on/);
  });

  it("lets only the fixer who did the work review the customer (404 for anyone else), and only after the job is done", async () => {
    const jobId = await finishedJob("Noisy boiler pipes");
    expect((await reviewAsFixer(otherFixer, jobId)).status).toBe(404);
    expect((await reviewAsFixer(stranger, jobId)).status).toBe(404);
    expect((await reviewAsFixer(fixer, 999_999_999)).status).toBe(404);
    // A customer's own job does not take a fixer's review from the customer's account.
    expect((await customer.browser.post(`/fixer/jobs/${jobId}`, { intent: "review-customer", rating: "4", body: fixerReview }, { origin: base })).status).toBeGreaterThanOrEqual(400);
    expect(await reviewsOf(jobId)).toEqual([]);

    const { jobId: ongoing } = await postJob(deps, customer.id, jobInput("Shower keeps going cold"));
    const { quoteId } = await sendQuote(deps, fixer.id, ongoing, quoteInput);
    await acceptQuote(deps, customer.id, quoteId);
    const early = await reviewAsFixer(fixer, ongoing);
    expect(early.status).toBe(409);
    expect(await textOf(early)).toContain("Reviews are for work that was done and paid for");
  });

  it("takes one review per side per job", async () => {
    const jobId = await finishedJob("Outside tap frozen");
    expect((await reviewAsCustomer(jobId)).status).toBe(303);
    expect((await reviewAsCustomer(jobId, { rating: "1", body: "Changed my mind about this job entirely." })).status).toBe(409);
    expect((await reviewAsFixer(fixer, jobId)).status).toBe(303);
    const again = await reviewAsFixer(fixer, jobId, { rating: "1", body: "Second thoughts about this customer here." });
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("You have already reviewed this job.");
    const stored = await reviewsOf(jobId);
    expect(stored.map((r) => [r.author, r.rating]).sort()).toEqual([
      ["customer", 5],
      ["fixer", 4],
    ]);
  });

  it("answers hostile input with a 4xx and stores nothing", async () => {
    const jobId = await finishedJob("Hostile input job");
    const cases: Record<string, string>[] = [
      ...MUST_REFUSE_ANYWHERE.map((body) => ({ body })),
      { body: "x".repeat(10_000) },
      { body: "Long enough review text \u0000 with a NUL" },
      { rating: "0" },
      { rating: "6" },
      { rating: "5\r\nX-Injected: yes" },
      { rating: "x".repeat(10_000) },
    ];
    for (const fields of cases) {
      expect((await reviewAsFixer(fixer, jobId, fields)).status).toBe(400);
      expect((await reviewAsCustomer(jobId, fields)).status).toBe(400);
    }
    expect(await reviewsOf(jobId)).toEqual([]);

    // Raw encodings: a NUL is refused; broken UTF-8 decodes to replacement characters (an ordinary
    // review then, judged by the schema); none is a server error, and no NUL is ever stored.
    const rawPost = (who: Person, path: string, intent: string, raw: string) =>
      fetch(new URL(path, base), {
        method: "POST",
        redirect: "manual",
        body: `intent=${intent}&rating=4&body=Long+enough+review+text+${raw}+here`,
        headers: { accept: "text/html", "content-type": "application/x-www-form-urlencoded", cookie: who.browser.cookieHeader(), origin: base },
      });
    for (const [who, path, intent] of [
      [fixer, `/fixer/jobs/${jobId}`, "review-customer"],
      [customer, `/account/jobs/${jobId}`, "review"],
    ] as const) {
      expect((await rawPost(who, path, intent, "%00")).status).toBe(400);
      for (const raw of HOSTILE_ENCODED) expect((await rawPost(who, path, intent, raw)).status, `${intent} ${raw}`).toBeLessThan(500);
    }
    expect((await reviewsOf(jobId)).filter((r) => r.body.includes("\u0000"))).toEqual([]);
  });

  it("shows a review hidden by staff as removed, with the reason, wherever it showed", async () => {
    const jobId = await finishedJob("Replace kitchen mixer tap");
    expect((await reviewAsCustomer(jobId, { body: "Rude on the phone and the neighbour Mrs Smith heard it all." })).status).toBe(303);
    expect((await reviewAsFixer(fixer, jobId, { body: "Called me names and the neighbour Mr Jones agreed with me." })).status).toBe(303);
    const stored = await reviewsOf(jobId);
    const ratingBefore = await textOf(anonymous().get(`/fixers/${fixer.slug}`));
    for (const review of stored) {
      const hidden = await staff.post(`/staff/jobs/${jobId}`, { intent: "hide-review", reviewId: String(review.id), reason: `Names a neighbour (${review.author}).` }, { origin: base });
      expect(hidden.status).toBe(302);
    }
    const profile = await textOf(anonymous().get(`/fixers/${fixer.slug}`));
    expect(profile).not.toContain("Mrs Smith");
    expect(profile).toContain("Removed by FixiT.");
    expect(profile).toContain("Reason: Names a neighbour (customer).");
    // Removed reviews count for nothing: one fewer than before.
    const countOf = (text: string) => Number(/Reviews \((\d+)\)/.exec(text)![1]);
    expect(countOf(profile)).toBe(countOf(ratingBefore) - 1);
    const customerPage = await textOf(customer.browser.get(`/account/jobs/${jobId}`));
    expect(customerPage).not.toContain("Mr Jones");
    expect(customerPage).toContain("Reason: Names a neighbour (fixer).");
    expect(customerPage).toContain("Reason: Names a neighbour (customer).");
    const fixerPage = await textOf(fixer.browser.get(`/fixer/jobs/${jobId}`));
    expect(fixerPage).not.toContain("Mrs Smith");
    expect(fixerPage).toContain("Reason: Names a neighbour (customer).");
    expect(fixerPage).not.toContain("Your public reply");
  });

  it("shows fixers a customer's rating before they quote, counting published reviews only, and never to the public", async () => {
    const rated = await person("both-ways-rated@example.com", "Rhea Rated");
    const first = await postJob(deps, rated.id, jobInput("Fit a new toilet seat"));
    const { quoteId } = await sendQuote(deps, fixer.id, first.jobId, quoteInput);
    await acceptQuote(deps, rated.id, quoteId);
    await releasedQuote(server.services, base, rated.id, quoteId);
    const { jobId: next } = await postJob(deps, rated.id, jobInput("Bleed the radiators"));

    // The fixer's review of Rhea is in but not published (she has not reviewed): it counts for nothing yet.
    expect((await reviewAsFixer(fixer, first.jobId, { rating: "3" })).status).toBe(303);
    expect(await textOf(otherFixer.browser.get(`/fixer/jobs/${next}`))).toContain("New customer: no reviews from fixers yet");

    await endReviewWindow(deps.db, first.jobId);
    const lead = await textOf(otherFixer.browser.get(`/fixer/jobs/${next}`));
    expect(lead).toContain("Customer rated 3.0 out of 5 by 1 fixer");
    expect(lead).toContain("Send a quote");
    expect(await textOf(otherFixer.browser.get("/fixer"))).toContain("Customer rated 3.0 out of 5 by 1 fixer");
    // Nobody else reads it: not signed in, the job page is not theirs; public pages never carry it.
    const anon = await anonymous().get(`/fixer/jobs/${next}`);
    expect(anon.status).not.toBe(200);
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).not.toContain(fixerReview);
    expect(await textOf(rated.browser.get(`/account/jobs/${next}`))).not.toContain("Customer rated");
  });

  it("opens the window when the job's booking is released, without the job being marked done", async () => {
    const { jobId } = await postJob(deps, customer.id, jobInput("Booked and released"));
    const { quoteId } = await sendQuote(deps, fixer.id, jobId, quoteInput);
    await acceptQuote(deps, customer.id, quoteId);
    expect((await reviewAsCustomer(jobId)).status).toBe(409);
    const settledAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await deps.db.insert(bookings).values({
      quoteId,
      jobId,
      customerUserId: customer.id,
      fixerUserId: fixer.id,
      slotDate: daysFromToday(-3),
      slotWindow: "morning",
      slotProposedBy: "fixer",
      pricePence: 9000,
      customerFeePence: 450,
      totalPence: 9450,
      fixerChargePence: 900,
      fixerNetPence: 8100,
      lateFeePence: 0,
      state: "released",
      settledAt,
    });
    expect(await textOf(customer.browser.get(`/account/jobs/${jobId}`))).toContain("Review Paula P.");
    const booked = "Booked through FixiT, paid when done: smooth from start to finish.";
    expect((await reviewAsCustomer(jobId, { body: booked })).status).toBe(303);
    const [window] = await deps.db.select().from(reviewWindows).where(eq(reviewWindows.jobId, jobId));
    expect(window!.opensAt.getTime()).toBe(settledAt.getTime());
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).not.toContain(booked);
    expect((await reviewAsFixer(fixer, jobId)).status).toBe(303);
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).toContain(booked);
  });

  it("keeps a review written before reviews went both ways published, and its timer refuses a bad payload", async () => {
    const { jobId } = await postJob(deps, customer.id, jobInput("Reviewed before both ways"));
    const { quoteId } = await sendQuote(deps, fixer.id, jobId, quoteInput);
    await acceptQuote(deps, customer.id, quoteId);
    // A row as the migration leaves the old ones: no author, no visible_from given (the column defaults).
    const legacy = "Written before reviews went both ways, and still on the profile.";
    await deps.db.insert(reviews).values({ jobId, fixerUserId: fixer.id, customerUserId: customer.id, rating: 4, body: legacy });
    const [row] = await reviewsOf(jobId);
    expect(row).toMatchObject({ author: "customer", subjectNotifiedAt: null });
    expect(await textOf(anonymous().get(`/fixers/${fixer.slug}`))).toContain(legacy);
    await expect(runReviewWindowTimer(server.services, { jobId: "1; drop table reviews" })).rejects.toThrow("review window timer without a valid job id");
  });
});
