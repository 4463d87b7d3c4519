import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, linkIn, waitForMail } from "./auth-helpers";
import { submissionCounts } from "./helpers/db-utils";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Hostile values (decision 014) in every field of every form, every query parameter of
 * the public routes and the staff lists (as staff), and the Host/forwarding headers. Nothing may
 * answer 5xx; a value that must be refused (a NUL byte anywhere, a line break in a one-line field)
 * is answered 4xx and adds no row to any submission table. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (the same file in the integration-postgres project).
 */
let server: InProcessServer;
let base: string;
let member: Browser;
let staff: Browser;
const ADMIN = "hostile-admin@example.com";
const strong = "Correct-Horse-Battery-42";
let tried = 0;
let failed = 0;
/** The 5xx answers of the current test. */
let failures: string[] = [];

beforeAll(async () => {
  server = await startServerInProcess({ env: { STAFF_ADMIN_EMAILS: ADMIN } });
  base = server.url;
  [member, staff] = await Promise.all([confirmedUser("hostile-member@example.com"), confirmedUser(ADMIN)]);
}, 240_000);
afterAll(async () => {
  console.log(`hostile input: ${tried} requests tried, ${failed} answered 5xx`);
  await server?.dispose();
});

let ipCounter = 0;
/** A fresh address per request (the test server trusts X-Forwarded-For from loopback), so per-IP limits do not hide validation. */
const nextIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

