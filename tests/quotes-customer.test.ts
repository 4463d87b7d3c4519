import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobPhotos, jobs, quotes, reviews } from "#server/db/schema/quotes.ts";
import { sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { recordReleasedBooking } from "./helpers/done-bookings";

/**
 * The customer's side of the quotes marketplace over real HTTP against the production build:
 * posting a job on /request (photos cleaned of EXIF/GPS and stored privately; bad input 400 with
 * nothing stored; the open-jobs limit; signed out → sign-in with what was typed kept), coverage,
 * My jobs and the job page (only one's own; accept, decline, close, done, review once, messages),
 * and the job photos (owner and matched fixers only).
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`;
let plumber: Awaited<ReturnType<typeof createApprovedFixer>>;
let plumber2: Awaited<ReturnType<typeof createApprovedFixer>>;
let plumber3: Awaited<ReturnType<typeof createApprovedFixer>>;
let ann: Browser;
let bob: Browser;

const deps = () => ({ db: server.services.db, publicUrl: base });

async function newCustomer(email: string, fullName: string) {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType: "customer" }, { "x-forwarded-for": newIp(), origin: base });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  plumber = await createApprovedFixer(server.services.db, { first: "Paula", last: "Pipe", services: ["plumbing"], areas: ["SW1"], documents: ["insurance", "certifications"], checked: ["insurance", "qualifications"] });
  plumber2 = await createApprovedFixer(server.services.db, { first: "Mo", last: "Tap", services: ["plumbing"], areas: ["SW"] });
  plumber3 = await createApprovedFixer(server.services.db, { first: "Kim", last: "Drain", services: ["plumbing", "electrical"], areas: ["SW1A"] });
  ann = await newCustomer("ann.customer@example.com", "Ann Customer");
  bob = await newCustomer("bob.customer@example.com", "Bob Other");
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

type Upload = { name: string; content: Buffer; type?: string };
const goodJob = (extra: Record<string, string> = {}) => ({
  service: "plumbing",
  postcode: "sw1a 1aa",
  title: "Leaking kitchen tap",
  description: "The kitchen mixer tap drips constantly and the cupboard below is damp.",
  timing: "week",
  preferredDate: "",
  budget: "100_250",
  ...extra,
});

async function postJob(browser: Browser | null, fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.content)], { type: f.type ?? "image/jpeg" }), f.name);
  const res = await fetch(`${base}/request`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { accept: "text/html", origin: base, "x-forwarded-for": newIp(), ...(browser ? { cookie: browser.cookieHeader() } : {}) },
  });
  browser?.store(res);
  return { res, text: await res.text() };
}

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .jpeg()
    .toBuffer();
}
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");

function storedPhotoFiles(): string[] {
  const dir = path.join(server.dataDir, "uploads", "job-photos");
  return existsSync(dir) ? readdirSync(dir) : [];
}
async function rowCounts() {
  const [[j], [p]] = await Promise.all([server.services.db.select({ n: count() }).from(jobs), server.services.db.select({ n: count() }).from(jobPhotos)]);
  return { jobs: j!.n, photos: p!.n, files: storedPhotoFiles().length };
}

/** A page's text as read: tags and React's text separators gone, entities decoded. */
function textOf(page: string): string {
  return page
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const jobIdFrom = (location: string | null) => Number(/^\/account\/jobs\/(\d+)$/.exec(location ?? "")?.[1]);

describe("posting a job on /request", () => {
  it("opens for a signed-out visitor with the service chosen from ?service, and says what is typed and the photos are kept across sign-in", async () => {
    const res = await fetch(`${base}/request?service=electrical`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<option value="electrical" selected="">Electrical<\/option>/);
    expect(textOf(page)).toContain("keep what you typed and your photos (privately, for 30 minutes)");
    expect(page.toLowerCase()).toContain('enctype="multipart/form-data"');
  });

  it("sends a signed-out visitor to sign in, keeps what they typed and their photos (not as a job), and fills the form again on return", async () => {
    const visitor = new Browser(base);
    const before = await rowCounts();
    const { res } = await postJob(visitor, goodJob({ title: "Dripping bath tap" }), [{ name: "a.jpg", content: await jpegWithGps() }]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?from=%2Frequest");
    expect(await rowCounts()).toEqual(before);
    expect([...visitor.cookies.keys()]).toContain("fixit_draft");
    const back = await (await visitor.get("/request")).text();
    expect(back).toContain('value="Dripping bath tap"');
    expect(back).toContain("The kitchen mixer tap drips constantly");
    // A signed-out visitor fixes the form before being asked to sign in.
    const invalid = await postJob(new Browser(base), goodJob({ description: "short" }));
    expect(invalid.res.status).toBe(400);
    expect(textOf(invalid.text)).toMatch(/at least 20 characters/);
    // An altered draft token is ignored.
    visitor.cookies.set("fixit_draft", `${visitor.cookies.get("fixit_draft")!.slice(0, -3)}abc`);
    expect(await (await visitor.get("/request")).text()).not.toContain("Dripping bath tap");
  });

  it("posts a job with a photo: stored privately without EXIF or GPS, matched fixers told, confirmation on screen and by email", async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { res } = await postJob(ann, goodJob(), [{ name: "tap.jpg", content: photo }]);
    expect(res.status).toBe(302);
    const jobId = jobIdFrom(res.headers.get("location"));
    expect(jobId).toBeGreaterThan(0);
    const page = await ann.get(`/account/jobs/${jobId}`);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("Job posted");
    expect(text).toContain("3 local fixers were told");
    expect(text).toContain("Leaking kitchen tap");
    expect(text).toContain("SW1A 1AA");

    const [stored] = await server.services.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId));
    expect(stored!.contentType).toBe("image/jpeg");
    const file = await server.services.storage.get(stored!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Buffer.concat(chunks).includes(Buffer.from("PhoneMaker"))).toBe(false);

    const served = await ann.get(`/jobs/${jobId}/photos/${stored!.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toMatch(/^private/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();

    await waitForMail(base, "ann.customer@example.com", "Your job is posted");
  });

  it("refuses bad input with 400, the field's message, and nothing stored", async () => {
    const before = await rowCounts();
    const cases: [string, Record<string, string>, Upload[], RegExp][] = [
      ["short description", goodJob({ description: "Too short" }), [], /at least 20 characters/],
      ["bad postcode", goodJob({ postcode: "ZZ9 9ZZ" }), [await jpegWithGps()].map((c) => ({ name: "p.jpg", content: c })), /full UK postcode/],
      ["10,000-char title", goodJob({ title: "T".repeat(10_000) }), [{ name: "p.jpg", content: await jpegWithGps() }], /too long|under 100/],
      ["NUL byte", goodJob({ title: "Leaking\u0000tap here" }), [], /./],
      ["a PDF renamed .jpg", goodJob(), [{ name: "a.jpg", content: await jpegWithGps() }, { name: "boiler.jpg", content: pdf }], /boiler\.jpg is not a photo we can use/],
      ["6 photos", goodJob(), await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => ({ name: `p${i}.jpg`, content: await jpegWithGps() }))), /at most 5 photos/],
      ["a date in the past", goodJob({ timing: "date", preferredDate: "2020-01-01" }), [], /Choose a date/],
    ];
    for (const [name, fields, files, message] of cases) {
      const { res, text } = await postJob(ann, fields, files);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(textOf(text), name).toMatch(message);
      expect(await rowCounts(), name).toEqual(before);
    }
    // A refused photo keeps what was typed on the page.
    const { text } = await postJob(ann, goodJob({ title: "Kept after a refused photo" }), [{ name: "boiler.jpg", content: pdf }]);
    expect(text).toContain('value="Kept after a refused photo"');
  });

  it("says before submitting whether a fixer covers the area (the one coverage answer; an uncovered job is kept: tests/funnel-marketplace.test.ts)", async () => {
    const covered = await fetch(`${base}/request/coverage?service=plumbing&postcode=sw1a1aa`, { headers: { "x-forwarded-for": newIp() } });
    expect(await covered.json()).toEqual({ covered: true, fixers: 3, postcode: "SW1A 1AA", district: "SW1", service: "plumbing" });
    const uncovered = await fetch(`${base}/request/coverage?service=plumbing&postcode=LS6 2AB`, { headers: { "x-forwarded-for": newIp() } });
    expect(await uncovered.json()).toEqual({ covered: false, fixers: 0, postcode: "LS6 2AB", district: "LS6", service: "plumbing" });
    expect((await fetch(`${base}/request/coverage?service=nope&postcode=x`)).status).toBe(400);
  });

  it("rate-limits the coverage check per address", async () => {
    const ip = "192.0.2.77";
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await fetch(`${base}/request/coverage?service=plumbing&postcode=SW1A1AA`, { headers: { "x-forwarded-for": ip } })).status;
    expect(last).toBe(429);
  });
});

describe("My jobs and a job's page", () => {
  let jobId: number;
  let photoId: number;
  let quoteIds: number[];

  beforeAll(async () => {
    const { res } = await postJob(bob, goodJob({ title: "Boiler pressure drops", timing: "date", preferredDate: daysFromToday(10) }), [{ name: "b.png", content: await sharp({ create: { width: 30, height: 30, channels: 3, background: "#f00" } }).png().toBuffer(), type: "image/png" }]);
    expect(res.status).toBe(302);
    jobId = jobIdFrom(res.headers.get("location"));
    photoId = (await server.services.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId)))[0]!.id;
    const quote = (amount: number, message: string) => ({ priceKind: "fixed" as const, amountPence: amount, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(3), message });
    quoteIds = [
      (await sendQuote(deps(), plumber.id, jobId, quote(12_000, "I can come on Tuesday."))).quoteId,
      (await sendQuote(deps(), plumber2.id, jobId, { ...quote(9_000, ""), priceKind: "range", amountToPence: 15_000 })).quoteId,
      (await sendQuote(deps(), plumber3.id, jobId, quote(20_000, "Happy to help."))).quoteId,
    ];
  });

  it("lists the customer's own jobs with status and quotes, and is linked from My Account", async () => {
    const account = await (await bob.get("/account")).text();
    expect(account).toContain('href="/account/jobs"');
    const list = textOf(await (await bob.get("/account/jobs")).text());
    expect(list).toContain("Boiler pressure drops");
    expect(list).toContain("3 quotes");
    expect(list).toContain("Open for quotes");
    expect(list).not.toContain("Leaking kitchen tap");
    const emptyBrowser = await newCustomer("cara.empty@example.com", "Cara Empty");
    const empty = textOf(await (await emptyBrowser.get("/account/jobs")).text());
    expect(empty).toContain("You haven't posted a job yet");
    expect(empty).toContain("Post a job");
    const signedOut = await new Browser(base).get("/account/jobs");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/auth\?from=/);
  });

  it("shows quotes side by side with the fixers' public details; another customer gets 404 for the job and its photos", async () => {
    const page = await bob.get(`/account/jobs/${jobId}`);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain(`href="/fixers/${plumber.slug}"`);
    expect(textOf(text)).toContain("£120");
    expect(textOf(text)).toContain("£90 to £150");
    expect(textOf(text)).toContain("Insurance checked");
    expect(textOf(text)).toContain("I can come on Tuesday.");
    expect(text).not.toContain(plumber.email);

    expect((await ann.get(`/account/jobs/${jobId}`)).status).toBe(404);
    expect((await ann.get(`/jobs/${jobId}/photos/${photoId}`)).status).toBe(404);
    expect((await new Browser(base).get(`/jobs/${jobId}/photos/${photoId}`)).status).toBe(404);
    expect((await bob.get(`/jobs/${jobId + 1000}/photos/${photoId}`)).status).toBe(404);
    expect((await bob.get(`/jobs/${jobId}/photos/${photoId}`)).headers.get("content-type")).toBe("image/png");
    const refused = await ann.post(`/account/jobs/${jobId}`, { intent: "accept", quoteId: String(quoteIds[0]) }, { origin: base });
    expect(refused.status).toBe(404);
    expect((await bob.get("/account/jobs/abc")).status).toBe(404);
  });

  it("messages a fixer whose quote waits, with contact details masked before acceptance", async () => {
    const res = await bob.post(`/account/jobs/${jobId}`, { intent: "message", fixer: plumber.id, quoteId: String(quoteIds[0]), body: "Call me on 07700 900456 please" }, { origin: base });
    expect(res.status).toBe(303);
    const page = textOf(await (await bob.get(res.headers.get("location")!)).text());
    expect(page).toContain("contact details hidden until a quote is accepted");
    expect(page).not.toContain("07700 900456");
    const empty = await bob.post(`/account/jobs/${jobId}`, { intent: "message", fixer: plumber.id, body: "   " }, { origin: base });
    expect(empty.status).toBe(400);
    const stranger = await bob.post(`/account/jobs/${jobId}`, { intent: "message", fixer: "user-nobody", body: "Hello there" }, { origin: base });
    expect(stranger.status).toBe(404);
  });

  it("declines one quote, accepts another after confirming, shows the fixer's contact details, then done and one review", async () => {
    // A fixed-price quote's Accept opens its slot page (accepting it books it, issue 34); the accept-only confirmation is for a range quote not yet fixed to a price.
    const confirm = await (await bob.get(`/account/jobs/${jobId}?accept=${quoteIds[0]}`)).text();
    expect(confirm).toContain(`href="/bookings/new?quote=${quoteIds[0]}"`);
    expect(textOf(confirm)).toContain("Accept and book");
    expect(textOf(confirm)).not.toContain("Yes, accept this quote");

    const declined = await bob.post(`/account/jobs/${jobId}`, { intent: "decline", quoteId: String(quoteIds[2]) }, { origin: base });
    expect(declined.status).toBe(303);
    expect((await server.services.db.select().from(quotes).where(eq(quotes.id, quoteIds[2]!)))[0]!.status).toBe("declined");

    const early = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: "Brilliant work, fixed quickly and tidy." }, { origin: base });
    expect(early.status).toBe(409);

    const accepted = await bob.post(`/account/jobs/${jobId}`, { intent: "accept", quoteId: String(quoteIds[0]) }, { origin: base });
    expect(accepted.status).toBe(303);
    const page = textOf(await (await bob.get(accepted.headers.get("location")!)).text());
    expect(page).toContain("Quote accepted");
    expect(page).toContain(plumber.email);
    expect(page).toContain("Not chosen");
    const again = await bob.post(`/account/jobs/${jobId}`, { intent: "accept", quoteId: String(quoteIds[1]) }, { origin: base });
    expect(again.status).toBe(409);

    // After acceptance the thread with the accepted fixer is unmasked.
    await bob.post(`/account/jobs/${jobId}`, { intent: "message", fixer: plumber.id, quoteId: String(quoteIds[0]), body: "My number is 07700 900456" }, { origin: base });
    expect(textOf(await (await bob.get(`/account/jobs/${jobId}`)).text())).toContain("07700 900456");

    const done = await bob.post(`/account/jobs/${jobId}`, { intent: "done" }, { origin: base });
    expect(done.status).toBe(303);
    // Marked done, but nothing was paid through FixiT: no review yet (decision 064); the booking's release opens it.
    const unpaid = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: "Brilliant work, fixed quickly and tidy." }, { origin: base });
    expect(unpaid.status).toBe(409);
    await recordReleasedBooking(server.services.db, quoteIds[0]!);
    const short = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: "Good" }, { origin: base });
    expect(short.status).toBe(400);
    expect(textOf(await short.text())).toMatch(/at least 20 characters/);
    const noStars = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "9", body: "Brilliant work, fixed quickly and tidy." }, { origin: base });
    expect(noStars.status).toBe(400);
    const reviewed = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: "Brilliant work, fixed quickly and tidy." }, { origin: base });
    expect(reviewed.status).toBe(303);
    const twice = await bob.post(`/account/jobs/${jobId}`, { intent: "review", rating: "4", body: "Second thoughts on the same job here." }, { origin: base });
    expect(twice.status).toBe(409);
    expect(await server.services.db.select({ n: count() }).from(reviews).where(eq(reviews.jobId, jobId))).toEqual([{ n: 1 }]);
    const final = textOf(await (await bob.get(`/account/jobs/${jobId}`)).text());
    expect(final).toContain("Your review of Paula P.");
    expect(final).toContain("Brilliant work, fixed quickly and tidy.");
  });

  it("closes a job; unknown intents are 400", async () => {
    const { res } = await postJob(bob, goodJob({ title: "Outside tap frozen" }));
    const id = jobIdFrom(res.headers.get("location"));
    expect((await bob.post(`/account/jobs/${id}`, { intent: "explode" }, { origin: base })).status).toBe(400);
    const closed = await bob.post(`/account/jobs/${id}`, { intent: "close" }, { origin: base });
    expect(closed.status).toBe(303);
    expect((await server.services.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe("closed");
    expect((await bob.post(`/account/jobs/${id}`, { intent: "close" }, { origin: base })).status).toBe(409);
  });

  it("allows at most 5 open jobs per customer, with the domain's message", async () => {
    const dana = await newCustomer("dana.limit@example.com", "Dana Limit");
    for (let i = 1; i <= 5; i++) expect((await postJob(dana, goodJob({ title: `Job number ${i}` }))).res.status).toBe(302);
    const before = await rowCounts();
    const { res, text } = await postJob(dana, goodJob({ title: "Job number 6" }), [{ name: "p.jpg", content: await jpegWithGps() }]);
    expect(res.status).toBe(409);
    expect(textOf(text)).toContain("You already have 5 open jobs");
    expect(await rowCounts()).toEqual(before);
  });
});
