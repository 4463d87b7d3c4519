import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { jobMessagePhotos, jobMessages } from "#server/db/schema/quotes.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { postJob } from "~/features/quotes/jobs.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import type { JobInput } from "~/features/quotes/schemas";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { rawRequest } from "#tests/helpers/hostile-http.ts";
import { Browser, signUpConfirmed } from "./auth-helpers";
import { EventReader, isMessage } from "./helpers/live";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Photos in messages over real HTTP (issue 36, decision 056): up to 3 a message through the job
 * photos' pipeline (checked by content, re-encoded without metadata, private), shown as thumbnails
 * in the thread and in the live event, served only to the thread's two people and staff, hidden
 * with their message; every refusal stores nothing, not even a file.
 */

let server: InProcessServer;
let base: string;
let deps: PublicChangeDeps;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;
const jobInput: JobInput = {
  service: "plumbing",
  postcode: "SW1A 1AA",
  title: "Cracked basin waste pipe",
  description: "The waste pipe under the basin is cracked and leaks when the basin drains.",
  timing: "week",
  preferredDate: null,
  budget: "under_100",
};
const quote = { priceKind: "fixed" as const, amountPence: 9000, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(2), message: "" };

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = await signUpConfirmed(base, { email, fullName, userType, password: strong, ip: newIp() });
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: user!.id };
}
type Person = Awaited<ReturnType<typeof newConfirmedUser>>;

let customer: Person;
let otherCustomer: Person;
let fixer: Person;
let bystander: Person;
let staff: Person;
let jobId: number;
const open: EventReader[] = [];

type Upload = { name: string; content: Buffer; type?: string };
const png = (colour: string, width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");

/** A message form as the browser sends it: multipart, with its photos. */
async function postMessage(who: Person, page: string, fields: Record<string, string>, files: Upload[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.content)], { type: f.type ?? "image/png" }), f.name);
  const res = await fetch(new URL(page, base), { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, cookie: who.browser.cookieHeader() } });
  return { status: res.status, text: await res.text() };
}
const asFixer = (fields: Record<string, string>, files: Upload[]) => postMessage(fixer, `/fixer/jobs/${jobId}`, { intent: "message", ...fields }, files);
const asCustomer = (fields: Record<string, string>, files: Upload[], to = fixer.id) => postMessage(customer, `/account/jobs/${jobId}`, { intent: "message", fixer: to, ...fields }, files);

/** Everything in the message photos' folder: each photo, its metadata file beside it, and anything left half-written. */
function storedEntries(): string[] {
  const dir = path.join(server.dataDir, "uploads", "message-photos");
  return existsSync(dir) ? readdirSync(dir) : [];
}
async function stored() {
  const [[messages], [photos]] = await Promise.all([deps.db.select({ n: count() }).from(jobMessages), deps.db.select({ n: count() }).from(jobMessagePhotos)]);
  const entries = storedEntries();
  return { messages: messages!.n, photos: photos!.n, files: entries.filter((name) => !name.startsWith(".")).length, entries: entries.length };
}
const photoPaths = (html: string) => [...new Set([...html.matchAll(/src="(\/jobs\/\d+\/message-photos\/\d+)"/g)].map((m) => m[1]!))];

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  deps = { db: server.services.db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  [customer, otherCustomer, fixer, bystander, staff] = await Promise.all([
    newConfirmedUser("pia.photos@example.com", "Pia Photos"),
    newConfirmedUser("olly.other@example.com", "Olly Other"),
    newConfirmedUser("fin.fixer@example.com", "Fin Fixer", "fixer"),
    newConfirmedUser("bo.bystander@example.com", "Bo Bystander", "fixer"),
    newConfirmedUser("sam.staff@example.com", "Sam Staff"),
  ]);
  for (const [who, email, first] of [
    [fixer, "fin.fixer@example.com", "Fin"],
    [bystander, "bo.bystander@example.com", "Bo"],
  ] as const) {
    await createApprovedFixer(deps.db, { user: { id: who.id, email, name: `${first} Photos` }, first, last: "Photos", services: ["plumbing"], areas: ["SW1"] });
  }
  await deps.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
  jobId = (await postJob(deps, customer.id, jobInput)).jobId;
  await sendQuote(deps, fixer.id, jobId, quote);
}, 240_000);

