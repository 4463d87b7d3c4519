import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookingDonePhotos, bookings, bookingTransitions, quoteBookingTerms } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { bodyLimitFor } from "#server/http/body-limit.ts";
import { bodyLimits } from "~/composition-root.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { startBookingCheckout } from "~/features/bookings/payment.server";
import { markPaidAndFulfil } from "~/features/payments/payments.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { rawRequest } from "#tests/helpers/hostile-http.ts";
import { Browser, signUpConfirmed } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Photos with "mark done" (issue 34: "the fixer marks the job done (a note, optional photos)") over
 * real HTTP, as a browser without JavaScript sends them: up to 3 through the one photo pipeline
 * (checked by content, re-encoded, private), written with the done transition, shown with the note
 * on the customer's, the fixer's and staff's booking pages and served to those three only. Every
 * refusal changes nothing and stores nothing, not even a file.
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = await signUpConfirmed(base, { email, fullName, userType, password: strong, ip: newIp() });
  const [user] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: user!.id, email, fullName };
}
type Person = Awaited<ReturnType<typeof newConfirmedUser>>;

let customer: Person;
let otherCustomer: Person;
let fixer: Person;
let otherFixer: Person;
let staff: Person;

/** A paid booking of `fixer`'s quote for `customer`; `started`: its slot was yesterday (the fixer may mark it done). */
async function paidBooking(started = true): Promise<number> {
  const db = server.services.db;
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title: "Dripping bath tap", description: "The bath tap drips.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: 9_000, includes: "Washer and labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
  const slot = { date: daysFromToday(4), window: "afternoon" as const };
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
  const { bookingId } = await createBooking({ db, publicUrl: base }, customer.id, { quoteId: quote!.id, slot });
  const { paymentId } = await startBookingCheckout(server.services, customer.id, bookingId);
  await markPaidAndFulfil(server.services, paymentId, "test-checkout");
  if (started) await db.update(bookings).set({ slotDate: daysFromToday(-1) }).where(eq(bookings.id, bookingId));
  return bookingId;
}

type Upload = { name: string; content: Buffer; type?: string };
const png = (colour: string, width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
/** A PNG of noise: it does not compress, so its file is as big as its pixels. */
const noisyPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png().toBuffer();

/** The mark-done form as the browser sends it: multipart, with its photos (`path` may be the page's `.data` URL). */
async function markDoneWith(bookingId: number, fields: Record<string, string>, files: Upload[], pagePath = `/fixer/bookings/${bookingId}`) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.content)], { type: f.type ?? "image/png" }), f.name);
  const res = await fetch(new URL(pagePath, base), { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, cookie: fixer.browser.cookieHeader() } });
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
}

