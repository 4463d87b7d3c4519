import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { fixerProfiles, jobMessages, reviews } from "#server/db/schema/quotes.ts";
import { staffAuditLog } from "#server/db/schema/staff.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { requireActiveFixer } from "~/features/quotes/access.server";
import { openJobsForFixer } from "~/features/quotes/dashboard.server";
import { postJob } from "~/features/quotes/jobs.server";
import { postMessage } from "~/features/quotes/messages.server";
import { fixerProfileBySlug } from "~/features/quotes/profiles.server";
import { acceptQuote, markJobDone, sendQuote } from "~/features/quotes/quotes.server";
import { leaveReview } from "~/features/quotes/reviews.server";
import type { JobInput } from "~/features/quotes/schemas";
import { clearOutbox, createApprovedFixer, createUser, daysFromToday, endReviewWindow, queuedEmails } from "#tests/helpers/marketplace.ts";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { csv } from "./csv-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { recordReleasedBooking } from "#tests/helpers/done-bookings.ts";

/**
 * The staff console's side of the quotes marketplace over real HTTP: the jobs, quotes, reviews and
 * messages lists and their CSV exports; the job page (full postcode for staff only); hiding a
 * review or a message and pausing a fixer's leads (reason required, audited, author emailed,
 * PRG with a flash); and who may do it. The marketplace is seeded with the quotes services against
 * the in-process server's own database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */

const strong = "copper-kettle-violet-harbour";
let server: InProcessServer;
let base: string;
let deps: PublicChangeDeps;
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

let staff: Browser;
let admin: Browser;
let plain: Browser;
let anonymous: Browser;

const jobInput: JobInput = {
  service: "electrical",
  postcode: "M1 1AE",
  title: "Replace two sockets",
  description: "Two double sockets in the kitchen need replacing; one is scorched.",
  timing: "flexible",
  preferredDate: null,
  budget: null,
};
const quote = { priceKind: "fixed" as const, amountPence: 9000, amountToPence: null, includes: "Sockets and fitting", earliestStart: daysFromToday(2), message: "" };
const goodReview = "Arrived on time, tidy work, explained everything. Recommended.";

let fixer: Awaited<ReturnType<typeof createApprovedFixer>>;
let customer: { id: string; email: string; name: string };
let doneJobId: number;
let openJobId: number;
let reviewId: number;
let messageId: number;

