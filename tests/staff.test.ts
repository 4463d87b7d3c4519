import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { staffMessages } from "~/features/staff/messages";
import { csv } from "./csv-helpers";
import { classConflictsIn } from "./helpers/class-conflicts";
import { makeDocx, makePdf } from "./helpers/documents";
import { createOnboardingApplication, storedSubmissions } from "./helpers/db-utils";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { confirmedUserAt, newIp, relLink, runStaffCli, signInAt } from "./helpers/staff-console";

/**
 * The staff console over real HTTP against the production build: who may open what
 * (signed out → sign-in, plain user → 403, staff, admin), the fixer review workflow and its emails, documents, lists and CSV exports (formula cells neutralised),
 * disabling accounts, the outbox's "retry now", VIP posts, and the audit trail.
 *
 * The server runs inside the test process, so onboarding applications are written with its own
 * database and file store (tests/helpers/db-utils.ts) because these tests decide them many times
 * over; the browser test (e2e/staff.spec.ts) takes one through the real fixer journey. The
 * command-line tool that grants roles has a file of its own (tests/staff-cli.test.ts), run beside this one.
 */

const ADMIN_EMAIL = "boss@example.com";
let server: InProcessServer;
let base: string;

let staff: Browser;
let admin: Browser;
let plain: Browser;
let anonymous: Browser;

beforeAll(async () => {
  const start = () =>
    startServerInProcess({
      env: {
        // Mixed case and spaces: the setting is compared case-insensitively.
        STAFF_ADMIN_EMAILS: ` Boss@Example.com , other-admin@example.com`,
        // Sheet-sync webhooks go nowhere and get one attempt: the outbox gets failed jobs to retry.
        SHEETS_WEBHOOK_URL: "http://127.0.0.1:9/sheet",
        SHEETS_WEBHOOK_SECRET: "sheet-secret-for-tests",
        MAIL_MAX_ATTEMPTS: "1",
      },
    });
  server = await start().catch(() => start());
  base = server.url;
  anonymous = new Browser(base);
  [staff, admin, plain] = await Promise.all([
    newConfirmedUser("staffer@example.com", "Sam Staff"),
    newConfirmedUser(ADMIN_EMAIL, "Bea Boss"),
    newConfirmedUser("plain@example.com", "Pat Plain"),
  ]);
  const granted = await runCli(["grant", "staffer@example.com"]);
  expect(granted.code, granted.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

const newConfirmedUser = (email: string, fullName = "Ada Lovelace", userType = "customer") => confirmedUserAt(base, email, fullName, userType);
const signIn = (email: string) => signInAt(base, email);
const runCli = (args: string[]) => runStaffCli(server, args);

let fixtureCount = 0;

/** A pending onboarding application with a PDF (insurance) and a DOCX (certifications). */
async function newApplication(firstName = "Fiona") {
  const email = `fixer-${++fixtureCount}@example.com`;
  const pdf = makePdf(`Insurance of ${firstName}`);
  const docx = makeDocx(`Certificate of ${firstName}`);
  const created = await createOnboardingApplication(server.services, {
    email,
    firstName,
    lastName: "Fixer",
    documents: [
      { folder: "insurance", name: "Public liability.pdf", contentType: "application/pdf", content: pdf },
      { folder: "certifications", name: "Gas Safe – certificate.docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", content: docx },
    ],
  });
  return { ...created, email, pdf, docx };
}

async function postForm(pathname: string, fields: Record<string, string>) {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { "x-forwarded-for": newIp(), origin: base },
  });
  expect(res.status).toBe(200);
}

async function postRecruitment(fields: Record<string, string>, cv?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "recruitment", ...fields })) form.append(k, v);
  if (cv) form.append("cv", new Blob([new Uint8Array(cv)], { type: "application/pdf" }), "My CV.pdf");
  const res = await fetch(`${base}/recruitment`, { method: "POST", body: form, headers: { "x-forwarded-for": newIp(), origin: base } });
  expect(res.status).toBe(200);
}

const forms = () => storedSubmissions(server.services.db);

async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const FORBIDDEN = html("You don't have access to the staff console");

