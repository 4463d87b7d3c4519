import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobMessages } from "#server/db/schema/quotes.ts";
import { sendQuote } from "~/features/quotes/quotes.server";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, waitForMail } from "./auth-helpers";
import { startServerInProcess, startTestServer, type InProcessServer, type TestServer } from "./helpers/server";

/**
 * Hostile requests that are not about size (issue 39): every redirect better-auth can produce stays
 * on the site whatever the redirect parameter says; a NUL byte in a hidden field is refused with a
 * 4xx (it reached PostgreSQL and gave a 500); and every state-changing route, resource routes
 * included, refuses a cross-site sender with 403. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
let server: InProcessServer;
let base: string;
let customer: Browser;
const strong = "Correct-Horse-Battery-42";
let ipCounter = 0;
const nextIp = () => `10.40.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

async function confirmedUser(email: string): Promise<Browser> {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Request Tester", email, phone: "", password: strong, confirmPassword: strong }, { "x-forwarded-for": nextIp(), origin: base });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  customer = await confirmedUser("requests-customer@example.com");
}, 240_000);
afterAll(async () => {
  await server?.dispose();
});

/** The probe's variants, and a few more: each resolves (in a browser) to another site. */
const OFFSITE = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/x/..//evil.example",
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "%2F%2Fevil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  "http:evil.example",
];

/** Where a browser would go: the Location resolved against the page's address. */
function landsOnSite(location: string | null): boolean {
  if (location === null) return true;
  // Browsers drop tabs and newlines and read "\" as "/" before resolving.
  const browserView = location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
  return new URL(browserView, base).origin === new URL(base).origin;
}

describe("better-auth's redirects stay on the site", () => {
  it("answers every off-site variant of every redirect parameter of its GET endpoints with a redirect to this site", async () => {
    const endpoints = [
      (v: string) => `/api/auth/verify-email?token=anything&callbackURL=${v}`,
      (v: string) => `/api/auth/verify-email?token=anything&callbackURL=/&errorCallbackURL=${v}`,
      (v: string) => `/api/auth/reset-password/anything?callbackURL=${v}`,
      (v: string) => `/api/auth/delete-user/callback?token=anything&callbackURL=${v}`,
      (v: string) => `/api/auth/verify-email?token=anything&callbackURL=${v}&newUserCallbackURL=${v}&redirectTo=${v}`,
    ];
    const offsite: string[] = [];
    for (const endpoint of endpoints) {
      for (const variant of OFFSITE) {
        const path = endpoint(encodeURIComponent(variant));
        const res = await fetch(`${base}${path}`, { redirect: "manual", headers: { "x-forwarded-for": nextIp() } });
        await res.arrayBuffer();
        expect(res.status, path).toBeLessThan(500);
        if (!landsOnSite(res.headers.get("location"))) offsite.push(`${path} → ${res.headers.get("location")}`);
      }
    }
    expect(offsite).toEqual([]);
  }, 180_000);

  it("keeps a callbackURL sent in a JSON body on the site: the confirmation link it mails leads back here", async () => {
    for (const [i, variant] of ["/.//evil.example", "https://evil.example/welcome"].entries()) {
      const email = `requests-json-${i}@example.com`;
      const res = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "x-forwarded-for": nextIp() },
        body: JSON.stringify({ name: "Json Tester", email, password: strong, callbackURL: variant }),
      });
      expect(res.status, variant).toBe(200);
      const mail = await waitForMail(base, email, "Confirm your FixiT account");
      const link = linkIn(mail, "/api/auth/verify-email", base);
      expect(new URL(link).searchParams.get("callbackURL"), variant).toBe("/");
      const confirmed = await fetch(link, { redirect: "manual" });
      expect(confirmed.status).toBe(302);
      expect(landsOnSite(confirmed.headers.get("location")), `${variant} → ${confirmed.headers.get("location")}`).toBe(true);
    }
    // A path of this site is kept.
    const email = "requests-json-kept@example.com";
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": nextIp() },
      body: JSON.stringify({ name: "Json Tester", email, password: strong, callbackURL: "/auth/confirmed" }),
    });
    const mail = await waitForMail(base, email, "Confirm your FixiT account");
    expect(new URL(linkIn(mail, "/api/auth/verify-email", base)).searchParams.get("callbackURL")).toBe("/auth/confirmed");
  }, 180_000); // three sign-ups, each a password hash and a mail
});