async function confirmedUser(email: string): Promise<Browser> {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Hostile Tester", email, phone: "", password: strong, confirmPassword: strong }, { "x-forwarded-for": nextIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

/** Values as they arrive after decoding. */
const HOSTILE_TEXT = [
  "a\u0000b",
  "\u0000",
  "Ada\r\nBcc: victim@example.com",
  "line\nbreak",
  "x".repeat(10_000),
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "' OR 1=1; DROP TABLE users; --",
  "=cmd|' /C calc'!A0",
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "../../etc/passwd",
  "\u202eevil\u0007\u001b[31m",
];
/** Sent raw in a URL or a urlencoded body: invalid UTF-8 and broken percent-encodings. */
const HOSTILE_ENCODED = ["%C3%28", "%FF", "%ED%A0%80", "%E0%A4%A", "%", "%00", "%0D%0A", "..%2F..%2Fetc%2Fpasswd", "%2F%2Fevil.example"];
/** Values that must be refused wherever they are read. */
const MUST_REFUSE_ANYWHERE = ["a\u0000b", "\u0000"];
const MUST_REFUSE_ONE_LINE = ["Ada\r\nBcc: victim@example.com", "line\nbreak"];

type FormCase = {
  path: string;
  fields: Record<string, string>;
  /** Fields whose value may hold line breaks. */
  multiLine?: string[];
  as?: () => Browser;
  multipart?: boolean;
};

const person = { name: "Hostile Tester", email: "hostile@example.com", phone: "07700 900123" };
/** The job form (/request): signed in (no fixer covers it here, so a valid job is refused 409) and signed out. */
const jobRequest = { service: "plumbing", postcode: "SW1A 1AA", title: "Leaking kitchen tap", description: "The kitchen tap drips all day and all night.", timing: "week", preferredDate: "", budget: "" };
const FORMS: FormCase[] = [
  { path: "/help", fields: { intent: "help", ...person, description: "My boiler is broken, please help." }, multiLine: ["description"] },
  {
    path: "/careers",
    fields: { intent: "investor", ...person, company: "Acme", investmentAmount: "Other", investmentType: "Other", timeline: "Long-term (12+)", message: "Interested in investing." },
    multiLine: ["message"],
  },
  { path: "/early-access", fields: { intent: "waitlist", ...person, location: "Leeds" } },
  { path: "/early-access", fields: { intent: "feedback", name: person.name, email: person.email, likelihood: "likely", services: "plumbing", frequency: "monthly", feedback: "Great idea." }, multiLine: ["feedback"] },
  { path: "/early-access", fields: { intent: "vip-code", code: "NOT-A-REAL-CODE" } },
  {
    path: "/recruitment",
    multipart: true,
    fields: {
      firstName: "Hostile",
      lastName: "Tester",
      email: "hostile@example.com",
      phone: "07700 900123",
      position: "Plumber",
      experience: "Ten years of plumbing.",
      qualifications: "City & Guilds level 3.",
      coverLetter: "I would love to join FixiT and help customers with their plumbing problems every day.",
    },
    multiLine: ["experience", "qualifications", "coverLetter"],
  },
  { path: "/fixer-register", fields: { firstName: "Hostile", lastName: "Tester", email: "hostile@example.com", phone: "07700 900123" } },
  { path: "/auth", fields: { intent: "sign-in", email: "hostile@example.com", password: "not-the-password", from: "/account" } },
  { path: "/auth", fields: { intent: "sign-up", fullName: "Hostile Tester", email: "hostile-new@example.com", phone: "", password: strong, confirmPassword: strong, userType: "customer" } },
  { path: "/auth", fields: { intent: "reset", email: "hostile@example.com" } },
  { path: "/auth", fields: { intent: "resend", email: "hostile@example.com" } },
  { path: "/reset-password", fields: { token: "not-a-real-token", password: strong, confirmPassword: strong } },
  { path: "/account", fields: { intent: "profile", fullName: "Hostile Tester", phone: "07700 900123" }, as: () => member },
  { path: "/account", fields: { intent: "password", currentPassword: "wrong-password-1", password: strong, confirmPassword: strong }, as: () => member },
  { path: "/fixer-onboarding", fields: { intent: "unlock", code: "NOT-A-CODE" }, as: () => member },
  { path: "/request", multipart: true, fields: jobRequest, multiLine: ["description"], as: () => member },
  { path: "/request", multipart: true, fields: jobRequest, multiLine: ["description"] },
  // The cookie banner's choice without JavaScript: it stores nothing, and sends back only to a path of this site.
  { path: "/consent", fields: { choice: "all", returnTo: "/help" } },
];

const PUBLIC_QUERIES: Record<string, string[]> = {
  "/": ["q"],
  "/auth": ["from", "view"],
  "/reset-password": ["token", "error"],
  "/early-access-blog": ["code"],
  "/checkout/success": ["payment"],
  "/help": ["q"],
  "/dev/mailbox": ["to"],
  "/dev/mailbox.json": ["to", "limit"],
  "/sitemap.xml": ["x"],
  "/request": ["service"],
  "/request/coverage": ["service", "postcode"],
};
const STAFF_LISTS = ["audit", "contacts", "onboarding", "outbox", "payments", "recruitment", "registrations", "security-events", "users", "vip-codes", "vip-members", "vip-posts"];
/**
 * The page every list reads, a filter most lists have, and one no list knows. One shared parser reads
 * them (app/features/staff/list-query.ts), so each value goes to each of them once, on lists taken in
 * turn; the search (`q`), which each list turns into its own SQL, gets every value on every list.
 */
const STAFF_FILTERS = ["page", "status", "nonsense"];

type Outcome = { status: number; label: string };

async function submit(form: FormCase, fields: Record<string, string>, rawField?: { name: string; raw: string }): Promise<number> {
  const browser = form.as?.() ?? new Browser(base);
  const headers: Record<string, string> = { cookie: browser.cookieHeader(), "x-forwarded-for": nextIp(), origin: base };
  let body: BodyInit;
  if (form.multipart) {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    body = data;
  } else {
    const encoded = Object.entries(fields).map(([k, v]) => `${encodeURIComponent(k)}=${rawField?.name === k ? rawField.raw : encodeURIComponent(v)}`);
    body = encoded.join("&");
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(`${base}${form.path}`, { method: "POST", redirect: "manual", headers, body });
  await res.arrayBuffer();
  return res.status;
}

async function get(path: string, as?: Browser, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${base}${path}`, { redirect: "manual", headers: { cookie: as?.cookieHeader() ?? "", "x-forwarded-for": nextIp(), ...headers } });
  await res.arrayBuffer();
  return res.status;
}

/** Runs tasks with a modest concurrency; every answer is counted and any 5xx noted. */
async function runAll(tasks: { label: string; run: () => Promise<number> }[], concurrency = 6): Promise<Outcome[]> {
  failures = [];
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        let status: number;
        try {
          status = await task.run();
        } catch (error) {
          status = 599;
          failures.push(`${task.label}: ${String(error)}`);
        }
        tried += 1;
        if (status >= 500) {
          failed += 1;
          failures.push(`${task.label} → ${status}`);
        }
        outcomes.push({ status, label: task.label });
      }
    }),
  );
  return outcomes;
}

const counts = () => submissionCounts(server.services.db);

const inputFields = (form: FormCase) => Object.keys(form.fields).filter((f) => f !== "intent");

describe("hostile input", () => {
  it("refuses a NUL byte in any field and a line break in a one-line field with a 4xx, storing nothing", async () => {
    const before = await counts();
    const tasks = FORMS.flatMap((form) =>
      inputFields(form).flatMap((field) =>
        [...MUST_REFUSE_ANYWHERE, ...(form.multiLine?.includes(field) ? [] : MUST_REFUSE_ONE_LINE)].map((value) => ({
          label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${JSON.stringify(value)}`,
          run: () => submit(form, { ...form.fields, [field]: value }),
        })),
      ),
    );
    const outcomes = await runAll(tasks);
    const accepted = outcomes.filter((o) => o.status < 400 || o.status >= 500).map((o) => `${o.label} → ${o.status}`);
    expect(accepted).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 300_000);

  it("answers every other hostile value in every form field without a 5xx", async () => {
    const tasks = FORMS.flatMap((form) =>
      inputFields(form).flatMap((field) => [
        ...HOSTILE_TEXT.map((value) => ({ label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${JSON.stringify(value.slice(0, 40))}`, run: () => submit(form, { ...form.fields, [field]: value }) })),
        ...(form.multipart
          ? []
          : HOSTILE_ENCODED.map((raw) => ({ label: `POST ${form.path} ${form.fields.intent ?? ""} ${field}=${raw} (raw)`, run: () => submit(form, form.fields, { name: field, raw }) }))),
      ]),
    );
    await runAll(tasks);
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers hostile query parameters on public routes and staff lists (as staff) without a 5xx", async () => {
    const values = [...HOSTILE_ENCODED, ...HOSTILE_TEXT.map((v) => encodeURIComponent(v))];
    const tasks = [
      ...Object.entries(PUBLIC_QUERIES).flatMap(([path, params]) =>
        params.flatMap((param) => values.map((v) => ({ label: `GET ${path}?${param}=${v.slice(0, 40)}`, run: () => get(`${path}?${param}=${v}`, member) }))),
      ),
      ...STAFF_LISTS.flatMap((list) => values.map((v) => ({ label: `GET /staff/${list}?q=${v.slice(0, 40)}`, run: () => get(`/staff/${list}?q=${v}`, staff) }))),
      ...STAFF_FILTERS.flatMap((param, p) =>
        values.map((v, i) => {
          const list = STAFF_LISTS[(i + p * 5) % STAFF_LISTS.length]!;
          return { label: `GET /staff/${list}?${param}=${v.slice(0, 40)}`, run: () => get(`/staff/${list}?${param}=${v}`, staff) };
        }),
      ),
      ...STAFF_LISTS.flatMap((list) => values.map((v) => ({ label: `GET /staff/export/${list}?q=${v.slice(0, 40)}`, run: () => get(`/staff/export/${list}?q=${v}`, staff) }))),
      ...STAFF_LISTS.filter((l) => l !== "vip-members").flatMap((list) => values.map((v) => ({ label: `GET /staff/${list}/${v.slice(0, 40)}`, run: () => get(`/staff/${list}/${v}`, staff) }))),
      ...values.map((v) => ({ label: `GET /categories/${v.slice(0, 40)}`, run: () => get(`/categories/${v}`) })),
      ...values.map((v) => ({ label: `GET /${v.slice(0, 40)}`, run: () => get(`/${v}`) })),
    ];
    await runAll(tasks);
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers hostile Host and forwarding headers without a 5xx", async () => {
    const headerValues = ["<svg onload=alert(1)>", "x".repeat(10_000), "%FF", "%C3%28", "../../etc/passwd", "=cmd|' /C calc'!A0", "' OR 1=1 --", "evil.example", "evil.example:99999", "[::1", "a b", "\u00ff"];
    const raw = (headers: Record<string, string>, path = "/") =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(base);
        const req = http.request({ host: url.hostname, port: url.port, path, headers, setHost: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
    const tasks = headerValues.flatMap((value) =>
      ["/", "/help", "/auth"].flatMap((path) => [
        { label: `Host: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: value }, path) },
        { label: `X-Forwarded-Host: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-host": value }, path) },
        { label: `X-Forwarded-Proto: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-proto": value }, path) },
        { label: `X-Forwarded-For: ${value.slice(0, 30)} ${path}`, run: () => raw({ host: "localhost", "x-forwarded-for": value }, path) },
      ]),
    );
    // The same forwarded address on a form POST (it becomes a rate-limit key and a security-event column).
    const forms = headerValues.map((value) => ({
      label: `POST /auth with X-Forwarded-For: ${value.slice(0, 30)}`,
      run: async () => {
        const res = await fetch(`${base}/auth`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": value.replace(/[^\x20-\x7e]/g, "?") },
          body: new URLSearchParams({ intent: "sign-in", email: "hostile@example.com", password: "nope-nope" }),
        });
        await res.arrayBuffer();
        return res.status;
      },
    }));
    await runAll([...tasks, ...forms]);
    expect(failures).toEqual([]);
  }, 300_000);
});
