import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { jobMessages, jobs, quotes } from "#server/db/schema/quotes.ts";
import { DASHBOARD_PAGE_SIZE } from "~/features/quotes/dashboard.server";
import { THREAD_PAGE_SIZE } from "~/features/quotes/messages.server";
import { EARNINGS_PAGE_SIZE } from "~/features/bookings/earnings.server";
import { postJob } from "~/features/quotes/jobs.server";
import { JOB_QUOTES_PAGE_SIZE, sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { lastShownMessages, markShownRead } from "./helpers/live";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The keyset-paged pages of issue 47 (decision 068) over real HTTP against the production build:
 * a hostile cursor in the query (/fixer's `after` and `quotesAfter`, a customer's job page's
 * `before`, /fixer/earnings's `after`) is a 400 that says the link is no page of the list and
 * changes nothing (no thread is marked read); a cursor naming no row, or an old `?page=N`, is the
 * first page; each page's rel="next" link leads to the next page; nothing answers 5xx.
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ip = 0;
const newIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType }, { "x-forwarded-for": newIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

let fixer: Browser;
let customer: Browser;
let jobId: number;
/** A job of the customer's with 25 quotes (three pages), and its quote ids in the page's order. */
let manyJobId: number;
const manyQuotes: number[] = [];

/** The ids a page links to, in its order: /fixer's leads, a thread's messages, the earnings' bookings. */
const leadIds = (html: string) => [...new Set([...html.matchAll(/href="\/fixer\/jobs\/(\d+)"/g)].map((m) => Number(m[1])))];
const nextHref = (html: string) => /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(html)?.slice(1).find(Boolean)?.replaceAll("&amp;", "&");
const shownMessages = (html: string) => [...new Set([...html.matchAll(/Paged message (\d+)\b/g)].map((m) => Number(m[1])))];
const quoteIds = (html: string) => [...html.matchAll(/<li id="quote-(\d+)"/g)].map((m) => Number(m[1]));
const moreQuotesHref = (html: string) => /<a[^>]*href="([^"]+)"[^>]*>Show more quotes</.exec(html)?.[1]?.replaceAll("&amp;", "&");
const earningsIds = (html: string) => [...new Set([...html.matchAll(/href="\/fixer\/bookings\/(\d+)"/g)].map((m) => Number(m[1])))];

