import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { emergencyRequests } from "#server/db/schema/emergency.ts";
import { setEmergencyService, setOnCallNow } from "~/features/emergency/on-call.server";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The customer's emergency request (issue 51, item 2; decision 081) over real HTTP against the
 * production build: before sending, the published rate range, the up-front call-out (first hour at
 * the on-call fixers' rates plus the 5% fee) and how many fixers are on call near the postcode;
 * nobody on call → said before sending, a send refused with nothing stored, the normal job form
 * offered filled in; gas → the gas emergency number first; a signed-out visitor keeps what they
 * typed through sign-up; hostile input → 4xx with a clear message, nothing stored.
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}`;
let customer: Browser;

/** A page's text as read: tags and React's text separators gone, entities decoded. */
function textOf(page: string): string {
  return page
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function signUp(browser: Browser, email: string, fullName: string) {
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType: "customer" }, { "x-forwarded-for": newIp(), origin: base });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
}

async function onCallPlumber(first: string, ratePence: number) {
  const db = server.services.db;
  const fixer = await createApprovedFixer(db, { first, last: "Oncall", services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  await setEmergencyService(db, fixer.id, { service: "plumbing", takeCalls: true, ratePence });
  await setOnCallNow(db, fixer.id, true, new Date());
}

async function send(browser: Browser | null, fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  photos.forEach((content, i) => form.append("photos", new Blob([new Uint8Array(content)], { type: "image/jpeg" }), `leak-${i}.jpg`));
  const res = await fetch(`${base}/emergency`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { accept: "text/html", origin: base, "x-forwarded-for": newIp(), ...(browser ? { cookie: browser.cookieHeader() } : {}) },
  });
  browser?.store(res);
  return { res, text: await res.text() };
}

const stored = async () => (await server.services.db.select({ n: count() }).from(emergencyRequests))[0]!.n;
const burst = "A pipe under the kitchen sink has burst and water is pouring out.";
const good = (extra: Record<string, string> = {}) => ({ intent: "send", service: "plumbing", postcode: "sw1a 1aa", description: burst, ...extra });

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  customer = new Browser(base);
  await signUp(customer, "erin.emergency@example.com", "Erin Emergency");
  // Two plumbers on call covering SW1 (£75 and £80 an hour); no electrician or handyman on call anywhere.
  await onCallPlumber("Pia", 7500);
  await onCallPlumber("Pat", 8000);
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("/emergency before sending", () => {
  it("shows the published range, the up-front call-out from the on-call fixers' rates and how many are on call near SW1A 1AA", async () => {
    const res = await customer.get("/emergency?service=plumbing&postcode=SW1A%201AA");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = textOf(await res.text());
    expect(text).toContain("2 fixers are on call near you (SW1) right now.");
    expect(text).toContain("Plumbing emergency rates on FixiT: £65–£85 an hour.");
    // First hour £75 + 5% (£3.75) = £78.75; £80 + £4 = £84.
    expect(text).toContain("You pay £78.75 to £84 up front: a call-out covering the first hour at the fixer's emergency rate, plus FixiT's 5% service fee.");
    expect(text).toContain("Nothing is charged when you send this request");

    // The same answer as the page asks for it while the customer types.
    const json = await (await fetch(`${base}/emergency/on-call?service=plumbing&postcode=SW1A1AA`)).json();
    expect(json).toMatchObject({ onCall: 2, district: "SW1", upFront: { minPence: 7875, maxPence: 8400 } });
    // Without JavaScript, "Check who is on call" asks the server and keeps what was typed.
    const checked = await send(customer, { intent: "check", service: "plumbing", postcode: "SW1A 1AA", description: "Water everywhere" });
    expect(checked.res.status).toBe(200);
    expect(textOf(checked.text)).toContain("2 fixers are on call near you (SW1) right now.");
    expect(checked.text).toContain("Water everywhere");
  });

  it("is pointed to from the job form", async () => {
    const page = await (await fetch(`${base}/request`)).text();
    expect(textOf(page)).toContain("An emergency with plumbing, electrics or a repair that cannot wait? Ask for help now: see who is on call near you");
    expect(page).toContain('href="/emergency"');
  });

  it("opens for a signed-out visitor without the on-call answer until a service and postcode are chosen", async () => {
    const res = await fetch(`${base}/emergency`);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain("Ask for help now");
    expect(text).toContain("keep what you typed and your photos");
    expect(text).not.toContain("on call near you (");
  });
});

describe("nobody on call", () => {
  it("says so before sending, refuses a send with nothing stored, and offers the normal job form filled in", async () => {
    const page = textOf(await (await customer.get("/emergency?service=electrical&postcode=SW1A%201AA")).text());
    expect(page).toContain("Nobody is on call for electrical emergencies near you (SW1) right now, so this request cannot be sent and you will not be charged.");
    expect(page).toContain("Electrical emergency rates on FixiT: £70–£90 an hour.");
    expect(page).toContain("Post it as a normal job instead");
    expect(page).not.toContain("Send emergency request");

    const before = await stored();
    const refused = await send(customer, good({ service: "electrical", description: "No power in the whole house since the storm." }));
    expect(refused.res.status).toBe(409);
    expect(textOf(refused.text)).toContain("Nobody is on call for this service near you right now, so your request was not sent and nothing was charged.");
    expect(refused.text).toContain("No power in the whole house since the storm.");
    expect(await stored()).toBe(before);

    // "Post it as a normal job instead": the job form opens with what was typed.
    const job = await send(customer, good({ intent: "job", service: "electrical", description: "No power in the whole house since the storm." }));
    expect(job.res.status).toBe(302);
    expect(job.res.headers.get("location")).toBe("/request");
    const form = await (await customer.get("/request")).text();
    expect(form).toMatch(/<option value="electrical" selected="">Electrical<\/option>/);
    expect(form).toContain('value="SW1A 1AA"');
    expect(form).toContain("No power in the whole house since the storm.");
    expect(form).toMatch(/<input(?=[^>]*name="timing")(?=[^>]*value="asap")(?=[^>]*checked="")[^>]*>/);
    expect(await stored()).toBe(before);
  });
});

describe("sending", () => {
  it("stores the request and shows its page: offered to the fixers on call (decision 082), nothing charged", async () => {
    const before = await stored();
    const { res } = await send(customer, good());
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/account\/emergencies\/\d+$/);
    expect(await stored()).toBe(before + 1);
    const [row] = await server.services.db.select().from(emergencyRequests).where(eq(emergencyRequests.id, Number(location.split("/").pop())));
    expect(row).toMatchObject({ service: "plumbing", postcode: "SW1A 1AA", district: "SW1", description: burst, status: "open", onCallAtSend: 2 });
    const page = textOf(await (await customer.get(location)).text());
    // Both plumbers on call are offered it in the send (round 1 takes three).
    expect(page).toContain("Status: Offering to 2 fixers on call near you");
    expect(page).toContain("Round 1 of up to 4");
    expect(page).toContain("Nothing has been charged.");
    expect(page).toContain(burst);
    // Someone else's request is not found.
    const other = new Browser(base);
    await signUp(other, "olly.other@example.com", "Olly Other");
    expect((await other.get(location)).status).toBe(404);
    expect((await new Browser(base).get(location)).status).toBe(302);
  });

  it("shows the gas emergency number first when the description mentions gas: on the refused form, the checked form and the request's page", async () => {
    const gas = "I can smell gas in the kitchen and the pipe by the boiler is leaking.";
    const first = (page: string) => {
      // Above the page's heading, before anything else in the page's content.
      const number = page.indexOf("If you smell gas: call 0800 111 999 now");
      expect(number).toBeGreaterThanOrEqual(0);
      expect(number).toBeLessThan(page.indexOf("<h1"));
      expect(page).toContain('href="tel:0800111999"');
    };
    first((await send(customer, { intent: "check", service: "plumbing", postcode: "SW1A 1AA", description: gas })).text);
    first((await send(customer, good({ postcode: "", description: gas }))).text);
    const { res } = await send(customer, good({ description: gas }));
    expect(res.status).toBe(302);
    first(await (await customer.get(res.headers.get("location")!)).text());
    // Without gas, no warning.
    expect(textOf((await send(customer, { intent: "check", service: "plumbing", postcode: "SW1A 1AA", description: burst })).text)).not.toContain("0800 111 999");
  });

  it("keeps a signed-out visitor's answers through sign-up, then sends them", async () => {
    const visitor = new Browser(base);
    const before = await stored();
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
    const kept = await send(visitor, good({ description: "Radiator valve snapped off, water spraying everywhere." }), [photo]);
    expect(kept.res.status).toBe(302);
    expect(kept.res.headers.get("location")).toBe("/auth?from=%2Femergency");
    expect([...visitor.cookies.keys()]).toContain("fixit_draft");
    expect(await stored()).toBe(before);
    await signUp(visitor, "nia.new@example.com", "Nia New");
    const back = await (await visitor.get("/emergency")).text();
    expect(textOf(back)).toContain("We kept what you typed before signing in.");
    expect(back).toContain("Radiator valve snapped off, water spraying everywhere.");
    expect(textOf(back)).toContain("2 fixers are on call near you (SW1) right now.");
    // The photo is kept with the draft, ticked to keep.
    const keepId = /<input[^>]*name="keepPhoto"[^>]*value="([A-Za-z0-9_-]+)"/.exec(back)?.[1];
    expect(keepId).toBeTruthy();
    expect(back).toContain(`src="/request/draft/photos/${keepId}"`);
    const sent = await send(visitor, good({ description: "Radiator valve snapped off, water spraying everywhere.", keepPhoto: keepId! }));
    expect(sent.res.status).toBe(302);
    expect(sent.res.headers.get("location")).toMatch(/^\/account\/emergencies\/\d+$/);
    expect(await stored()).toBe(before + 1);
    const id = Number(sent.res.headers.get("location")!.split("/").pop());
    const [row] = await server.services.db.select().from(emergencyRequests).where(eq(emergencyRequests.id, id));
    expect(row!.photos).toHaveLength(1);
    expect(row!.photos[0]!.storageKey).toMatch(/^emergency-photos\//);
    expect(await server.services.storage.get(row!.photos[0]!.storageKey)).not.toBeNull();
    expect(textOf(await (await visitor.get(`/account/emergencies/${id}`)).text())).toContain("1 photo added");
    // The draft is gone: the form opens empty.
    expect(await (await visitor.get("/emergency")).text()).not.toContain("Radiator valve snapped off");
  });
});

describe("hostile input", () => {
  it("answers 4xx with a clear message and stores nothing", async () => {
    const before = await stored();
    const cases: [string, Record<string, string>, number, string][] = [
      ["NUL in the description", good({ description: "Burst pipe\u0000 in the kitchen, water everywhere" }), 400, "This field contains a character that can't be used."],
      ["CR/LF in the postcode", good({ postcode: "SW1A\r\n1AA" }), 400, "Please keep this on one line (no line breaks)."],
      ["CR/LF in the service", good({ service: "plumbing\r\nX-Injected: 1" }), 400, "Please keep this on one line (no line breaks)."],
      ["10,000 characters", good({ description: "W".repeat(10_000) }), 400, "Please keep what is wrong under 2,000 characters."],
      ["a bad postcode", good({ postcode: "ZZ9 9ZZ" }), 400, "That doesn't look like a full UK postcode."],
      ["a service with no emergency cover", good({ service: "cleaning" }), 400, "Choose plumbing, electrical or handyman: emergency call-outs are for those three."],
      ["an unknown intent", good({ intent: "pay" }), 400, "The form could not be read."],
      ["a too-short description", good({ description: "help" }), 400, "Please tell us what is wrong in at least 10 characters."],
    ];
    for (const [name, fields, status, message] of cases) {
      const { res, text } = await send(customer, fields);
      expect(res.status, name).toBe(status);
      expect(textOf(text), name).toContain(message);
    }
    // Broken percent-encoding, in a form body and in the on-call check's query.
    const broken = await fetch(`${base}/emergency`, {
      method: "POST",
      body: "intent=send&service=plumbing&postcode=SW1A%201AA&description=%E0%A4%A%ZZ",
      redirect: "manual",
      headers: { accept: "text/html", origin: base, "content-type": "application/x-www-form-urlencoded", cookie: customer.cookieHeader(), "x-forwarded-for": newIp() },
    });
    expect(broken.status).toBe(400);
    expect(textOf(await broken.text())).toContain("The form could not be read. Please try again.");
    const query = await fetch(`${base}/emergency/on-call?service=plumbing&postcode=%E0%A4%A`);
    expect(query.status).toBe(400);
    expect((await query.json()).error).toContain("full UK postcode");
    const cleaning = await fetch(`${base}/emergency/on-call?service=cleaning&postcode=SW1A1AA`);
    expect(cleaning.status).toBe(400);
    expect(await stored()).toBe(before);
  });
});