describe("STAFF_ADMIN_EMAILS", () => {
  it("made the listed account an admin when it signed in (after confirming its email), and the audit trail says so", async () => {
    expect((await admin.get("/staff/audit")).status).toBe(200);
    const rows = await csv(admin, "/staff/export/audit?action=user.role");
    const header = rows[0]!;
    const who = header.indexOf("Who");
    const details = header.indexOf("Details");
    const entry = rows.find((r) => r[details]!.includes(ADMIN_EMAIL));
    expect(entry?.[who]).toBe("STAFF_ADMIN_EMAILS setting");
    expect(entry?.[details]).toContain('"to":"admin"');
  });

  it("holds for accounts created after it was set", async () => {
    const later = await newConfirmedUser("other-admin@example.com", "Olive Other");
    expect((await later.get("/staff/audit")).status).toBe(200);
  });
});

describe("who may open the console", () => {
  let fixture: Awaited<ReturnType<typeof newApplication>>;
  let recruitmentId: number;
  let vipCode: string;
  const staffPages: string[] = [];
  const adminPages = ["/staff/audit", "/staff/export/audit"];

  beforeAll(async () => {
    fixture = await newApplication("Gina");
    await postForm("/help", { intent: "help", name: "Hal Help", email: "hal@example.com", phone: "", description: "Access test help request." });
    await postRecruitment(
      {
        firstName: "Rita",
        lastName: "Recruit",
        email: "rita@example.com",
        phone: "07700 900111",
        position: "Operations Lead",
        experience: "Eight years running field teams.",
        qualifications: "CMI Level 5 in management.",
        coverLetter: "I would love to help FixiT grow its network of trusted fixers across the UK. (access)",
      },
      makePdf("Rita's CV"),
    );
    recruitmentId = (await forms()).applications.find((a) => a.firstName === "Rita")!.id;
    // A VIP purchase through the TEST MODE checkout: a payment, a code and a membership to look at.
    const started = await plain.post("/checkout/vip", {}, { "x-forwarded-for": newIp(), origin: base });
    expect(started.status).toBe(303);
    const checkoutPath = new URL(started.headers.get("location")!, base).pathname;
    const paid = await plain.post(
      checkoutPath,
      { email: "plain@example.com", cardName: "Pat Plain", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" },
      { "x-forwarded-for": newIp() },
    );
    expect(paid.status).toBe(302);
    const codeMail = await waitForMail(base, "plain@example.com", "Your FixiT VIP access code");
    vipCode = /VIP(?:-[0-9A-Z]{4}){4}/.exec(codeMail.text)?.[0] ?? "";
    expect(vipCode).not.toBe("");
    const contactId = await firstDetailId("/staff/contacts", "/staff/contacts/");
    staffPages.push(
      "/staff",
      "/staff/contacts",
      "/staff/contacts?subject=help&q=hal&page=1",
      `/staff/contacts/${contactId}`,
      "/staff/recruitment",
      `/staff/recruitment/${recruitmentId}`,
      "/staff/registrations",
      `/staff/registrations/${fixture.registrationId}`,
      "/staff/onboarding",
      `/staff/onboarding/${fixture.applicationId}`,
      "/staff/vip-members",
      "/staff/vip-codes",
      "/staff/payments",
      "/staff/vip-posts",
      "/staff/vip-posts/new",
      "/staff/outbox",
      "/staff/security-events",
      "/staff/users",
      "/staff/export/contacts",
      "/staff/export/onboarding?status=pending",
      `/staff/files/onboarding/${fixture.documentIds[0]}`,
      `/staff/files/onboarding/${fixture.documentIds[0]}?view=inline`,
      `/staff/files/cv/${recruitmentId}`,
      `/staff/payments/${checkoutPath.split("/").pop()}`,
      `/staff/vip-codes/${await firstDetailId("/staff/vip-codes", "/staff/vip-codes/")}`,
      `/staff/users/${await firstDetailId("/staff/users?q=plain%40example.com", "/staff/users/")}`,
      `/staff/security-events/${await firstDetailId("/staff/security-events", "/staff/security-events/")}`,
      `/staff/outbox/${await firstDetailId("/staff/outbox", "/staff/outbox/")}`,
    );
    adminPages.push(`/staff/audit/${await firstDetailId("/staff/audit", "/staff/audit/", admin)}`);
  });

  async function firstDetailId(list: string, prefix: string, as = staff): Promise<string> {
    const page = await (await as.get(list)).text();
    const match = new RegExp(`href="${prefix.replace(/\//g, "\\/")}([^"?]+)"`).exec(page);
    expect(match, `a detail link on ${list}`).toBeTruthy();
    return match![1]!;
  }

  it("sends a signed-out visitor to sign in, remembering the page", async () => {
    for (const page of [...staffPages, ...adminPages]) {
      const res = await anonymous.get(page);
      expect(res.status, page).toBe(302);
      expect(res.headers.get("location"), page).toBe(`/auth?from=${encodeURIComponent(page)}`);
    }
  });

  it("answers a signed-in plain user with the 403 page, and no staff data", async () => {
    for (const page of [...staffPages, ...adminPages]) {
      const res = await plain.get(page);
      expect(res.status, page).toBe(403);
      const body = await res.text();
      expect(body).not.toContain("Hal Help");
      expect(body).not.toContain("Rita");
      if (!page.startsWith("/staff/export") && !page.startsWith("/staff/files")) expect(body, page).toContain(FORBIDDEN);
    }
  });

  it("serves staff every page, privately and never indexed", async () => {
    for (const page of staffPages) {
      const res = await staff.get(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control"), page).toBe("private, no-store");
      expect(res.headers.get("x-robots-tag"), page).toBe("noindex, nofollow");
      const body = await res.text();
      // Access codes are stored hashed: no page and no export ever holds one.
      expect(body, page).not.toContain(vipCode);
      if (res.headers.get("content-type")?.includes("text/html")) {
        expect(body, page).toContain('<meta name="robots" content="noindex, nofollow"/>');
        // Decision 007: no element's classes fight over one CSS property.
        expect(classConflictsIn(body), page).toEqual([]);
      }
    }
  });

  it("keeps the audit trail for admins: staff get a 403 inside the console", async () => {
    for (const page of adminPages) {
      const res = await staff.get(page);
      expect(res.status, page).toBe(403);
      if (page === "/staff/audit") {
        const body = await res.text();
        expect(body).toContain("Admins only");
        expect(body).toContain('aria-label="Staff console"');
      }
      expect((await admin.get(page)).status, page).toBe(200);
    }
    expect(await (await staff.get("/staff")).text()).not.toContain('href="/staff/audit"');
    expect(await (await admin.get("/staff")).text()).toContain('href="/staff/audit"');
  });

  it("refuses actions too: a plain user's review is a 403, a signed-out one is sent to sign in, and nothing changes", async () => {
    const form = { intent: "review", decision: "approved", note: "" };
    expect((await plain.post(`/staff/onboarding/${fixture.applicationId}`, form)).status).toBe(403);
    const signedOut = await anonymous.post(`/staff/onboarding/${fixture.applicationId}`, form);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/auth?from=");
    expect((await plain.post("/staff/vip-posts/new", { intent: "publish", title: "x" })).status).toBe(403);
    const page = await (await staff.get(`/staff/onboarding/${fixture.applicationId}`)).text();
    expect(page).toContain("Save decision");
    expect(await mailbox(base, fixture.email)).toEqual([]);
  });

  it("shows a staff member the way in on My Account, and not a plain user", async () => {
    expect(await (await staff.get("/account")).text()).toContain("Open the staff console");
    expect(await (await plain.get("/account")).text()).not.toContain("Open the staff console");
  });

  it("answers 404 for records that do not exist and for nonsense ids: a page inside the console says so, a file or export has no body to show", async () => {
    for (const page of ["/staff/onboarding/999999", "/staff/onboarding/abc", "/staff/users/no-such-user"]) {
      const res = await staff.get(page);
      expect(res.status, page).toBe(404);
      const body = await res.text();
      expect(body, page).toContain(html(staffMessages.notFound.title));
      expect(body, page).toContain("Back to the dashboard");
    }
    for (const file of ["/staff/files/onboarding/999999", "/staff/export/nope"]) {
      const res = await staff.get(file);
      expect(res.status, file).toBe(404);
      expect(res.headers.get("content-disposition"), file).toBeNull();
    }
  });

  it("serves every list from one page: its title from the list's definition; an unknown list is a 404 inside the console, after the role check", async () => {
    const titles: Record<string, string> = {
      contacts: "Contact submissions",
      recruitment: "Job applications",
      registrations: "Fixer registrations",
      onboarding: "Onboarding applications",
      "vip-members": "VIP members",
      "vip-codes": "VIP codes",
      payments: "Payments",
      "vip-posts": "VIP posts",
      outbox: "Outbox",
      "security-events": "Security events",
      users: "Users",
      audit: "Audit trail",
    };
    for (const [id, title] of Object.entries(titles)) {
      const body = await (await (id === "audit" ? admin : staff).get(`/staff/${id}`)).text();
      expect(body, id).toContain(`<title>${html(title)} · Staff console · FixiT</title>`);
      expect(body, id).toContain(`href="/staff/export/${id}"`);
    }
    expect(await (await staff.get("/staff/vip-posts")).text()).toContain('href="/staff/vip-posts/new"');
    for (const page of ["/staff/no-such-list", "/staff/constructor", "/staff/export"]) {
      const missing = await staff.get(page);
      expect(missing.status, page).toBe(404);
      const body = await missing.text();
      expect(body, page).toContain("There is no such record. It may have been deleted.");
      expect(body, page).toContain('aria-label="Staff console"');
      // The role check runs first: a plain user learns nothing about which lists exist.
      const refused = await plain.get(page);
      expect(refused.status, page).toBe(403);
      expect(await refused.text(), page).toContain(FORBIDDEN);
      expect((await anonymous.get(page)).headers.get("location"), page).toBe(`/auth?from=${encodeURIComponent(page)}`);
    }
  });
});

describe("documents", () => {
  it("serves an onboarding PDF inline or as a download, with its type, nosniff and no caching", async () => {
    const fixture = await newApplication("Dora");
    const [pdfId, docxId] = fixture.documentIds as [number, number];
    const inline = await staff.get(`/staff/files/onboarding/${pdfId}?view=inline`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toBe(`inline; filename="Public liability.pdf"; filename*=UTF-8''Public%20liability.pdf`);
    expect(inline.headers.get("x-content-type-options")).toBe("nosniff");
    expect(inline.headers.get("cache-control")).toBe("private, no-store");
    // Its own CSP replaces the pages' one (two CSP headers would both apply).
    expect(inline.headers.get("content-security-policy")).toBe("default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(Buffer.from(await inline.arrayBuffer()).equals(fixture.pdf)).toBe(true);

    const download = await staff.get(`/staff/files/onboarding/${pdfId}`);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; /);
    await download.arrayBuffer();

    // A Word document is always a download, even when asked inline; its non-ASCII name cannot break the header.
    const docx = await staff.get(`/staff/files/onboarding/${docxId}?view=inline`);
    expect(docx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(docx.headers.get("content-disposition")).toBe(
      `attachment; filename="Gas Safe _ certificate.docx"; filename*=UTF-8''Gas%20Safe%20%E2%80%93%20certificate.docx`,
    );
    expect(Buffer.from(await docx.arrayBuffer()).equals(fixture.docx)).toBe(true);

    // The onboarding page lists both, with View only for the PDF.
    const page = await (await staff.get(`/staff/onboarding/${fixture.applicationId}`)).text();
    expect(page).toContain(`/staff/files/onboarding/${pdfId}?view=inline`);
    expect(page).not.toContain(`/staff/files/onboarding/${docxId}?view=inline`);
    expect(page).toContain("Gas Safe – certificate.docx");
  });

  it("serves a job applicant's CV from the page the recruitment email links to, and audits the download", async () => {
    const cv = makePdf("Quentin's CV");
    await postRecruitment(
      {
        firstName: "Quentin",
        lastName: "Query",
        email: "quentin@example.com",
        phone: "07700 900222",
        position: "Customer Support Specialist",
        experience: "Three years in a busy contact centre.",
        qualifications: "Level 3 customer service diploma.",
        coverLetter: "I enjoy helping people sort out problems at home, and I would bring patience and care to FixiT.",
      },
      cv,
    );
    const id = (await forms()).applications.find((a) => a.firstName === "Quentin")!.id;
    const mail = await waitForMail(base, "careers@fixit.local", "Quentin Query");
    expect(linkIn(mail, `/staff/recruitment/${id}`, base)).toBe(`${base}/staff/recruitment/${id}`);
    const page = await staff.get(`/staff/recruitment/${id}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Customer Support Specialist");
    expect(body).toContain(`href="/staff/files/cv/${id}"`);
    const file = await staff.get(`/staff/files/cv/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="My_CV\.pdf"/);
    expect(Buffer.from(await file.arrayBuffer()).equals(cv)).toBe(true);

    const audit = await csv(admin, `/staff/export/audit?action=document.download&q=recruitment_application`);
    expect(audit.some((r) => r.includes(`recruitment_application ${id}`) && r.includes("staffer@example.com"))).toBe(true);
  });
});

describe("the review workflow", () => {
  async function review(browser: Browser, id: number, decision: string, note = "") {
    const res = await browser.post(`/staff/onboarding/${id}`, { intent: "review", decision, note });
    return { status: res.status, body: await res.text() };
  }
  const statusOf = async (id: number) => {
    const rows = await csv(staff, `/staff/export/onboarding?q=${encodeURIComponent("")}`);
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf("ID")] === String(id));
    return { status: row?.[header.indexOf("Status")], note: row?.[header.indexOf("Note to the fixer")], reviewer: row?.[header.indexOf("Reviewed by")] };
  };

  it("requires a note to request changes, then emails the fixer the note and records who and when", async () => {
    const app = await newApplication("Cara");
    const missing = await review(staff, app.applicationId, "changes_requested", "  too short ");
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Tell the fixer what to change (at least 10 characters).");
    expect((await statusOf(app.applicationId)).status).toBe("pending");

    const note = "Please upload your Gas Safe card; the certificate you sent has expired.";
    const done = await review(staff, app.applicationId, "changes_requested", note);
    expect(done.status).toBe(200);
    expect(done.body).toContain("Changes requested");
    expect(await statusOf(app.applicationId)).toEqual({ status: "changes_requested", note, reviewer: "staffer@example.com" });

    const mail = await waitForMail(base, app.email, "Your FixiT fixer application: changes needed");
    expect(mail.text).toContain("Hi Cara,");
    expect(mail.text).toContain(note);
    expect(linkIn(mail, "/fixer-onboarding", base)).toBe(`${base}/fixer-onboarding`);

    const page = await (await staff.get(`/staff/onboarding/${app.applicationId}`)).text();
    expect(page).toContain("Pending → Changes requested");
    expect(page).toContain("staffer@example.com");
    expect(page).not.toContain("Save decision");

    // Decided: no second decision (a fixer asked for changes sends a new application).
    for (const decision of ["approved", "rejected", "changes_requested"]) {
      const again = await review(admin, app.applicationId, decision, "Another note that is long enough.");
      expect(again.status).toBe(400);
      expect(again.body).toContain("This application is already decided");
    }
    expect((await mailbox(base, app.email)).length).toBe(1);
  });

  it("requires a reason to reject, and emails it", async () => {
    const app = await newApplication("Rory");
    const missing = await review(staff, app.applicationId, "rejected");
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Give the reason for the rejection (at least 10 characters).");
    const reason = "We could not verify your public liability insurance with the insurer.";
    expect((await review(staff, app.applicationId, "rejected", reason)).status).toBe(200);
    expect((await statusOf(app.applicationId)).status).toBe("rejected");
    const mail = await waitForMail(base, app.email, "Your FixiT fixer application");
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("unable to approve it");
  });

  it("approves without a note, emails the fixer, and writes the audit trail in the same step", async () => {
    const app = await newApplication("Ava");
    const done = await review(admin, app.applicationId, "approved");
    expect(done.status).toBe(200);
    expect(await statusOf(app.applicationId)).toMatchObject({ status: "approved", reviewer: ADMIN_EMAIL });
    const mail = await waitForMail(base, app.email, "Your FixiT fixer application is approved");
    expect(mail.text).toContain("Hi Ava,");
    // Its call to action leads to the fixer dashboard, where the new fixer sets their areas (issue 37).
    expect(mail.text).toContain("Set your areas");
    expect(linkIn(mail, "/fixer", base)).toBe(`${base}/fixer`);

    const audit = await csv(admin, `/staff/export/audit?action=onboarding.review&q=${app.applicationId}`);
    const header = audit[0]!;
    const entry = audit.find((r) => r[header.indexOf("Target")] === `onboarding ${app.applicationId}`);
    expect(entry?.[header.indexOf("Who")]).toBe(ADMIN_EMAIL);
    expect(entry?.[header.indexOf("Details")]).toContain('"to":"approved"');
  });

  it("refuses unknown decisions and intents with 400 and changes nothing", async () => {
    const app = await newApplication("Nina");
    expect((await review(staff, app.applicationId, "fast-tracked", "Looks great to me, honestly.")).status).toBe(400);
    expect((await staff.post(`/staff/onboarding/${app.applicationId}`, { intent: "delete" })).status).toBe(400);
    expect((await review(staff, app.applicationId, "approved", "x".repeat(2001))).status).toBe(400);
    expect((await statusOf(app.applicationId)).status).toBe("pending");
    expect(await mailbox(base, app.email)).toEqual([]);
  });

  it("filters the list by status", async () => {
    const page = await (await staff.get("/staff/onboarding?status=rejected")).text();
    expect(page).toContain("Rory Fixer");
    expect(page).not.toContain("Ava Fixer");
  });
});

describe("lists and CSV exports", () => {
  it("filters contact submissions by subject and searches them", async () => {
    await postForm("/help", { intent: "help", name: "Henry Help", email: "henry@example.com", phone: "", description: "Dripping tap (list-test)." });
    await postForm("/careers", { intent: "investor", name: "Ivy Investor", email: "ivy@example.com", message: "Interested in your seed round (list-test)." });
    await postForm("/early-access", { intent: "waitlist", name: "Walt Wait", email: "walt@example.com", phone: "", location: "York" });
    const help = await (await staff.get("/staff/contacts?subject=help")).text();
    expect(help).toContain("Henry Help");
    expect(help).not.toContain("Ivy Investor");
    const investor = await (await staff.get("/staff/contacts?subject=investor")).text();
    expect(investor).toContain("Ivy Investor");
    expect(investor).not.toContain("Henry Help");
    const search = await (await staff.get("/staff/contacts?q=WALT")).text();
    expect(search).toContain("Walt Wait");
    expect(search).not.toContain("Henry Help");
    // A wildcard typed into the search is taken literally.
    expect(await (await staff.get("/staff/contacts?q=%25")).text()).toContain("Nothing matches this search and these filters.");
    // Unknown filter values are ignored, not trusted.
    expect((await staff.get("/staff/contacts?subject=everything&page=-3")).status).toBe(200);
  });

  it("exports an applicant whose name begins with = as inert text, as UTF-8 with a BOM and CRLF lines, honouring the filters", async () => {
    await postRecruitment({
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: "+Plus",
      email: "formula@example.com",
      phone: "07700 900333",
      position: "@Attacker, with a comma",
      experience: "-1 years of\nmultiline experience.",
      qualifications: "Qualifications with “quotes” and £ signs.",
      coverLetter: "A cover letter that is long enough to pass the fifty character rule, surely.",
    });
    const rows = await csv(staff, "/staff/export/recruitment?q=formula%40example.com");
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], string[]];
    expect(header.slice(0, 3)).toEqual(["Name", "Position", "Email"]);
    const cell = (label: string) => row[header.indexOf(label)]!;
    expect(cell("Name")).toBe(`'=HYPERLINK("http://evil.example","x") +Plus`);
    expect(cell("Position")).toBe("'@Attacker, with a comma");
    // (A multipart form sends its line breaks as CRLF; quoted, they stay inside the one field.)
    expect(cell("Experience")).toMatch(/^'-1 years of\r?\nmultiline experience\.$/);
    expect(cell("Qualifications")).toBe("Qualifications with “quotes” and £ signs.");
    expect(cell("CV")).toBe("no");
    expect(cell("Received")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The export honours the filter: applicants without a CV only.
    const withoutCv = await csv(staff, "/staff/export/recruitment?cv=without");
    expect(withoutCv.slice(1).every((r) => r[withoutCv[0]!.indexOf("CV")] === "no")).toBe(true);
    expect(withoutCv.length).toBeGreaterThan(1);

    const audit = await csv(admin, "/staff/export/audit?action=export.csv&q=formula");
    const exported = audit.find((r) => r[audit[0]!.indexOf("Target")] === "list recruitment");
    expect(exported?.[audit[0]!.indexOf("Who")]).toBe("staffer@example.com");
    expect(exported?.[audit[0]!.indexOf("Details")]).toContain('"q":"formula@example.com"');
  });

  it("pages through long lists with the filters kept", async () => {
    for (let i = 0; i < 27; i++) {
      await postForm("/early-access", { intent: "waitlist", name: `Pager ${String(i).padStart(2, "0")}`, email: `pager${i}@example.com`, phone: "", location: "" });
    }
    const first = await (await staff.get("/staff/contacts?subject=waitlist&q=pager")).text();
    expect(first).toContain("27 results");
    // The next page's link keeps the search and the filter and carries a cursor (decision 069).
    const next = relLink(first, "next");
    expect(next).toMatch(/^\/staff\/contacts\?q=pager&subject=waitlist&after=[A-Za-z0-9_-]+$/);
    const second = await (await staff.get(next!)).text();
    expect(second).toContain("Pager 00");
    expect(second).not.toContain("Pager 26");
    expect(second).toContain('rel="prev"');
    expect(second).not.toContain('rel="next"');
    // An old ?page=N link answers the first page.
    expect(await (await staff.get("/staff/contacts?q=pager&subject=waitlist&page=2")).text()).toContain("Pager 26");
    const all = await csv(staff, "/staff/export/contacts?q=pager&subject=waitlist");
    expect(all).toHaveLength(28);
  });
});

describe("accounts", () => {
  it("disabling a user ends their session at once and blocks sign-in with a clear message; enabling lets them back", async () => {
    const victim = await newConfirmedUser("victim@example.com", "Vic Tim");
    expect((await victim.get("/account")).status).toBe(200);
    const userId = /href="\/staff\/users\/([^"]+)"/.exec(await (await staff.get("/staff/users?q=victim%40example.com")).text())![1]!;

    const disabled = await staff.post(`/staff/users/${userId}`, { intent: "disable" });
    expect(disabled.status).toBe(200);
    expect(await disabled.text()).toContain("Account disabled");

    const after = await victim.get("/account");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/auth?from=%2Faccount");

    const { res, browser } = await signIn("victim@example.com");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("This account has been disabled.");
    expect(browser.hasSession()).toBe(false);
    expect(await (await staff.get("/staff/users?state=disabled")).text()).toContain("victim@example.com");

    expect((await staff.post(`/staff/users/${userId}`, { intent: "enable" })).status).toBe(200);
    const back = await signIn("victim@example.com");
    expect(back.res.status).toBe(302);
    expect(back.browser.hasSession()).toBe(true);

    const events = await (await staff.get("/staff/security-events?type=account_disabled")).text();
    expect(events).toContain("victim@example.com");
  });

  it("keeps the rules: no acting on oneself, staff cannot touch staff or admins or change roles, admins can", async () => {
    const idOf = async (email: string) => /href="\/staff\/users\/([^"]+)"/.exec(await (await admin.get(`/staff/users?q=${encodeURIComponent(email)}`)).text())![1]!;
    const staffId = await idOf("staffer@example.com");
    const adminId = await idOf(ADMIN_EMAIL);
    const plainId = await idOf("plain@example.com");

    expect((await staff.post(`/staff/users/${staffId}`, { intent: "disable" })).status).toBe(400);
    expect((await staff.post(`/staff/users/${adminId}`, { intent: "disable" })).status).toBe(403);
    expect((await staff.post(`/staff/users/${plainId}`, { intent: "role", role: "admin" })).status).toBe(403);
    expect((await admin.post(`/staff/users/${adminId}`, { intent: "role", role: "user" })).status).toBe(400);
    expect((await admin.post(`/staff/users/${plainId}`, { intent: "role", role: "superuser" })).status).toBe(400);
    expect((await plain.get("/staff")).status).toBe(403);

    const promoted = await admin.post(`/staff/users/${plainId}`, { intent: "role", role: "staff" });
    expect(promoted.status).toBe(200);
    expect((await plain.get("/staff")).status).toBe(200);
    expect((await admin.post(`/staff/users/${plainId}`, { intent: "role", role: "user" })).status).toBe(200);
    expect((await plain.get("/staff")).status).toBe(403);
  });
});