/** The text a person reads: the HTML without its scripts and tags, its entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** What a GET could wrongly change: the thread read markers and the notifications' read state, and the rows counted. */
async function snapshot() {
  const db = server.services.db;
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const reads = await rows(sql`select user_id, job_id, fixer_user_id, last_read_message_id from thread_reads order by 1, 2, 3`);
  const unread = await rows(sql`select id from notifications where read_at is null order by id`);
  const counts = await rows(sql`select (select count(*) from jobs) as jobs, (select count(*) from quotes) as quotes, (select count(*) from job_messages) as messages, (select count(*) from bookings) as bookings`);
  return JSON.stringify([reads, unread, counts]);
}

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  const db = server.services.db;
  const deps = { db, publicUrl: base, publicFixerData: server.services.publicFixerData };
  [fixer, customer] = await Promise.all([newConfirmedUser("pat.pager@example.com", "Pat Pager", "fixer"), newConfirmedUser("cora.cursor@example.com", "Cora Cursor")]);
  const [fixerUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "pat.pager@example.com"));
  const [customerUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, "cora.cursor@example.com"));
  await createApprovedFixer(db, { user: { id: fixerUser!.id, email: "pat.pager@example.com", name: "Pat Pager" }, first: "Pat", last: "Pager", services: ["plumbing"], areas: ["SW1"], checked: ["insurance"], publicFixerData: server.services.publicFixerData });

  // The customer's job, quoted by the fixer, with a thread of 25 messages (more than a page).
  jobId = (await postJob(deps, customerUser!.id, { service: "plumbing", postcode: "SW1A 1AA", title: "Paged thread job", description: "A job whose thread runs to more than one page.", timing: "week", preferredDate: null, budget: "under_100" })).jobId;
  await sendQuote(deps, fixerUser!.id, jobId, { priceKind: "fixed", amountPence: 9000, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(1), message: "" });
  await db
    .insert(jobMessages)
    .values(Array.from({ length: 25 }, (_, i) => ({ jobId, fixerUserId: fixerUser!.id, senderUserId: i % 2 ? fixerUser!.id : customerUser!.id, body: `Paged message ${i}` })));

  // 25 more open plumbing jobs in SW1 by another customer: the fixer's leads run to two pages.
  const t0 = Date.UTC(2026, 0, 1);
  await db.insert(jobs).values(
    Array.from({ length: 25 }, (_, i) => ({
      service: "plumbing",
      title: `Paged lead ${i}`,
      description: "A lead on the fixer's dashboard.",
      timing: "flexible",
      status: "open" as const,
      postcode: "SW1A 2AA",
      outward: "SW1A",
      district: "SW1",
      area: "SW",
      customerUserId: customerUser!.id,
      createdAt: new Date(t0 + i * 60_000),
    })),
  );

  // A job with 25 quotes from 25 other fixers, oldest first by time then id.
  // (A cleaning job: no lead of Pat's, who fixes pipes; written directly, past the customer's limit of open jobs.)
  const [many] = await db
    .insert(jobs)
    .values({ service: "cleaning", title: "Many quotes job", description: "A job quoted by more fixers than a page shows.", timing: "flexible", status: "open", postcode: "SW1A 2AA", outward: "SW1A", district: "SW1", area: "SW", customerUserId: customerUser!.id })
    .returning({ id: jobs.id });
  manyJobId = many!.id;
  const quoters: string[] = [];
  for (let i = 0; i < 25; i++) quoters.push((await createApprovedFixer(db, { services: ["cleaning"], areas: ["SW1"] })).id);
  const written = await db
    .insert(quotes)
    .values(quoters.map((fixerUserId, i) => ({ jobId: manyJobId, fixerUserId, priceKind: "fixed", amountPence: 5000 + i, includes: `Quote ${i}`, earliestStart: daysFromToday(2), createdAt: new Date(t0 + (24 - i) * 60_000) })))
    .returning({ id: quotes.id, createdAt: quotes.createdAt });
  manyQuotes.push(...written.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map((q) => q.id));

  // 55 paid bookings of the fixer's: the earnings run to two pages.
  await db.insert(bookings).values(
    Array.from({ length: EARNINGS_PAGE_SIZE + 5 }, (_, i) => ({
      customerUserId: customerUser!.id,
      fixerUserId: fixerUser!.id,
      slotDate: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}`,
      slotWindow: "morning" as const,
      slotProposedBy: "fixer" as const,
      pricePence: 10_000,
      customerFeePence: 500,
      totalPence: 10_500,
      fixerChargePence: 1_000,
      fixerNetPence: 9_000,
      lateFeePence: 0,
      state: "booked" as const,
    })),
  );
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("a hostile cursor in a paged page's query", () => {
  it.each([
    ["/fixer", "after=abc"],
    ["/fixer", "after=%00"],
    ["/fixer", "after=<10,000 nines>"],
    ["/fixer", "after=1.5"],
    ["/fixer", "after=0"],
    ["/fixer", "after=1&after=2"],
    ["/fixer", "quotesAfter=-1"],
    ["/fixer", "quotesAfter=abc"],
    ["/fixer/earnings", "after=1.5"],
    ["/fixer/earnings", "after=%00"],
    ["/fixer/earnings", "after=<10,000 nines>"],
  ])("%s?%s answers 400 saying the link is no page of the list, and changes nothing", async (path, query) => {
    const before = await snapshot();
    const res = await fixer.get(`${path}?${query.replace("<10,000 nines>", "9".repeat(10_000))}`);
    expect(res.status).toBe(400);
    const name = query.split("=")[0]!;
    // Said on the page a person reads (not only in the data the page hydrates from), with the way to the first page.
    const text = visibleText(await res.text());
    expect(text).toContain(`The link's "${name}" is not a page of this list: open the list from its first page.`);
    expect(text).toContain("Open the first page");
    expect(text).not.toContain("Something went wrong");
    expect(await snapshot()).toBe(before);
  });

  it.each(["before=x", "before=%00", "before=-1", "before=1.5", "before=<10,000 nines>", "before=1&before=2"])(
    "the customer's job page with ?%s answers 400 and marks no thread read",
    async (query) => {
      const before = await snapshot();
      const res = await customer.get(`/account/jobs/${jobId}?${query.replace("<10,000 nines>", "9".repeat(10_000))}`);
      expect(res.status).toBe(400);
      const text = visibleText(await res.text());
      expect(text).toContain(`The link's "before" is not a page of this list: open the list from its first page.`);
      expect(text).not.toContain("Something went wrong");
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(["quotesAfter=abc", "quotesAfter=%00", "quotesAfter=-1", "quotesAfter=0", "quotesAfter=1.5", "quotesAfter=<10,000 nines>", "quotesAfter=1&quotesAfter=2", "quote=x", "quote=-3"])(
    "the customer's job page with ?%s answers 400 with the reason and marks no thread read",
    async (query) => {
      const before = await snapshot();
      const res = await customer.get(`/account/jobs/${manyJobId}?${query.replace("<10,000 nines>", "9".repeat(10_000))}`);
      expect(res.status).toBe(400);
      const text = visibleText(await res.text());
      expect(text).toContain(`The link's "${query.split("=")[0]}" is not a page of this list: open the list from its first page.`);
      expect(text).not.toContain("Something went wrong");
      expect(await snapshot()).toBe(before);
    },
  );

  it("is never a 5xx, on any paged page, for any of them", async () => {
    const values = ["abc", "%00", "1%002", "-1", "0", "1.5", "1e3", "0x10", "%EF%BF%BD", "9".repeat(10_000), "99999999999999999999", "%20", "null", "[]"];
    const paths = [
      [fixer, "/fixer", "after"],
      [fixer, "/fixer", "quotesAfter"],
      [fixer, "/fixer/earnings", "after"],
      [customer, `/account/jobs/${jobId}`, "before"],
      [customer, `/account/jobs/${manyJobId}`, "quotesAfter"],
      [customer, `/account/jobs/${manyJobId}`, "quote"],
    ] as const;
    for (const [who, path, name] of paths) {
      for (const value of values) {
        const res = await who.get(`${path}?${name}=${value}`);
        expect(res.status, `${path}?${name}=${value.slice(0, 20)}`).toBeLessThan(500);
        expect([200, 400], `${path}?${name}=${value.slice(0, 20)}`).toContain(res.status);
        await res.arrayBuffer();
      }
    }
  });
});

describe("a cursor naming no row, or an old ?page=N", () => {
  it("gives /fixer's first page of leads (200), and its Older jobs link (rel=next) the rest", async () => {
    const first = await fixer.get("/fixer");
    expect(first.status).toBe(200);
    const html = await first.text();
    const firstLeads = leadIds(html);
    expect(firstLeads).toHaveLength(DASHBOARD_PAGE_SIZE);
    for (const query of ["after=9000000000", "page=20", "page=abc", "quotesAfter=9000000000"]) {
      const res = await fixer.get(`/fixer?${query}`);
      expect(res.status, query).toBe(200);
      expect(leadIds(await res.text()), query).toEqual(firstLeads);
    }
    const next = nextHref(html);
    expect(next).toMatch(/^\/fixer\?after=\d+#jobs$/);
    const second = await fixer.get(next!);
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    const secondLeads = leadIds(secondHtml);
    expect(secondLeads.length).toBeGreaterThan(0);
    // The job the fixer quoted is linked from their quotes on every page; no lead is on both pages.
    expect(secondLeads.filter((id) => id !== jobId && firstLeads.includes(id))).toEqual([]);
    expect(secondHtml).toContain("Newest jobs");
    expect(nextHref(secondHtml)).toBeUndefined();
  });

  it("keeps /fixer's other list in place: Older jobs on a later page of quotes stays on that page of quotes, and back", async () => {
    const [quote] = await server.services.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.jobId, jobId));
    const html = await (await fixer.get(`/fixer?quotesAfter=${quote!.id}`)).text();
    const older = nextHref(html.slice(0, html.indexOf('id="quotes"')));
    expect(older).toBe(`/fixer?quotesAfter=${quote!.id}&after=${/after=(\d+)#jobs/.exec(older ?? "")?.[1]}#jobs`);
    const second = await (await fixer.get(older!)).text();
    expect(second).toContain("Latest quotes");
    const newest = /<a[^>]*href="([^"]+)"[^>]*>Newest jobs</.exec(second)?.[1]?.replaceAll("&amp;", "&");
    expect(newest).toBe(`/fixer?quotesAfter=${quote!.id}#jobs`);
  });

  it("gives the customer's job page its latest messages (200) and Show earlier the ones before", async () => {
    // The page's GET marks nothing; its script's "mark read" marks the thread read, and the snapshot the 400s are compared by sees it (so those checks can fail).
    const unseen = await snapshot();
    const latest = await customer.get(`/account/jobs/${jobId}`);
    expect(latest.status).toBe(200);
    expect(await snapshot()).toBe(unseen);
    const html = await latest.text();
    await markShownRead(customer, `/account/jobs/${jobId}`, lastShownMessages(html), "page");
    expect(await snapshot()).not.toBe(unseen);
    expect(shownMessages(html)).toEqual(Array.from({ length: THREAD_PAGE_SIZE }, (_, i) => 25 - THREAD_PAGE_SIZE + i));
    expect(html).toContain("Show earlier messages");
    for (const query of ["before=9000000000", "page=20"]) {
      const res = await customer.get(`/account/jobs/${jobId}?${query}`);
      expect(res.status, query).toBe(200);
      expect(shownMessages(await res.text()), query).toEqual(shownMessages(html));
    }
    expect(nextHref(html)).toMatch(new RegExp(`^/account/jobs/${jobId}\\?before=\\d+#`));
    const earlier = await customer.get(nextHref(html)!);
    expect(earlier.status).toBe(200);
    const earlierHtml = await earlier.text();
    expect(shownMessages(earlierHtml)).toEqual([0, 1, 2, 3, 4]);
    expect(earlierHtml).toContain("Back to the latest messages");
    // Below the earlier page's messages too: the conversation does not end there.
    expect(visibleText(earlierHtml)).toContain("Newer messages follow these. Show the latest messages");
    expect(visibleText(html)).not.toContain("Newer messages follow these");
  });

  it("gives the customer's job page its first 10 quotes (200), and Show more quotes (rel=next) each of the 25 exactly once", async () => {
    const first = await customer.get(`/account/jobs/${manyJobId}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(quoteIds(html)).toEqual(manyQuotes.slice(0, JOB_QUOTES_PAGE_SIZE));
    // The count is the job's, not the page's.
    expect(visibleText(html)).toContain("25 quotes in all, oldest first");
    for (const query of ["quotesAfter=9000000000", `quotesAfter=${jobId}`, "page=3"]) {
      const res = await customer.get(`/account/jobs/${manyJobId}?${query}`);
      expect(res.status, query).toBe(200);
      expect(quoteIds(await res.text()), query).toEqual(quoteIds(html));
    }
    const seen: number[][] = [];
    let next: string | undefined = `/account/jobs/${manyJobId}`;
    for (let n = 0; next && n < 10; n++) {
      const res = await customer.get(next);
      expect(res.status, next).toBe(200);
      const page = await res.text();
      seen.push(quoteIds(page));
      next = moreQuotesHref(page);
      if (next) {
        expect(next).toMatch(new RegExp(`^/account/jobs/${manyJobId}\\?quotesAfter=\\d+#quotes-title$`));
        // The link is the page's rel="next" (no thread on this job has an earlier page).
        expect(nextHref(page)).toBe(next);
      } else expect(visibleText(page)).toContain("Back to the first quotes");
    }
    expect(seen.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(seen.flat()).toEqual(manyQuotes);
  });

  it("gives /fixer/earnings its first page (200), and its next link the rest", async () => {
    const first = await fixer.get("/fixer/earnings");
    expect(first.status).toBe(200);
    const html = await first.text();
    const firstIds = earningsIds(html);
    expect(firstIds).toHaveLength(EARNINGS_PAGE_SIZE);
    for (const query of ["after=9000000000", "page=20"]) {
      const res = await fixer.get(`/fixer/earnings?${query}`);
      expect(res.status, query).toBe(200);
      expect(earningsIds(await res.text()), query).toEqual(firstIds);
    }
    const next = nextHref(html);
    expect(next).toMatch(/after=\d+/);
    expect(next).toMatch(/^\/fixer\/earnings\?after=\d+/);
    const second = await fixer.get(next!);
    expect(second.status).toBe(200);
    const secondIds = earningsIds(await second.text());
    expect(secondIds).toHaveLength(5);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
  });
});