afterAll(async () => {
  for (const reader of open) await reader.close();
  await server?.dispose();
});

describe("a message with photos", () => {
  let photoUrls: string[];
  let messageId: number;

  it("is posted with 2 photos, re-encoded without metadata, and reaches the customer's open page live with them", async () => {
    const live = new EventReader(await customer.browser.get(`/live/events?job=${jobId}`, { headers: { accept: "text/event-stream" } }));
    open.push(live);
    await live.next((e) => e.event === "unread");
    const withGps = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#2a6" } })
      .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .jpeg()
      .toBuffer();
    const before = await stored();
    const posted = await asFixer({ body: "Here is the pipe I would replace." }, [
      { name: "pipe.png", content: await png("#c33") },
      { name: "IMG_0001.jpg", content: withGps, type: "image/jpeg" },
    ]);
    expect(posted.status).toBe(303);
    expect(await stored()).toEqual({ messages: before.messages + 1, photos: before.photos + 2, files: before.files + 2, entries: before.entries + 4 });

    const event = await live.next(isMessage("Here is the pipe I would replace."), { timeoutMs: 5_000 });
    const message = JSON.parse(event.data) as { id: number; photos: { id: number; width: number; height: number }[] };
    messageId = message.id;
    expect(message.photos).toHaveLength(2);
    expect(message.photos[0]).toMatchObject({ width: 40, height: 30 });

    // Both pages show them as thumbnails linking to the private route.
    const customerPage = await (await customer.browser.get(`/account/jobs/${jobId}`)).text();
    photoUrls = photoPaths(customerPage);
    expect(photoUrls).toEqual(message.photos.map((p) => `/jobs/${jobId}/message-photos/${p.id}`));
    expect(customerPage).toMatch(/alt="Photo 1 of 2 from Fin [^"]+"/);
    expect(photoPaths(await (await fixer.browser.get(`/fixer/jobs/${jobId}`)).text())).toEqual(photoUrls);

    for (const who of [customer, fixer]) {
      const served = await who.browser.get(photoUrls[1]!);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(60);
    }
  });

  it("is served to nobody else: another customer, a fixer of the job without the thread, signed out, another job's URL → 404", async () => {
    for (const who of [otherCustomer.browser, bystander.browser, new Browser(base)]) {
      const res = await who.get(photoUrls[0]!);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    }
    const photoId = photoUrls[0]!.split("/").pop()!;
    expect((await customer.browser.get(`/jobs/${jobId + 1}/message-photos/${photoId}`)).status).toBe(404);
    expect((await customer.browser.get(`/jobs/${jobId}/message-photos/${photoId}x`)).status).toBe(404);
    expect((await customer.browser.get(`/jobs/${jobId}/message-photos/99999999`)).status).toBe(404);
    // Staff may open it (the console's view of a reported thread).
    expect((await staff.browser.get(photoUrls[0]!)).status).toBe(200);
  });

  it("hidden by staff: its photos go with it for the thread's two people (the page and the URL), staff still see them", async () => {
    const live = new EventReader(await fixer.browser.get(`/live/events?job=${jobId}`, { headers: { accept: "text/event-stream" } }));
    open.push(live);
    await live.next((e) => e.event === "unread");
    const hidden = await staff.browser.post(`/staff/jobs/${jobId}`, { intent: "hide-message", messageId: String(messageId), reason: "Shows a neighbour's address." });
    expect(hidden.status).toBe(302);
    // The open page hears of it through the live channel.
    const event = await live.next((e) => e.event === "hidden", { timeoutMs: 2_000 });
    expect(JSON.parse(event.data)).toEqual({ id: messageId, fixerUserId: fixer.id });

    const page = await (await customer.browser.get(`/account/jobs/${jobId}`)).text();
    expect(photoPaths(page)).toEqual([]);
    expect(page).toContain("This message was hidden by FixiT.");
    for (const who of [customer, fixer]) expect((await who.browser.get(photoUrls[0]!)).status).toBe(404);
    expect((await staff.browser.get(photoUrls[0]!)).status).toBe(200);
    // A stream opened afterwards replays it without text or photos.
    const replay = new EventReader(await customer.browser.get(`/live/events?job=${jobId}&after=${messageId - 1}`, { headers: { accept: "text/event-stream" } }));
    open.push(replay);
    const again = await replay.next((e) => e.event === "message" && e.id === String(messageId));
    expect(JSON.parse(again.data)).toMatchObject({ hidden: true, body: null, photos: [] });
  });
});

