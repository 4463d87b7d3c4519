import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobMatches, jobMessages, jobs, quotes } from "#server/db/schema/quotes.ts";
import type { QuotesDeps } from "./access.server";
import { DASHBOARD_PAGE_SIZE, QUOTED_JOBS_PAGE_SIZE, openJobsForFixer, quotedJobsForFixer } from "./dashboard.server";
import { cursorParam } from "~/lib/page-cursor.server";
import { customerJobPage } from "./customer-jobs.server";
import { JOB_QUOTES_PAGE_SIZE } from "./quotes.server";
import { bookings } from "#server/db/schema/bookings.ts";
import { EARNINGS_PAGE_SIZE, earningsCsvStream, fixerEarnings } from "~/features/bookings/earnings.server";
import { THREAD_PAGE_SIZE, threadAccess, threadCursor, threadPages } from "./messages.server";
import { createApprovedFixer, createUser, databaseKinds, openTestDatabase } from "#tests/helpers/marketplace.ts";

/**
 * The fixer's own lists bounded by what they show (issue 47, decision 068): a busy fixture (60 leads,
 * 60 quotes) paged to the end by following each page's cursor reaches every row exactly once, in the
 * list's order, whatever is posted between page views; a hostile cursor is a 400 or the first page.
 */

type Row = typeof jobs.$inferInsert;
const base = { service: "dog-walking", title: "Walk", description: "A long walk for a lively dog.", timing: "flexible", status: "open" } as const;
const place = (postcode: string) => {
  const outward = postcode.split(" ")[0]!;
  return { postcode, outward, district: /^[A-Z]+\d+/.exec(outward)![0], area: /^[A-Z]+/.exec(outward)![0] };
};

/** Every page of a keyset list, following `next` as the page's rel="next" link does (at most 50 pages). */
async function allPages<T>(read: (after: number | null) => Promise<{ rows: T[]; next: number | null }>, between?: (page: number) => Promise<void>) {
  const pages: T[][] = [];
  for (let after: number | null = null, n = 0; n < 50; n++) {
    const page = await read(after);
    pages.push(page.rows);
    if (page.next === null) break;
    await between?.(n);
    after = page.next;
  }
  return pages;
}

