import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailbox } from "#server/db/schema/mail.ts";
import { notificationDigests, notificationPreferences, notifications } from "#server/db/schema/notifications.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { jobs } from "#server/db/schema/quotes.ts";
import { sendDigest } from "~/features/notifications/jobs.server";
import { digestDayOf } from "~/features/notifications/digest-day";
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from "~/features/notifications/unsubscribe-token.server";
import { postMessage } from "~/features/quotes/messages.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, signUpConfirmed, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Notifications over real HTTP against the production build: the list and the header's count, who
 * may read and mark what, email preferences respected by the senders, the daily digest, and the
 * one-click unsubscribe link (valid, tampered, expired, someone else's). Hostile input → 4xx, nothing stored.
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
let annId: string;
let bobId: string;
let jobId: number;

const deps = () => ({ db: server.services.db, publicUrl: base });
const db = () => server.services.db;
const ANN = "ann.notified@example.com";
const BOB = "bob.notified@example.com";

const newCustomer = (email: string, fullName: string) => signUpConfirmed(base, { email, fullName, password: strong, ip: newIp() });

async function userIdOf(email: string) {
  const { users } = await import("#server/db/schema/auth.ts");
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const quote = (message = "I can fix this tomorrow morning, parts included.") => ({
  priceKind: "fixed" as const,
  amountPence: 12_000,
  amountToPence: null,
  includes: "Labour and a new cartridge.",
  earliestStart: daysFromToday(3),
  message,
});

const notificationsOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const preferencesOf = (userId: string) => db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
const storedMail = (to: string) => db().select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(devMailbox.id);

/** Waits until the worker has run every due job (the notification's email job queues the email job). */
async function settle() {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await db().select({ runAt: outboxJobs.runAt }).from(outboxJobs).where(inArray(outboxJobs.status, ["pending", "processing"]));
    if (!open.some((job) => job.runAt.getTime() <= Date.now())) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the outbox did not settle");
}

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  plumber = await createApprovedFixer(db(), { first: "Nia", last: "Pipe", services: ["plumbing"], areas: ["SW1"] });
  plumber2 = await createApprovedFixer(db(), { first: "Ola", last: "Tap", services: ["plumbing"], areas: ["SW1"] });
  plumber3 = await createApprovedFixer(db(), { first: "Ravi", last: "Drain", services: ["plumbing"], areas: ["SW1"] });
  ann = await newCustomer(ANN, "Ann Notified");
  bob = await newCustomer(BOB, "Bob Nosy");
  annId = await userIdOf(ANN);
  bobId = await userIdOf(BOB);
  const form = new FormData();
  for (const [k, v] of Object.entries({ service: "plumbing", postcode: "sw1a 1aa", title: "Dripping bath tap", description: "The bath tap drips all night and the washer looks worn out.", timing: "week", preferredDate: "", budget: "100_250" })) form.append(k, v);
  const res = await fetch(`${base}/request`, { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, "x-forwarded-for": newIp(), cookie: ann.cookieHeader() } });
  expect(res.status).toBe(302);
  const [job] = await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.customerUserId, annId));
  jobId = job!.id;
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

