import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { notificationPreferences, pushSubscriptions } from "#server/db/schema/notifications.ts";
import { jobs } from "#server/db/schema/quotes.ts";
import { markDone } from "~/features/bookings/bookings.server";
import { slotStartsAt } from "~/features/bookings/slots";
import { postMessage } from "~/features/quotes/messages.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { paidBooking, SEEDED_PASSWORD, signedInFixer, signedInPerson, type SignedInPerson } from "#tests/helpers/done-bookings.ts";
import { daysFromToday } from "#tests/helpers/marketplace.ts";
import { startTestPushService, type TestDevice, type TestPushService } from "#tests/helpers/push-service.ts";
import { Browser } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Web Push over real HTTP against the production build (issue 50, decision 074): a device is stored
 * only for its own signed-in person, hostile subscriptions are 4xx and store nothing, a message, a
 * quote and "marked done" each queue one push per device that wants its kind, and the sender's
 * pushes reach a local push service that checks their VAPID signature and decrypts them; 410
 * removes the device, 500 is retried.
 */

let server: InProcessServer;
let base: string;
let push: TestPushService;
let customer: SignedInPerson;
let fixer: SignedInPerson;
let other: SignedInPerson;
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;
const db = () => server.services.db;
const deps = () => ({ db: db(), publicUrl: base });
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function browserOf(person: SignedInPerson, userAgent = ANDROID_CHROME): Browser {
  const browser = new Browser(base, userAgent);
  for (const pair of person.cookie.split("; ")) {
    const at = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return browser;
}

const subscribe = (browser: Browser, device: Pick<TestDevice, "endpoint" | "p256dh" | "auth">, name = "") =>
  browser.post("/account/push-devices", { intent: "subscribe", ...device, name }, { origin: base, accept: "application/json", "x-forwarded-for": newIp() });

const devicesOf = (userId: string) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
const allDevices = () => db().select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions);

/** The web-push jobs queued since `afterId`, by subscription id. */
async function pushJobsSince(afterId: number): Promise<Map<number, { kind: string; tag: string; url: string }[]>> {
  const rows = await db()
    .select({ payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(and(eq(outboxJobs.kind, "web-push"), sql`${outboxJobs.id} > ${afterId}`))
    .orderBy(outboxJobs.id);
  const byDevice = new Map<number, { kind: string; tag: string; url: string }[]>();
  for (const { payload } of rows) {
    const job = payload as { subscriptionId: number; kind: string; message: { tag: string; url: string } };
    byDevice.set(job.subscriptionId, [...(byDevice.get(job.subscriptionId) ?? []), { kind: job.kind, tag: job.message.tag, url: job.message.url }]);
  }
  return byDevice;
}
const lastJobId = async () => Number((await db().select({ id: sql<number>`coalesce(max(${outboxJobs.id}), 0)` }).from(outboxJobs))[0]!.id);

async function postJob(person: SignedInPerson, title: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ service: "plumbing", postcode: "sw1a 1aa", title, description: "The kitchen tap drips all night and the washer looks worn out.", timing: "week", preferredDate: "", budget: "100_250" })) form.append(k, v);
  const res = await fetch(`${base}/request`, { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, "x-forwarded-for": newIp(), cookie: person.cookie } });
  expect(res.status).toBe(302);
  const [job] = await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.customerUserId, person.id), eq(jobs.title, title)));
  return job!.id;
}

const quote = (message: string) => ({ priceKind: "fixed" as const, amountPence: 9_000, amountToPence: null, includes: "Labour and a washer.", earliestStart: daysFromToday(3), message });

async function scrape(): Promise<string> {
  return (await fetch(server.metricsUrl!)).text();
}
const outcome = (text: string, name: string) => Number(new RegExp(`fixit_outbox_job_outcomes_total\\{kind="web-push",outcome="${name}"\\} (\\d+)`).exec(text)?.[1] ?? 0);