describe("the outbox", () => {
  it("makes failed jobs stand out and retries one now", async () => {
    await postForm("/help", { intent: "help", name: "Olly Outbox", email: "olly@example.com", phone: "", description: "Sheet sync will fail (outbox-test)." });
    const failed = await eventually(async () => {
      const job = (await forms()).jobs.find((j) => j.kind === "webhook" && j.status === "failed" && j.payload.body?.includes("outbox-test"));
      expect(job).toBeTruthy();
      return job!;
    });
    const dashboard = await (await staff.get("/staff")).text();
    expect(dashboard).toMatch(/outbox jobs? ha(ve|s) failed/);
    expect(dashboard).toContain('href="/staff/outbox?status=failed"');

    const list = await (await staff.get("/staff/outbox?status=failed&kind=webhook")).text();
    expect(list).toContain(`href="/staff/outbox/${failed.id}"`);
    const detail = await (await staff.get(`/staff/outbox/${failed.id}`)).text();
    expect(detail).toContain("Retry now");
    expect(detail).toContain("Last error");

    const retry = await staff.post(`/staff/outbox/${failed.id}`, { intent: "retry" });
    expect(retry.status).toBe(200);
    expect(await retry.text()).toContain("Retry queued");
    // It ran once more (and failed again: the receiver is still down).
    await eventually(async () => {
      const job = (await forms()).jobs.find((j) => j.id === failed.id)!;
      expect(job).toMatchObject({ status: "failed", attempts: failed.attempts + 1 });
    });

    const sent = (await forms()).jobs.find((j) => j.kind === "email" && j.status === "sent")!;
    const notRetryable = await staff.post(`/staff/outbox/${sent.id}`, { intent: "retry" });
    expect(notRetryable.status).toBe(400);
    expect(await notRetryable.text()).toContain("This job was already sent.");
  });
});