describe("notifications", () => {
  it("a quote received is listed for the customer, counted in the header, and emailed with a one-click unsubscribe", async () => {
    await sendQuote(deps(), plumber.id, jobId, quote());
    const [notice] = await notificationsOf(annId);
    expect(notice).toMatchObject({ kind: "quote_received", link: `/account/jobs/${jobId}`, delivery: "instant", readAt: null });
    expect(notice!.title).toContain("Dripping bath tap");

    const page = await ann.get("/account/notifications");
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Dripping bath tap");
    expect(text).toContain("Notifications, 1 unread");

    await waitForMail(base, ANN, "New quote for Dripping bath tap");
    const [mail] = (await storedMail(ANN)).filter((m) => m.subject.startsWith("New quote"));
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/[^>]+\/unsubscribe\/one-click\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/);
    expect(mail!.text).toContain("/account/notifications/settings");
    // The fixers matched to the job were told too (new_job), on their own lists.
    expect((await notificationsOf(plumber.id)).map((n) => n.kind)).toContain("new_job");
  });

  it("another person can neither see, open nor mark someone's notification", async () => {
    const [notice] = await notificationsOf(annId);
    const bobsList = await (await bob.get("/account/notifications")).text();
    expect(bobsList).not.toContain("Dripping bath tap");
    expect((await bob.get(`/account/notifications/${notice!.id}`)).status).toBe(404);
    expect((await bob.post(`/account/notifications/${notice!.id}`, {}, { origin: base })).status).toBe(404);
    expect((await bob.post("/account/notifications", { intent: "read", id: String(notice!.id) }, { origin: base })).status).toBe(404);
    expect((await bob.post("/account/notifications", { intent: "read-all" }, { origin: base })).status).toBe(200);
    const [after] = await notificationsOf(annId);
    expect(after!.readAt).toBeNull();
    // Signed out: to sign-in, nothing read.
    expect((await new Browser(base).get(`/account/notifications/${notice!.id}`)).status).toBe(302);
    expect((await new Browser(base).post(`/account/notifications/${notice!.id}`, {}, { origin: base })).status).toBe(302);
    expect((await notificationsOf(annId))[0]!.readAt).toBeNull();
  });

  it("opening a notification marks it read and goes to what it is about; mark all read", async () => {
    const [notice] = await notificationsOf(annId);
    // Its address's GET (a prefetch, a link followed) goes there and reads nothing (decision 090).
    const followed = await ann.get(`/account/notifications/${notice!.id}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(`/account/jobs/${jobId}`);
    expect((await notificationsOf(annId))[0]!.readAt).toBeNull();
    // Opening it from the list is the list's POST.
    const opened = await ann.post(`/account/notifications/${notice!.id}`, {}, { origin: base });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/account/jobs/${jobId}`);
    expect((await notificationsOf(annId))[0]!.readAt).not.toBeNull();
    const listed = await (await ann.get("/account/notifications")).text();
    expect(listed).not.toContain(">Unread<");
    expect(listed).not.toContain("Notifications, 1 unread");

    await sendQuote(deps(), plumber2.id, jobId, quote("Happy to help this week, I have the washers in the van."));
    expect((await notificationsOf(annId)).filter((n) => !n.readAt)).toHaveLength(1);
    expect((await ann.post("/account/notifications", { intent: "read-all" }, { origin: base })).status).toBe(200);
    expect((await notificationsOf(annId)).filter((n) => !n.readAt)).toHaveLength(0);
  });

  it("email preferences are respected: off sends nothing, a digest waits for the next morning", async () => {
    await settle();
    const before = (await storedMail(ANN)).length;
    const saved = await ann.post("/account/email-preferences", { quote_received: "off", message: "digest" }, { origin: base });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/account/notifications/settings");
    // The settings page shows what was saved, once, and the choices made.
    const settings = await (await ann.get("/account/notifications/settings")).text();
    expect(settings).toContain("Email preferences saved");
    const messageChoices = settings.match(/<input[^>]*name="message"[^>]*>/g) ?? [];
    expect(messageChoices.filter((input) => input.includes('checked=""')).map((input) => /value="(\w+)"/.exec(input)?.[1])).toEqual(["digest"]);
    expect(Object.fromEntries((await preferencesOf(annId)).map((p) => [p.kind, p.delivery]))).toEqual({ quote_received: "off", message: "digest" });

    await sendQuote(deps(), plumber3.id, jobId, quote("Could come on Thursday, two hours at most."));
    await postMessage(deps(), plumber3.id, jobId, { body: "Is there parking near the house?" });
    await settle();
    expect((await storedMail(ANN)).length).toBe(before);
    const latest = (await notificationsOf(annId)).slice(-2);
    expect(latest.map((n) => [n.kind, n.delivery])).toEqual([
      ["quote_received", "off"],
      ["message", "digest"],
    ]);
    const day = digestDayOf(new Date());
    expect(latest[1]!.digestDay).toBe(day);
    // One digest row and one job for the person-day, however many digest notifications.
    await postMessage(deps(), plumber3.id, jobId, { body: "And is the stopcock easy to reach?" });
    expect(await db().select().from(notificationDigests).where(eq(notificationDigests.userId, annId))).toHaveLength(1);
    const digestJobs = await db().select().from(outboxJobs).where(eq(outboxJobs.kind, "notification-digest"));
    const annsDigestJobs = digestJobs.filter((j) => (j.payload as { userId: string }).userId === annId);
    expect(annsDigestJobs).toHaveLength(1);
    expect(annsDigestJobs[0]!.runAt.getTime()).toBeGreaterThan(Date.now());

    // The morning comes: one summary listing both messages, sent once however often the job runs.
    await sendDigest(server.services, { userId: annId, day });
    await sendDigest(server.services, { userId: annId, day });
    await settle();
    const digests = (await storedMail(ANN)).filter((m) => m.subject.startsWith("Your FixiT summary"));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text.match(/sent you a message/g)).toHaveLength(2);
    expect(digests[0]!.headers["List-Unsubscribe"]).toContain("/unsubscribe/one-click?token=");
  });

  it("a digest with nothing left to list (its kind turned off since) sends nothing", async () => {
    const fixerDay = "2026-01-05";
    await db().insert(notificationDigests).values({ userId: bobId, day: fixerDay });
    await sendDigest(server.services, { userId: bobId, day: fixerDay });
    const [row] = await db().select().from(notificationDigests).where(and(eq(notificationDigests.userId, bobId), eq(notificationDigests.day, fixerDay)));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.listed).toBe(0);
    await settle();
    expect((await storedMail(BOB)).some((m) => m.subject.includes("summary"))).toBe(false);
  });

  it("a fixer who turned new jobs off gets no email for a matching job, but sees it listed", async () => {
    const fixerBrowser = plumber3.id;
    await db().insert(notificationPreferences).values({ userId: fixerBrowser, kind: "new_job", delivery: "off" });
    await settle();
    const before = (await storedMail(plumber3.email)).length;
    const form = new FormData();
    for (const [k, v] of Object.entries({ service: "plumbing", postcode: "sw1a 1aa", title: "Blocked kitchen sink", description: "The kitchen sink drains very slowly and smells of drains.", timing: "week", preferredDate: "", budget: "under_100" })) form.append(k, v);
    const res = await fetch(`${base}/request`, { method: "POST", body: form, redirect: "manual", headers: { accept: "text/html", origin: base, "x-forwarded-for": newIp(), cookie: bob.cookieHeader() } });
    expect(res.status).toBe(302);
    await settle();
    expect((await storedMail(plumber3.email)).length).toBe(before);
    expect((await notificationsOf(plumber3.id)).some((n) => n.title.includes("Blocked kitchen sink") && n.delivery === "off")).toBe(true);
    // Another fixer with no preference is emailed at once.
    await waitForMail(base, plumber.email, "New plumbing job");
  });
});

