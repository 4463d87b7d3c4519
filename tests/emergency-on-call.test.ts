import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/auth.ts";
import { emergencyHours, emergencyOverrides, emergencyServices } from "#server/db/schema/emergency.ts";
import { onCallCoverageFor, onCallFixersNear, setEmergencyHours, setEmergencyService, setOnCallNow } from "~/features/emergency/on-call.server";
import { setLeadsDisabled } from "~/features/quotes/reviews.server";
import { createApprovedFixer } from "#tests/helpers/marketplace.ts";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Fixers on call for emergencies (issue 51, item 1; decision 079) over real HTTP against the
 * production build: /fixer/emergency (a service and its rate inside the published range, the weekly
 * hours with an overnight span, "On call now"), who may use it, hostile input (4xx, nothing stored),
 * /staff/on-call for staff only, and `onCallFixersNear` by district, hours and override.
 */

let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const newIp = () => `192.0.2.${(ipCounter = (ipCounter % 250) + 1)}`;

let plumber: Browser;
let plumberId: string;
let sparks: Browser;
let sparksId: string;
let customer: Browser;
let staff: Browser;
let anonymous: Browser;

async function newConfirmedUser(email: string, fullName: string, userType = "customer") {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", { intent: "sign-up", fullName, email, phone: "", password: strong, confirmPassword: strong, userType }, { "x-forwarded-for": newIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

async function approve(email: string, first: string, last: string, services: string[], areas: string[]) {
  const db = server.services.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await createApprovedFixer(db, { user: { id: user!.id, email, name: `${first} ${last}` }, first, last, services, areas, publicFixerData: server.services.publicFixerData });
  return user!.id;
}

/** Everything stored for a fixer: what "nothing stored" compares. */
async function storedFor(fixerUserId: string) {
  const db = server.services.db;
  const [services, hours, overrides] = await Promise.all([
    db.select().from(emergencyServices).where(eq(emergencyServices.fixerUserId, fixerUserId)),
    db.select().from(emergencyHours).where(eq(emergencyHours.fixerUserId, fixerUserId)),
    db.select().from(emergencyOverrides).where(eq(emergencyOverrides.fixerUserId, fixerUserId)),
  ]);
  return JSON.stringify({ services: services.map((s) => [s.service, s.ratePence]), hours: hours.map((h) => [h.weekday, h.startMinute, h.endMinute]).sort(), overrides: overrides.map((o) => [o.onCall, o.until.toISOString()]) });
}

const page = async (browser: Browser, path = "/fixer/emergency") => (await browser.get(path)).text();
const serviceForm = (extra: Record<string, string> = {}) => ({ intent: "service", service: "plumbing", rate: "75", takeCalls: "on", ...extra });
const hoursForm = (extra: Record<string, string> = {}) => ({ intent: "hours", mondayStart: "18:00", mondayEnd: "08:00", fridayStart: "18:00", fridayEnd: "23:00", ...extra });

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
  anonymous = new Browser(base);
  [plumber, sparks, customer, staff] = await Promise.all([
    newConfirmedUser("pia.pipes@example.com", "Pia Pipes", "fixer"),
    newConfirmedUser("sol.sparks@example.com", "Sol Sparks", "fixer"),
    newConfirmedUser("cai.customer@example.com", "Cai Customer"),
    newConfirmedUser("oncall.staff@example.com", "Oli Staff"),
  ]);
  // The plumber also cleans (no emergency cover for cleaning); the electrician covers M only.
  plumberId = await approve("pia.pipes@example.com", "Pia", "Pipes", ["plumbing", "cleaning"], ["SW1"]);
  sparksId = await approve("sol.sparks@example.com", "Sol", "Sparks", ["electrical"], ["M"]);
  await server.services.db.update(users).set({ role: "staff" }).where(eq(users.email, "oncall.staff@example.com"));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("/fixer/emergency for the fixer", () => {
  it("is linked from the dashboard and offers only the emergency services the fixer covers, with each published range", async () => {
    expect(await page(plumber, "/fixer")).toContain('href="/fixer/emergency"');
    const text = await page(plumber);
    expect(text).toContain(html("Plumbing emergency rate (£ per hour)"));
    expect(text).toContain(html("Published range: £65–£85 an hour."));
    expect(text).not.toContain(html("Electrical emergency rate"));
    expect(text).not.toContain(html("Cleaning emergency rate"));
    expect(text).toContain(html("You are off call"));
  });

  it("saves a rate inside the range, and refuses one outside it with the range, storing nothing", async () => {
    const saved = await plumber.post("/fixer/emergency", serviceForm());
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/fixer/emergency");
    expect(await storedFor(plumberId)).toContain('["plumbing",7500]');
    const before = await storedFor(plumberId);
    for (const rate of ["40", "85.01", "120", "-70", "abc", "75.999", "1e2", ""]) {
      const res = await plumber.post("/fixer/emergency", serviceForm({ rate }));
      expect(res.status, rate).toBe(400);
      expect(await res.text()).toContain(html("Plumbing emergency rates are £65–£85 an hour"));
    }
    expect(await storedFor(plumberId)).toBe(before);
    expect(await page(plumber)).toContain('value="75"');
  });

  it("refuses a service the fixer does not cover (403) and one with no emergency cover (400)", async () => {
    const before = await storedFor(plumberId);
    const electrical = await plumber.post("/fixer/emergency", serviceForm({ service: "electrical", rate: "80" }));
    expect(electrical.status).toBe(403);
    expect(await electrical.text()).toContain(html("You don't offer Electrical work, so you can't be on call for it."));
    const cleaning = await plumber.post("/fixer/emergency", serviceForm({ service: "cleaning", rate: "20" }));
    expect(cleaning.status).toBe(400);
    expect(await cleaning.text()).toContain(html("Choose plumbing, electrical or handyman work."));
    expect(await storedFor(plumberId)).toBe(before);
  });

  it("saves weekly hours with an overnight span, and refuses overlaps, half-filled days and broken times", async () => {
    const saved = await plumber.post("/fixer/emergency", hoursForm());
    expect(saved.status).toBe(303);
    const before = await storedFor(plumberId);
    expect(before).toContain("[1,1080,480]");
    expect(before).toContain("[5,1080,1380]");
    const refusals: [Record<string, string>, string][] = [
      [{ tuesdayStart: "06:00", tuesdayEnd: "10:00" }, "Monday's hours (18:00–08:00) overlap Tuesday's (06:00–10:00)"],
      [{ wednesdayStart: "09:00", wednesdayEnd: "" }, "Enter both a start and an end time for Wednesday, or leave both empty."],
      [{ mondayStart: "25:00" }, "Enter a time like 18:00."],
      [{ mondayEnd: "8pm" }, "Enter a time like 18:00."],
    ];
    for (const [extra, message] of refusals) {
      const res = await plumber.post("/fixer/emergency", hoursForm(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(await res.text()).toContain(html(message));
    }
    expect(await storedFor(plumberId)).toBe(before);
    const text = await page(plumber);
    expect(text).toContain('name="mondayStart" value="18:00"');
    expect(text).toContain('name="mondayEnd" value="08:00"');
  });

  it("taps On call now and states it until the next scheduled change", async () => {
    const res = await plumber.post("/fixer/emergency", { intent: "on-call-now" });
    expect(res.status).toBe(303);
    expect(await page(plumber)).toMatch(/You are on call now until (\d\d:\d\d|[A-Z][a-z]+day \d\d:\d\d)/);
    const [override] = await server.services.db.select().from(emergencyOverrides).where(eq(emergencyOverrides.fixerUserId, plumberId));
    expect(override?.onCall).toBe(true);
    expect(override!.until.getTime()).toBeGreaterThan(Date.now());
    expect(override!.until.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
  });

  it("refuses On call now before any service is chosen (409), storing nothing", async () => {
    const before = await storedFor(sparksId);
    const res = await sparks.post("/fixer/emergency", { intent: "on-call-now" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(html("Choose a service and your emergency rate first"));
    expect(await storedFor(sparksId)).toBe(before);
  });
});

describe("who may use it", () => {
  it("sends a signed-out visitor to sign in, GET or POST, and stores nothing", async () => {
    const get = await anonymous.get("/fixer/emergency");
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/auth?from=%2Ffixer%2Femergency");
    const before = await storedFor(plumberId);
    const post = await anonymous.post("/fixer/emergency", serviceForm({ rate: "70" }));
    expect(post.headers.get("location")).toMatch(/^\/auth\?from=/);
    expect(await storedFor(plumberId)).toBe(before);
  });

  it("refuses a customer with 403 and the reason", async () => {
    const get = await customer.get("/fixer/emergency");
    expect(get.status).toBe(403);
    expect(await get.text()).toContain(html("Emergency call-outs are for approved fixers."));
    const post = await customer.post("/fixer/emergency", { intent: "on-call-now" });
    expect(post.status).toBe(403);
    expect(await post.text()).toContain(html("Emergency call-outs are for approved fixers."));
  });

  it("never touches another fixer's data: a forged fixer id is ignored, another's service refused", async () => {
    const before = await storedFor(plumberId);
    const forged = await sparks.post("/fixer/emergency", { ...hoursForm({ mondayStart: "09:00", mondayEnd: "17:00", fridayStart: "", fridayEnd: "" }), fixerUserId: plumberId, userId: plumberId });
    expect(forged.status).toBe(303);
    expect(await storedFor(sparksId)).toContain("[1,540,1020]");
    const theirs = await sparks.post("/fixer/emergency", { ...serviceForm(), fixerUserId: plumberId });
    expect(theirs.status).toBe(403);
    expect(await storedFor(plumberId)).toBe(before);
  });

  it("answers hostile input with 4xx and stores nothing", async () => {
    const before = await storedFor(plumberId);
    const long = "7".repeat(10_000);
    const cases: Record<string, string>[] = [
      serviceForm({ rate: "75\u0000" }),
      serviceForm({ rate: "75\r\n" }),
      serviceForm({ rate: long }),
      serviceForm({ service: long }),
      serviceForm({ service: "plumbing\u0000" }),
      serviceForm({ takeCalls: "yes please" }),
      hoursForm({ mondayStart: "18:00\r\nSet-Cookie: x=y" }),
      hoursForm({ tuesdayStart: "0".repeat(10_000), tuesdayEnd: "08:00" }),
      hoursForm({ mondayStart: "\u0000" }),
      { intent: "drop-tables" },
      { intent: "x".repeat(10_000) },
      {},
    ];
    for (const form of cases) {
      const res = await plumber.post("/fixer/emergency", form);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500);
    }
    const broken = await fetch(new URL("/fixer/emergency", base), {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { cookie: plumber.cookieHeader(), "content-type": "multipart/form-data", accept: "text/html" },
      redirect: "manual",
    });
    expect(broken.status).toBe(400);
    expect(await storedFor(plumberId)).toBe(before);
  });
});

describe("/staff/on-call", () => {
  it("is refused to non-staff as the other staff pages are", async () => {
    expect((await customer.get("/staff/on-call")).status).toBe(403);
    expect((await plumber.get("/staff/on-call")).status).toBe(403);
    const signedOut = await anonymous.get("/staff/on-call");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/auth?from=%2Fstaff%2Fon-call");
  });

  it("shows staff the fixer on call now by district and service, filtered, and is in the navigation", async () => {
    const res = await staff.get("/staff/on-call");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('href="/staff/on-call"');
    expect(text).toContain(html("Pia P."));
    expect(text).toContain(html("SW1"));
    expect(text).toContain(html("£75.00"));
    expect(text).not.toContain(html("Sol S."));
    expect(await (await staff.get("/staff/on-call?service=plumbing&district=sw1")).text()).toContain(html("Pia P."));
    expect(await (await staff.get("/staff/on-call?district=SW")).text()).toContain(html("Pia P."));
    const elsewhere = await (await staff.get("/staff/on-call?district=M1")).text();
    expect(elsewhere).not.toContain(html("Pia P."));
    expect(elsewhere).toContain(html("Nobody is on call for these choices right now."));
    expect(await (await staff.get("/staff/on-call?service=electrical")).text()).not.toContain(html("Pia P."));
    // Keyset pages: after Pia's own row there is nobody; after a row before hers, she is there.
    expect(await (await staff.get(`/staff/on-call?after=${encodeURIComponent(`SW1~plumbing~${plumberId}`)}`)).text()).not.toContain(html("Pia P."));
    expect(await (await staff.get(`/staff/on-call?after=${encodeURIComponent("SW1~electrical~zzz")}`)).text()).toContain(html("Pia P."));
    expect(await (await staff.get(`/staff/on-call?after=${encodeURIComponent("SW1~plumbing~0")}&service=plumbing`)).text()).toContain(html("Pia P."));
    // Hostile query values are ignored or answered, never a 500.
    for (const q of ["?after=%00", "?district=%0d%0a", `?service=${"x".repeat(5000)}`, "?after=SW1~plumbing~'--"]) expect((await staff.get(`/staff/on-call${q}`)).status).toBe(200);
  });
});

describe("onCallFixersNear", () => {
  // Monday 4 January 2027 (GMT): far past any override tapped while the test runs.
  const mondayEvening = new Date("2027-01-04T20:00:00Z");
  const tuesdayNoon = new Date("2027-01-05T12:00:00Z");
  const names = async (service: string, district: string, at: Date) => (await onCallFixersNear(server.services.db, { service, district, at })).map((f) => f.displayName);

  it("finds the fixer in their district during their hours, not elsewhere, off call or for another service", async () => {
    expect(await names("plumbing", "SW1", mondayEvening)).toEqual(["Pia P."]);
    expect(await names("plumbing", "SW1A 1AA", new Date("2027-01-05T07:59:00Z"))).toEqual(["Pia P."]);
    expect(await onCallFixersNear(server.services.db, { service: "plumbing", district: "SW1", at: mondayEvening })).toEqual([{ fixerUserId: plumberId, displayName: "Pia P.", ratePence: 7500, nearness: 0 }]);
    expect(await names("plumbing", "M1", mondayEvening)).toEqual([]);
    expect(await names("plumbing", "SW1", tuesdayNoon)).toEqual([]);
    expect(await names("electrical", "SW1", mondayEvening)).toEqual([]);
    expect(await names("plumbing", "not a place", mondayEvening)).toEqual([]);
  });

  it("follows the override until it expires, and leaves out a fixer whose leads are paused", async () => {
    const db = server.services.db;
    // The electrician opts in with hours 09:00–17:00 on Mondays and taps "Off now" at 10:00.
    await setEmergencyService(db, sparksId, { service: "electrical", takeCalls: true, ratePence: 8000 });
    await setEmergencyHours(db, sparksId, [{ weekday: 1, startMinute: 540, endMinute: 1020 }], new Date("2027-01-04T09:00:00Z"));
    expect(await names("electrical", "M4", new Date("2027-01-04T10:00:00Z"))).toEqual(["Sol S."]);
    await setOnCallNow(db, sparksId, false, new Date("2027-01-04T10:00:00Z"));
    expect(await names("electrical", "M4", new Date("2027-01-04T10:30:00Z"))).toEqual([]);
    // Expired at 17:00; next Monday the hours hold again.
    expect(await names("electrical", "M4", new Date("2027-01-11T10:00:00Z"))).toEqual(["Sol S."]);
    // "On call now" on Tuesday outside the hours: on until the cap (12 hours), off after.
    await setOnCallNow(db, sparksId, true, new Date("2027-01-05T20:00:00Z"));
    expect(await names("electrical", "M4", new Date("2027-01-06T07:59:00Z"))).toEqual(["Sol S."]);
    expect(await names("electrical", "M4", new Date("2027-01-06T08:01:00Z"))).toEqual([]);
    await setLeadsDisabled({ db, publicUrl: base }, { userId: null, email: "staff@fixit.test" }, sparksId, true, "Paused for the test");
    expect(await names("electrical", "M4", new Date("2027-01-11T10:00:00Z"))).toEqual([]);
  });
});

describe("true words on the public pages (decision 079, issue 51)", () => {
  it("claims no 24/7 emergency cover anywhere, and describes the call-out as it works", async () => {
    for (const path of ["/", "/categories", "/categories/plumbing", "/categories/electrical", "/help"]) {
      const text = await (await anonymous.get(path)).text();
      expect(text, path).not.toMatch(/24\/7 emergency|emergency cover|around the clock|on the way/i);
    }
    expect(await (await anonymous.get("/")).text()).toContain("pay nothing if nobody accepts");
    const help = await (await anonymous.get("/help")).text();
    expect(help).toContain(html("Call-outs reach only the fixers on call at the time: not every area, and not at every hour."));
  });

  it("says on each emergency service's page who is on call now, or that nobody is, and nothing on the others", async () => {
    // The plumber tapped "On call now" above (SW1); the electrician's leads are paused; nobody does handyman work.
    const plumbing = await (await anonymous.get("/categories/plumbing")).text();
    expect(plumbing).toContain("On call in the last few minutes: 1 plumber covering SW1.");
    expect(plumbing).toContain('href="/emergency?service=plumbing"');
    expect(plumbing).toContain("0800 111 999");
    const electrical = await (await anonymous.get("/categories/electrical")).text();
    expect(electrical).toContain("Nobody is on call for emergency electrical right now.");
    expect(electrical).not.toContain('href="/emergency?service=electrical"');
    expect(await (await anonymous.get("/categories/cleaning")).text()).not.toContain("Emergency call-outs");
  });

  it("counts on-call fixers and their areas from the hours and overrides, as onCallFixersNear does", async () => {
    const db = server.services.db;
    expect(await onCallCoverageFor(db, "plumbing", new Date("2027-01-04T20:00:00Z"))).toEqual({ fixers: 1, areas: 1, firstAreas: ["SW1"] });
    expect(await onCallCoverageFor(db, "plumbing", new Date("2027-01-05T12:00:00Z"))).toEqual({ fixers: 0, areas: 0, firstAreas: [] });
    expect(await onCallCoverageFor(db, "electrical", new Date("2027-01-04T20:00:00Z"))).toEqual({ fixers: 0, areas: 0, firstAreas: [] });
  });
});