beforeAll(async () => {
  const start = () => startServerInProcess();
  server = await start().catch(() => start());
  base = server.url;
  deps = { db: server.services.db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  anonymous = new Browser(base);
  [staff, admin, plain] = await Promise.all([
    newConfirmedUser("mod-staff@example.com", "Mo Staff"),
    newConfirmedUser("mod-admin@example.com", "Ada Admin"),
    newConfirmedUser("mod-plain@example.com", "Pip Plain"),
  ]);
  await setRole("mod-staff@example.com", "staff");
  await setRole("mod-admin@example.com", "admin");

  // One job through the whole loop (quote, message, accept, done, review), one open job, and one
  // whose title would be a spreadsheet formula.
  fixer = await createApprovedFixer(deps.db, { first: "Sam", last: "Sparks", services: ["electrical"], areas: ["M"] });
  customer = await createUser(deps.db, { name: "Robin Customer" });
  ({ jobId: doneJobId } = await postJob(deps, customer.id, jobInput));
  const { quoteId } = await sendQuote(deps, fixer.id, doneJobId, quote);
  ({ messageId } = await postMessage(deps, customer.id, doneJobId, { body: "Could you also look at the hallway light?", fixerUserId: fixer.id }));
  await acceptQuote(deps, customer.id, quoteId);
  await recordReleasedBooking(deps.db, quoteId);
  await markJobDone(deps, customer.id, doneJobId);
  ({ reviewId } = await leaveReview(deps, customer.id, doneJobId, { rating: 5, body: goodReview }));
  // The fixer never reviewed the customer: the review is published when the 14 days are over (decision 055).
  await endReviewWindow(deps.db, doneJobId);
  const other = await createUser(deps.db, { name: "Olive Other" });
  ({ jobId: openJobId } = await postJob(deps, other.id, { ...jobInput, postcode: "M4 5JD", title: '=HYPERLINK("http://evil.example","x") sockets' }));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

async function newConfirmedUser(email: string, fullName: string) {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post(
    "/auth",
    { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType: "customer" },
    { "x-forwarded-for": newIp() },
  );
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

async function setRole(email: string, role: "user" | "staff" | "admin") {
  await deps.db.update(users).set({ role }).where(eq(users.email, email));
}

const column = (rows: string[][], label: string) => rows.slice(1).map((r) => r[rows[0]!.indexOf(label)]);
const auditRows = (action: string, targetId: string | number) =>
  deps.db.select().from(staffAuditLog).where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, String(targetId))));
const FORBIDDEN = html("You don't have access to the staff console");

describe("the marketplace lists", () => {
  it("are in the staff nav and render with search, filters and links to the job page, showing the district and never the full postcode", async () => {
    const jobsPage = await (await staff.get(`/staff/jobs?q=${encodeURIComponent(customer.email)}`)).text();
    expect(jobsPage).toContain(`<title>Jobs · Staff console · FixiT</title>`);
    for (const href of ["/staff/jobs", "/staff/quotes", "/staff/reviews", "/staff/messages"]) expect(jobsPage).toContain(`href="${href}"`);
    expect(jobsPage).toContain(`href="/staff/jobs/${doneJobId}"`);
    expect(jobsPage).not.toContain(`href="/staff/jobs/${openJobId}"`);
    expect(jobsPage).toContain(html(customer.email));
    expect(jobsPage).toContain(">M1<");
    expect(jobsPage).not.toContain("1AE");
    expect(jobsPage).toContain('href="/staff/export/jobs?q=');

    const byNumber = await (await staff.get(`/staff/jobs?q=${openJobId}`)).text();
    expect(byNumber).toContain(`href="/staff/jobs/${openJobId}"`);
    const open = await (await staff.get("/staff/jobs?status=open")).text();
    expect(open).toContain(`href="/staff/jobs/${openJobId}"`);
    expect(open).not.toContain(`href="/staff/jobs/${doneJobId}"`);
    expect(await (await staff.get("/staff/jobs?q=nobody-posted-this")).text()).toContain("No results");

    const quotesPage = await (await staff.get("/staff/quotes?q=Sam&status=accepted")).text();
    expect(quotesPage).toContain(`<title>Quotes · Staff console · FixiT</title>`);
    expect(quotesPage).toContain(`href="/staff/jobs/${doneJobId}#quote-`);
    expect(quotesPage).toContain("£90.00");

    const reviewsPage = await (await staff.get("/staff/reviews?q=tidy+work&hidden=shown")).text();
    expect(reviewsPage).toContain(`href="/staff/jobs/${doneJobId}#review"`);
    expect(reviewsPage).toContain(html(customer.email));

    const messagesPage = await (await staff.get("/staff/messages?q=hallway&to=fixer")).text();
    expect(messagesPage).toContain(`href="/staff/jobs/${doneJobId}#message-${messageId}"`);
    expect(await (await staff.get("/staff/messages?q=hallway&to=customer")).text()).not.toContain(`#message-${messageId}"`);
  });

  it("export as CSV with the rows, the filters honoured, formula cells neutralised and no full postcode", async () => {
    const jobs = await csv(staff, "/staff/export/jobs");
    expect(jobs[0]).toEqual(["Job", "Posted", "Customer email", "Service", "District", "Title", "Status", "Quotes"]);
    expect(column(jobs, "Job")).toEqual(expect.arrayContaining([`#${doneJobId}`, `#${openJobId}`]));
    expect(column(jobs, "Title")).toContain(`'=HYPERLINK("http://evil.example","x") sockets`);
    const done = jobs.find((r) => r[0] === `#${doneJobId}`)!;
    expect(done).toEqual([`#${doneJobId}`, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), customer.email, "Electrical", "M1", jobInput.title, "done", "1"]);
    expect(jobs.flat().join(" ")).not.toMatch(/1AE|5JD/);

    expect(column(await csv(staff, "/staff/export/jobs?status=open"), "Job")).toEqual([`#${openJobId}`]);
    const quotes = await csv(staff, "/staff/export/quotes");
    expect(column(quotes, "Price (GBP)")).toEqual(["90"]);
    expect(column(quotes, "Status")).toEqual(["accepted"]);
    const reviewRows = await csv(staff, "/staff/export/reviews");
    expect(column(reviewRows, "Review")).toEqual([goodReview]);
    expect(column(reviewRows, "Hidden")).toEqual(["no"]);
    const messages = await csv(staff, "/staff/export/messages");
    expect(column(messages, "Message")).toEqual(["Could you also look at the hallway light?"]);
    expect(column(messages, "To")).toEqual(["fixer"]);
  });

  it("refuse a plain user (403, no data) and send a signed-out visitor to sign in", async () => {
    for (const page of ["/staff/jobs", "/staff/quotes", "/staff/reviews", "/staff/messages", "/staff/export/jobs", `/staff/jobs/${doneJobId}`]) {
      const refused = await plain.get(page);
      expect(refused.status, page).toBe(403);
      const body = await refused.text();
      if (!page.startsWith("/staff/export")) expect(body, page).toContain(FORBIDDEN);
      expect(body, page).not.toContain(customer.email);
      expect((await anonymous.get(page)).headers.get("location"), page).toBe(`/auth?from=${encodeURIComponent(page)}`);
    }
    expect((await staff.get("/staff/jobs/999999")).status).toBe(404);
    expect((await staff.get("/staff/jobs/abc")).status).toBe(404);
  });
});

