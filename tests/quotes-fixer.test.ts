import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { and, eq } from "drizzle-orm";
import { quotes } from "#server/db/schema/quotes.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { postJob } from "~/features/quotes/jobs.server";
import { acceptQuote, markJobDone, sendQuote } from "~/features/quotes/quotes.server";
import { leaveReview, setLeadsDisabled } from "~/features/quotes/reviews.server";
import type { JobInput, QuoteInput } from "~/features/quotes/schemas";
import { createApprovedFixer, createUser, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { recordReleasedBooking } from "#tests/helpers/done-bookings.ts";

/**
 * The fixer's side of the marketplace over real HTTP against the production build: /fixer for
 * fixers and for everyone else, a job's page and its quote, message and reply forms, every access
 * rule, the quote limits, coverage validation, the public profile with its JSON-LD, the sitemap,
 * the service page's top-rated fixers and the page cache after a new review, and hostile input.
 */

let server: InProcessServer;
let base: string;
let deps: PublicChangeDeps;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`;

const jobInput = (extra: Partial<JobInput> = {}): JobInput => ({
  service: "plumbing",
  postcode: "SW1A 1AA",
  title: "Leaking kitchen tap",
  description: "The kitchen tap drips all day; it needs a new washer or a new tap.",
  timing: "week",
  preferredDate: null,
  budget: "under_100",
  ...extra,
});
const quoteInput = (pounds: number): QuoteInput => ({ priceKind: "fixed", amountPence: pounds * 100, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(1), message: "" });
const quoteForm = (extra: Record<string, string> = {}) => ({ intent: "quote", priceKind: "fixed", amount: "85", amountTo: "", includes: "New washer, parts and labour", slot1Date: daysFromToday(2), slot1Window: "morning", message: "I can come on Tuesday.", ...extra });

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType }, { "x-forwarded-for": newIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

/** Staff approval of an application, the product's path (the profile is made then), and coverage. */
async function approve(email: string, first: string, last: string, services: string[], areas: string[]) {
  const db = server.services.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const approved = await createApprovedFixer(db, { user: { id: user!.id, email, name: `${first} ${last}` }, first, last, services, areas, checked: ["insurance"], publicFixerData: server.services.publicFixerData });
  return { id: user!.id, slug: approved.slug };
}

let plumber: Browser;
let plumberId: string;
let plumberSlug: string;
let electrician: Browser;
let paused: Browser;
let customerBrowser: Browser;
let anonymous: Browser;
let customerId: string;
let jobId: number;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  deps = { db: server.services.db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  anonymous = new Browser(base);
  [plumber, electrician, paused, customerBrowser] = await Promise.all([
    newConfirmedUser("pip.plumber@example.com", "Pip Plumber", "fixer"),
    newConfirmedUser("eli.sparks@example.com", "Eli Sparks", "fixer"),
    newConfirmedUser("paula.paused@example.com", "Paula Paused", "fixer"),
    newConfirmedUser("cara.customer@example.com", "Cara Customer"),
  ]);
  ({ id: plumberId, slug: plumberSlug } = await approve("pip.plumber@example.com", "Pip", "Plumber", ["plumbing"], ["SW1"]));
  await approve("eli.sparks@example.com", "Eli", "Sparks", ["electrical"], ["SW1"]);
  const pausedFixer = await approve("paula.paused@example.com", "Paula", "Paused", ["plumbing"], ["SW"]);
  await setLeadsDisabled(deps, { userId: null, email: "staff@fixit.test" }, pausedFixer.id, true, "Too many complaints");
  customerId = (await createUser(deps.db, { name: "Jo Secretname", phone: "+447700900999" })).id;
  jobId = (await postJob(deps, customerId, jobInput())).jobId;
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("who may see /fixer and a job", () => {
  it("sends a signed-out visitor to sign in with the return path", async () => {
    const res = await anonymous.get("/fixer");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?from=%2Ffixer");
    const job = await anonymous.get(`/fixer/jobs/${jobId}`);
    expect(job.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(`/fixer/jobs/${jobId}`)}`);
  });

  it("shows a customer their application status, not jobs", async () => {
    const res = await customerBrowser.get("/fixer");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Jobs are for approved fixers");
    expect(page).not.toContain("Leaking kitchen tap");
    // Not one of their leads: the domain answers "not found", so job ids reveal nothing.
    expect((await customerBrowser.get(`/fixer/jobs/${jobId}`)).status).toBe(404);
  });

  it("shows a matching fixer the job without the customer's name or full postcode", async () => {
    const page = await (await plumber.get("/fixer")).text();
    expect(page).toContain("Leaking kitchen tap");
    expect(page).toContain("SW1");
    expect(page).not.toContain("SW1A 1AA");
    expect(page).not.toContain("Secretname");
    const job = await plumber.get(`/fixer/jobs/${jobId}`);
    expect(job.status).toBe(200);
    const html = await job.text();
    expect(html).toContain("Send a quote");
    expect(html).not.toContain("Secretname");
    expect(html).not.toContain("+447700900999");
  });

  it("gives a non-matching fixer 404 for the job and its quote POST", async () => {
    expect(await (await electrician.get("/fixer")).text()).not.toContain("Leaking kitchen tap");
    expect((await electrician.get(`/fixer/jobs/${jobId}`)).status).toBe(404);
    expect((await electrician.post(`/fixer/jobs/${jobId}`, quoteForm())).status).toBe(404);
    expect((await plumber.get("/fixer/jobs/99999999")).status).toBe(404);
    expect((await plumber.get("/fixer/jobs/abc")).status).toBe(404);
  });

  it("refuses a fixer whose leads are paused, and says so on the dashboard", async () => {
    const page = await (await paused.get("/fixer")).text();
    expect(page).toContain("New jobs are paused on your account");
    expect(page).not.toContain("Leaking kitchen tap");
    expect((await paused.get(`/fixer/jobs/${jobId}`)).status).toBe(403);
    expect((await paused.post(`/fixer/jobs/${jobId}`, quoteForm())).status).toBe(403);
  });
});