describe("hidden fields pass the text-input rule", () => {
  it("refuses a NUL byte in each hidden field of the job page's forms with a 4xx, sending nothing", async () => {
    const fixer = await createApprovedFixer(server.services.db, { first: "Nul", last: "Tester", services: ["plumbing"], areas: ["SW1"] });
    const form = new FormData();
    for (const [k, v] of Object.entries({ service: "plumbing", postcode: "SW1A 1AA", title: "Leaking kitchen tap", description: "The kitchen tap drips all day and all night.", timing: "week", preferredDate: "", budget: "" })) form.append(k, v);
    const posted = await fetch(`${base}/request`, { method: "POST", body: form, redirect: "manual", headers: { cookie: customer.cookieHeader(), origin: base, "x-forwarded-for": nextIp() } });
    expect(posted.status).toBe(302);
    const jobId = Number(/\/account\/jobs\/(\d+)/.exec(posted.headers.get("location") ?? "")?.[1]);
    const { quoteId } = await sendQuote({ db: server.services.db, publicUrl: base }, fixer.id, jobId, {
      priceKind: "fixed",
      amountPence: 12_000,
      amountToPence: null,
      includes: "Parts and labour",
      earliestStart: daysFromToday(3),
      message: "I can come on Tuesday.",
    });
    const message = { intent: "message", fixer: fixer.id, quoteId: String(quoteId), body: "Hello, when could you come?" };
    const outcomes: string[] = [];
    for (const field of ["fixer", "quoteId", "intent"] as const) {
      for (const value of ["a\u0000b", `${message[field]}\u0000`, "\u0000"]) {
        const res = await customer.post(`/account/jobs/${jobId}`, { ...message, [field]: value }, { origin: base, accept: "application/json" });
        if (res.status < 400 || res.status >= 500) outcomes.push(`${field}=${JSON.stringify(value)} → ${res.status}`);
      }
    }
    for (const intent of ["accept", "decline"]) {
      const res = await customer.post(`/account/jobs/${jobId}`, { intent, quoteId: `${quoteId}\u0000` }, { origin: base, accept: "application/json" });
      if (res.status < 400 || res.status >= 500) outcomes.push(`${intent} quoteId with NUL → ${res.status}`);
    }
    expect(outcomes).toEqual([]);
    // Nothing was sent; the same message without the NUL goes through.
    const messagesOnJob = async () => (await server.services.db.select({ n: count() }).from(jobMessages).where(eq(jobMessages.jobId, jobId)))[0]!.n;
    expect(await messagesOnJob()).toBe(0);
    expect((await customer.post(`/account/jobs/${jobId}`, message, { origin: base })).status).toBe(303);
    expect(await messagesOnJob()).toBe(1);
  }, 120_000);

  it("refuses a NUL byte in the other forms' hidden fields with a 4xx", async () => {
    const cases: { path: string; fields: Record<string, string>; as?: Browser }[] = [
      { path: "/consent", fields: { choice: "all", returnTo: "/help\u0000" } },
      { path: "/auth", fields: { intent: "sign-in", email: "nobody@example.com", password: "not-the-password", from: "/account\u0000" } },
      { path: "/auth", fields: { intent: "resend", email: "nobody\u0000@example.com" } },
      { path: "/reset-password", fields: { token: "tok\u0000en", password: strong, confirmPassword: strong } },
      { path: "/early-access", fields: { intent: "vip-code", via: "fetcher\u0000", code: "NOT\u0000A-CODE" } },
      { path: "/fixer-onboarding", fields: { intent: "unlock\u0000", code: "FIX-0000" }, as: customer },
      { path: "/account/details", fields: { intent: "profile\u0000", fullName: "Request Tester", phone: "" }, as: customer },
    ];
    const outcomes: string[] = [];
    for (const c of cases) {
      const res = await (c.as ?? new Browser(base)).post(c.path, c.fields, { origin: base, accept: "application/json", "x-forwarded-for": nextIp() });
      if (res.status < 400 || res.status >= 500) outcomes.push(`${c.path} ${JSON.stringify(c.fields)} → ${res.status}`);
    }
    expect(outcomes).toEqual([]);
  });
});

