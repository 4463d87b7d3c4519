import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { makeDocx, makeExe, makePdf } from "./helpers/documents";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The fixer journey over real HTTP against the production build: registration rules, the fee in
 * the TEST MODE checkout and its access code, the portal's code gate (valid, invalid, another
 * account's, rate limit), the onboarding upload (required fields, type by content, size and count
 * limits, nothing kept on failure), the result (pending, onboarding_completed, receipt), and
 * documents only for their owner.
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
const FIX_CODE = /FIX(?:-[2-9A-HJKMNP-Z]{4}){3}/;
const CHECKOUT = /href="(\/checkout\/test\/[0-9a-f-]{36})"/;
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;

beforeAll(async () => {
  // The reviewer becomes an admin when it signs in (STAFF_ADMIN_EMAILS), to send an application back.
  server = await startServerInProcess({ env: { STAFF_ADMIN_EMAILS: "reviewer@example.com" } });
  base = server.url;
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

const details = (extra: Record<string, string> = {}) => ({ firstName: "Ada", lastName: "Lovelace", email: "ada.fixer@example.com", phone: "07700 900123".replace(/^0/, "+44 "), ...extra });

async function register(fields: Record<string, string>, ip = newIp(), browser = new Browser(base)) {
  const res = await browser.post("/fixer-register", fields, { "x-forwarded-for": ip, origin: base });
  return { status: res.status, page: await res.text(), browser };
}

/** Registers, pays in the test checkout, and returns the access code from the email. */
async function registerAndPay(email: string, extra: Record<string, string> = {}) {
  const { status, page, browser } = await register(details({ email, ...extra }));
  expect(status).toBe(200);
  const checkout = CHECKOUT.exec(page)?.[1];
  expect(checkout, "the saved page links to the checkout").toBeTruthy();
  const paid = await browser.post(checkout!, { cardName: "Ada Lovelace", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" }, { "x-forwarded-for": newIp() });
  expect(paid.status).toBe(302);
  const success = await (await browser.get(paid.headers.get("location")!)).text();
  const mail = await waitForMail(base, email.toLowerCase(), "Your FixiT fixer access code");
  const code = FIX_CODE.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();
  return { code: code!, mail, success };
}

async function newConfirmedUser(email: string) {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Ada Lovelace", email, phone: "", password: strong, confirmPassword: strong, userType: "fixer" });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

function unlock(browser: Browser, code: string, ip = newIp()) {
  return browser.post("/fixer-onboarding", { intent: "unlock", code }, { "x-forwarded-for": ip, origin: base });
}

type Upload = { field: string; name: string; content: Buffer; type?: string };
type SubmitAnswer = { ok: boolean; message?: string; title?: string; description?: string; field?: string };
async function submit(browser: Browser, texts: Record<string, string>, files: Upload[], path = "/fixer-onboarding/submit") {
  const form = new FormData();
  for (const [k, v] of Object.entries(texts)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.content)], { type: f.type ?? "application/octet-stream" }), f.name);
  const res = await fetch(`${base}${path}`, { method: "POST", body: form, redirect: "manual", headers: { cookie: browser.cookieHeader(), origin: base } });
  const text = await res.text();
  let body: SubmitAnswer | null = null;
  try {
    body = JSON.parse(text) as SubmitAnswer;
  } catch {
    /* an HTML page or an empty redirect */
  }
  return { status: res.status, body, text, location: res.headers.get("location") };
}

const texts = { qualifications: "NVQ Level 3 Plumbing; Gas Safe 123456", expertise: "Bathrooms, boilers, leaks", insurance: "Public liability £2m, policy PL-123" };

/** Every stored document file (not the metadata beside it) under the private store. */
function storedDocuments(): string[] {
  const root = path.join(server.dataDir, "uploads", "fixer-documents");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.endsWith(".meta.json") && !e.name.startsWith("."))
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function exported(browser: Browser) {
  const res = await browser.post("/account/export", {}, { origin: base });
  expect(res.status).toBe(200);
  return (await res.json()) as { fixer: { registrations: Record<string, unknown>[]; applications: { status: string; documents: unknown[] }[] } };
}

describe("/fixer-register", () => {
  it("serves the page with the 3-step indicator, the form and the way to the portal, with no database query", async () => {
    const res = await fetch(`${base}/fixer-register`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-db-queries")).toBe("0");
    const page = await res.text();
    for (const text of ["Become a Fixer", "Details", "Payment", "Onboarding", "First name", "Last name", "Email", "Phone", "Access Onboarding Portal", "£3.99"]) expect(page).toContain(text);
    expect(page).toContain('href="/fixer-onboarding"');
  });

  it("refuses a missing field, a bad email and a bad phone with a message saying what is wrong, storing nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [details({ firstName: "" }), "Please fill in all required fields"],
      [details({ phone: "   " }), "Please fill in all required fields"],
      [details({ email: "ada fixer@example.com" }), "Enter a valid email address, like name@example.com."],
      [details({ email: "ada@example" }), "Enter a valid email address, like name@example.com."],
      [details({ phone: "07700 9001" }), "This phone number is too short: a UK number has 11 digits, like 07700 900123."],
      [details({ phone: "+44 7700 900123 4567" }), "This phone number is too long: a UK number has 11 digits, like 07700 900123."],
      [details({ phone: "7700 900123" }), "Enter a UK phone number starting with 0 or +44, like 07700 900123."],
    ];
    for (const [fields, message] of cases) {
      const { status, page } = await register(fields);
      expect(status, message).toBe(400);
      expect(page).toContain(message);
      expect(page).not.toMatch(CHECKOUT);
    }
  });

  it("drops a submission whose hidden honeypot field was filled", async () => {
    const { status, page } = await register({ ...details({ email: "bot@example.com" }), company_website: "http://spam.example" });
    expect(status).toBe(400);
    expect(page).not.toMatch(CHECKOUT);
  });

  it("accepts a UK number as people write it and shows an example", async () => {
    const page = await (await fetch(`${base}/fixer-register`)).text();
    expect(page).toContain("e.g. 07700 900123");
    const { status, page: answer } = await register(details({ email: "uk.phone@example.com", phone: "07700 900123" }));
    expect(status).toBe(200);
    expect(answer).toMatch(CHECKOUT);
  });

  it("saves valid details (trimmed, < and > stripped, email lower-cased) and opens the fee checkout", async () => {
    const { code, mail, success } = await registerAndPay("Mixed.Case@Example.COM", { firstName: "  <b>Grace</b> ", phone: "+44 (0)7700-900123" });
    expect(mail.to).toBe("mixed.case@example.com");
    expect(mail.text).toContain("Hi bGrace/b,");
    expect(mail.text).toContain("£3.99");
    expect(linkIn(mail, "/fixer-onboarding", base)).toBe(`${base}/fixer-onboarding`);
    // The success page shows the same code, says where it was emailed, and leads to the portal.
    expect(success).toContain(code);
    expect(success).toContain("mixed.case@example.com");
    expect(success).toContain("Access Onboarding Portal");
    expect(success).toContain('href="/fixer-onboarding"');
  });

  it("one registration per email: a repeat before paying updates it; after paying it points to the portal and charges nothing", async () => {
    const first = await register(details({ email: "repeat.fixer@example.com", firstName: "Ada" }));
    const firstCheckout = CHECKOUT.exec(first.page)?.[1];
    expect(firstCheckout).toBeTruthy();
    const again = await register(details({ email: "Repeat.Fixer@example.com", firstName: "Grace", phone: "020 7946 0958" }));
    expect(again.status).toBe(200);
    expect(again.page).toMatch(CHECKOUT);
    // Paying the first checkout pays the one registration, which now holds the newer details.
    const paid = await first.browser.post(firstCheckout!, { cardName: "Grace", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" }, { "x-forwarded-for": newIp() });
    expect(paid.status).toBe(302);
    const mail = await waitForMail(base, "repeat.fixer@example.com", "Your FixiT fixer access code");
    expect(mail.text).toContain("Hi Grace,");

    const afterPaying = await register(details({ email: "repeat.fixer@example.com" }));
    expect(afterPaying.status).toBe(200);
    expect(afterPaying.page).toContain(html("You're already registered"));
    expect(afterPaying.page).toContain('href="/fixer-onboarding"');
    expect(afterPaying.page).not.toMatch(CHECKOUT);
  });

  it("rate-limits registrations per address", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await register(details({ email: `limit${i}@example.com` }), ip)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe("/fixer-onboarding gate", () => {
  it("requires sign-in", async () => {
    const res = await fetch(`${base}/fixer-onboarding`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?from=%2Ffixer-onboarding");
  });

  it("shows the locked gate, refuses a wrong code, unlocks with the right one however typed, and stays unlocked", async () => {
    const { code } = await registerAndPay("gate.fixer@example.com");
    const browser = await newConfirmedUser("gate.account@example.com");
    const locked = await (await browser.get("/fixer-onboarding")).text();
    for (const text of ["Fixer Onboarding Portal", "Access Code", "Unlock Portal", html("Don't have an access code? Complete your registration and payment first")]) expect(locked).toContain(text);
    expect(locked).not.toContain("Complete Your Fixer Profile");

    const wrong = await unlock(browser, "FIX-2222-3333-4444");
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("Invalid Code");
    expect(wrongPage).toContain("Please enter the correct fixer access code");

    const right = await unlock(browser, ` ${code.toLowerCase().replace(/-/g, " ")} `);
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("Access Granted! Welcome to the Fixer Onboarding Portal.");
    const form = await (await browser.get("/fixer-onboarding")).text();
    for (const text of ["Complete Your Fixer Profile", "Access Granted", "Qualifications &amp; Certifications", "Expertise &amp; Skills", "Insurance Information", "Complete Fixer Registration", "right to work in the UK", "10 MB"]) {
      expect(form).toContain(text);
    }
  });

  it("refuses a code already linked to another account like a wrong one", async () => {
    const { code } = await registerAndPay("shared.fixer@example.com");
    const owner = await newConfirmedUser("owner.account@example.com");
    expect((await unlock(owner, code)).status).toBe(200);
    const other = await newConfirmedUser("other.account@example.com");
    const res = await unlock(other, code);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter the correct fixer access code");
    expect(await (await other.get("/fixer-onboarding")).text()).toContain("Unlock Portal");
    // The owner can enter it again.
    expect((await unlock(owner, code)).status).toBe(200);
  });

  it("rate-limits code checks per account", async () => {
    const browser = await newConfirmedUser("guesser@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await unlock(browser, `FIX-2222-3333-${String(4000 + i)}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe("onboarding submission", () => {
  let fixer: Browser;

  beforeAll(async () => {
    const { code } = await registerAndPay("upload.fixer@example.com");
    fixer = await newConfirmedUser("upload.account@example.com");
    expect((await unlock(fixer, code)).status).toBe(200);
  }, 60_000);

  it("needs an unlocked registration: 'Registration email not found…'", async () => {
    const stranger = await newConfirmedUser("no.registration@example.com");
    const res = await submit(stranger, texts, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(res.status).toBe(400);
    expect(res.body?.message).toBe("Registration email not found. Please complete the initial registration first.");
    const signedOut = await submit(new Browser(base), texts, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(signedOut.status).toBe(401);
  });

  it("refuses missing texts and a missing insurance document, keeping no file", async () => {
    const before = storedDocuments();
    const noText = await submit(fixer, { ...texts, expertise: " <> " }, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(noText.status).toBe(400);
    expect(noText.body?.message).toBe("Please fill in all required fields");
    const noInsurance = await submit(fixer, texts, [{ field: "certifications", name: "cert.pdf", content: makePdf() }]);
    expect(noInsurance.status).toBe(400);
    expect(noInsurance.body?.message).toBe("Please add at least one insurance document.");
    // A register number that is not one (issue 52): refused with what to write, nothing kept.
    const badNumber = await submit(fixer, { ...texts, gasSafeNumber: "call me <maybe>" }, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(badNumber.status).toBe(400);
    expect(badNumber.body?.message).toBe("Write the number as it is on the certificate: numbers, letters, spaces and dashes, up to 20.");
    expect(storedDocuments()).toEqual(before);
  });

  it("checks the type by content: a renamed program fails with 'Failed to upload {file}: {reason}', and the files already stored go too", async () => {
    const before = storedDocuments();
    const res = await submit(fixer, texts, [
      { field: "certifications", name: "real-cert.pdf", content: makePdf("certificate") },
      { field: "insurance", name: "policy.pdf", content: makeExe(), type: "application/pdf" },
    ]);
    expect(res.status).toBe(415);
    expect(res.body?.message).toBe("Failed to upload policy.pdf: Please upload a PDF, DOC, or DOCX file.");
    expect(storedDocuments()).toEqual(before);
    const txt = await submit(fixer, texts, [{ field: "insurance", name: "notes.txt", content: Buffer.from("hello") }]);
    expect(txt.status).toBe(415);
    expect(txt.body?.message).toBe("Failed to upload notes.txt: Please upload a PDF, DOC, or DOCX file.");
  });

  it("enforces 10 MB per file and 5 files per section", async () => {
    const before = storedDocuments();
    const big = Buffer.concat([makePdf(), Buffer.alloc(10 * 1024 * 1024 + 1 - makePdf().length, 0x20)]);
    const tooBig = await submit(fixer, texts, [
      { field: "certifications", name: "ok.pdf", content: makePdf() },
      { field: "insurance", name: "big.pdf", content: big },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body?.message).toBe("Failed to upload big.pdf: Please upload a file smaller than 10MB.");
    const six = Array.from({ length: 6 }, (_, i) => ({ field: "portfolio", name: `job-${i}.pdf`, content: makePdf(`job ${i}`) }));
    const tooMany = await submit(fixer, texts, [...six, { field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body?.message).toBe("You can add at most 5 files to Expertise & Skills.");
    expect(storedDocuments()).toEqual(before);
    // The portal still offers the form: nothing was written.
    expect(await (await fixer.get("/fixer-onboarding")).text()).toContain("Complete Fixer Registration");
  });

  it("stores a complete application: pending, documents in private storage, onboarding_completed, a receipt; then no second one", async () => {
    const before = storedDocuments().length;
    // With the vetting evidence (issue 52): photo ID, a share code, a Gas Safe number, a DBS certificate and its number.
    const numbers = { rightToWorkShareCode: "w7x 3kp 9qz", gasSafeNumber: "123456", electricalNumber: "", dbsNumber: "001234567890" };
    const res = await submit(fixer, { ...texts, ...numbers }, [
      { field: "certifications", name: "Gas Safe (2026).pdf", content: makePdf("Gas Safe certificate") },
      { field: "insurance", name: "policy.docx", content: makeDocx("Public liability policy") },
      { field: "identity", name: "passport.pdf", content: makePdf("Passport") },
      { field: "dbs", name: "dbs.pdf", content: makePdf("Enhanced DBS") },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      title: "Application Submitted!",
      description: "Thank you for completing your fixer profile. We'll review your application and get back to you within 24 hours.",
    });
    const files = storedDocuments();
    expect(files.length).toBe(before + 4);
    expect(files.some((f) => /fixer-documents\/identity\/\d+-[0-9a-f]+-passport\.pdf$/.test(f))).toBe(true);
    expect(files.some((f) => /fixer-documents\/dbs\/\d+-[0-9a-f]+-dbs\.pdf$/.test(f))).toBe(true);
    expect(files.some((f) => /fixer-documents\/certifications\/\d+-[0-9a-f]+-Gas_Safe__2026_\.pdf$/.test(f))).toBe(true);
    expect(files.some((f) => /fixer-documents\/insurance\/\d+-[0-9a-f]+-policy\.docx$/.test(f))).toBe(true);

    const receipt = await waitForMail(base, "upload.fixer@example.com", "We received your FixiT fixer application");
    expect(receipt.text).toContain("within 24 hours");

    const data = await exported(fixer);
    expect(data.fixer.registrations).toMatchObject([{ email: "upload.fixer@example.com", onboardingCompleted: true }]);
    expect(JSON.stringify(data)).not.toMatch(/accessCodeHash|access_code_hash/);
    expect(data.fixer.applications).toMatchObject([
      { status: "pending", qualifications: texts.qualifications, rightToWorkShareCode: "W7X 3KP 9QZ", gasSafeNumber: "123456", electricalNumber: null, dbsNumber: "001234567890" },
    ]);
    expect(data.fixer.applications[0]!.documents).toHaveLength(4);

    const portal = await (await fixer.get("/fixer-onboarding?submitted=1")).text();
    expect(portal).toContain("Application Submitted!");
    expect(portal).toContain("Under review");
    expect(portal).not.toContain("Complete Fixer Registration");
    const account = await (await fixer.get("/account")).text();
    expect(account).toContain("Under review");
    expect(account).toContain("upload.fixer@example.com");

    const again = await submit(fixer, texts, [{ field: "insurance", name: "policy.pdf", content: makePdf() }]);
    expect(again.status).toBe(409);
  });

  it("serves a document to its owner only: another account and a signed-out visitor cannot reach it", async () => {
    const portal = await (await fixer.get("/fixer-onboarding")).text();
    const links = [...portal.matchAll(/href="(\/fixer-onboarding\/documents\/\d+)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(4); // the certificate, the policy, the photo ID and the DBS certificate sent above
    const own = await fixer.get(links[0]!);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toBe(`attachment; filename="Gas_Safe__2026_.pdf"; filename*=UTF-8''Gas_Safe__2026_.pdf`);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await own.arrayBuffer()).equals(makePdf("Gas Safe certificate"))).toBe(true);

    const other = await newConfirmedUser("nosy.account@example.com");
    for (const link of links) expect((await other.get(link)).status, link).toBe(404);
    for (const link of links) {
      const res = await fetch(`${base}${link}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toContain("/auth?from=");
    }
    expect((await fixer.get("/fixer-onboarding/documents/999999")).status).toBe(404);
    // One spelling per document (issue 48): a leading zero, a hex or an exponent is no id.
    const ownId = /\/(\d+)$/.exec(links[0]!)![1]!;
    for (const id of [`0${ownId}`, `0x${Number(ownId).toString(16)}`, `${ownId}e0`]) expect((await fixer.get(`/fixer-onboarding/documents/${id}`)).status, id).toBe(404);
  });

  it("takes the form without JavaScript too (multipart POST to the page)", async () => {
    const { code } = await registerAndPay("nojs.fixer@example.com");
    const browser = await newConfirmedUser("nojs.account@example.com");
    expect((await unlock(browser, code)).status).toBe(200);
    const res = await submit(browser, texts, [{ field: "insurance", name: "policy.pdf", content: makePdf() }], "/fixer-onboarding");
    expect(res.status).toBe(303);
    expect(res.location).toBe("/fixer-onboarding?submitted=1");
    expect(await (await browser.get("/fixer-onboarding?submitted=1")).text()).toContain("Application Submitted!");
  });
});

describe("My Account", () => {
  it("shows the next step for each stage of the journey", async () => {
    const email = "stages@example.com";
    const browser = await newConfirmedUser(email);
    expect(await (await browser.get("/account")).text()).toContain("You have not registered as a fixer yet");
    const { code } = await registerAndPay(email);
    const paid = await (await browser.get("/account")).text();
    expect(paid).toContain("Paid");
    expect(paid).toContain("Enter your access code");
    expect((await unlock(browser, code)).status).toBe(200);
    expect(await (await browser.get("/account")).text()).toContain("Complete your profile");
  });
});

describe("resubmitting after staff asked for changes", () => {
  let reviewerBrowser: Browser | undefined;
  const reviewer = async () => (reviewerBrowser ??= await newConfirmedUser("reviewer@example.com"));
  it("prefills the answers, keeps the documents (each removable), shows the note, and takes the form again", async () => {
    const { code } = await registerAndPay("again.fixer@example.com");
    const fixer = await newConfirmedUser("again.account@example.com");
    // Paid but not yet unlocked: the indicator already marks Payment done (for the account with the registration's email).
    const payer = await newConfirmedUser("again.fixer@example.com");
    expect(await (await payer.get("/fixer-onboarding")).text()).toContain("Payment<span class=\"sr-only\"> (done)");
    expect((await unlock(fixer, code)).status).toBe(200);
    const first = await submit(fixer, texts, [
      { field: "certifications", name: "gas-safe.pdf", content: makePdf("Gas Safe again") },
      { field: "insurance", name: "old-policy.pdf", content: makePdf("Old policy") },
    ]);
    expect(first.status).toBe(200);
    const application = (await exported(fixer)).fixer.applications[0] as unknown as { id: number };

    const note = "Please add your new insurance schedule; the one you sent expired in May.";
    expect((await (await reviewer()).post(`/staff/onboarding/${application.id}`, { intent: "review", decision: "changes_requested", note }, { origin: base })).status).toBe(200);

    const page = await (await fixer.get("/fixer-onboarding")).text();
    expect(page).toContain("Complete Fixer Registration");
    expect(page).toContain(html(note));
    expect(page).toContain(html(texts.qualifications));
    expect(page).toContain(html(texts.insurance));
    expect(page).toContain("Add files");
    expect(page).toContain("gas-safe.pdf");
    expect(page).toContain("old-policy.pdf");
    expect(page).toContain(html("Remove old-policy.pdf"));
    const kept = [...page.matchAll(/name="keep" value="(\d+)"/g)].map((m) => m[1]!);
    expect(kept).toHaveLength(2);

    // Keep the certificate, drop the old policy, add a new one; an id not from this application is ignored.
    const [certificateId] = kept;
    const again = await submit(fixer, { ...texts, insurance: "Public liability £5m, policy PL-999", keep: certificateId! }, [
      { field: "insurance", name: "new-policy.pdf", content: makePdf("New policy") },
    ]);
    expect(again.status, again.text).toBe(200);
    const latest = (await exported(fixer)).fixer.applications.find((a) => a.status === "pending") as unknown as { documents: { name: string }[] };
    expect(latest.documents.map((d) => d.name).sort()).toEqual(["gas-safe.pdf", "new-policy.pdf"]);
    const status = await (await fixer.get("/fixer-onboarding")).text();
    const links = [...status.matchAll(/href="(\/fixer-onboarding\/documents\/\d+)"[^>]*>gas-safe\.pdf/g)].map((m) => m[1]!);
    expect(links).toHaveLength(1);
    const file = await fixer.get(links[0]!);
    expect(Buffer.from(await file.arrayBuffer()).equals(makePdf("Gas Safe again"))).toBe(true);
  });

  it("needs an insurance document, kept or new, when resubmitting", async () => {
    const { code } = await registerAndPay("third.fixer@example.com");
    const fixer = await newConfirmedUser("third.account@example.com");
    expect((await unlock(fixer, code)).status).toBe(200);
    expect((await submit(fixer, texts, [{ field: "insurance", name: "policy.pdf", content: makePdf("Policy") }])).status).toBe(200);
    const application = (await exported(fixer)).fixer.applications[0] as unknown as { id: number };
    expect((await (await reviewer()).post(`/staff/onboarding/${application.id}`, { intent: "review", decision: "changes_requested", note: "Please tell us more about your expertise." }, { origin: base })).status).toBe(200);
    const page = await (await fixer.get("/fixer-onboarding")).text();
    const [insuranceId] = [...page.matchAll(/name="keep" value="(\d+)"/g)].map((m) => m[1]!);
    const without = await submit(fixer, texts, []);
    expect(without.status).toBe(400);
    expect(without.body?.message).toBe("Please add at least one insurance document.");
    const kept = await submit(fixer, { ...texts, keep: insuranceId! }, []);
    expect(kept.status).toBe(200);
  });
});