describe("the job page", () => {
  it("shows staff the full postcode, the quotes, the messages and the review", async () => {
    const page = await (await staff.get(`/staff/jobs/${doneJobId}`)).text();
    expect(page).toContain("M1 1AE");
    expect(page).toContain(html(customer.email));
    expect(page).toContain("Sam S.");
    expect(page).toContain("hallway light");
    expect(page).toContain(html(goodReview));
    expect(page).toContain('name="intent" value="hide-review"');
    expect(page).toContain('name="intent" value="hide-message"');
  });
});

describe("hiding a review", () => {
  it("refuses an empty, overlong or NUL reason and unknown ids with a clear 400 or 404, changing nothing", async () => {
    const before = await auditRows("review.hide", reviewId);
    await clearOutbox(deps.db);
    for (const reason of ["", "   ", "x".repeat(10_000), "Fake review\u0000 text"]) {
      const res = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason });
      expect(res.status, JSON.stringify(reason.slice(0, 20))).toBe(400);
      expect(await res.text()).toContain("Give a reason");
    }
    // A script (no text/html) gets the answer itself: the one action-answer shape (issue 48).
    const script = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason: "" }, { accept: "application/json" });
    expect(script.status).toBe(400);
    expect(await script.json()).toMatchObject({ form: "staff", status: "invalid", title: "Give a reason", fieldErrors: { reason: expect.any(String) } });
    expect((await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: "abc", reason: "Not a real review." })).status).toBe(400);
    // One spelling per review (issue 48): the same id with a leading zero is no id.
    expect((await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: `0${reviewId}`, reason: "Not a real review." })).status).toBe(400);
    expect((await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-everything", reason: "Not a real review." })).status).toBe(400);
    expect((await staff.post(`/staff/jobs/${openJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason: "Not a real review." })).status).toBe(404);
    const [stored] = await deps.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stored!.hiddenAt).toBeNull();
    expect(await auditRows("review.hide", reviewId)).toEqual(before);
    expect(await queuedEmails(deps.db)).toEqual([]);
  });

  it("refuses a plain user with 403 and changes nothing", async () => {
    const res = await plain.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason: "Plain users cannot do this." });
    expect(res.status).toBe(403);
    const [stored] = await deps.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(stored!.hiddenAt).toBeNull();
  });

  it("hides it (PRG with a flash): it no longer counts on the fixer's profile, the audit trail says who and why, and the customer is emailed", async () => {
    const profileBefore = await fixerProfileBySlug(deps.db, fixer.slug);
    expect(profileBefore).toMatchObject({ reviewCount: 1, rating: 5 });
    expect(profileBefore!.reviews.map((r) => r.id)).toEqual([reviewId]);
    await clearOutbox(deps.db);

    const res = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason: "  Mentions a\nneighbour by name.  " });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/staff/jobs/${doneJobId}`);
    const landed = await (await staff.get(`/staff/jobs/${doneJobId}`)).text();
    expect(landed).toContain("Review hidden");
    expect(landed).toContain("Mentions a\nneighbour by name.");
    expect(landed).not.toContain('name="intent" value="hide-review"');

    const profile = await fixerProfileBySlug(deps.db, fixer.slug);
    // It no longer counts, and shows as removed with the published reason, never its text (decision 055).
    expect(profile).toMatchObject({ reviewCount: 0, rating: null, reviews: [{ id: reviewId, rating: null, body: null, reply: null, removedReason: "Mentions a\nneighbour by name." }] });
    const audit = await auditRows("review.hide", reviewId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: "mod-staff@example.com", targetType: "review", details: { reason: "Mentions a\nneighbour by name." } });
    const emails = await queuedEmails(deps.db);
    expect(emails.map((e) => e.to)).toEqual([customer.email]);
    expect(emails[0]!.text).toContain("Mentions a");
    expect(await (await staff.get("/staff/reviews?hidden=hidden")).text()).toContain(`#review"`);

    const again = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-review", reviewId: String(reviewId), reason: "Hide it twice please." });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already hidden");
  });
});

