import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, linkIn, waitForMail, type MailboxMessage } from "./auth-helpers";
import { csv } from "./csv-helpers";
import { connectToServerData, createOnboardingApplication, storedSubmissions } from "./helpers/db-utils";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * The scale-out path (docs/OPERATIONS.md): two server processes on one PostgreSQL, driven
 * alternately. Sessions, rate limits, the outbox and staff decisions live in the database, so
 * either instance sees what the other did, and each outbox message is sent exactly once.
 * PostgreSQL only: PGlite is one process per data folder by design. The test reads and seeds the
 * shared database through a connection of its own.
 */
const postgres = testDbKind() === "postgres";
let a: TestServer;
let b: TestServer;
let shared: Awaited<ReturnType<typeof connectToServerData>>;
const ADMIN = "two-admin@example.com";
const strong = "Correct-Horse-Battery-42";
let ipCounter = 0;
const newIp = () => `198.18.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

beforeAll(async () => {
  if (!postgres) return;
  const env = { STAFF_ADMIN_EMAILS: ADMIN, SESSION_SECRET: "two-instances-secret-0123456789abcdef" };
  a = await startTestServer({ env });
  b = await startTestServer({ env, reuse: { databaseUrl: a.databaseUrl, dataDir: a.dataDir } });
  shared = await connectToServerData(a.databaseUrl, a.dataDir);
}, 240_000);
afterAll(async () => {
  await shared?.close();
  await b?.stop();
  await a?.dispose();
});

/** Signs up on `signUpOn` and confirms through the link opened on `confirmOn`. */
async function confirmedUser(email: string, signUpOn: TestServer, confirmOn: TestServer): Promise<Browser> {
  const res = await new Browser(signUpOn.url).post("/auth", { intent: "sign-up", fullName: "Two Instances", email, phone: "", password: strong, confirmPassword: strong }, { "x-forwarded-for": newIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(signUpOn.url, email, "Confirm your FixiT account");
  const browser = new Browser(confirmOn.url);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", confirmOn.url))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

/** The same cookies, speaking to the other instance. */
function onOther(browser: Browser, other: TestServer): Browser {
  const moved = new Browser(other.url);
  moved.cookies = new Map(browser.cookies);
  return moved;
}

describe.skipIf(!postgres)("two instances on one PostgreSQL", () => {
  it("a session made on one works on the other", async () => {
    const onB = await confirmedUser("two-session@example.com", a, b);
    expect((await onB.get("/account")).status).toBe(200);
    const onA = onOther(onB, a);
    const page = await onA.get("/account");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("two-session@example.com");
    // Signing out everywhere on A ends the session on B too.
    expect((await onA.post("/auth/sign-out", {})).status).toBe(302);
    expect((await onB.get("/account")).status).toBe(302);
  });

  it("shares rate limits: wrong passwords alternately on both count against one per-email limit", async () => {
    await confirmedUser("two-limit@example.com", a, a);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await new Browser(target.url).post("/auth", { intent: "sign-in", email: "two-limit@example.com", password: "wrong-password-1" }, { "x-forwarded-for": newIp() });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("sends every outbox message exactly once between them", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `two-outbox-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        new Browser((i % 2 === 0 ? a : b).url).post("/auth", { intent: "sign-up", fullName: "Outbox Test", email, phone: "", password: strong, confirmPassword: strong }, { "x-forwarded-for": newIp() }),
      ),
    );
    for (const email of emails) await waitForMail(a.url, email, "Confirm your FixiT account");
    // Give both workers time to (wrongly) send anything twice.
    await new Promise((r) => setTimeout(r, 1500));
    const all = ((await (await fetch(`${b.url}/dev/mailbox.json?limit=500`)).json()) as { messages: (MailboxMessage & { headers: Record<string, string> })[] }).messages;
    const perMessageId = new Map<string, number>();
    for (const message of all) {
      const id = message.headers["Message-ID"];
      expect(id).toMatch(/^<outbox-\d+@/);
      perMessageId.set(id!, (perMessageId.get(id!) ?? 0) + 1);
    }
    expect([...perMessageId.values()].filter((n) => n > 1)).toEqual([]);
    for (const email of emails) expect(all.filter((m) => m.to === email)).toHaveLength(1);
    const { jobs } = await storedSubmissions(shared.db);
    const sentEmails = jobs.filter((j) => j.kind === "email" && j.status === "sent").length;
    expect(perMessageId.size).toBe(sentEmails);
  });

  it("a staff review on one is seen on the other", async () => {
    const adminOnA = await confirmedUser(ADMIN, a, a);
    const adminOnB = onOther(adminOnA, b);
    const { applicationId } = await createOnboardingApplication(shared, { email: "two-fixer@example.com", firstName: "Fiona", lastName: "Fixer", documents: [] });

    const decided = await adminOnA.post(`/staff/onboarding/${applicationId}`, { intent: "review", decision: "approved", note: "" });
    expect(decided.status).toBe(200);
    // B sees the decision: the application is approved, and deciding it again there is refused.
    const [, ...rows] = await csv(adminOnB, `/staff/export/onboarding`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(String(applicationId));
    expect(rows[0]).toContain("approved");
    const again = await adminOnB.post(`/staff/onboarding/${applicationId}`, { intent: "review", decision: "rejected", note: "A second opinion on the other instance." });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });
});
