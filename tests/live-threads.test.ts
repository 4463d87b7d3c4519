import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { jobMessages } from "#server/db/schema/quotes.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { postJob } from "~/features/quotes/jobs.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { hideMessage } from "~/features/quotes/reviews.server";
import { markAllRead } from "~/features/notifications/notifications.server";
import type { JobInput } from "~/features/quotes/schemas";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, signUpConfirmed } from "./auth-helpers";
import { EventReader, isMessage, isUnread, markShownRead, openJobPage } from "./helpers/live";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Live threads over real HTTP (decision 048): /live/events streams a job's thread messages to its
 * participants only, resumes from Last-Event-ID without missing or repeating a message, carries
 * the unread count that opening the job's page brings down, and is sent unbuffered; the bell's
 * count and staff hiding a message reach open pages the same way (decision 056). Reading is the
 * page's POST once it shows the messages, never its GET nor the stream (decision 090): the tests
 * send what the page's script sends (`openJobPage`, `markShownRead`).
 */

let server: InProcessServer;
let base: string;
let deps: PublicChangeDeps;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`;
const jobInput: JobInput = {
  service: "plumbing",
  postcode: "SW1A 1AA",
  title: "Dripping bathroom tap",
  description: "The bathroom tap drips all night; it needs a new washer or cartridge.",
  timing: "week",
  preferredDate: null,
  budget: "under_100",
};

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = await signUpConfirmed(base, { email, fullName, userType, password: strong, ip: newIp() });
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: user!.id };
}

async function approve(userId: string, email: string, first: string) {
  await createApprovedFixer(deps.db, { user: { id: userId, email, name: `${first} Live` }, first, last: "Live", services: ["plumbing"], areas: ["SW1"] });
}

const quote = { priceKind: "fixed" as const, amountPence: 8500, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(2), message: "" };

let customer: Awaited<ReturnType<typeof newConfirmedUser>>;
let otherCustomer: Awaited<ReturnType<typeof newConfirmedUser>>;
let fixer: Awaited<ReturnType<typeof newConfirmedUser>>;
let bystander: Awaited<ReturnType<typeof newConfirmedUser>>;
let jobId: number;
const open: EventReader[] = [];
const stream = async (browser: Browser, path: string, headers: Record<string, string> = {}) => {
  const reader = new EventReader(await browser.get(path, { headers: { accept: "text/event-stream", ...headers } }));
  open.push(reader);
  return reader;
};

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  deps = { db: server.services.db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  [customer, otherCustomer, fixer, bystander] = await Promise.all([
    newConfirmedUser("lia.live@example.com", "Lia Live"),
    newConfirmedUser("oscar.other@example.com", "Oscar Other"),
    newConfirmedUser("fred.fixer@example.com", "Fred Fixer", "fixer"),
    newConfirmedUser("bea.bystander@example.com", "Bea Bystander", "fixer"),
  ]);
  await approve(fixer.id, "fred.fixer@example.com", "Fred");
  await approve(bystander.id, "bea.bystander@example.com", "Bea");
  jobId = (await postJob(deps, customer.id, jobInput)).jobId;
  await sendQuote(deps, fixer.id, jobId, quote);
}, 240_000);

afterAll(async () => {
  for (const reader of open) await reader.close();
  await server?.dispose();
});

describe("who may open a job's stream", () => {
  it("refuses a signed-out visitor, another customer, a fixer without a quote, and a malformed job", async () => {
    const anonymous = await new Browser(base).get(`/live/events?job=${jobId}`);
    expect(anonymous.status).toBe(401);
    expect((await otherCustomer.browser.get(`/live/events?job=${jobId}`)).status).toBe(404);
    // A fixer who may see the job but never quoted has no thread on it.
    expect((await bystander.browser.get(`/live/events?job=${jobId}`)).status).toBe(404);
    expect((await customer.browser.get(`/live/events?job=99999999`)).status).toBe(404);
    expect((await customer.browser.get(`/live/events?job=1%00`)).status).toBe(400);
    // One spelling per job (issue 48): a leading zero is refused, with the reason.
    const zero = await customer.browser.get(`/live/events?job=0${jobId}`);
    expect(zero.status).toBe(400);
    expect(await zero.text()).toBe("The job id must be a whole number without leading zeros.");
    expect((await customer.browser.get(`/live/events?job=${"9".repeat(10_000)}`)).status).toBe(400);
  });

  it("streams to the job's customer and the quoting fixer, unbuffered and uncompressed", async () => {
    for (const who of [customer, fixer]) {
      const reader = await stream(who.browser, `/live/events?job=${jobId}`, { "accept-encoding": "br, gzip" });
      expect(reader.response.status).toBe(200);
      expect(reader.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(reader.response.headers.get("cache-control")).toContain("no-transform");
      expect(reader.response.headers.get("x-accel-buffering")).toBe("no");
      expect(reader.response.headers.get("content-encoding")).toBeNull();
      // The first count arrives at once: the response is not held back.
      await reader.next((e) => e.event === "unread", { timeoutMs: 2_000 });
      await reader.close();
    }
  });
});

describe("messages while the page is open", () => {
  it("delivers a fixer's message to the customer's open stream within a second, once", async () => {
    const onJob = await stream(customer.browser, `/live/events?job=${jobId}`);
    await onJob.next((e) => e.event === "unread");
    const badgeOnly = await stream(customer.browser, `/live/events`);
    await badgeOnly.next(isUnread(0));

    const started = Date.now();
    const posted = await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "I can come on Thursday morning." });
    expect(posted.status).toBe(303);
    const event = await onJob.next(isMessage("I can come on Thursday morning."), { timeoutMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    const message = JSON.parse(event.data) as { id: number; fromMe: boolean; fixerUserId: string };
    expect(event.id).toBe(String(message.id));
    expect(message).toMatchObject({ fromMe: false, fixerUserId: fixer.id });
    // The stream itself reads nothing: the message stays unread until the page says it showed it.
    await badgeOnly.next(isUnread(1), { timeoutMs: 2_000 });
    // The customer had the thread open (a visible tab): the page marks it read. The stream without the job counted it, then not.
    await markShownRead(customer.browser, `/account/jobs/${jobId}`, [message.id], "messages");
    await badgeOnly.next(isUnread(0), { timeoutMs: 2_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(onJob.messages().filter((m) => m.id === message.id)).toHaveLength(1);
    // The fixer's own message reaches the fixer's stream too, as theirs.
    const fixerStream = await stream(fixer.browser, `/live/events?job=${jobId}&after=${message.id - 1}`);
    const own = await fixerStream.next(isMessage("I can come on Thursday morning."));
    expect(JSON.parse(own.data)).toMatchObject({ fromMe: true });
    // The page is closed: from now on a message to the customer stays unread.
    for (const reader of [onJob, badgeOnly, fixerStream]) await reader.close();
  });

  it("counts a message as unread until the customer opens the job's page", async () => {
    const badgeOnly = await stream(customer.browser, `/live/events`);
    await badgeOnly.next(isUnread(0));
    await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Does the tap have a cartridge?" });
    // The count's own subject is what it says, not how fast: the one-second promise is the message's (the test above).
    await badgeOnly.next(isUnread(1), { timeoutMs: 5_000 });
    // Every page shows it in the header (server-rendered: the root loader's count).
    const account = await (await customer.browser.get("/account")).text();
    expect(account).toContain("Messages, 1 unread");
    // The page's GET reads nothing (a prefetch runs it without anyone seeing the page), nor does its data request.
    expect(await (await customer.browser.get(`/account/jobs/${jobId}`)).text()).toContain("Does the tap have a cartridge?");
    expect((await customer.browser.get(`/account/jobs/${jobId}.data`)).status).toBe(200);
    expect(await (await customer.browser.get("/account")).text()).toContain("Messages, 1 unread");
    // Opening the job's page (its script marks what it shows) reads the thread.
    expect(await openJobPage(customer.browser, `/account/jobs/${jobId}`)).toContain("Does the tap have a cartridge?");
    await badgeOnly.next(isUnread(0), { timeoutMs: 5_000 });
    expect(await (await customer.browser.get("/account")).text()).toContain("Messages, none unread");
    // The fixer's own messages never count for the fixer.
    expect(await (await fixer.browser.get("/account")).text()).toContain("Messages, none unread");
  });

  it("resumes from Last-Event-ID: what was missed, from the table, nothing twice", async () => {
    const first = await stream(customer.browser, `/live/events?job=${jobId}&after=0`);
    const already = await first.next(isMessage("Does the tap have a cartridge?"));
    await first.close();
    // Sent while the customer's connection was down.
    for (const body of ["Missed one", "Missed two"]) {
      expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body })).status).toBe(303);
    }
    // The browser reconnects with the last id it saw (the header wins over the page's `after`).
    const resumed = await stream(customer.browser, `/live/events?job=${jobId}&after=0`, { "last-event-id": already.id! });
    await resumed.next(isMessage("Missed two"));
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.messages().map((m) => m.body)).toEqual(["Missed one", "Missed two"]);
    // A cursor that is not a message id is ignored (from the start), never an error.
    const junk = await stream(customer.browser, `/live/events?job=${jobId}`, { "last-event-id": "'; drop table job_messages" });
    expect(junk.response.status).toBe(200);
    await junk.next(isMessage("Missed two"));
    expect(new Set(junk.messages().map((m) => m.id)).size).toBe(junk.messages().length);
    // Closed: an open job page reads what arrives, and the tests below want the customer away from it.
    for (const reader of [resumed, junk]) await reader.close();
  });
});

describe("reading is the page's POST (decision 090)", () => {
  const messagesLabel = async (who: typeof customer) => /aria-label="(Messages[^"]*)"/.exec(await (await who.browser.get("/account")).text())?.[1];

  it("marks only the viewer's own threads, only as far as the ids shown, and refuses anyone else", async () => {
    await openJobPage(customer.browser, `/account/jobs/${jobId}`);
    const ids: number[] = [];
    for (const body of ["Shown first.", "Not shown yet."]) {
      expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body })).status).toBe(303);
      const [last] = await deps.db.select({ id: jobMessages.id }).from(jobMessages).orderBy(desc(jobMessages.id)).limit(1);
      ids.push(last!.id);
    }
    expect(await messagesLabel(customer)).toBe("Messages, 2 unread");
    // Read as far as the page showed: the later message stays unread.
    await markShownRead(customer.browser, `/account/jobs/${jobId}`, [ids[0]!], "messages");
    expect(await messagesLabel(customer)).toBe("Messages, 1 unread");
    // Another customer, a fixer with no thread on the job, a signed-out visitor: nothing is read.
    const form = new URLSearchParams({ intent: "mark_read", seen: "page", message: String(ids[1]) });
    expect((await otherCustomer.browser.post(`/account/jobs/${jobId}`, form)).status).toBe(404);
    expect((await new Browser(base).post(`/account/jobs/${jobId}`, form)).status).toBe(302);
    expect((await customer.browser.post(`/account/jobs/${jobId}`, new URLSearchParams({ intent: "mark_read", seen: "page", message: `0${ids[1]}` }))).status).toBe(400);
    expect((await customer.browser.post(`/account/jobs/${jobId}`, new URLSearchParams({ intent: "mark_read", seen: "everything" }))).status).toBe(400);
    expect(await messagesLabel(customer)).toBe("Messages, 1 unread");
    // Replying reads the thread as far as the page showed it (the form's readUpTo).
    expect((await customer.browser.post(`/account/jobs/${jobId}`, { intent: "message", fixer: fixer.id, body: "Thanks, both read.", readUpTo: String(ids[1]) })).status).toBe(303);
    expect(await messagesLabel(customer)).toBe("Messages, none unread");
    await openJobPage(fixer.browser, `/fixer/jobs/${jobId}`);
  });
});

describe("the header's counts and staff hiding, live", () => {
  it("sends the bell's count at the start and again when a notification arrives or is read (decision 056)", async () => {
    const notificationCount = (e: { event: string; data: string }) => (e.event === "notifications" ? (JSON.parse(e.data) as { count: number }).count : null);
    const page = await stream(customer.browser, `/live/events`);
    const first = await page.next((e) => e.event === "notifications");
    const before = notificationCount(first)!;
    // A fixer's message is a "message" notification for the customer, whose page is not on the job.
    await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Notify me about this one." });
    await page.next((e) => notificationCount(e) === before + 1, { timeoutMs: 2_000 });
    // Read on another tab: this one's bell goes down too (after the rise: the count may have started at 0).
    const risen = page.events.length;
    await markAllRead(deps.db, customer.id);
    await page.next((e) => notificationCount(e) === 0, { timeoutMs: 2_000, from: risen });
    // Another person's notifications never reach this stream.
    const seen = page.events.length;
    await customer.browser.post(`/account/jobs/${jobId}`, { intent: "message", fixer: fixer.id, body: "A notification for the fixer only." });
    await new Promise((r) => setTimeout(r, 400));
    expect(page.events.slice(seen).filter((e) => e.event === "notifications")).toEqual([]);
  });

  it("reading the thread reads its notifications: opening the job's page, or having it open as a message arrives, brings the bell down (issue 52)", async () => {
    const notificationCount = (e: { event: string; data: string }) => (e.event === "notifications" ? (JSON.parse(e.data) as { count: number }).count : null);
    const bellOf = async (who: typeof customer) => /aria-label="(Notifications[^"]*)"/.exec(await (await who.browser.get("/account")).text())?.[1];
    await markAllRead(deps.db, customer.id);
    await markAllRead(deps.db, fixer.id);
    const badgeOnly = await stream(customer.browser, `/live/events`);
    await badgeOnly.next((e) => notificationCount(e) === 0);
    for (const body of ["First of two about the tap.", "Second of two about the tap."]) {
      expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body })).status).toBe(303);
    }
    await badgeOnly.next((e) => notificationCount(e) === 2, { timeoutMs: 2_000 });
    expect(await bellOf(customer)).toBe("Notifications, 2 unread");
    // The customer opens the job's page (not the notifications): the thread and its notifications are read.
    const unreadShown = badgeOnly.events.length;
    expect(await openJobPage(customer.browser, `/account/jobs/${jobId}`)).toContain("Second of two about the tap.");
    await badgeOnly.next((e) => notificationCount(e) === 0, { timeoutMs: 2_000, from: unreadShown });
    expect(await bellOf(customer)).toBe("Notifications");

    // With the job's page open, a message that arrives is read there: the bell does not keep it.
    const onJob = await stream(customer.browser, `/live/events?job=${jobId}`);
    await onJob.next((e) => e.event === "notifications");
    expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Arrives while the page is open." })).status).toBe(303);
    const arrived = JSON.parse((await onJob.next(isMessage("Arrives while the page is open."), { timeoutMs: 2_000 })).data) as { id: number };
    await markShownRead(customer.browser, `/account/jobs/${jobId}`, [arrived.id], "messages");
    await expect.poll(() => bellOf(customer), { timeout: 2_000 }).toBe("Notifications");
    // The other tab's bell shows it too (a rise and fall in one burst may be sent as no change at all).
    await new Promise((r) => setTimeout(r, 200));
    expect(badgeOnly.events.map(notificationCount).filter((n) => n !== null).at(-1)).toBe(0);

    // The fixer's side: the customer's reply is read on the fixer's job page.
    expect((await customer.browser.post(`/account/jobs/${jobId}`, { intent: "message", fixer: fixer.id, body: "Yes, it has a cartridge." })).status).toBe(303);
    expect(await bellOf(fixer)).toBe("Notifications, 1 unread");
    expect(await openJobPage(fixer.browser, `/fixer/jobs/${jobId}`)).toContain("Yes, it has a cartridge.");
    expect(await bellOf(fixer)).toBe("Notifications");
    await onJob.close();
  });

  it("replaces a message staff hid on the open pages of its thread: a `hidden` event on the job's stream only", async () => {
    const onJob = await stream(customer.browser, `/live/events?job=${jobId}`);
    await onJob.next((e) => e.event === "unread");
    const badgeOnly = await stream(customer.browser, `/live/events`);
    await badgeOnly.next((e) => e.event === "unread");
    await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Call me on my mobile instead." });
    const posted = JSON.parse((await onJob.next(isMessage("Call me on my mobile instead."))).data) as { id: number };
    await hideMessage(deps, { userId: null, email: "moderator@fixit.test" }, posted.id, "Sharing contact details before acceptance.");
    const hidden = await onJob.next((e) => e.event === "hidden", { timeoutMs: 2_000 });
    expect(JSON.parse(hidden.data)).toEqual({ id: posted.id, fixerUserId: fixer.id });
    // It carries no id: the stream's resume cursor is a message id and stays one.
    expect(hidden.id).toBeUndefined();
    // Pages without the job hear nothing of the message itself.
    await new Promise((r) => setTimeout(r, 300));
    expect(badgeOnly.events.filter((e) => e.event === "hidden")).toEqual([]);
  });
});