beforeAll(async () => {
  push = await startTestPushService();
  server = await startServerInProcess({ env: { WEB_PUSH_LOOPBACK_ENDPOINTS: "on", MAIL_RETRY_BASE_MS: "50", METRICS_PORT: "0" } });
  base = server.url;
  customer = await signedInPerson(server.services, "push.customer@example.com", "customer");
  other = await signedInPerson(server.services, "push.other@example.com", "customer");
  fixer = await signedInFixer(server.services, "push.fixer@example.com");
}, 240_000);
afterAll(async () => {
  await server?.dispose();
  await push?.close();
});

describe("web push: devices", () => {
  it("the page offers the control and the VAPID key, and lists no device yet", async () => {
    const page = await browserOf(customer).get("/account/notifications/settings");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Notify me on this device");
    expect(html).toContain("No devices yet.");
    expect(html).toContain(server.services.config.webPush!.publicKey);
  });

  it("a device is stored for its own signed-in person, named from the User-Agent, listed only to them, and removed only by them", async () => {
    const device = push.device();
    const res = await subscribe(browserOf(customer), device);
    expect(res.status).toBe(200);
    const [stored] = await devicesOf(customer.id);
    expect(stored).toMatchObject({ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, deviceName: "Chrome on Android" });

    const mine = await (await browserOf(customer).get("/account/notifications/settings")).text();
    expect(mine).toContain("Chrome on Android");
    expect(await (await browserOf(other).get("/account/notifications/settings")).text()).not.toContain("Chrome on Android");

    // Someone else's device: 404, still there.
    const theirs = await browserOf(other).post("/account/push-devices", { intent: "remove", id: String(stored!.id) }, { origin: base });
    expect(theirs.status).toBe(404);
    expect(await devicesOf(customer.id)).toHaveLength(1);
    // Signed out: to sign-in, nothing stored or removed.
    const anonymous = await new Browser(base).post("/account/push-devices", { intent: "subscribe", ...push.device() }, { origin: base });
    expect(anonymous.status).toBe(302);
    expect((await allDevices())[0]!.n).toBe(1);

    // The owner's Remove button (a plain form): back to the list, gone.
    const removed = await browserOf(customer).post("/account/push-devices", { intent: "remove", id: String(stored!.id) }, { origin: base });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/account/notifications/settings");
    expect(await devicesOf(customer.id)).toHaveLength(0);
  });

  it("a given name is kept; the same endpoint posted again updates it; posted by another person it moves to them", async () => {
    const device = push.device();
    expect((await subscribe(browserOf(customer), device, "  Kitchen tablet ")).status).toBe(200);
    expect((await subscribe(browserOf(customer), { ...device, auth: push.device().auth }, "Kitchen tablet")).status).toBe(200);
    const [row] = await devicesOf(customer.id);
    expect(row!.deviceName).toBe("Kitchen tablet");
    expect(await devicesOf(customer.id)).toHaveLength(1);

    expect((await subscribe(browserOf(other), device)).status).toBe(200);
    expect(await devicesOf(customer.id)).toHaveLength(0);
    const [moved] = await devicesOf(other.id);
    expect(moved).toMatchObject({ id: row!.id, endpoint: device.endpoint, deviceName: "Chrome on Android" });
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, other.id));
  });

  it("a person has at most 20 devices", async () => {
    for (let i = 0; i < 20; i++) expect((await subscribe(browserOf(other), push.device(), `Device ${i + 1}`)).status).toBe(200);
    const refused = await subscribe(browserOf(other), push.device());
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain("Remove one you no longer use");
    expect(await devicesOf(other.id)).toHaveLength(20);
    // Re-posting one already theirs is not a new device.
    const [first] = await devicesOf(other.id);
    expect((await subscribe(browserOf(other), { endpoint: first!.endpoint, p256dh: first!.p256dh, auth: first!.auth }, "Renamed")).status).toBe(200);
    await db().delete(pushSubscriptions).where(eq(pushSubscriptions.userId, other.id));
  });

  const good = () => push.device();
  const hostile: [string, () => Record<string, string>][] = [
    ["an http endpoint", () => ({ ...good(), endpoint: "http://push.example.com/send/abc" })],
    ["a non-URL endpoint", () => ({ ...good(), endpoint: "not a url" })],
    ["a javascript: endpoint", () => ({ ...good(), endpoint: "javascript:alert(1)" })],
    ["an endpoint with credentials", () => ({ ...good(), endpoint: "https://user:secret@push.example.com/x" })],
    ["a 10,000-character endpoint", () => ({ ...good(), endpoint: `https://push.example.com/${"a".repeat(10_000)}` })],
    ["a NUL in the endpoint", () => ({ ...good(), endpoint: "https://push.example.com/a\u0000b" })],
    ["CR/LF in the endpoint", () => ({ ...good(), endpoint: "https://push.example.com/a\r\nX-Evil: 1" })],
    ["no endpoint", () => ({ p256dh: good().p256dh, auth: good().auth })],
    ["a short p256dh", () => ({ ...good(), p256dh: "BAAA" })],
    ["a p256dh that is not an uncompressed point", () => ({ ...good(), p256dh: `A${good().p256dh.slice(1)}` })],
    ["a p256dh with other characters", () => ({ ...good(), p256dh: `${good().p256dh.slice(0, 86)}=` })],
    ["an auth of 17 bytes", () => ({ ...good(), auth: Buffer.alloc(17, 1).toString("base64url") })],
    ["an auth with a NUL", () => ({ ...good(), auth: "AAAAAAAAAAAAAAAAAAAA\u0000A" })],
    ["a 61-character name", () => ({ ...good(), name: "n".repeat(61) })],
    ["a name with a NUL", () => ({ ...good(), name: "My\u0000phone" })],
    ["a name with CR/LF", () => ({ ...good(), name: "My phone\r\nBcc: x@example.com" })],
    ["an unknown intent", () => ({ ...good(), intent: "subscribe-all" })],
  ];
  it.each(hostile)("%s is refused with 4xx and a message, and nothing is stored", async (_label, make) => {
    const before = (await allDevices())[0]!.n;
    const res = await browserOf(customer).post("/account/push-devices", { intent: "subscribe", name: "", ...make() }, { origin: base, accept: "application/json" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(await res.json())).toMatch(/"message":"[^"]{10,}/);
    expect((await allDevices())[0]!.n).toBe(before);
  });

  it("a remove with a bad id is 400 and removes nothing", async () => {
    for (const id of ["0", "-1", "012", "1e3", "x"]) {
      const res = await browserOf(customer).post("/account/push-devices", { intent: "remove", id }, { origin: base, accept: "application/json" });
      expect(res.status).toBe(400);
    }
  });
});