describe("VIP posts", () => {
  it("creates a draft (excerpt and content required), publishes, edits, unpublishes and deletes it", async () => {
    const invalid = await staff.post("/staff/vip-posts/new", { intent: "save", title: "Bleeding radiators", excerpt: " ", content: "", category: "Heating", author: "FixiT Team", tags: "" });
    expect(invalid.status).toBe(400);
    const invalidBody = await invalid.text();
    expect(invalidBody).toContain("Please write a short excerpt.");
    expect(invalidBody).toContain("Please write the post.");

    const created = await staff.post("/staff/vip-posts/new", {
      intent: "save",
      title: "Bleeding radiators before winter",
      excerpt: "Cold at the top, warm at the bottom? Your radiator needs bleeding.",
      content: "Turn the heating off.\n\nOpen the valve a quarter turn with a radiator key until water appears.",
      category: "Heating",
      author: "FixiT Team",
      tags: "heating, winter, Heating",
    });
    expect(created.status).toBe(302);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/staff\/vip-posts\/\d+$/);
    const postPath = location;
    const editPage = await (await staff.get(location)).text();
    expect(editPage).toContain("Draft saved");
    expect(editPage).toContain("The post is saved as a draft. Publish it when it is ready.");
    expect(await (await staff.get(location)).text()).not.toContain("The post is saved as a draft.");
    expect(editPage).toContain('value="heating, winter"');

    const drafts = await (await staff.get("/staff/vip-posts?state=draft")).text();
    expect(drafts).toContain("Bleeding radiators before winter");

    expect((await staff.post(postPath, { intent: "publish" })).status).toBe(200);
    expect(await (await staff.get("/staff/vip-posts?state=published")).text()).toContain("Bleeding radiators before winter");

    const edited = await staff.post(postPath, {
      intent: "save",
      title: "Bleeding radiators, step by step",
      excerpt: "Cold at the top? Bleed it.",
      content: "Turn the heating off first.",
      category: "Heating",
      author: "FixiT Team",
      tags: "",
    });
    expect(edited.status).toBe(200);
    expect(await (await staff.get(postPath)).text()).toContain("Bleeding radiators, step by step");

    expect((await staff.post(postPath, { intent: "unpublish" })).status).toBe(200);
    expect(await (await staff.get("/staff/vip-posts?state=published")).text()).not.toContain("Bleeding radiators, step by step");

    // Delete asks first (without JavaScript: ?confirm=delete shows the question and the real button).
    const confirm = await (await staff.get(`${postPath}?confirm=delete`)).text();
    expect(confirm).toContain("Delete this post?");
    const deleted = await staff.post(postPath, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/staff/vip-posts");
    expect(await (await staff.get("/staff/vip-posts")).text()).toContain("The post is gone from the VIP blog.");
    expect((await staff.get(postPath)).status).toBe(404);

    const audit = await csv(admin, "/staff/export/audit?q=Bleeding");
    const actions = audit.slice(1).map((r) => r[audit[0]!.indexOf("Action")]);
    expect(actions).toEqual(expect.arrayContaining(["vip_post.create", "vip_post.publish", "vip_post.update", "vip_post.unpublish", "vip_post.delete"]));
  });
});

describe("the dashboard", () => {
  it("counts what came in over 7 and 30 days, and points at pending applications", async () => {
    await newApplication("Penny");
    const body = await (await staff.get("/staff")).text();
    for (const label of ["Help requests", "Investor inquiries", "Waitlist sign-ups", "Feedback", "Job applications", "Fixer registrations", "Registered and paid", "Registered, not paid", "VIP members", "Onboarding applications by status", "Payments by status"]) {
      expect(body, label).toContain(html(label));
    }
    expect(body).toMatch(/\d+ onboarding applications? (are|is) waiting for review\./);
    expect(body).toContain('href="/staff/onboarding?status=pending"');
  });
});