describe.each(databaseKinds)("the fixer's lists, keyset-paged (%s)", (kind) => {
  let deps: QuotesDeps;
  let close: () => Promise<void>;
  let fixer: Awaited<ReturnType<typeof createApprovedFixer>>;
  let customer: { id: string };
  let stranger: { id: string };
  let quotedJobs: number[] = [];
  const expected: number[] = [];

  beforeAll(async () => {
    ({ deps, close } = await openTestDatabase(kind));
    // The fixer covers the area letters "ZE" and the district "ZE2" (a ZE2 job matches both: shown once).
    fixer = await createApprovedFixer(deps.db, { services: ["dog-walking", "cleaning"], areas: ["ZE", "ZE2"] });
    customer = await createUser(deps.db);
    stranger = await createUser(deps.db);
    const t0 = Date.UTC(2026, 0, 1);
    const rows: Row[] = [];
    // 60 leads, four to a timestamp (the id breaks ties), over ZE1, ZE2 and ZE3; and jobs that are not leads.
    for (let i = 0; i < 60; i++) rows.push({ ...base, ...place(`ZE${1 + (i % 3)} 0AA`), customerUserId: customer.id, title: `Lead ${i}`, createdAt: new Date(t0 + Math.floor(i / 4) * 60_000) });
    rows.push({ ...base, ...place("ZE1 0AA"), customerUserId: customer.id, title: "Closed", status: "closed", createdAt: new Date(t0) });
    rows.push({ ...base, ...place("SW1A 1AA"), customerUserId: customer.id, title: "Elsewhere", createdAt: new Date(t0) });
    rows.push({ ...base, ...place("ZE1 0AA"), service: "plumbing", customerUserId: customer.id, title: "Other service", createdAt: new Date(t0) });
    rows.push({ ...base, ...place("ZE1 0AA"), customerUserId: fixer.id, title: "Own job", createdAt: new Date(t0) });
    const inserted = await deps.db.insert(jobs).values(rows).returning({ id: jobs.id, title: jobs.title, createdAt: jobs.createdAt });
    // Invited to a job outside their areas: a lead too.
    const [invited] = await deps.db.insert(jobs).values({ ...base, ...place("SW1A 1AA"), customerUserId: stranger.id, title: "Invited", createdAt: new Date(t0 + 30 * 60_000) }).returning({ id: jobs.id, title: jobs.title, createdAt: jobs.createdAt });
    await deps.db.insert(jobMatches).values({ jobId: invited!.id, fixerUserId: fixer.id, invited: true });
    const leads = [...inserted.filter((j) => j.title.startsWith("Lead ")), invited!];
    expected.push(...leads.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((j) => j.id));
    // 60 quotes by this fixer, on jobs that are not leads any more (in progress), three to a timestamp.
    const quoted = await deps.db
      .insert(jobs)
      .values(Array.from({ length: 60 }, (_, i) => ({ ...base, ...place("ZE1 0AA"), customerUserId: stranger.id, title: `Quoted ${i}`, status: "in_progress" })))
      .returning({ id: jobs.id });
    quotedJobs = quoted.map((j) => j.id);
    await deps.db.insert(quotes).values(
      quoted.map((j, i) => ({ jobId: j.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: 5000 + i, includes: "Everything", earliestStart: "2026-02-01", createdAt: new Date(t0 + Math.floor(i / 3) * 60_000) })),
    );
  }, 120_000);

  afterAll(async () => {
    await close();
  });

  it("pages the leads 20 at a time: every lead exactly once, newest first, the id breaking ties", async () => {
    const pages = await allPages(async (after) => {
      const page = await openJobsForFixer(deps.db, fixer.id, { after });
      return { rows: page.jobs.map((j) => j.id), next: page.next };
    });
    expect(pages.map((p) => p.length)).toEqual([DASHBOARD_PAGE_SIZE, DASHBOARD_PAGE_SIZE, DASHBOARD_PAGE_SIZE, 1]);
    expect(pages.flat()).toEqual(expected);
  });

  it("neither repeats nor skips a lead when jobs are posted between page views", async () => {
    const posted: number[] = [];
    const pages = await allPages(
      async (after) => {
        const page = await openJobsForFixer(deps.db, fixer.id, { after });
        return { rows: page.jobs.map((j) => j.id), next: page.next };
      },
      async (n) => {
        const [job] = await deps.db.insert(jobs).values({ ...base, ...place("ZE2 0AA"), customerUserId: customer.id, title: `Posted while paging ${n}` }).returning({ id: jobs.id });
        posted.push(job!.id);
      },
    );
    // The pages read after a new job was posted still go on from where the reader was.
    expect(pages.flat()).toEqual(expected);
    // The new jobs are at the top of the first page the next time it is opened.
    expect((await openJobsForFixer(deps.db, fixer.id)).jobs.slice(0, posted.length).map((j) => j.id)).toEqual([...posted].reverse());
  });

  it("answers the first page for a cursor that names no job", async () => {
    const first = await openJobsForFixer(deps.db, fixer.id);
    expect((await openJobsForFixer(deps.db, fixer.id, { after: 9_000_000_000 })).jobs.map((j) => j.id)).toEqual(first.jobs.map((j) => j.id));
  });

  it("pages the fixer's quotes 20 at a time: every quote exactly once, newest first", async () => {
    const all = await deps.db.select({ id: quotes.id, createdAt: quotes.createdAt }).from(quotes);
    const newestFirst = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((q) => q.id);
    const pages = await allPages(async (after) => {
      const page = await quotedJobsForFixer(deps.db, fixer.id, { after });
      return { rows: page.quotes.map((q) => q.quoteId), next: page.next };
    });
    expect(pages.map((p) => p.length)).toEqual([QUOTED_JOBS_PAGE_SIZE, QUOTED_JOBS_PAGE_SIZE, QUOTED_JOBS_PAGE_SIZE]);
    expect(pages.flat()).toEqual(newestFirst);
    // Another list's id (a job's) or another fixer's quote is no position in this list: the first page.
    expect((await quotedJobsForFixer(deps.db, fixer.id, { after: expected[0]! })).quotes.map((q) => q.quoteId)).toEqual(pages[0]);
  });

  it("shows a thread's latest 20 messages; Show earlier pages back to the first, each message once; a cursor of another thread is the latest page", async () => {
    const [jobId, otherJobId] = quotedJobs as [number, number];
    // 60 messages on the job's thread, both ways; one hidden; and a message on another job's thread.
    const written = await deps.db
      .insert(jobMessages)
      .values(Array.from({ length: 60 }, (_, i) => ({ jobId, fixerUserId: fixer.id, senderUserId: i % 2 ? fixer.id : stranger.id, body: `Message ${i}`, hiddenAt: i === 7 ? new Date() : null })))
      .returning({ id: jobMessages.id });
    const [elsewhere] = await deps.db.insert(jobMessages).values({ jobId: otherJobId, fixerUserId: fixer.id, senderUserId: fixer.id, body: "Another job" }).returning({ id: jobMessages.id });
    const ids = written.map((m) => m.id);

    const page = await customerJobPage(deps.db, stranger.id, jobId);
    expect(page.threads[fixer.id]!.map((m) => m.id)).toEqual(ids.slice(-THREAD_PAGE_SIZE));
    expect(page.earlier[fixer.id]).toBe(ids.at(-THREAD_PAGE_SIZE));
    expect(page.pagedThread).toBe(null);
    expect(page.liveAfter).toBe(ids.at(-1));

    // Following "Show earlier" from the customer's page to the first message: each once, oldest first on each page.
    const seen: number[][] = [page.threads[fixer.id]!.map((m) => m.id)];
    for (let before = page.earlier[fixer.id] ?? null, n = 0; before !== null && n < 10; n++) {
      const earlier = await customerJobPage(deps.db, stranger.id, jobId, { before });
      expect(earlier.pagedThread).toBe(fixer.id);
      // The live stream goes on from the thread's newest message, not from the earlier page.
      expect(earlier.liveAfter).toBe(ids.at(-1));
      seen.unshift(earlier.threads[fixer.id]!.map((m) => m.id));
      before = earlier.earlier[fixer.id] ?? null;
    }
    expect(seen.map((p) => p.length)).toEqual([20, 20, 20]);
    expect(seen.flat()).toEqual(ids);
    const hidden = (await customerJobPage(deps.db, stranger.id, jobId, { before: ids[10]! })).threads[fixer.id]!.find((m) => m.id === ids[7]);
    expect(hidden).toMatchObject({ hidden: true, body: null, photos: [] });

    // The fixer's side reads the same pages, "fromMe" as the fixer.
    const fixerSide = await threadPages(deps.db, (await threadAccess(deps.db, fixer.id, jobId))!, [fixer.id], await threadCursor(deps.db, jobId, [fixer.id], ids[40]!));
    expect(fixerSide[fixer.id]!.messages.map((m) => m.id)).toEqual(ids.slice(20, 40));
    expect(fixerSide[fixer.id]!.messages.map((m) => m.fromMe)).toEqual(ids.slice(20, 40).map((_, i) => (20 + i) % 2 === 1));

    // Another job's message, or a message id that does not exist, is no cursor here: the latest page.
    for (const before of [elsewhere!.id, 9_000_000_000]) {
      const latest = await customerJobPage(deps.db, stranger.id, jobId, { before });
      expect(latest.pagedThread).toBe(null);
      expect(latest.threads[fixer.id]!.map((m) => m.id)).toEqual(ids.slice(-THREAD_PAGE_SIZE));
    }
  });

  it("pages /fixer/earnings 50 at a time, latest slot first, each booking once; totals count them all; the CSV has every row", async () => {
    // 120 paid bookings, two to a slot date (the id breaks ties), held or done, and unpaid ones that are no earning.
    const rows = Array.from({ length: 124 }, (_, i) => ({
      customerUserId: stranger.id,
      fixerUserId: fixer.id,
      slotDate: `2026-${String(1 + (Math.floor(i / 2) % 12)).padStart(2, "0")}-${String(1 + (Math.floor(i / 24) % 28)).padStart(2, "0")}`,
      slotWindow: "morning" as const,
      slotProposedBy: "fixer" as const,
      pricePence: 10_000,
      customerFeePence: 500,
      totalPence: 10_500,
      fixerChargePence: 1_000,
      fixerNetPence: 9_000,
      lateFeePence: 0,
      state: i >= 120 ? ("expired" as const) : i % 3 === 0 ? ("done_marked" as const) : ("booked" as const),
    }));
    const inserted = await deps.db.insert(bookings).values(rows).returning({ id: bookings.id, slotDate: bookings.slotDate, state: bookings.state });
    const paid = inserted.filter((b) => b.state !== "expired");
    const expectedOrder = paid.sort((a, b) => b.slotDate.localeCompare(a.slotDate) || b.id - a.id).map((b) => b.id);

    const pages: number[][] = [];
    for (let after: number | null = null, n = 0; n < 10; n++) {
      const page = await fixerEarnings(deps.db, fixer.id, { after });
      pages.push(page.lines.map((l) => l.bookingId));
      // Totals are of every paid booking, whichever page is shown.
      expect(page.totals.held).toMatchObject({ count: 80, pricePence: 800_000, chargePence: 80_000, netPence: 720_000 });
      expect(page.totals.awaiting_confirmation).toMatchObject({ count: 40, netPence: 360_000 });
      if (page.next === null) break;
      after = page.next;
    }
    expect(pages.map((p) => p.length)).toEqual([EARNINGS_PAGE_SIZE, EARNINGS_PAGE_SIZE, 20]);
    expect(pages.flat()).toEqual(expectedOrder);
    // An id that is none of this fixer's bookings is no position here: the first page.
    const unknown = await fixerEarnings(deps.db, fixer.id, { after: 9_000_000_000 });
    expect([unknown.after, unknown.lines.map((l) => l.bookingId)]).toEqual([null, pages[0]]);

    const { body } = earningsCsvStream(deps.db, fixer.id);
    const csv = await new Response(body).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(1 + 120);
    expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual(expectedOrder);
  });
});