describe("hiding a message", () => {
  it("refuses bad input with 400, then hides it with the reason, audited, the sender emailed", async () => {
    await clearOutbox(deps.db);
    const bad = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-message", messageId: String(messageId), reason: "" });
    expect(bad.status).toBe(400);
    expect((await staff.post(`/staff/jobs/${openJobId}`, { intent: "hide-message", messageId: String(messageId), reason: "Wrong job for it." })).status).toBe(404);
    expect((await deps.db.select().from(jobMessages).where(eq(jobMessages.id, messageId)))[0]!.hiddenAt).toBeNull();

    const res = await staff.post(`/staff/jobs/${doneJobId}`, { intent: "hide-message", messageId: String(messageId), reason: "Abusive language." });
    expect(res.status).toBe(302);
    expect(await (await staff.get(`/staff/jobs/${doneJobId}`)).text()).toContain("Message hidden");
    const [stored] = await deps.db.select().from(jobMessages).where(eq(jobMessages.id, messageId));
    expect(stored).toMatchObject({ hiddenReason: "Abusive language." });
    expect(stored!.hiddenAt).not.toBeNull();
    expect(await auditRows("message.hide", messageId)).toHaveLength(1);
    expect((await queuedEmails(deps.db)).map((e) => e.to)).toEqual([customer.email]);
    expect(column(await csv(staff, "/staff/export/messages?hidden=hidden"), "Message ID")).toEqual([String(messageId)]);
  });
});