function storedFiles(): number {
  const dir = path.join(server.dataDir, "uploads", "booking-done-photos");
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith(".")).length : 0;
}
/** What a refusal must leave as it was: the booking's state and timeline, its photo rows, every photo row and every stored file. */
async function snapshot(bookingId: number) {
  const db = server.services.db;
  const [[booking], timeline, [rows], [allRows]] = await Promise.all([
    db.select({ state: bookings.state, doneNote: bookings.doneNote }).from(bookings).where(eq(bookings.id, bookingId)),
    db.select({ id: bookingTransitions.id }).from(bookingTransitions).where(eq(bookingTransitions.bookingId, bookingId)),
    db.select({ n: count() }).from(bookingDonePhotos).where(eq(bookingDonePhotos.bookingId, bookingId)),
    db.select({ n: count() }).from(bookingDonePhotos),
  ]);
  return { ...booking!, timeline: timeline.length, photos: rows!.n, allPhotos: allRows!.n, files: storedFiles() };
}
const photoPaths = (html: string) => [...new Set([...html.matchAll(/src="(\/bookings\/\d+\/done-photos\/\d+)"/g)].map((m) => m[1]!))];

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  [customer, otherCustomer, fixer, otherFixer, staff] = await Promise.all([
    newConfirmedUser("dora.done@example.com", "Dora Done"),
    newConfirmedUser("owen.other@example.com", "Owen Other"),
    newConfirmedUser("fred.fixer@example.com", "Fred Fixer", "fixer"),
    newConfirmedUser("flo.other@example.com", "Flo Other", "fixer"),
    newConfirmedUser("stella.staff@example.com", "Stella Staff"),
  ]);
  for (const [who, first] of [
    [fixer, "Fred"],
    [otherFixer, "Flo"],
  ] as const) {
    await createApprovedFixer(server.services.db, { user: { id: who.id, email: who.email, name: who.fullName }, first, last: "Fixer", services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  }
  await server.services.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("marking a job done with photos", () => {
  let bookingId: number;
  let photoUrls: string[];

  it("the fixer's page offers a multipart form with a photo picker (a plain POST: no JavaScript needed)", async () => {
    bookingId = await paidBooking();
    const html = await (await fixer.browser.get(`/fixer/bookings/${bookingId}`)).text();
    const form = /<form[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="mark_done"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    const picker = /<input[^>]*type="file"[^>]*>/.exec(form)?.[0] ?? "";
    expect(picker).toContain('name="photos"');
    expect(picker).toContain("multiple");
    expect(form).toContain("Up to 3 photos, JPEG, PNG or WebP, 10 MB each.");
  });

  it("with a note and 2 photos: the booking is marked done, the photos stored re-encoded, and shown on the three booking pages", async () => {
    const before = await snapshot(bookingId);
    const withGps = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#2a6" } })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .jpeg()
      .toBuffer();
    const done = await markDoneWith(bookingId, { intent: "mark_done", note: "New washer fitted." }, [
      { name: "tap.png", content: await png("#c33") },
      { name: "IMG_0002.jpg", content: withGps, type: "image/jpeg" },
    ]);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/fixer/bookings/${bookingId}`);
    expect(await snapshot(bookingId)).toMatchObject({ state: "done_marked", doneNote: "New washer fitted.", timeline: before.timeline + 1, photos: 2, files: before.files + 2 });

    const customerPage = await (await customer.browser.get(`/bookings/${bookingId}`)).text();
    photoUrls = photoPaths(customerPage);
    expect(photoUrls).toHaveLength(2);
    expect(customerPage).toContain("New washer fitted.");
    expect(customerPage).toContain('alt="Photo 1 of 2 from the fixer"');
    // The customer sees them where they confirm or report a problem.
    expect(customerPage).toContain("Confirm the job is done");
    expect(photoPaths(await (await fixer.browser.get(`/fixer/bookings/${bookingId}`)).text())).toEqual(photoUrls);
    expect(photoPaths(await (await staff.browser.get(`/staff/bookings/${bookingId}`)).text())).toEqual(photoUrls);
  });

  it("each photo is served to the booking's customer, its fixer and staff: private, re-encoded without metadata", async () => {
    for (const who of [customer, fixer, staff]) {
      const served = await who.browser.get(photoUrls[1]!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(60);
    }
    const first = await customer.browser.get(photoUrls[0]!);
    expect(first.headers.get("content-type")).toBe("image/png");
    await first.arrayBuffer();
  });

  it("is served to nobody else: another customer, another fixer, signed out, another booking's URL → 404", async () => {
    for (const who of [otherCustomer.browser, otherFixer.browser, new Browser(base)]) {
      const res = await who.get(photoUrls[0]!);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const photoId = photoUrls[0]!.split("/").pop()!;
    const other = await paidBooking(false);
    expect((await customer.browser.get(`/bookings/${other}/done-photos/${photoId}`)).status).toBe(404);
    expect((await staff.browser.get(`/bookings/${other}/done-photos/${photoId}`)).status).toBe(404);
    expect((await customer.browser.get(`/bookings/${bookingId}/done-photos/${photoId}x`)).status).toBe(404);
    expect((await customer.browser.get(`/bookings/${bookingId}/done-photos/99999999`)).status).toBe(404);
  });

  it("3 photos of 2 MB each to the page's .data URL (where the page's script sends the form) are within the page's body cap", async () => {
    const limit = bodyLimitFor(bodyLimits, `/fixer/bookings/${bookingId}.data`, "multipart/form-data; boundary=x");
    expect(limit).toBe(bodyLimitFor(bodyLimits, "/fixer/jobs/1", "multipart/form-data; boundary=x"));
    expect(limit).toBe(bodyLimitFor(bodyLimits, `/fixer/bookings/${bookingId}`, "multipart/form-data; boundary=x"));
    const second = await paidBooking();
    const big = await noisyPng(1000, 700);
    expect(big.length).toBeGreaterThan(1_500_000);
    const done = await markDoneWith(second, { intent: "mark_done", note: "" }, [1, 2, 3].map((i) => ({ name: `big${i}.png`, content: big })), `/fixer/bookings/${second}.data`);
    expect(done.status).not.toBe(413);
    expect(done.status).toBeLessThan(400);
    expect(await snapshot(second)).toMatchObject({ state: "done_marked", photos: 3 });
  }, 60_000);
});

describe("refusals change nothing and store nothing", () => {
  let bookingId: number;
  beforeAll(async () => {
    bookingId = await paidBooking();
  });

  it("4 photos → 400 with the limit, the note kept for the form; the booking stays booked", async () => {
    const before = await snapshot(bookingId);
    const photos = await Promise.all(["#111", "#222", "#333", "#444"].map(async (c, i) => ({ name: `p${i}.png`, content: await png(c) })));
    const res = await markDoneWith(bookingId, { intent: "mark_done", note: "Four photos of the work." }, photos);
    expect(res.status).toBe(400);
    expect(res.text).toContain("Add at most 3 photos.");
    expect(res.text).toContain("Four photos of the work.");
    expect(await snapshot(bookingId)).toEqual(before);
    expect(before.state).toBe("booked");
  });

  it("a text file named .jpg (after a good photo) → 415 naming it; nothing kept", async () => {
    const before = await snapshot(bookingId);
    const res = await markDoneWith(bookingId, { intent: "mark_done", note: "" }, [
      { name: "good.png", content: await png("#0a0") },
      { name: "receipt.jpg", content: Buffer.from("This is not a photo, just some text.\n"), type: "image/jpeg" },
    ]);
    expect(res.status).toBe(415);
    expect(res.text).toContain("receipt.jpg is not a photo we can use. Add JPEG, PNG or WebP photos.");
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it("a photo over 10 MB → 413; photos with another action → 400; a bad note after the photos were stored → 400; nothing kept", async () => {
    const before = await snapshot(bookingId);
    const huge = await markDoneWith(bookingId, { intent: "mark_done", note: "" }, [{ name: "huge.png", content: Buffer.alloc(10 * 1024 * 1024 + 10, 1) }]);
    expect(huge.status).toBe(413);
    expect(huge.text).toContain("huge.png is over 10 MB. Add photos of 10 MB or smaller.");
    const cancel = await markDoneWith(bookingId, { intent: "cancel", reason: "Cannot make it after all." }, [{ name: "a.png", content: await png("#123") }]);
    expect(cancel.status).toBe(400);
    expect(cancel.text).toContain("Photos can be added only when marking the job done or answering a claim.");
    const nul = await markDoneWith(bookingId, { intent: "mark_done", note: "a\u0000b" }, [{ name: "b.png", content: await png("#321") }]);
    expect(nul.status).toBe(400);
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it("hostile multipart: a broken boundary, a cut-off body, a 20,000-character note, a file in another field → 4xx, nothing changed", async () => {
    const before = await snapshot(bookingId);
    const cookie = fixer.browser.cookieHeader();
    const send = (contentType: string, body: string) => rawRequest(base, { method: "POST", path: `/fixer/bookings/${bookingId}`, headers: { cookie, origin: base, accept: "text/html", "content-type": contentType }, body: [body] });
    const part = (name: string, value: string, boundary = "b0undary") => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const answers = [
      await send("multipart/form-data; boundary=other", `${part("intent", "mark_done")}${part("note", "Done")}--b0undary--\r\n`),
      await send("multipart/form-data", `${part("intent", "mark_done")}--b0undary--\r\n`),
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "mark_done")}--b0undary\r\ncontent-disposition: form-data; name="photos"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n${(await png("#999")).subarray(0, 40).toString("latin1")}`),
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "mark_done")}${part("note", "x".repeat(20_000))}--b0undary--\r\n`),
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "mark_done")}${part("note", "Hi")}--b0undary\r\ncontent-disposition: form-data; name="avatar"; filename="x.png"\r\ncontent-type: image/png\r\n\r\nxx\r\n--b0undary--\r\n`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await snapshot(bookingId)).toEqual(before);
  });

  it("a booking whose slot has not started → 409 with photos: unchanged, no photo rows, no files", async () => {
    const upcoming = await paidBooking(false);
    const before = await snapshot(upcoming);
    const res = await markDoneWith(upcoming, { intent: "mark_done", note: "Done early." }, [
      { name: "a.png", content: await png("#abc") },
      { name: "b.png", content: await png("#cba") },
    ]);
    expect(res.status).toBe(409);
    expect(res.text).toContain("once its slot has started");
    expect(await snapshot(upcoming)).toEqual(before);
    expect(before).toMatchObject({ state: "booked", photos: 0 });
  });

  it("another fixer's booking → 404 with photos, nothing stored", async () => {
    const before = await snapshot(bookingId);
    const form = new FormData();
    form.append("intent", "mark_done");
    form.append("note", "");
    form.append("photos", new Blob([new Uint8Array(await png("#777"))], { type: "image/png" }), "c.png");
    const res = await fetch(new URL(`/fixer/bookings/${bookingId}`, base), { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, cookie: otherFixer.browser.cookieHeader() } });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
    expect(await snapshot(bookingId)).toEqual(before);
  });
});
