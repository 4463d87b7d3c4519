import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { submissionCounts } from "./helpers/db-utils";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Hostile-request regression tests over HTTP (decision 014): open redirects, the dev mailbox on a network bind, the
 * per-account limit on better-auth's own endpoints, the client address (no proxy trusted by
 * default), malformed Host/forwarding headers, non-form bodies, control characters, headers.
 * This server runs with the defaults (TRUST_PROXY unset: no proxy trusted).
 */
let server: InProcessServer;
let base: string;
/** A second server behind a "load balancer" on loopback (TRUST_PROXY=loopback): each request can come from its own address. */
let proxied: InProcessServer;
beforeAll(async () => {
  [server, proxied] = await Promise.all([startServerInProcess({ env: { TRUST_PROXY: "", VIP_CAMPAIGN_CODES: CAMPAIGN } }), startServerInProcess({ env: { TRUST_PROXY: "loopback" } })]);
  base = server.url;
}, 240_000);
afterAll(async () => {
  await Promise.all([server?.dispose(), proxied?.dispose()]);
});

const strong = "Correct-Horse-Battery-42";
const CAMPAIGN = "HARDENING-CAMPAIGN-7QK";
let userCounter = 0;

async function newConfirmedUser(prefix: string, at = base): Promise<{ browser: Browser; email: string }> {
  const email = `${prefix}-${++userCounter}@example.com`;
  const browser = new Browser(at);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Ada Lovelace", email, phone: "", password: strong, confirmPassword: strong });
  expect(res.status).toBe(200);
  const mail = await waitForMail(at, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", at))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return { browser, email };
}

const formCounts = () => submissionCounts(server.services.db);

/** A raw HTTP/1.1 request, so Host and other headers go out exactly as written. */
function rawRequest(path: string, headers: Record<string, string>, method = "GET", body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const OFFSITE_RETURN_PATHS = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "https:evil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
];

describe("return paths never leave the site", () => {
  it("answers every off-site variant of ?from= on /auth (signed in) with a redirect to /", async () => {
    const { browser } = await newConfirmedUser("redirect-page");
    for (const from of OFFSITE_RETURN_PATHS) {
      const res = await browser.get(`/auth?from=${encodeURIComponent(from)}`);
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe("/");
    }
    // A path on this site is kept.
    const kept = await browser.get(`/auth?from=${encodeURIComponent("/account?tab=data")}`);
    expect(kept.headers.get("location")).toBe("/account?tab=data");
  });

  it("answers every off-site variant of `from` in the sign-in form POST with a redirect to /", async () => {
    // The per-email sign-in limit is 5 a minute: a few accounts share the variants.
    const accounts = await Promise.all([1, 2, 3].map(() => newConfirmedUser("redirect-form")));
    const cases = [...OFFSITE_RETURN_PATHS, "/account"];
    for (const [i, from] of cases.entries()) {
      const { email } = accounts[i % accounts.length]!;
      const res = await new Browser(base).post("/auth", { intent: "sign-in", email, password: strong, from });
      // A line break in a one-line field is refused outright (400); everything else signs in and stays on the site.
      if (/[\r\n]/.test(from)) {
        expect(res.status, from).toBe(400);
        continue;
      }
      expect(res.status, from).toBe(302);
      const location = res.headers.get("location") ?? "";
      if (from === "/account") expect(location).toBe("/account");
      // Whatever the variant, the redirect stays on this site (a tab is read as a space: "/%20/evil.example" is a path here).
      expect(location.startsWith("/") && !location.startsWith("//"), `${JSON.stringify(from)} → ${location}`).toBe(true);
      expect(new URL(location, base).origin).toBe(new URL(base).origin);
    }
  });
});

describe("better-auth's own endpoints share the account limits and record the security events", () => {
  it("limits wrong passwords for one address however the forwarded address changes, and records them", async () => {
    const at = proxied.url;
    const { browser, email } = await newConfirmedUser("api-limit", at);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${at}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: at.replace("127.0.0.1", "localhost"), "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email, password: "wrong-password-123" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The sign-in form counts against the same per-email limit.
    const form = await new Browser(at).post("/auth", { intent: "sign-in", email, password: strong }, { "x-forwarded-for": "203.0.113.99" });
    expect(form.status).toBe(429);

    const exported = await browser.post("/account/export", {});
    const events = ((await exported.json()) as { securityEvents: { type: string; details: Record<string, unknown> }[] }).securityEvents;
    expect(events.filter((e) => e.type === "signin_failed" && e.details.via === "api")).toHaveLength(5);
    expect(events.some((e) => e.type === "rate_limited" && e.details.via === "api")).toBe(true);
  }, 180_000); // a dozen password checks: slow on a busy machine

  it("limits password-reset requests for one address over /api/auth", async () => {
    const statuses: number[] = [];
    const at = proxied.url;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${at}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: at.replace("127.0.0.1", "localhost"), "x-forwarded-for": `203.0.113.${50 + i}` },
        body: JSON.stringify({ email: "reset-api@example.com", redirectTo: "/reset-password" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe("a flood of the same refused POST", () => {
  it("is answered from memory with the same 429 until Retry-After runs out; other forms, browsers and allowed POSTs are untouched", async () => {
    const { email } = await newConfirmedUser("flood");
    const form = (password: string, who = email) => new URLSearchParams({ intent: "sign-in", email: who, password }).toString();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/auth`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
    for (let i = 0; i < 5; i++) expect((await post(form("wrong-password-1"))).status).toBe(401);
    const first = await post(form("wrong-password-1"));
    expect(first.status).toBe(429);
    const firstBody = await first.text();
    expect(firstBody).toContain("Too many attempts");
    const retryAfter = Number(first.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);

    for (let i = 0; i < 10; i++) {
      const again = await post(form("wrong-password-1"));
      expect(again.status).toBe(429);
      expect(again.headers.get("content-type")).toContain("application/json");
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(retryAfter);
      expect(await again.text()).toBe(firstBody);
    }
    // Another password for the same address is still counted by the app: refused all the same.
    expect((await post(form("wrong-password-2"))).status).toBe(429);
    // A browser gets the page with the message, not the remembered JSON.
    const page = await post(form("wrong-password-1"), { accept: "text/html" });
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
    // Another account from the same address: its form reaches the app, body intact.
    const other = await newConfirmedUser("flood-other");
    expect((await post(form("wrong-password-1", other.email))).status).toBe(401);
    const signedIn = await post(form(strong, other.email));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().some((c) => /session_token=/.test(c))).toBe(true);
  });
});

describe("the client address", () => {
  it("trusts no X-Forwarded-For by default: the VIP code gate stays limited when it changes every request", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await new Browser(base).post("/early-access", { intent: "vip-code", code: `WRONG-CODE-${i}` }, { "x-forwarded-for": `192.0.2.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it("keeps the VIP link gate limited too: after 20 wrong links even the right code is refused", async () => {
    const open = (code: string, ip: string) => fetch(`${base}/early-access-blog?code=${code}`, { redirect: "manual", headers: { "x-forwarded-for": ip } });
    expect((await open(CAMPAIGN, "192.0.2.99")).status).toBe(200);
    for (let i = 0; i < 21; i++) expect((await open(`WRONG-${i}`, `192.0.2.${100 + i}`)).status).toBe(302);
    expect((await open(CAMPAIGN, "192.0.2.250")).status).toBe(302);
  });

  it("never takes free text from X-Forwarded-For as the address, even from a trusted proxy", async () => {
    const { browser } = await newConfirmedUser("xff-text", proxied.url);
    const junk = ["<script>alert(1)</script>", "x".repeat(9000), "999.1.1.1", "203.0.113.9"];
    for (const value of junk) {
      const res = await browser.post("/account/details", { intent: "profile", fullName: "Ada Lovelace", phone: "" }, { "x-forwarded-for": value });
      expect(res.status).toBeLessThan(500);
    }
    const exported = (await (await browser.post("/account/export", {})).json()) as { securityEvents: { type: string; ipAddress: string | null }[] };
    const addresses = exported.securityEvents.filter((e) => e.type === "profile_updated").map((e) => e.ipAddress);
    expect(addresses.sort()).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1", "203.0.113.9"]);
  });
});

describe("malformed requests get a small 4xx, never a 500", () => {
  it.each([
    ["Host", { host: "<svg onload=alert(1)>" }],
    ["Host", { host: "a b" }],
    ["Host", { host: "example.com:99999999" }],
    ["X-Forwarded-Host", { host: "localhost", "x-forwarded-host": "<svg onload=alert(1)>" }],
    ["X-Forwarded-Proto", { host: "localhost", "x-forwarded-proto": "javascript<x>" }],
  ])("refuses a malformed %s header with 400 and no page", async (_name, headers) => {
    for (const path of ["/", "/help", "/auth"]) {
      const res = await rawRequest(path, headers);
      expect(res.status, path).toBe(400);
      expect(res.body).not.toContain("<html");
    }
  });

  it("still serves a well-formed Host", async () => {
    expect((await rawRequest("/", { host: "fixit.example:8080" })).status).toBe(200);
    expect((await rawRequest("/", { host: "[::1]:3000", "x-forwarded-proto": "https" })).status).toBe(200);
  });

  it.each(["/auth", "/account", "/reset-password", "/help", "/early-access", "/fixer-register", "/careers", "/recruitment"])(
    "answers a non-form body on POST %s with 415",
    async (path) => {
      for (const [type, body] of [
        ["text/plain", "intent=sign-in&email=a@example.com"],
        ["application/json", '{"intent":"sign-in"}'],
        ["application/xml", "<a/>"],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": type }, body });
        expect(res.status, `${path} ${type}`).toBe(415);
      }
    },
  );
});

describe("control characters are refused where input is read", () => {
  it("answers a NUL byte or a line break in a public form's one-line field with 400 and a field message, storing nothing", async () => {
    const before = await formCounts();
    const cases: Record<string, string>[] = [
      { name: "Ada\u0000", email: "ada@example.com", description: "Help please with my boiler" },
      { name: "Ada\r\nBcc: victim@example.com", email: "ada@example.com", description: "Help please with my boiler" },
      { name: "Ada", email: "ada@example.com", description: "Help\u0000please" },
    ];
    for (const fields of cases) {
      const res = await new Browser(base).post("/help", fields);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).toMatch(/can(&#x27;|')t be used|keep this on one line/);
    }
    // A multi-line field keeps its line breaks.
    const ok = await new Browser(base).post("/help", { name: "Ada", email: "ada@example.com", description: "Line one\r\nLine two\u0007" });
    expect(ok.status).toBe(200);
    const after = await formCounts();
    expect(after.contactSubmissions).toBe(before.contactSubmissions! + 1);
  });

  it("refuses a NUL byte in the reset token and the profile with 400", async () => {
    const reset = await new Browser(base).post("/reset-password", { token: "abc\u0000", password: strong, confirmPassword: strong });
    expect(reset.status).toBe(400);
    const { browser } = await newConfirmedUser("nul-profile");
    const profile = await browser.post("/account/details", { intent: "profile", fullName: "Ada\u0000Lovelace", phone: "" });
    expect(profile.status).toBe(400);
    const newline = await browser.post("/account/details", { intent: "profile", fullName: "Ada\nLovelace", phone: "" });
    expect(newline.status).toBe(400);
    expect(await newline.text()).toContain("keep this on one line");
  });

  it("refuses a line break in a fixer's name (it would reach an email subject) with 400", async () => {
    const before = await formCounts();
    const res = await new Browser(base).post("/fixer-register", { firstName: "Fiona\nBcc", lastName: "Fixer", email: "fiona@example.com", phone: "07700 900123" });
    expect(res.status).toBe(400);
    expect((await formCounts()).fixerRegistrations).toBe(before.fixerRegistrations);
  });

  it("reads a NUL byte in the mailbox filter without failing", async () => {
    expect((await fetch(`${base}/dev/mailbox?to=a%00b`)).status).toBe(200);
    expect((await fetch(`${base}/dev/mailbox.json?to=a%00b`)).status).toBe(200);
  });
});

describe("headers", () => {
  it("denies unused browser features and sends no HSTS outside production", async () => {
    const res = await fetch(`${base}/`);
    const policy = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) expect(policy).toContain(feature);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the development mailbox on a network bind", () => {
  it("is gone when the server listens beyond loopback, unless DEV_MAILBOX=on", async () => {
    const exposed = await startServerInProcess({ env: { APP_ENV: "development", HOST: "0.0.0.0" } });
    try {
      for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1", "/dev/mailbox?to=a@example.com"]) {
        expect((await fetch(`${exposed.url}${path}`)).status, path).toBe(404);
      }
    } finally {
      await exposed.dispose();
    }
    const enabled = await startServerInProcess({ env: { APP_ENV: "development", HOST: "0.0.0.0", DEV_MAILBOX: "on" } });
    try {
      expect((await fetch(`${enabled.url}/dev/mailbox.json`)).status).toBe(200);
      expect(await mailbox(enabled.url, "nobody@example.com")).toEqual([]);
    } finally {
      await enabled.dispose();
    }
  }, 240_000);
});
