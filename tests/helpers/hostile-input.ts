import { afterAll, beforeAll, expect } from "vitest";
import { Browser, linkIn, waitForMail } from "../auth-helpers";
import { submissionCounts } from "./db-utils";
import { startServerInProcess, type InProcessServer } from "./server";

/**
 * What the hostile-input tests share (decision 014): the values, every form and query parameter
 * they go to, and a runner that counts every answer. Split in two files (forms; queries and
 * headers), each with a server of its own, so the two halves run side by side.
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

/** Starts the file's server with a confirmed member and an admin; stops it after the file's tests. */
export function startHostileServerForFile() {
  beforeAll(async () => {
    server = await startServerInProcess({ env: { STAFF_ADMIN_EMAILS: ADMIN } });
    base = server.url;
    [member, staff] = await Promise.all([confirmedUser("hostile-member@example.com"), confirmedUser(ADMIN)]);
  }, 240_000);
  afterAll(async () => {
    console.log(`hostile input: ${tried} requests tried, ${failed} answered 5xx`);
    await server?.dispose();
  });
}

/** The server's URL, once started. */
export const baseUrl = () => base;
export const memberBrowser = () => member;
export const staffBrowser = () => staff;
/** The 5xx answers (and failed requests) of the last runAll. */
export const lastFailures = () => failures;

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
export const HOSTILE_TEXT = [
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
export const HOSTILE_ENCODED = ["%C3%28", "%FF", "%ED%A0%80", "%E0%A4%A", "%", "%00", "%0D%0A", "..%2F..%2Fetc%2Fpasswd", "%2F%2Fevil.example"];
/** Values that must be refused wherever they are read. */
export const MUST_REFUSE_ANYWHERE = ["a\u0000b", "\u0000"];
export const MUST_REFUSE_ONE_LINE = ["Ada\r\nBcc: victim@example.com", "line\nbreak"];

export type FormCase = {
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
export const FORMS: FormCase[] = [
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
  { path: "/account/details", fields: { intent: "profile", fullName: "Hostile Tester", phone: "07700 900123" }, as: () => member },
  { path: "/account/security", fields: { intent: "password", currentPassword: "wrong-password-1", password: strong, confirmPassword: strong }, as: () => member },
  { path: "/fixer-onboarding", fields: { intent: "unlock", code: "NOT-A-CODE" }, as: () => member },
  { path: "/request", multipart: true, fields: jobRequest, multiLine: ["description"], as: () => member },
  { path: "/request", multipart: true, fields: jobRequest, multiLine: ["description"] },
  // The cookie banner's choice without JavaScript: it stores nothing, and sends back only to a path of this site.
  { path: "/consent", fields: { choice: "all", returnTo: "/help" } },
];

export const PUBLIC_QUERIES: Record<string, string[]> = {
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
export const STAFF_LISTS = ["audit", "bookings", "contacts", "disputes", "onboarding", "outbox", "payments", "recruitment", "registrations", "security-events", "users", "vip-codes", "vip-members", "vip-posts"];
/**
 * The page every list reads, a filter most lists have, and one no list knows. One shared parser reads
 * them (app/features/staff/list-query.ts), so each value goes to each of them once, on lists taken in
 * turn; the search (`q`), which each list turns into its own SQL, gets every value on every list.
 */
export const STAFF_FILTERS = ["page", "status", "nonsense"];

type Outcome = { status: number; label: string };

export async function submit(form: FormCase, fields: Record<string, string>, rawField?: { name: string; raw: string }): Promise<number> {
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

export async function get(path: string, as?: Browser, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${base}${path}`, { redirect: "manual", headers: { cookie: as?.cookieHeader() ?? "", "x-forwarded-for": nextIp(), ...headers } });
  await res.arrayBuffer();
  return res.status;
}

/** Runs tasks with a modest concurrency; every answer is counted and any 5xx noted. */
export async function runAll(tasks: { label: string; run: () => Promise<number> }[], concurrency = 6): Promise<Outcome[]> {
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

export const counts = () => submissionCounts(server.services.db);

export const inputFields = (form: FormCase) => Object.keys(form.fields).filter((f) => f !== "intent");
