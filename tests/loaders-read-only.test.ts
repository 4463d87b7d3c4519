import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { postJob } from "~/features/quotes/jobs.server";
import { postMessage } from "~/features/quotes/messages.server";
import { sendQuote } from "~/features/quotes/quotes.server";
import { Browser } from "./auth-helpers";
import { seededBooking, signedInFixer, signedInPerson, type SignedInPerson } from "./helpers/done-bookings";
import { daysFromToday } from "./helpers/marketplace";
import { startServerInProcess, testDbKind, type InProcessServer } from "./helpers/server";

/**
 * A GET writes nothing (decision 090). React Router runs a page's loaders for a prefetch nobody
 * sees, and HTTP calls a GET safe, so no loader may mark, count, create or refresh anything. Every
 * signed-in page a customer, a fixer and a staff member reach by following links from their home
 * pages is fetched, and the database's next transaction id must not move: PostgreSQL (and PGlite)
 * gives an id only to a transaction that writes, whatever the table, so nothing slips past a list of
 * tables and a write a loader makes and swallows still shows. Cheap: one small query per page.
 * PGlite only: on PostgreSQL the id belongs to the whole cluster, which the other test files' databases move.
 */

let server: InProcessServer;
const people: Record<"customer" | "fixer" | "staff", SignedInPerson> = {} as never;

/** The signed-in parts of the site; public pages are cached for visitors and covered by tests/public-pages.test.ts. */
const signedInPrefixes = ["/account", "/fixer", "/staff", "/bookings", "/jobs", "/emergency", "/checkout"];
const startPages = { customer: ["/account", "/account/jobs", "/account/notifications", "/bookings"], fixer: ["/fixer", "/fixer/bookings", "/fixer/earnings", "/account"], staff: ["/staff"] };
/** At most this many pages per person, and two of each kind (the same path with other ids or filter values): every kind of page, in bounded time. */
const PAGES_PER_PERSON = 120;
const PAGES_PER_KIND = 2;
const kindOf = (href: string) => href.replace(/\/(\d+|[0-9a-f-]{36}|[A-Za-z0-9]{20,})(?=\/|\?|$)/g, "/:id").replace(/=[^&]*/g, "=");

/**
 * The one write a GET may make, a record kept rather than a change anyone sees, and checked to be
 * exactly that: one transaction adding one row to its table. `/staff/export/…`: the staff audit log
 * records who downloaded which list (RULES: every staff action is audited). (`/account` made the
 * referral code on its first view until sign-in made it: decision 092.)
 */
const recordKeptBy = (path: string) => (path.startsWith("/staff/export/") ? "staff_audit_log" : null);

const one = async <T>(query: ReturnType<typeof sql>) => ((await server.services.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const nextTransactionId = async () => BigInt((await one<{ next: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`)).next);
const rowsIn = async (table: string) => Number((await one<{ n: string }>(sql`select count(*)::text as n from ${sql.identifier(table)}`)).n);

/** Waits until nothing in the background (the outbox worker sending the seeds' emails) writes for a moment. */
async function quiet(): Promise<bigint> {
  let last = await nextTransactionId();
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = await nextTransactionId();
    if (now === last) return now;
    last = now;
  }
  throw new Error("the database never went quiet");
}

function browserOf(person: SignedInPerson): Browser {
  const browser = new Browser(server.url);
  for (const pair of person.cookie.split("; ")) browser.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return browser;
}

const linksIn = (html: string) =>
  [...html.matchAll(/\bhref="(\/[^"#]*)/g)]
    .map((m) => m[1]!.replaceAll("&amp;", "&"))
    .filter((href) => !href.startsWith("//") && signedInPrefixes.some((p) => href === p || href.startsWith(`${p}/`) || href.startsWith(`${p}?`)));

describe.skipIf(testDbKind() !== "pglite")("signed-in pages' GETs", () => {
  beforeAll(async () => {
    server = await startServerInProcess();
    const { services } = server;
    const [customer, fixer, staff] = await Promise.all([
      signedInPerson(services, "rhea.readonly@example.com", "customer", "Rhea Readonly"),
      signedInFixer(services, "gil.get@example.com", { first: "Gil", last: "Get" }),
      signedInPerson(services, "sam.safe@example.com", "customer", "Sam Safe"),
    ]);
    await services.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    Object.assign(people, { customer, fixer, staff });
    const deps = { db: services.db, publicUrl: server.url, publicFixerData: services.publicFixerData };
    // A paid booking, and an open job with a waiting quote: threads with unread messages both ways, and notifications pointing at the pages.
    const { jobId: bookedJob } = await seededBooking(services, server.url, customer.id, fixer.id, { paid: true, title: "Leaking radiator valve" });
    const { jobId: openJob } = await postJob(deps, customer.id, { service: "plumbing", postcode: "SW1A 1AA", title: "Dripping kitchen tap", description: "The kitchen tap drips; it needs a new washer.", timing: "week", preferredDate: null, budget: "under_100" });
    await sendQuote(deps, fixer.id, openJob, { priceKind: "fixed", amountPence: 8_000, amountToPence: null, includes: "Parts and labour", earliestStart: daysFromToday(2), message: "" });
    for (const jobId of [bookedJob, openJob]) {
      await postMessage(deps, customer.id, jobId, { body: "Is Thursday morning possible?", fixerUserId: fixer.id });
      await postMessage(deps, fixer.id, jobId, { body: "Thursday at nine works." });
    }
  }, 240_000);

  afterAll(async () => {
    await server?.dispose();
  });

  it.each(["customer", "fixer", "staff"] as const)("write nothing for a %s, on every page their links reach", async (who) => {
    const browser = browserOf(people[who]);
    const queue = [...startPages[who]];
    const seen = new Set(queue);
    const kinds = new Map<string, number>();
    const writers: string[] = [];
    let fetched = 0;
    while (queue.length > 0 && fetched < PAGES_PER_PERSON) {
      const path = queue.shift()!;
      const recordTable = recordKeptBy(path);
      const recordsBefore = recordTable ? await rowsIn(recordTable) : 0;
      const before = await quiet();
      const res = await browser.get(path);
      const body = res.headers.get("content-type")?.includes("text/html") ? await res.text() : (await res.arrayBuffer(), "");
      fetched++;
      const transactions = (await nextTransactionId()) - before;
      const kept = recordTable !== null && transactions === 1n && (await rowsIn(recordTable)) === recordsBefore + 1;
      if (transactions !== 0n && !kept) writers.push(`${path} (${res.status}): ${transactions} writing transaction(s)`);
      expect(res.status, path).toBeLessThan(500);
      for (const href of linksIn(body)) {
        const kind = kindOf(href);
        if (!seen.has(href) && (kinds.get(kind) ?? 0) < PAGES_PER_KIND) {
          seen.add(href);
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
          queue.push(href);
        }
      }
    }
    expect(writers).toEqual([]);
    expect(fetched).toBeGreaterThan(5);
    // The crawl reached the pages that used to write: the job pages with their threads.
    if (who !== "staff") expect([...seen].filter((p) => /^\/(account|fixer)\/jobs\/\d+$/.test(p)).length).toBeGreaterThan(0);
  }, 120_000);
});