describe("web push: a device belongs to the sign-in that added it", () => {
  it("Sign Out removes the person's devices (no notifications on a signed-out phone); other people's stay", async () => {
    const leaver = await signedInPerson(server.services, "push.leaver@example.com", "customer");
    expect((await subscribe(browserOf(leaver), push.device(), "Shared tablet")).status).toBe(200);
    const stayer = await signedInPerson(server.services, "push.stayer@example.com", "customer");
    expect((await subscribe(browserOf(stayer), push.device(), "Stayer phone")).status).toBe(200);
    expect(await devicesOf(leaver.id)).toHaveLength(1);

    const signedOut = await browserOf(leaver).post("/auth/sign-out", {}, { origin: base });
    expect(signedOut.status).toBe(302);
    expect(await devicesOf(leaver.id)).toHaveLength(0);
    expect((await devicesOf(stayer.id)).map((d) => d.deviceName)).toEqual(["Stayer phone"]);

    // Signed in again, the same browser subscribes again and is kept for the new sign-in.
    const { headers } = await server.services.auth.api.signInEmail({ body: { email: "push.leaver@example.com", password: SEEDED_PASSWORD }, returnHeaders: true });
    const again = { ...leaver, cookie: headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ") };
    expect((await subscribe(browserOf(again), push.device(), "Shared tablet")).status).toBe(200);
    expect(await devicesOf(leaver.id)).toHaveLength(1);
  });
});

describe("web push: what is queued", () => {
  let phone: TestDevice;
  let laptop: TestDevice;
  let fixerPhone: TestDevice;
  let ids: { phone: number; laptop: number; fixerPhone: number };
  let jobId: number;

  beforeAll(async () => {
    phone = push.device();
    laptop = push.device();
    fixerPhone = push.device();
    expect((await subscribe(browserOf(customer), phone, "Phone")).status).toBe(200);
    expect((await subscribe(browserOf(customer, "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0"), laptop)).status).toBe(200);
    expect((await subscribe(browserOf(fixer), fixerPhone)).status).toBe(200);
    const [p, l] = await devicesOf(customer.id);
    const [f] = await devicesOf(fixer.id);
    ids = { phone: p!.id, laptop: l!.id, fixerPhone: f!.id };
    expect(l!.deviceName).toBe("Firefox on Mac");
  });

  it("a new lead: one push to the fixer's device", async () => {
    const since = await lastJobId();
    jobId = await postJob(customer, "Dripping kitchen tap");
    const queued = await pushJobsSince(since);
    expect(queued.get(ids.fixerPhone)).toEqual([expect.objectContaining({ kind: "new_job", url: `/fixer/jobs/${jobId}` })]);
    expect(queued.has(ids.phone)).toBe(false);
  });

  it("a quote: one push per device of the customer's, none to anyone else's", async () => {
    const since = await lastJobId();
    await sendQuote(deps(), fixer.id, jobId, quote("I can fix this tomorrow morning, parts included."));
    const queued = await pushJobsSince(since);
    expect(queued.get(ids.phone)).toEqual([expect.objectContaining({ kind: "quote_received", url: `/account/jobs/${jobId}` })]);
    expect(queued.get(ids.laptop)).toHaveLength(1);
    expect(queued.get(ids.phone)![0]!.tag).toBe(queued.get(ids.laptop)![0]!.tag);
    expect(queued.has(ids.fixerPhone)).toBe(false);
  });

  it("a message: one push per device", async () => {
    const since = await lastJobId();
    await postMessage(deps(), fixer.id, jobId, { body: "Is there parking near the house?" });
    const queued = await pushJobsSince(since);
    expect(queued.get(ids.phone)).toEqual([expect.objectContaining({ kind: "message" })]);
    expect(queued.get(ids.laptop)).toEqual([expect.objectContaining({ kind: "message" })]);
    expect(queued.size).toBe(2);
  });

  it("marked done: one push per device of the customer's", async () => {
    const { bookingId, slot } = await paidBooking(server.services, base, customer.id, fixer.id, { title: "Washer swap" });
    const since = await lastJobId();
    await markDone({ db: db(), publicUrl: base, now: () => new Date(slotStartsAt(slot).getTime() + 2 * 3_600_000) }, fixer.id, bookingId, { note: "All done." });
    const queued = await pushJobsSince(since);
    expect(queued.get(ids.phone)).toEqual([expect.objectContaining({ kind: "booking", url: `/bookings/${bookingId}` })]);
    expect(queued.get(ids.laptop)).toHaveLength(1);
  });

  it("a kind turned off in the preferences form queues nothing; the others still push, and email choices are kept", async () => {
    const form: Record<string, string> = { push_choices: "1", message: "instant", push_quote_received: "on", push_booking: "on" };
    const saved = await browserOf(customer).post("/account/email-preferences", form, { origin: base });
    expect(saved.status).toBe(302);
    const prefs = Object.fromEntries((await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, customer.id))).map((p) => [p.kind, [p.delivery, p.push]]));
    expect(prefs.message).toEqual(["instant", false]);
    expect(prefs.quote_received).toEqual(["instant", true]);
    expect(prefs.review).toEqual(["instant", false]);

    const since = await lastJobId();
    await postMessage(deps(), fixer.id, jobId, { body: "I will bring a spare cartridge too." });
    expect((await pushJobsSince(since)).size).toBe(0);
    // The notification settings show the choice.
    const account = await (await browserOf(customer).get("/account/notifications/settings")).text();
    const box = (kind: string) => new RegExp(`<input[^>]*name="push_${kind}"[^>]*>`).exec(account)?.[0] ?? "";
    expect(box("message")).not.toContain("checked");
    expect(box("quote_received")).toContain("checked");
  });

  it("a preference row from before push (push null) keeps its email choice and pushes by the kind's default", async () => {
    await db().insert(notificationPreferences).values({ userId: fixer.id, kind: "message", delivery: "digest" }).onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { delivery: "digest", push: null } });
    const since = await lastJobId();
    await postMessage(deps(), customer.id, jobId, { body: "Yes, there is parking on the drive.", fixerUserId: fixer.id });
    expect((await pushJobsSince(since)).get(ids.fixerPhone)).toEqual([expect.objectContaining({ kind: "message" })]);
  });
});