describe("refusals store nothing", () => {
  it("a 4th photo → 400 with the limit, no message, no photo row, no file", async () => {
    const before = await stored();
    const photos = await Promise.all(["#111", "#222", "#333", "#444"].map(async (c, i) => ({ name: `p${i}.png`, content: await png(c) })));
    const res = await asCustomer({ body: "Four photos of the leak." }, photos);
    expect(res.status).toBe(400);
    expect(res.text).toContain("Add at most 3 photos to a message.");
    // The text as typed is kept for the form.
    expect(res.text).toContain("Four photos of the leak.");
    expect(await stored()).toEqual(before);
  });

  it("a file that is not a photo (a PDF named .png, after a good photo) → 415 with its name, nothing kept", async () => {
    const before = await stored();
    const res = await asFixer({ body: "My invoice." }, [
      { name: "good.png", content: await png("#0a0") },
      { name: "invoice.png", content: pdf },
    ]);
    expect(res.status).toBe(415);
    expect(res.text).toContain("invoice.png is not a photo we can use. Add JPEG, PNG or WebP photos.");
    expect(await stored()).toEqual(before);
  });

  it("a message the thread refuses after the photos were stored (no such thread; bad text) → 4xx, the stored files deleted", async () => {
    const before = await stored();
    // The customer names a fixer who never quoted: the write is refused inside the transaction.
    const noThread = await asCustomer({ body: "Can you look at this?" }, [{ name: "a.png", content: await png("#123") }], bystander.id);
    expect(noThread.status).toBe(404);
    // The text fails the form's schema after the photo was stored.
    const empty = await asFixer({ body: "   " }, [{ name: "b.png", content: await png("#321") }]);
    expect(empty.status).toBe(400);
    const nul = await asFixer({ body: "a\u0000b" }, [{ name: "c.png", content: await png("#231") }]);
    expect(nul.status).toBe(400);
    // Photos with another action are refused too.
    const withdraw = await postMessage(fixer, `/fixer/jobs/${jobId}`, { intent: "withdraw" }, [{ name: "d.png", content: await png("#312") }]);
    expect(withdraw.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it("hostile multipart: a broken boundary, a cut-off body, a 20,000-character field, a file in another field → 4xx, nothing stored", async () => {
    const before = await stored();
    const cookie = fixer.browser.cookieHeader();
    const send = (contentType: string, body: string) => rawRequest(base, { method: "POST", path: `/fixer/jobs/${jobId}`, headers: { cookie, origin: base, accept: "text/html", "content-type": contentType }, body: [body] });
    const part = (name: string, value: string, boundary = "b0undary") => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const answers = [
      // The header names one boundary, the body uses another: nothing parses.
      await send("multipart/form-data; boundary=other", `${part("intent", "message")}${part("body", "Hello")}--b0undary--\r\n`),
      // No boundary at all.
      await send("multipart/form-data", `${part("intent", "message")}--b0undary--\r\n`),
      // Cut off inside a photo.
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "message")}--b0undary\r\ncontent-disposition: form-data; name="photos"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n${(await png("#999")).subarray(0, 40).toString("latin1")}`),
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "message")}${part("body", "x".repeat(20_000))}--b0undary--\r\n`),
      await send("multipart/form-data; boundary=b0undary", `${part("intent", "message")}${part("body", "Hi")}--b0undary\r\ncontent-disposition: form-data; name="avatar"; filename="x.png"\r\ncontent-type: image/png\r\n\r\nxx\r\n--b0undary--\r\n`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await stored()).toEqual(before);
  });
});