describe("quotes", () => {
  it("sends one quote per fixer per job, edits it while sent, and withdraws it", async () => {
    const sent = await plumber.post(`/fixer/jobs/${jobId}`, quoteForm());
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/fixer/jobs/${jobId}`);
    const again = await plumber.post(`/fixer/jobs/${jobId}`, quoteForm());
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already quoted for this job");
    const edited = await plumber.post(`/fixer/jobs/${jobId}`, quoteForm({ intent: "update-quote", priceKind: "range", amount: "80", amountTo: "120" }));
    expect(edited.status).toBe(303);
    const page = await (await plumber.get(`/fixer/jobs/${jobId}`)).text();
    expect(page).toContain("£80–£120");
    const badRange = await plumber.post(`/fixer/jobs/${jobId}`, quoteForm({ intent: "update-quote", priceKind: "range", amount: "80", amountTo: "50" }));
    expect(badRange.status).toBe(400);
    expect(await badRange.text()).toContain("Enter the top of the range");
    expect(await (await plumber.get("/fixer")).text()).toContain("Waiting for the customer");
  });

  it("masks contact details in messages before acceptance and shows the customer's after", async () => {
    const msg = await plumber.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Call me on 07700 900111 or pip@example.com" });
    expect(msg.status).toBe(303);
    const page = await (await plumber.get(`/fixer/jobs/${jobId}`)).text();
    expect(page).toContain("contact details hidden");
    expect(page).not.toContain("07700 900111");
  });

  it("closes a job with 5 quotes to a 6th fixer, with the message", async () => {
    const full = (await postJob(deps, customerId, jobInput({ title: "Blocked bathroom sink" }))).jobId;
    for (let i = 0; i < 5; i++) {
      const other = await createApprovedFixer(deps.db, { first: `Q${i}`, last: "Fixer", services: ["plumbing"], areas: ["SW1A"] });
      await sendQuote(deps, other.id, full, quoteInput(60 + i));
    }
    const page = await (await plumber.get(`/fixer/jobs/${full}`)).text();
    expect(page).toContain("already has 5 quotes");
    const sixth = await plumber.post(`/fixer/jobs/${full}`, quoteForm());
    expect(sixth.status).toBe(409);
    expect(await sixth.text()).toContain("This job already has 5 quotes and is closed to new ones.");
  });

  it("refuses editing after acceptance, then shows the customer's contact details and takes one reply to the review", async () => {
    const done = (await postJob(deps, customerId, jobInput({ title: "Replace radiator valve" }))).jobId;
    expect((await plumber.post(`/fixer/jobs/${done}`, quoteForm())).status).toBe(303);
    const [{ id: quoteId }] = (await deps.db.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.jobId, done), eq(quotes.fixerUserId, plumberId)))) as [{ id: number }];
    await acceptQuote(deps, customerId, quoteId);
    const locked = await plumber.post(`/fixer/jobs/${done}`, quoteForm({ intent: "update-quote", amount: "99" }));
    expect(locked.status).toBe(409);
    const page = await (await plumber.get(`/fixer/jobs/${done}`)).text();
    expect(page).toContain("Jo Secretname");
    expect(page).toContain("SW1A 1AA");

    // The service page is cached for anonymous visitors; a new review must replace it.
    const before = await anonymous.get("/categories/plumbing");
    expect(await before.text()).not.toContain(`/fixers/${plumberSlug}"`);
    expect((await anonymous.get("/categories/plumbing")).headers.get("x-page-cache")).toBe("hit");
    const profileBefore = await (await anonymous.get(`/fixers/${plumberSlug}`)).text();
    expect(profileBefore).not.toContain("aggregateRating");

    await recordReleasedBooking(deps.db, quoteId);
    await markJobDone(deps, customerId, done);
    await leaveReview(deps, customerId, done, { rating: 5, body: "Pip fixed the valve quickly and left everything tidy." });
    // Both reviews in: both are published (decision 055); the fixer reviews over HTTP.
    expect((await plumber.post(`/fixer/jobs/${done}`, { intent: "review-customer", rating: "5", body: "Jo explained the problem clearly and paid at once." })).status).toBe(303);

    const reply = await plumber.post(`/fixer/jobs/${done}`, { intent: "reply", body: "Thank you, it was a pleasure." });
    expect(reply.status).toBe(303);
    const twice = await plumber.post(`/fixer/jobs/${done}`, { intent: "reply", body: "Thanks again." });
    expect(twice.status).toBe(409);

    const profile = await anonymous.get(`/fixers/${plumberSlug}`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get("x-page-cache")).toBeNull();
    const html = await profile.text();
    expect(html).toContain("Pip fixed the valve quickly");
    expect(html).toContain("Thank you, it was a pleasure.");
    expect(html).toContain("Insurance checked");
    expect(html).not.toContain("pip.plumber@example.com");
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const business = ld.find((d) => d["@type"] === "HomeAndConstructionBusiness")!;
    expect(business.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: "5.0", reviewCount: 1 });
    expect(business.areaServed).toEqual([{ "@type": "Place", name: "SW1 postcode area, United Kingdom" }]);

    const service = await anonymous.get("/categories/plumbing");
    expect(service.headers.get("x-page-cache")).toBe("miss");
    expect(await service.text()).toContain(`/fixers/${plumberSlug}"`);
    expect(await (await anonymous.get("/categories/electrical")).text()).not.toContain("Top-rated");

    const sitemap = await (await anonymous.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/fixers/${plumberSlug}</loc>`);
    expect((await anonymous.get("/fixers/no-such-fixer")).status).toBe(404);
    expect((await anonymous.get("/fixers/%00bad")).status).toBe(404);
  });
});

describe("coverage form", () => {
  it("refuses an unknown area code with a field message, and saves good ones", async () => {
    const bad = await plumber.post("/fixer", { intent: "coverage", services: "plumbing", areas: "SW1, ZZ9", bio: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("ZZ9: not a UK postcode area or district");
    const none = await plumber.post("/fixer", { intent: "coverage", areas: "SW1", bio: "" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one service you offer.");
    const good = await plumber.post("/fixer", { intent: "coverage", services: "plumbing", areas: "sw1, M", bio: "Plumber in London." });
    expect(good.status).toBe(303);
    expect(await (await plumber.get("/fixer")).text()).toContain("M, SW1");
  });
});

describe("hostile input", () => {
  it("answers 4xx to oversized, NUL and broken-encoding submissions", async () => {
    const long = await plumber.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "x".repeat(10_000) });
    expect(long.status).toBe(400);
    const nul = await plumber.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "hello\u0000there" });
    expect(nul.status).toBe(400);
    const coverageNul = await plumber.post("/fixer", { intent: "coverage", services: "plumbing", areas: "SW1\u0000", bio: "" });
    expect(coverageNul.status).toBe(400);
    const broken = await fetch(`${base}/fixer`, {
      method: "POST",
      redirect: "manual",
      body: "intent=coverage&services=plumbing&areas=SW1%FF%FE&bio=%E0%A4%A",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: plumber.cookieHeader(), accept: "text/html" },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    const unknown = await plumber.post(`/fixer/jobs/${jobId}`, { intent: "drop-tables" });
    expect(unknown.status).toBe(400);
  });
});