describe("web push: sending to a push service", () => {
  let device: TestDevice;
  let jobId: number;

  beforeAll(async () => {
    await db().delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, [customer.id, fixer.id]));
    await db().delete(notificationPreferences).where(eq(notificationPreferences.userId, customer.id));
    device = push.device();
    expect((await subscribe(browserOf(customer), device, "Test phone")).status).toBe(200);
    jobId = await postJob(customer, "Squeaky loft hatch");
  });

  it("encrypts to the device, signs with the server's VAPID key, and carries title, url and tag", async () => {
    const metricsBefore = outcome(await scrape(), "sent");
    await sendQuote(deps(), fixer.id, jobId, quote("I can ease the hinges on Friday."));
    const [got] = await push.waitFor(device, 1);
    expect(push.rejected).toEqual([]);
    expect(got!.vapidKey).toBe(server.services.config.webPush!.publicKey);
    expect(got!.claims.aud).toBe(push.url);
    expect(got!.claims.sub).toMatch(/^mailto:.+@/);
    expect(got!.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(got!.payload).toMatchObject({ title: "New quote", url: `/account/jobs/${jobId}`, tag: expect.stringMatching(/^quote_received-\d+$/) });
    expect(String(got!.payload.body)).toContain("Squeaky loft hatch");
    expect(Number(got!.headers.ttl)).toBe(86_400);
    expect(got!.headers.topic).toBe(got!.payload.tag);
    await expect.poll(async () => (await devicesOf(customer.id))[0]!.lastSuccessAt).not.toBeNull();
    await expect.poll(async () => outcome(await scrape(), "sent")).toBeGreaterThan(metricsBefore);
  });

  it("a 500 is retried with the outbox's backoff: the same push, same tag, arrives once the service recovers", async () => {
    const failedBefore = outcome(await scrape(), "failed");
    push.answer(device, 500, 500);
    const attemptsBefore = push.attempts(device);
    await postMessage(deps(), fixer.id, jobId, { body: "Shall I bring a ladder?" });
    const all = await push.waitFor(device, 2, 20_000);
    expect(push.attempts(device) - attemptsBefore).toBe(3);
    expect(all[1]!.payload).toMatchObject({ title: "New message", url: expect.stringContaining(`/account/jobs/${jobId}`) });
    const jobOf = async () =>
      (await db()
        .select()
        .from(outboxJobs)
        .where(and(eq(outboxJobs.kind, "web-push"), sql`${outboxJobs.payload}->'message'->>'tag' = ${String(all[1]!.payload.tag)}`)))[0];
    // The worker records the job once the push service's answer is in: a moment after the service saw it.
    await expect.poll(async () => (await jobOf())?.status).toBe("sent");
    const job = await jobOf();
    expect(job!.attempts).toBe(3);
    expect(job!.lastError).toContain("500");
    expect(outcome(await scrape(), "failed")).toBe(failedBefore + 2);
  });

  it("a 410 removes the device, and later events queue nothing for it", async () => {
    const removedBefore = outcome(await scrape(), "removed");
    push.answer(device, 410);
    const attemptsBefore = push.attempts(device);
    await postMessage(deps(), fixer.id, jobId, { body: "Never mind, I have one." });
    await expect.poll(async () => (await devicesOf(customer.id)).length, { timeout: 15_000 }).toBe(0);
    expect(push.attempts(device) - attemptsBefore).toBe(1);
    expect(outcome(await scrape(), "removed")).toBe(removedBefore + 1);
    const since = await lastJobId();
    await postMessage(deps(), fixer.id, jobId, { body: "See you Friday." });
    expect((await pushJobsSince(since)).size).toBe(0);
  });
});