describe("a fixer's leads", () => {
  it("staff pause them with a reason: the fixer is no longer matched, is told, and it is audited; then resumed", async () => {
    expect((await openJobsForFixer(deps.db, fixer.id)).jobs.map((j) => j.id)).toContain(openJobId);
    const userPage = await (await staff.get(`/staff/users/${fixer.id}`)).text();
    expect(userPage).toContain('name="intent" value="leads-disable"');

    expect((await staff.post(`/staff/users/${fixer.id}`, { intent: "leads-disable", reason: "\u0000" })).status).toBe(400);
    expect((await staff.post(`/staff/users/${fixer.id}`, { intent: "leads-disable", reason: "x".repeat(10_000) })).status).toBe(400);
    expect((await plain.post(`/staff/users/${fixer.id}`, { intent: "leads-disable", reason: "Plain users cannot." })).status).toBe(403);
    expect((await openJobsForFixer(deps.db, fixer.id)).jobs.length).toBeGreaterThan(0);

    await clearOutbox(deps.db);
    const res = await staff.post(`/staff/users/${fixer.id}`, { intent: "leads-disable", reason: "Three customer complaints this week." });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/staff/users/${fixer.id}`);
    const landed = await (await staff.get(`/staff/users/${fixer.id}`)).text();
    expect(landed).toContain("Leads paused");
    expect(landed).toContain('name="intent" value="leads-enable"');
    await expect(openJobsForFixer(deps.db, fixer.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(requireActiveFixer(deps.db, fixer.id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await auditRows("fixer.leads_disable", fixer.id)).toHaveLength(1);
    expect((await queuedEmails(deps.db)).map((e) => e.to)).toEqual([fixer.email]);

    const on = await staff.post(`/staff/users/${fixer.id}`, { intent: "leads-enable", reason: "Complaints resolved." });
    expect(on.status).toBe(302);
    expect((await openJobsForFixer(deps.db, fixer.id)).jobs.map((j) => j.id)).toContain(openJobId);
    expect(await auditRows("fixer.leads_enable", fixer.id)).toHaveLength(1);
  });

  it("a paused fixer is not listed under the service page's top-rated fixers (the cached page too); listed again once resumed", async () => {
    // A fixer with a published 5-star review (the first fixer's was hidden above).
    const rated = await createApprovedFixer(deps.db, { first: "Tess", last: "Toprated", services: ["electrical"], areas: ["M"] });
    const { jobId } = await postJob(deps, customer.id, { ...jobInput, title: "Fit an outdoor socket" });
    const { quoteId } = await sendQuote(deps, rated.id, jobId, quote);
    await acceptQuote(deps, customer.id, quoteId);
    await recordReleasedBooking(deps.db, quoteId);
    await markJobDone(deps, customer.id, jobId);
    await leaveReview(deps, customer.id, jobId, { rating: 5, body: goodReview });
    await endReviewWindow(deps.db, jobId);

    const listed = async () => (await (await anonymous.get("/categories/electrical")).text()).includes(`href="/fixers/${rated.slug}"`);
    expect(await listed()).toBe(true);
    // Served from the page cache from now on.
    expect(await listed()).toBe(true);
    expect((await staff.post(`/staff/users/${rated.id}`, { intent: "leads-disable", reason: "Paused while complaints are looked into." })).status).toBe(302);
    expect(await listed()).toBe(false);
    expect((await staff.post(`/staff/users/${rated.id}`, { intent: "leads-enable", reason: "Looked into." })).status).toBe(302);
    expect(await listed()).toBe(true);
  });

  it("a staff member cannot pause the leads of a fixer who is staff (403, nothing changes); an admin can", async () => {
    const colleague = await createApprovedFixer(deps.db, { first: "Cora", last: "Colleague", services: ["plumbing"], areas: ["LS6"] });
    await deps.db.update(users).set({ role: "staff" }).where(eq(users.id, colleague.id));
    const page = await (await staff.get(`/staff/users/${colleague.id}`)).text();
    expect(page).toContain("Only an admin can pause or resume the leads");
    expect(page).not.toContain('name="intent" value="leads-disable"');

    const refused = await staff.post(`/staff/users/${colleague.id}`, { intent: "leads-disable", reason: "Trying without the right." });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Admins only");
    const [profile] = await deps.db.select().from(fixerProfiles).where(eq(fixerProfiles.userId, colleague.id));
    expect(profile!.leadsDisabledAt).toBeNull();

    expect((await admin.post(`/staff/users/${colleague.id}`, { intent: "leads-disable", reason: "Admin pauses a colleague." })).status).toBe(302);
    await expect(requireActiveFixer(deps.db, colleague.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});