describe("cross-site requests", () => {
  const CROSS_SITE: Record<string, string>[] = [
    { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    { origin: "http://evil.example" },
    { "sec-fetch-site": "cross-site" },
    // A sibling subdomain is another site's page for this purpose: it may not act for the visitor either.
    { "sec-fetch-site": "same-site" },
    { origin: "null" },
  ];
  /** Every route that changes state, resource routes first; the Stripe webhook is signed and exempt. */
  const ROUTES: { path: string; body?: string; type?: string }[] = [
    { path: "/auth/sign-out" },
    { path: "/fixer-onboarding/submit", type: "multipart/form-data; boundary=x", body: "--x--\r\n" },
    { path: "/consent", body: "choice=all&returnTo=%2F" },
    { path: "/account/export" },
    { path: "/api/auth/sign-out", type: "application/json", body: "{}" },
    { path: "/api/auth/sign-in/email", type: "application/json", body: JSON.stringify({ email: "requests-customer@example.com", password: strong }) },
    { path: "/api/auth/update-user", type: "application/json", body: JSON.stringify({ name: "Changed By Another Site" }) },
    { path: "/help", body: "intent=help&name=Ann&email=ann%40example.com&description=My+boiler+is+broken%2C+please+help." },
    { path: "/account/details", body: "intent=profile&fullName=Changed+Elsewhere&phone=" },
    { path: "/request/coverage", body: "service=plumbing&postcode=SW1A+1AA" },
    { path: "/emergency", type: "multipart/form-data; boundary=x", body: "--x--\r\n" },
  ];

  it("refuses a cross-site Origin or Sec-Fetch-Site on every state-changing route with 403, changing nothing", async () => {
    const outcomes: string[] = [];
    for (const route of ROUTES) {
      for (const headers of CROSS_SITE) {
        for (const method of ["POST", "PUT", "DELETE"]) {
          const res = await fetch(`${base}${route.path}`, {
            method,
            redirect: "manual",
            headers: { cookie: customer.cookieHeader(), "content-type": route.type ?? "application/x-www-form-urlencoded", "x-forwarded-for": nextIp(), ...headers },
            body: route.body ?? "",
          });
          const text = await res.text();
          if (res.status !== 403) outcomes.push(`${method} ${route.path} ${JSON.stringify(headers)} → ${res.status} ${text.slice(0, 80)}`);
          else expect(text).toBe("This can only be done from FixiT's own pages.");
        }
      }
    }
    expect(outcomes).toEqual([]);
    // The customer is still signed in, under the same name: nothing was done for another site.
    const account = await customer.get("/account");
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Request Tester");
  }, 180_000);

  it("lets the site's own pages through: same-origin, a user's own navigation, and clients that say nothing", async () => {
    for (const headers of [{ origin: base, "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, { origin: base }, {}] as Record<string, string>[]) {
      const res = await fetch(`${base}/consent`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "choice=all&returnTo=%2Fhelp" });
      expect(res.status, JSON.stringify(headers)).toBe(303);
    }
    const bob = await confirmedUser("requests-signout@example.com");
    const res = await bob.post("/auth/sign-out", {}, { origin: base, "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(302);
  }, 120_000);
});

describe("refusals the client caused are warnings in the log, not errors", () => {
  // A server process of its own, without the runner's TEST variable: better-auth skips its Origin check under a test runner.
  let child: TestServer;
  beforeAll(async () => {
    child = await startTestServer({ env: { TEST: "" } });
  }, 120_000);
  afterAll(async () => {
    await child?.dispose();
  });

  /** The pino lines the server wrote while `act` ran (after a moment for the last ones to arrive). */
  async function logLinesDuring(act: () => Promise<void>): Promise<{ level: number; msg: string }[]> {
    const before = child.logs().length;
    await act();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return child
      .logs()
      .slice(before)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  }
  const signIn = (origin: string) =>
    fetch(`${child.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": nextIp() },
      body: JSON.stringify({ email: "requests-customer@example.com", password: strong }),
    });

  it("a cross-origin POST to the sign-in API: a 4xx, a warning, no error", async () => {
    let status = 0;
    const lines = await logLinesDuring(async () => void (status = (await signIn("http://evil.example")).status));
    expect(status).toBe(403);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: "request completed" }));
  });

  it("an Origin better-auth does not trust (this host by another name than PUBLIC_URL): its refusal is a warning", async () => {
    let status = 0;
    const lines = await logLinesDuring(async () => void (status = (await signIn(child.url)).status));
    expect(status).toBe(403);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: `better-auth: Invalid origin: ${child.url}` }));
  });

  it("a forged OAuth state and an action whose Origin is not the address it was posted to: warnings only", async () => {
    const statuses: number[] = [];
    const lines = await logLinesDuring(async () => {
      statuses.push((await fetch(`${child.url}/api/auth/callback/github?state=forged`, { redirect: "manual" })).status);
      // localhost is this server too (the cross-site guard lets it through); React Router compares the Origin with the URL itself.
      const res = await fetch(`${child.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: child.url.replace("127.0.0.1", "localhost"), "content-type": "application/x-www-form-urlencoded" },
        body: "name=Ann",
      });
      statuses.push(res.status);
    });
    expect(statuses).toEqual([302, 400]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: "better-auth: Failed to parse state" }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: "action refused: its Origin is not the address it was sent to" }));
  });
});