describe("the account's data export", () => {
  it("includes the person's notifications and email preferences, and nobody else's", async () => {
    const res = await ann.post("/account/export", {}, { origin: base });
    expect(res.status).toBe(200);
    const exported = (await res.json()) as { notifications: { listed: { kind: string; title: string }[]; emailPreferences: { kind: string; email: string }[] } };
    expect(exported.notifications.listed.map((n) => n.kind)).toContain("quote_received");
    expect(exported.notifications.listed.every((n) => !n.title.includes("Blocked kitchen sink"))).toBe(true);
    expect(exported.notifications.emailPreferences).toEqual(expect.arrayContaining([{ kind: "message", email: "digest", push: null }]));
  });
});

describe("one-click unsubscribe", () => {
  const secret = () => server.services.config.sessionSecret;
  const tokenFromMail = async (to: string, subject: string) => {
    const [mail] = (await storedMail(to)).filter((m) => m.subject.includes(subject));
    return /token=([^>]+)>/.exec(mail!.headers["List-Unsubscribe"]!)![1]!;
  };
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/unsubscribe/one-click?token=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

  it("GET asks first and changes nothing; a one-click POST without signing in turns the kind off", async () => {
    const token = await tokenFromMail(plumber.email, "New plumbing job");
    const followed = await fetch(`${base}/unsubscribe/one-click?token=${token}`, { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(`/unsubscribe?token=${token}`);
    const asked = await fetch(`${base}/unsubscribe?token=${token}`);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Stop emails about new jobs that match your services?");
    expect(await preferencesOf(plumber.id)).toEqual([]);

    // As a mail provider sends it: no cookie, from another site.
    const done = await oneClick(token, { "sec-fetch-site": "cross-site", origin: "https://mail.example.net" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You will no longer get emails about new jobs that match your services.");
    expect((await preferencesOf(plumber.id)).map((p) => [p.kind, p.delivery])).toEqual([["new_job", "off"]]);
    // Again: still off, still 200.
    expect((await oneClick(token)).status).toBe(200);
    // The page's own button does the same, from the page (no sign-in).
    const pageButton = await new Browser(base).post(`/unsubscribe?token=${token}`, { "List-Unsubscribe": "One-Click" }, { origin: base });
    expect(pageButton.status).toBe(200);
    expect(await pageButton.text()).toContain("You will no longer get emails about new jobs");
  });

  it("a tampered token, someone else's id in it, or an expired one: a clear 4xx page and nothing changes", async () => {
    const token = await tokenFromMail(plumber.email, "New plumbing job");
    const [body, signature] = token.split(".") as [string, string];
    const forged = `${Buffer.from(JSON.stringify([plumber2.id, "new_job", 9_999_999_999])).toString("base64url")}.${signature}`;
    const flipped = `${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const bad of [forged, flipped, "", "not-a-token", "x".repeat(10_000)]) {
      const res = await oneClick(bad);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This unsubscribe link is not valid");
      expect((await fetch(`${base}/unsubscribe?token=${encodeURIComponent(bad)}`)).status).toBe(400);
    }
    const old = signUnsubscribeToken(secret(), { userId: plumber2.id, kind: "new_job" }, new Date(Date.now() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000));
    const expired = await oneClick(old);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This unsubscribe link has expired");
    expect(await preferencesOf(plumber2.id)).toEqual([]);
  });

  it("the digest's link turns every digest kind off", async () => {
    const token = await tokenFromMail(ANN, "Your FixiT summary");
    expect((await oneClick(token)).status).toBe(200);
    expect(Object.fromEntries((await preferencesOf(annId)).map((p) => [p.kind, p.delivery]))).toEqual({ quote_received: "off", message: "off" });
  });
});

describe("hostile input on the new forms", () => {
  const hostile = ["a\u0000b", "instant\r\nX-Injected: 1", "x".repeat(10_000), "sometimes", "%ZZ"];

  it("email preferences: 400 and nothing stored", async () => {
    const before = await preferencesOf(bobId);
    for (const value of hostile) {
      const res = await bob.post("/account/email-preferences", { message: value }, { origin: base });
      expect(res.status).toBe(400);
    }
    expect(await preferencesOf(bobId)).toEqual(before);
    // Signed out: to sign-in, nothing stored.
    expect((await new Browser(base).post("/account/email-preferences", { message: "off" }, { origin: base })).status).toBe(302);
    expect(await preferencesOf(bobId)).toEqual(before);
  });

  it("the list's forms: 400 and nothing marked", async () => {
    await sendQuote(deps(), plumber.id, (await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.customerUserId, bobId)))[0]!.id, quote());
    const unread = (await notificationsOf(bobId)).filter((n) => !n.readAt).length;
    expect(unread).toBeGreaterThan(0);
    const firstUnread = (await notificationsOf(bobId)).find((n) => !n.readAt)!;
    // Among them the unread one's id with a leading zero or as an exponent: one spelling per notification (issue 48).
    for (const id of ["1\u00002", "1\r\n2", "9".repeat(10_000), "-1", "abc", `0${firstUnread.id}`, `${firstUnread.id}e0`, ` ${firstUnread.id}`]) {
      expect((await bob.post("/account/notifications", { intent: "read", id }, { origin: base })).status).toBe(400);
    }
    for (const intent of ["read-all\u0000", "delete", "x".repeat(10_000)]) {
      expect((await bob.post("/account/notifications", { intent }, { origin: base })).status).toBe(400);
    }
    expect((await notificationsOf(bobId)).filter((n) => !n.readAt).length).toBe(unread);
    // The answer is the one action-answer shape (issue 48), as a script sees it.
    const refused = await bob.post("/account/notifications", { intent: "read", id: `0${firstUnread.id}` }, { origin: base, accept: "application/json" });
    expect(await refused.json()).toEqual({ form: "notifications", status: "error", message: "Choose a notification." });
    const someoneElses = await bob.post("/account/notifications", { intent: "read", id: "999999999" }, { origin: base, accept: "application/json" });
    expect(someoneElses.status).toBe(404);
    expect(await someoneElses.json()).toEqual({ form: "notifications", status: "error", message: "There is no such notification on your account." });
    expect((await bob.get("/account/notifications/1%00")).status).toBe(404);
    expect((await bob.post("/account/notifications/1%00", {}, { origin: base })).status).toBe(404);
  });
});
