import { createPublicFixerData } from "~/features/quotes/public-changes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import type { PublicChangeDeps } from "~/features/quotes/access.server";
import { postJob } from "~/features/quotes/jobs.server";
import { acceptQuote, markJobDone, sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, waitForMail } from "./auth-helpers";
import { connectToServerData } from "./helpers/db-utils";
import { EventReader, isMessage } from "./helpers/live";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";
import { recordReleasedBooking } from "#tests/helpers/done-bookings.ts";

/**
 * The live channel across instances (decision 048): two server processes on one PostgreSQL. A
 * message posted through one reaches a stream opened on the other (LISTEN/NOTIFY, ids only, the
 * row read there), and a review left on one drops the other's cached service page at once.
 */
const postgres = testDbKind() === "postgres";
let a: TestServer;
let b: TestServer;
let shared: Awaited<ReturnType<typeof connectToServerData>>;
let deps: PublicChangeDeps;
const strong = "Correct-Horse-Battery-42";
let ipCounter = 0;
const newIp = () => `198.18.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;
const readers: EventReader[] = [];

beforeAll(async () => {
  if (!postgres) return;
  const env = { SESSION_SECRET: "live-two-instances-secret-0123456789abcdef" };
  a = await startTestServer({ env });
  b = await startTestServer({ env, reuse: { databaseUrl: a.databaseUrl, dataDir: a.dataDir } });
  shared = await connectToServerData(a.databaseUrl, a.dataDir);
  deps = { db: shared.db, publicUrl: a.url, publicFixerData: createPublicFixerData() };
}, 240_000);
afterAll(async () => {
  for (const reader of readers) await reader.close();
  await shared?.close();
  await b?.stop();
  await a?.dispose();
});

async function confirmedUser(email: string, server: TestServer, userType = "customer") {
  const browser = new Browser(server.url);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Live Person", email, phone: "", password: strong, confirmPassword: strong, userType }, { "x-forwarded-for": newIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(server.url, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", server.url))).status).toBe(302);
  const [user] = await shared.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: user!.id };
}

async function approvedFixer(email: string, server: TestServer) {
  const fixer = await confirmedUser(email, server, "fixer");
  const approved = await createApprovedFixer(shared.db, { user: { id: fixer.id, email, name: "Lara Listen" }, first: "Lara", last: "Listen", services: ["plumbing"], areas: ["SW1"] });
  return { ...fixer, slug: approved.slug };
}

/** The same cookies, speaking to the other instance. */
function onOther(browser: Browser, other: TestServer): Browser {
  const moved = new Browser(other.url);
  moved.cookies = new Map(browser.cookies);
  return moved;
}

describe.skipIf(!postgres)("live threads across two instances on one PostgreSQL", () => {
  it("a message posted through one arrives on a stream opened on the other; a review on one drops the other's cached page", async () => {
    const customer = await confirmedUser("live-two-customer@example.com", a);
    const fixer = await approvedFixer("live-two-fixer@example.com", a);
    const { jobId } = await postJob(deps, customer.id, {
      service: "plumbing",
      postcode: "SW1A 1AA",
      title: "Radiator valve stuck",
      description: "The radiator valve in the hall will not turn and the radiator stays cold.",
      timing: "week",
      preferredDate: null,
      budget: "under_100",
    });
    const { quoteId } = await sendQuote(deps, fixer.id, jobId, { priceKind: "fixed", amountPence: 9000, amountToPence: null, includes: "New valve", earliestStart: daysFromToday(2), message: "" });

    // The customer's page is open on B; the fixer writes through A.
    const onB = new EventReader(await onOther(customer.browser, b).get(`/live/events?job=${jobId}`));
    readers.push(onB);
    expect(onB.response.status).toBe(200);
    await onB.next((e) => e.event === "unread");
    const started = Date.now();
    expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "message", body: "Sent through A, read on B." })).status).toBe(303);
    await onB.next(isMessage("Sent through A, read on B."), { timeoutMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(1_000);

    // B's service page is cached for anonymous visitors, without the fixer (no review yet).
    const anonymousOnB = new Browser(b.url);
    expect(await (await anonymousOnB.get("/categories/plumbing")).text()).not.toContain(`/fixers/${fixer.slug}"`);
    expect((await anonymousOnB.get("/categories/plumbing")).headers.get("x-page-cache")).toBe("hit");

    await acceptQuote(deps, customer.id, quoteId);
    await recordReleasedBooking(deps.db, quoteId);
    await markJobDone(deps, customer.id, jobId);
    const reviewed = await customer.browser.post(`/account/jobs/${jobId}`, { intent: "review", rating: "5", body: "Lara freed the valve and bled every radiator in the house." });
    expect(reviewed.status).toBe(303);
    // The fixer's review of the customer publishes both (decision 055): that is what drops the pages.
    expect((await fixer.browser.post(`/fixer/jobs/${jobId}`, { intent: "review-customer", rating: "5", body: "Clear about the job and easy to reach." })).status).toBe(303);

    // A's announcement reaches B, which drops its copy: the next visitor gets a fresh page.
    await expect
      .poll(async () => (await anonymousOnB.get("/categories/plumbing")).headers.get("x-page-cache"), { timeout: 2_000, interval: 100 })
      .toBe("miss");
    expect(await (await anonymousOnB.get("/categories/plumbing")).text()).toContain(`/fixers/${fixer.slug}"`);
  });
});
