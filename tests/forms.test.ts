import { createHmac } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDocx, makeExe, makePdf } from "./helpers/documents";
import { storedSubmissions } from "./helpers/db-utils";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The public forms end to end, over HTTP against the production build: each submission is one
 * row plus its outbox jobs, bad input writes nothing, mail reaches a real SMTP server, the sheet
 * sync reaches a local webhook receiver signed and retried, and abuse is turned away.
 */

const SECRET = "test-sheets-secret-0123456789";
const inbox = {
  SUPPORT_INBOX: "support-inbox@fixit.test",
  INVESTOR_INBOX: "investor-inbox@fixit.test",
  FEEDBACK_INBOX: "feedback-inbox@fixit.test",
  RECRUITMENT_INBOX: "recruitment-inbox@fixit.test",
};

type Mail = { to: string; raw: string; subject: string; html: string };
type Hook = { status: number; body: string; signature: string | undefined; idempotencyKey: string | undefined };

let server: InProcessServer;
let smtp: SMTPServer;
const mails: Mail[] = [];
let hookServer: http.Server;
const hooks: Hook[] = [];
/** The receiver answers 503 to this many requests first, to prove the outbox retries. */
let hookFailuresLeft = 2;

/** The text/html part of a MIME message, quoted-printable undone. */
function decodeHtmlPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const html = parts.find((p) => /content-type:\s*text\/html/i.test(p)) ?? "";
  const body = html.split(/\r?\n\r?\n/).slice(1).join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(html)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  const decoded = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(","), raw, subject, html: decodeHtmlPart(raw) });
        callback(null, "Queued");
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  hookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = hookFailuresLeft > 0 ? 503 : 200;
      if (hookFailuresLeft > 0) hookFailuresLeft -= 1;
      hooks.push({
        status,
        body: Buffer.concat(chunks).toString("utf8"),
        signature: req.headers["x-fixit-signature"] as string | undefined,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      res.writeHead(status).end(status === 200 ? "ok" : "busy");
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
  const hookPort = (hookServer.address() as AddressInfo).port;

  // The machine may be busy: give a slow start a second chance.
  const start = () => startServerInProcess({
    env: {
      ...inbox,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SHEETS_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/sheet`,
      SHEETS_WEBHOOK_SECRET: SECRET,
      MAIL_RETRY_BASE_MS: "100",
      PUBLIC_URL: "https://fixit.example",
    },
  });
  server = await start()
    .catch(() => start())
    .catch(() => start());
}, 200_000);

afterAll(async () => {
  await server?.dispose();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => hookServer?.close(() => resolve()));
});

let ipCounter = 0;
/** Each test posts from its own address (X-Forwarded-For is trusted from loopback), so rate limits stay apart. */
const newIp = () => `198.51.100.${++ipCounter}`;

async function post(pathname: string, fields: Record<string, string | string[]>, ip = newIp()) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    body,
    redirect: "manual",
    // A browser's form POST asks for HTML (a refusal to a script is JSON, without the page).
    headers: { "x-forwarded-for": ip, origin: server.url, accept: "text/html" },
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location"), retryAfter: res.headers.get("retry-after") };
}

async function postMultipart(fields: Record<string, string>, cv?: { name: string; type: string; content: Buffer }, ip = newIp()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (cv) form.append("cv", new Blob([new Uint8Array(cv.content)], { type: cv.type }), cv.name);
  const res = await fetch(`${server.url}/recruitment`, { method: "POST", body: form, headers: { "x-forwarded-for": ip, origin: server.url, accept: "text/html" } });
  return { status: res.status, html: await res.text() };
}

type Stored = Awaited<ReturnType<typeof storedSubmissions>>;
/** What the forms stored so far, read with the server's own database client. */
const stored = () => storedSubmissions(server.services.db);

async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** What a request added: rows and jobs compared with a snapshot taken before it. */
async function added(before: Stored) {
  const after = await stored();
  return {
    contacts: after.contacts.filter((c) => !before.contacts.some((b) => b.id === c.id)),
    applications: after.applications.filter((a) => !before.applications.some((b) => b.id === a.id)),
    jobs: after.jobs.filter((j) => !before.jobs.some((b) => b.id === j.id)),
  };
}

const mailTo = (address: string, contains: string) =>
  eventually(() => {
    const found = mails.find((m) => m.to === address.toLowerCase() && m.html.includes(contains));
    if (!found) throw new Error(`no mail to ${address} containing ${contains}`);
    return found;
  });

const hookFor = (formType: string, contains: string) =>
  eventually(() => {
    const found = hooks.find((h) => h.status === 200 && h.body.includes(`"formType":"${formType}"`) && h.body.includes(contains));
    if (!found) throw new Error(`no delivered webhook ${formType} containing ${contains}`);
    return found;
  });

const expectSigned = (hook: Hook) => {
  expect(hook.signature).toBe(`sha256=${createHmac("sha256", SECRET).update(hook.body).digest("hex")}`);
};

describe("waitlist, feedback, help and investor forms", () => {
  it("waitlist: one row, a welcome email and a signed sheet sync (retried until the receiver accepts it)", async () => {
    const before = await stored();
    const res = await post("/early-access", { intent: "waitlist", name: "Wendy Wait", email: "wendy@example.com", phone: "", location: "Leeds" });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Welcome to FixiT early access!");
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: "Wendy Wait", email: "wendy@example.com", phone: null, subject: "Early Access Waitlist" });
    expect(contacts[0]!.data).toMatchObject({ location: "Leeds" });
    expect(jobs.map((j) => j.kind).sort()).toEqual(["email", "webhook"]);
    expect(jobs.find((j) => j.kind === "email")!.payload.to).toBe("wendy@example.com");

    await mailTo("wendy@example.com", "Welcome, Wendy Wait");
    const hook = await hookFor("early-access-waitlist", "wendy@example.com");
    expectSigned(hook);
    const body = JSON.parse(hook.body) as { formType: string; data: Record<string, string>; submittedAt: string };
    expect(body.data).toMatchObject({ name: "Wendy Wait", email: "wendy@example.com", location: "Leeds" });
    expect(Number.isNaN(Date.parse(body.submittedAt))).toBe(false);
    // The receiver failed the first two deliveries: the same body came again until it was accepted.
    const attempts = hooks.filter((h) => h.body === hook.body);
    expect(attempts.map((h) => h.status)).toEqual([503, 503, 200]);
    // Every attempt carries the same idempotency key (the outbox job's id), so the receiver can drop a repeat.
    const webhookJobId = jobs.find((k) => k.kind === "webhook")!.id;
    expect(attempts.map((h) => h.idempotencyKey)).toEqual([`outbox-${webhookJobId}`, `outbox-${webhookJobId}`, `outbox-${webhookJobId}`]);
    await eventually(async () => {
      const job = (await stored()).jobs.find((j) => j.id === webhookJobId)!;
      expect(job).toMatchObject({ status: "sent", attempts: 3 });
    });
  });

  it("feedback without name or email: stored as Anonymous with the placeholder address, no acknowledgement", async () => {
    const before = await stored();
    const res = await post("/early-access", { intent: "feedback", name: "", email: "", likelihood: "likely", services: ["plumbing", "dog-walking"], frequency: "monthly", feedback: "Anon-feedback-1" });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Thank you for your feedback!");
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: "Anonymous", email: "anonymous@feedback.fixit.local", phone: null, subject: "Early Access Feedback", message: "Anon-feedback-1" });
    expect(contacts[0]!.data).toMatchObject({ likelihood: "likely", services: ["plumbing", "dog-walking"], frequency: "monthly" });
    expect(jobs.filter((j) => j.kind === "email").map((j) => j.payload.to)).toEqual([inbox.FEEDBACK_INBOX]);
    expect(jobs.filter((j) => j.kind === "webhook")).toHaveLength(1);
    const mail = await mailTo(inbox.FEEDBACK_INBOX, "Anon-feedback-1");
    expect(mail.html).toContain("Dog Walking");
    expectSigned(await hookFor("early-access-feedback", "Anon-feedback-1"));
  });

  it("feedback with an email: the feedback inbox and a thank-you to the sender", async () => {
    const before = await stored();
    const res = await post("/early-access", { intent: "feedback", name: "Fay", email: "fay@example.com", likelihood: "definitely" });
    expect(res.status).toBe(200);
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(jobs.filter((j) => j.kind === "email").map((j) => j.payload.to).sort()).toEqual(["fay@example.com", inbox.FEEDBACK_INBOX].sort());
    await mailTo("fay@example.com", "Thank you, Fay");
  });

  it("waitlist twice with one address: the row is updated, nothing is sent again, and the visitor is told", async () => {
    const first = await post("/early-access", { intent: "waitlist", name: "Rita Repeat", email: "Rita+List@Example.com", phone: "", location: "Leeds" });
    expect(first.status).toBe(200);
    const before = await stored();
    const again = await post("/early-access", { intent: "waitlist", name: "Rita Repeat", email: "  rita+list@example.COM ", phone: "07700 900123", location: "York" });
    expect(again.status).toBe(200);
    expect(again.html).toContain("You&#x27;re already on the list");
    expect(again.html).not.toContain("Welcome to FixiT early access!");
    expect(await added(before)).toMatchObject({ contacts: [], jobs: [] });
    const rows = (await stored()).contacts.filter((c) => c.email.toLowerCase() === "rita+list@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "rita+list@example.com", phone: "+447700900123", message: "Location: York" });
  });

  it("waitlist: simultaneous sign-ups with one address keep one row and send one welcome", async () => {
    const before = await stored();
    const names = ["Sam Same", "Samuel Same", "Sammy Same", "Samantha Same"];
    const answers = await Promise.all(names.map((name, i) => post("/early-access", { intent: "waitlist", name, email: i % 2 ? "SAM.SAME@example.com" : "sam.same@example.com" }, newIp())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.html.includes("You&#x27;re already on the list"))).toHaveLength(3);
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(jobs.filter((j) => j.kind === "email").map((j) => j.payload.to?.toLowerCase())).toEqual(["sam.same@example.com"]);
  });

  it("keeps a plus-address exactly as typed (domain lowercased) and mails that address", async () => {
    const before = await stored();
    const res = await post("/help", { intent: "help", name: "Pat Plus", email: " Pat+FixiT@Example.COM ", phone: "", description: "Plus-address check (plus-1)." });
    expect(res.status).toBe(200);
    const { contacts, jobs } = await added(before);
    expect(contacts[0]).toMatchObject({ email: "Pat+FixiT@example.com" });
    expect(jobs.filter((j) => j.kind === "email").map((j) => j.payload.to)).toContain("Pat+FixiT@example.com");
    const refused = await post("/help", { intent: "help", name: "Pat Plus", email: "pat fixit@example.com", phone: "", description: "Bad address (plus-2)." });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Enter a valid email address, like name@example.com.");
  });

  it("help: a 'Help Center Inquiry' row, the support inbox email, an acknowledgement and the help-center sync", async () => {
    const before = await stored();
    const res = await post("/help", { intent: "help", name: "Hal Help", email: "hal@example.com", phone: "07700 900123", description: "My boiler pressure keeps dropping (help-1)." });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Message sent successfully!");
    expect(res.html).toContain("We&#x27;ll get back to you within 24 hours.");
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ subject: "Help Center Inquiry", phone: "+447700900123", message: "My boiler pressure keeps dropping (help-1)." });
    expect(jobs.filter((j) => j.kind === "email").map((j) => j.payload.to).sort()).toEqual(["hal@example.com", inbox.SUPPORT_INBOX].sort());
    const mail = await mailTo(inbox.SUPPORT_INBOX, "help-1");
    expect(mail.raw).toMatch(/^Reply-To:.*hal@example\.com/im);
    await mailTo("hal@example.com", "within 24 hours");
    expectSigned(await hookFor("help-center", "help-1"));
  });

  it("investor: an 'Investment Inquiry' row, the investor inbox email and an acknowledgement", async () => {
    const before = await stored();
    const res = await post("/careers", {
      intent: "investor",
      name: "Ivy Invest",
      email: "ivy@example.com",
      company: "Ivy Capital",
      phone: "",
      investmentAmount: "£100K-£500K",
      investmentType: "Angel Investment",
      timeline: "Short-term (3-6)",
      message: "Interested in your seed round (inv-1).",
    });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Inquiry Sent Successfully");
    const { contacts, jobs } = await added(before);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ subject: "Investment Inquiry", phone: null, message: "Interested in your seed round (inv-1)." });
    expect(contacts[0]!.data).toMatchObject({ company: "Ivy Capital", investmentAmount: "£100K-£500K", timeline: "Short-term (3-6)" });
    expect(jobs.map((j) => j.payload.to).sort()).toEqual(["ivy@example.com", inbox.INVESTOR_INBOX].sort());
    const mail = await mailTo(inbox.INVESTOR_INBOX, "inv-1");
    expect(mail.html).toContain("Angel Investment");
  });

  const invalid: [string, string, Record<string, string>, string][] = [
    ["waitlist without a name", "/early-access", { intent: "waitlist", name: " ", email: "a@example.com" }, "Please enter your name."],
    ["waitlist with a bad email", "/early-access", { intent: "waitlist", name: "Al", email: "not-an-email" }, "Enter a valid email address, like name@example.com."],
    ["feedback without likelihood", "/early-access", { intent: "feedback", feedback: "hi" }, "Please tell us how likely you are to use FixiT."],
    ["feedback with an unknown likelihood", "/early-access", { intent: "feedback", likelihood: "always" }, "Please tell us how likely you are to use FixiT."],
    ["feedback with an unknown service", "/early-access", { intent: "feedback", likelihood: "maybe", services: "rocket-repair" }, "Please choose services from the list."],
    ["help without a description", "/help", { intent: "help", name: "Al", email: "a@example.com", description: "" }, "Please describe how we can help."],
    ["help without an email", "/help", { intent: "help", name: "Al", email: "", description: "x" }, "Enter your email address, like name@example.com."],
    ["investor without a message", "/careers", { intent: "investor", name: "Al", email: "a@example.com", message: "" }, "Please enter a message."],
    ["investor with an unknown amount", "/careers", { intent: "investor", name: "Al", email: "a@example.com", message: "m", investmentAmount: "£1" }, "Please choose one of the options."],
    ["a name over the limit", "/help", { intent: "help", name: "x".repeat(101), email: "a@example.com", description: "d" }, "Please keep this under 100 characters."],
    ["a message over the limit", "/careers", { intent: "investor", name: "Al", email: "a@example.com", message: "m".repeat(5001) }, "Please keep this under 5,000 characters."],
  ];
  it.each(invalid)("%s: 400 with its message, the values kept, nothing written", async (_label, pathname, fields, message) => {
    const before = await stored();
    const res = await post(pathname, fields);
    expect(res.status).toBe(400);
    expect(res.html).toContain(message.replace(/'/g, "&#x27;"));
    if (fields.name && fields.name.trim() && fields.name.length < 50) expect(res.html).toContain(`value="${fields.name}"`);
    const { contacts, jobs } = await added(before);
    expect(contacts).toEqual([]);
    expect(jobs).toEqual([]);
  });
});

describe("abuse", () => {
  it("a filled honeypot answers like success and stores nothing", async () => {
    const before = await stored();
    const res = await post("/help", { intent: "help", name: "Bot", email: "bot@example.com", description: "spam", company_website: "http://spam.example" });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Message sent successfully!");
    const { contacts, jobs } = await added(before);
    expect(contacts).toEqual([]);
    expect(jobs).toEqual([]);
    expect(server.logs()).toContain("form honeypot filled");
  });

  it("the sixth submission of a form from one address in ten minutes gets 429 and is not stored", async () => {
    const ip = newIp();
    const fields = { intent: "waitlist", name: "Rita Rate", email: "rita@example.com" };
    for (let i = 0; i < 5; i++) expect((await post("/early-access", fields, ip)).status).toBe(200);
    const before = await stored();
    const res = await post("/early-access", fields, ip);
    expect(res.status).toBe(429);
    expect(res.retryAfter).toBe("600");
    expect(res.html).toContain("Too many attempts. Please wait a few minutes and try again.");
    expect((await added(before)).contacts).toEqual([]);
    // Another form, and another address, are counted apart.
    expect((await post("/early-access", { intent: "feedback", likelihood: "maybe" }, ip)).status).toBe(200);
    expect((await post("/early-access", fields)).status).toBe(200);
  });

  it("every form page tells a limited sender when to retry (Retry-After)", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/help", { intent: "help", name: "Rita Rate", email: "rita@example.com", description: "A dripping tap in the kitchen." }],
      ["/careers", { intent: "investor", name: "Rita Rate", email: "rita@example.com", message: "Interested in your seed round." }],
    ];
    for (const [path, fields] of cases) {
      const ip = newIp();
      let res = await post(path, fields, ip);
      for (let i = 0; i < 6 && res.status !== 429; i++) res = await post(path, fields, ip);
      expect(res.status, path).toBe(429);
      expect(res.retryAfter, path).toBe("600");
    }
  });

  it("HTML typed into fields is stored as text and shown escaped in pages and emails", async () => {
    const script = "<script>alert(1)</script>";
    const img = `"><img src=x onerror=alert(1)>`;
    const before = await stored();
    const res = await post("/help", { intent: "help", name: script, email: "xss@example.com", description: img });
    expect(res.status).toBe(200);
    const { contacts } = await added(before);
    expect(contacts[0]).toMatchObject({ name: script, message: img });
    for (const to of [inbox.SUPPORT_INBOX, "xss@example.com"]) {
      const mail = await mailTo(to, "&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(mail.html).not.toContain("<script>alert(1)");
      expect(mail.html).not.toContain("<img src=x");
    }
    // A page that shows the values again (after a validation failure) escapes them too.
    const page = await post("/help", { intent: "help", name: img, email: "bad", description: script });
    expect(page.status).toBe(400);
    expect(page.html).not.toContain("<img src=x onerror");
    expect(page.html).not.toContain("<script>alert(1)");
    expect(page.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("early access donation button", () => {
  const checkoutPath = /^\/checkout\/test\/[0-9a-f-]{36}$/;

  it("records the waitlist data when name and email are present, opens the donation checkout, and continues to /account", async () => {
    const before = await stored();
    const res = await post("/early-access", { intent: "donation", name: "Don Nate", email: "don@example.com" });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(checkoutPath);
    expect((await added(before)).contacts).toMatchObject([{ subject: "Early Access Waitlist", email: "don@example.com" }]);

    // The checkout knows the email from the form, and its cancel link continues to /account.
    const page = await (await fetch(`${server.url}${res.location}`)).text();
    expect(page).toContain("Early access donation");
    expect(page).toContain("don@example.com");
    expect(page).toContain('href="/account"');
    // Paying ends on the thank-you page, whose way on is /account.
    const paid = await post(res.location!, { cardName: "Don Nate", cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" });
    expect(paid.status).toBe(302);
    const success = await (await fetch(`${server.url}${paid.location}`)).text();
    expect(success).toContain("Thank you for supporting FixiT!");
    expect(success).toContain('href="/account"');
  });

  it("continues to the donation checkout without storing anything when name or email is missing", async () => {
    const before = await stored();
    const res = await post("/early-access", { intent: "donation", name: "", email: "nobody@example.com" });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(checkoutPath);
    expect(await added(before)).toMatchObject({ contacts: [], jobs: [] });
    const page = await (await fetch(`${server.url}${res.location}`)).text();
    expect(page).toContain('href="/account"');
    expect(page).toContain('name="email"'); // no valid waitlist email: the checkout asks where to send the receipt
  });
});

describe("/early-access page", () => {
  it("shows no invented sign-up figure (few on the waitlist yet), offers the installable app without claiming a store one, and words the VIP date as past", async () => {
    const html = await (await fetch(`${server.url}/early-access`)).text();
    expect(html).not.toContain("2,847");
    expect(html).toContain("Be one of the first");
    // No store address is set (the default): the installable web app, and no store app launched (decision 073).
    expect(html).toContain("Install FixiT on your phone from your browser — no app store needed.");
    expect(html).not.toContain("The FixiT app is available now");
    expect(html).not.toMatch(/launched/i);
    expect(html).toContain("since 12 November 2025");
    expect(html).toContain('id="vip-access"');
    expect(html).toContain('id="vip-checkout-link"');
    expect(html).toContain('name="company_website"');
  });
});

const application = {
  intent: "recruitment",
  firstName: "Rae",
  lastName: "Cruit",
  email: "rae@example.com",
  phone: "07700 900456",
  position: "Full-Stack Engineer",
  experience: "Six years building web apps.",
  qualifications: "BSc Computer Science.",
  coverLetter: "I would love to help FixiT connect UK households with trusted fixers (app-1).",
};

/** Stored CVs (the local store keeps a hidden .meta.json beside each file). */
const cvFiles = () => readdirSync(path.join(server.dataDir, "uploads", "cvs")).filter((name) => !name.startsWith(".")).length;
const cvCount = () => (existsSync(path.join(server.dataDir, "uploads", "cvs")) ? cvFiles() : 0);

describe("recruitment", () => {
  it("stores the application and its CV privately, syncs the sheet and emails the inbox a staff-only link", async () => {
    const before = await stored();
    const cvsBefore = cvCount();
    const res = await postMultipart(application, { name: "Rae CV.pdf", type: "application/pdf", content: makePdf("Rae's CV") });
    expect(res.status).toBe(200);
    expect(res.html).toContain("Application submitted successfully! Thank you for your interest in FixiT. We&#x27;ll be in touch soon.");
    const { applications, jobs, contacts } = await added(before);
    expect(contacts).toEqual([]);
    expect(applications).toHaveLength(1);
    const row = applications[0]!;
    expect(row).toMatchObject({ firstName: "Rae", email: "rae@example.com", position: "Full-Stack Engineer", cvName: "Rae_CV.pdf" });
    expect(row.cvKey).toMatch(/^cvs\//);
    expect(cvCount()).toBe(cvsBefore + 1);
    expect(jobs.map((j) => j.kind).sort()).toEqual(["email", "webhook"]);
    const mail = await mailTo(inbox.RECRUITMENT_INBOX, "app-1");
    expect(mail.html).toContain(`https://fixit.example/staff/recruitment/${row.id}`);
    expect(mail.html).not.toContain(row.cvKey!);
    const hook = await hookFor("recruitment", "app-1");
    expectSigned(hook);
    expect(JSON.parse(hook.body).data).toMatchObject({ firstName: "Rae", cvUrl: `https://fixit.example/staff/recruitment/${row.id}` });
  });

  it("accepts a DOCX and no CV at all", async () => {
    expect((await postMultipart({ ...application, email: "docx@example.com" }, { name: "cv.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", content: makeDocx() })).status).toBe(200);
    const before = await stored();
    expect((await postMultipart({ ...application, email: "nocv@example.com" })).status).toBe(200);
    expect((await added(before)).applications).toMatchObject([{ email: "nocv@example.com", cvKey: null }]);
  });

  const rules: [keyof typeof application, string, string][] = [
    ["firstName", "R", "First name must be at least 2 characters."],
    ["lastName", "C", "Last name must be at least 2 characters."],
    ["email", "rae@", "Enter a valid email address, like name@example.com."],
    ["phone", "0770", "This phone number is too short: a UK number has 11 digits, like 07700 900123."],
    ["position", "", "Please specify the position you're applying for."],
    ["experience", "short", "Please provide details about your experience."],
    ["qualifications", "short", "Please provide details about your qualifications."],
    ["coverLetter", "Too short to count.", "Please provide a cover letter (minimum 50 characters)."],
  ];
  it.each(rules)("%s = %j: 400 with the spec's message, nothing stored (not even the CV)", async (field, value, message) => {
    const before = await stored();
    const cvsBefore = cvCount();
    const res = await postMultipart({ ...application, [field]: value }, { name: "cv.pdf", type: "application/pdf", content: makePdf() });
    expect(res.status).toBe(400);
    expect(res.html).toContain(message.replace(/'/g, "&#x27;"));
    expect(await added(before)).toMatchObject({ applications: [], jobs: [] });
    expect(cvCount()).toBe(cvsBefore);
  });

  it("refuses a CV whose content is not PDF, DOC or DOCX, whatever its name", async () => {
    const before = await stored();
    const cvsBefore = cvCount();
    const res = await postMultipart(application, { name: "cv.pdf", type: "application/pdf", content: makeExe() });
    expect(res.status).toBe(415);
    expect(res.html).toContain("Invalid file type: Please upload a PDF, DOC, or DOCX file.");
    expect(await added(before)).toMatchObject({ applications: [], jobs: [] });
    expect(cvCount()).toBe(cvsBefore);
  });

  it("refuses a CV over 5MB (5*1024*1024 bytes) and accepts one of exactly 5MB", async () => {
    const before = await stored();
    const cvsBefore = cvCount();
    const pdf = makePdf();
    const over = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    const res = await postMultipart(application, { name: "big.pdf", type: "application/pdf", content: over });
    expect(res.status).toBe(413);
    expect(res.html).toContain("File too large: Please upload a file smaller than 5MB.");
    expect(await added(before)).toMatchObject({ applications: [], jobs: [] });
    expect(cvCount()).toBe(cvsBefore);
    const exact = over.subarray(0, 5 * 1024 * 1024);
    expect((await postMultipart({ ...application, email: "exact@example.com" }, { name: "exact.pdf", type: "application/pdf", content: exact })).status).toBe(200);
  });

  it("pre-selects the position from ?position=<job id>", async () => {
    const html = await (await fetch(`${server.url}/recruitment?position=full-stack-engineer`)).text();
    expect(html).toMatch(/<option value="Full-Stack Engineer" selected="">/);
    expect(html).toContain("FixiT Recruitment");
    expect(html).toContain("Managed by Amelia Clarke");
  });
});