describe("a list's cursor in the query", () => {
  const read = (query: string) => {
    try {
      return cursorParam(new URL(`https://fixit.test/fixer?${query}`), "after");
    } catch (error) {
      return error as { init?: { status?: number }; data?: unknown };
    }
  };

  it("is null when absent or empty, an id when it is one", () => {
    expect(read("")).toBe(null);
    expect(read("page=20")).toBe(null);
    expect(read("after=")).toBe(null);
    expect(read("after=123")).toBe(123);
  });

  it.each([
    ["letters", "abc"],
    ["NUL", "%00"],
    ["a NUL inside", "1%002"],
    ["negative", "-5"],
    ["zero", "0"],
    ["a fraction", "1.5"],
    ["10,000 characters", "9".repeat(10_000)],
    ["twice", "1&after=2"],
    ["a leading zero", "012"],
  ])("answers 400 with the reason for a cursor that is %s", (_, value) => {
    const answer = read(`after=${value}`) as { init?: { status?: number }; data?: unknown };
    expect(answer.init?.status).toBe(400);
    expect(String(answer.data)).toMatch(/not a page of this list/);
  });
});

describe.each(databaseKinds)("a customer's job page, its quotes keyset-paged (%s)", (kind) => {
  let deps: QuotesDeps;
  let close: () => Promise<void>;
  let customer: { id: string };
  let jobId: number;
  let otherJobQuote: number;
  const fixers: string[] = [];
  /** The job's quotes in the page's order: oldest first, the id breaking ties (the withdrawn one left out). */
  const inOrder: number[] = [];

  beforeAll(async () => {
    ({ deps, close } = await openTestDatabase(kind));
    customer = await createUser(deps.db);
    for (let i = 0; i < 26; i++) fixers.push((await createApprovedFixer(deps.db, { services: ["dog-walking"], areas: ["ZE"] })).id);
    const [job, other] = await deps.db
      .insert(jobs)
      .values([
        { ...base, ...place("ZE1 0AA"), customerUserId: customer.id, title: "Many quotes" },
        { ...base, ...place("ZE1 0AA"), customerUserId: customer.id, title: "Another job" },
      ])
      .returning({ id: jobs.id });
    jobId = job!.id;
    const t0 = Date.UTC(2026, 0, 1);
    // 26 quotes, two to a timestamp and inserted newest first (so id order is not time order); one withdrawn.
    const written = await deps.db
      .insert(quotes)
      .values(
        fixers.map((fixerUserId, i) => ({
          jobId,
          fixerUserId,
          priceKind: "fixed",
          amountPence: 1000 + i,
          includes: `Quote ${i}`,
          earliestStart: "2026-02-01",
          status: i === 3 ? "withdrawn" : "sent",
          createdAt: new Date(t0 + Math.floor((25 - i) / 2) * 60_000),
        })),
      )
      .returning({ id: quotes.id, createdAt: quotes.createdAt, status: quotes.status });
    inOrder.push(
      ...written
        .filter((q) => q.status !== "withdrawn")
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
        .map((q) => q.id),
    );
    const [elsewhere] = await deps.db
      .insert(quotes)
      .values({ jobId: other!.id, fixerUserId: fixers[0]!, priceKind: "fixed", amountPence: 500, includes: "Elsewhere", earliestStart: "2026-02-01" })
      .returning({ id: quotes.id });
    otherJobQuote = elsewhere!.id;
    // A message in every thread (so each thread read shows), and 25 in the thread of the page-3 quote.
    const fixerOf = new Map(written.map((q, i) => [q.id, fixers[i]!]));
    await deps.db.insert(jobMessages).values(fixers.map((f) => ({ jobId, fixerUserId: f, senderUserId: f, body: `Hello from ${f}` })));
    await deps.db.insert(jobMessages).values(Array.from({ length: 25 }, (_, i) => ({ jobId, fixerUserId: fixerOf.get(inOrder[22]!)!, senderUserId: customer.id, body: `Long ${i}` })));
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  const ids = (page: Awaited<ReturnType<typeof customerJobPage>>) => page.quotes.map((q) => q.id);

  it("shows 10 quotes, oldest first, and Show more quotes reaches each of the 25 exactly once; only the shown quotes' threads are read", async () => {
    const pages = await allPages(async (after) => {
      const page = await customerJobPage(deps.db, customer.id, jobId, { quotesAfter: after });
      expect(page.quotesPage.total).toBe(25);
      expect(page.quotesPage.after).toBe(after);
      // The threads read are the shown quotes' only.
      expect(Object.keys(page.threads).sort()).toEqual(page.quotes.map((q) => q.fixer.userId).sort());
      return { rows: ids(page), next: page.quotesPage.more };
    });
    expect(JOB_QUOTES_PAGE_SIZE).toBe(10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(inOrder);
  });

  it("answers the first page for a cursor that is no quote of this job (another job's, none, a withdrawn quote's is a position)", async () => {
    const first = ids(await customerJobPage(deps.db, customer.id, jobId));
    for (const quotesAfter of [otherJobQuote, 9_000_000_000]) {
      const page = await customerJobPage(deps.db, customer.id, jobId, { quotesAfter });
      expect(ids(page), String(quotesAfter)).toEqual(first);
      expect(page.quotesPage.after).toBe(null);
    }
  });

  it("shows the quote whose thread ?before= pages, and a quote ?quote= names, on a page they are not on", async () => {
    const target = inOrder[22]!;
    const [thread] = await deps.db.select({ fixerUserId: quotes.fixerUserId }).from(quotes).where(eq(quotes.id, target));
    const latest = await customerJobPage(deps.db, customer.id, jobId, { quote: target });
    expect(ids(latest)).toEqual([target, ...inOrder.slice(0, 10)]);
    const earlierCursor = latest.earlier[thread!.fixerUserId]!;
    expect(earlierCursor).toBeGreaterThan(0);
    const earlier = await customerJobPage(deps.db, customer.id, jobId, { before: earlierCursor });
    expect(earlier.pagedThread).toBe(thread!.fixerUserId);
    expect(ids(earlier)).toEqual([target, ...inOrder.slice(0, 10)]);
    expect(earlier.threads[thread!.fixerUserId]!.map((m) => m.body)).toEqual(["Hello from " + thread!.fixerUserId, "Long 0", "Long 1", "Long 2", "Long 3", "Long 4"]);
    // On the page it is on, it is shown once, in its place.
    const third = await customerJobPage(deps.db, customer.id, jobId, { quotesAfter: inOrder[19]!, before: earlierCursor });
    expect(ids(third)).toEqual(inOrder.slice(20));
    expect(third.pagedThread).toBe(thread!.fixerUserId);
  });

  it("always shows the accepted quote: above the page it is not on, in its place on its own", async () => {
    const accepted = inOrder[15]!;
    await deps.db.update(quotes).set({ status: "accepted" }).where(eq(quotes.id, accepted));
    try {
      expect(ids(await customerJobPage(deps.db, customer.id, jobId))).toEqual([accepted, ...inOrder.slice(0, 10)]);
      expect(ids(await customerJobPage(deps.db, customer.id, jobId, { quotesAfter: inOrder[9]! }))).toEqual(inOrder.slice(10, 20));
      expect(ids(await customerJobPage(deps.db, customer.id, jobId, { quotesAfter: inOrder[19]! }))).toEqual([accepted, ...inOrder.slice(20)]);
      expect((await customerJobPage(deps.db, customer.id, jobId)).quotes[0]!.contact).not.toBe(null);
    } finally {
      await deps.db.update(quotes).set({ status: "sent" }).where(eq(quotes.id, accepted));
    }
  });
});
