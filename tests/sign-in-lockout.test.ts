import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "#server/db/schema/rate-limit.ts";
import { failedSignInKeys, failedSignInLimits } from "~/features/auth/limits.server";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Failed sign-ins per account, across addresses (NIST SP 800-63B's cap of 100 consecutive failures):
 * 20 an hour and 100 a day, kept in the database. The caps are reached by seeding the counters (each
 * real attempt is slow, and the per-minute limit allows five): the rows the server itself writes.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
let ipCounter = 0;
const nextIp = () => `10.46.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;
const [HOUR_RULE, DAY_RULE] = failedSignInLimits;

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

async function newConfirmedUser(email: string) {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Ada Lovelace", email, phone: "", password: strong, confirmPassword: strong, userType: "customer" }, { "x-forwarded-for": nextIp() });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
}

/** A sign-in through the page, each from another address (the per-address limit is not what is tested). */
async function signIn(email: string, password = strong) {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-in", email, password }, { "x-forwarded-for": nextIp() });
  return { res, text: await res.text(), signedIn: browser.hasSession() };
}

function signInApi(email: string, password = strong) {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base.replace("127.0.0.1", "localhost"), "x-forwarded-for": nextIp() },
    body: JSON.stringify({ email, password }),
  });
}

/** The account's failed sign-ins in the current hour's and day's window, as the server counted them. */
async function failures(email: string) {
  const rows = await server.services.db
    .select({ key: rateLimitCounters.key, count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.key, failedSignInKeys(email)));
  const [hourKey, dayKey] = failedSignInKeys(email);
  const total = (key: string | undefined) => rows.filter((r) => r.key === key).reduce((sum, r) => sum + r.count, 0);
  return { hour: total(hourKey), day: total(dayKey) };
}

/** Writes `count` failures into the current window of `rule`, as that many failed sign-ins would have. */
async function seedFailures(email: string, rule: (typeof failedSignInLimits)[number], count: number, now = Date.now()) {
  const key = failedSignInKeys(email)[failedSignInLimits.indexOf(rule)]!;
  await server.services.db.insert(rateLimitCounters).values({ key, windowStart: Math.floor(now / rule.windowMs) * rule.windowMs, count });
  return key;
}

const lockedOutText = "Too many failed sign-ins for this account. Try again later, or reset your password with “Forgot your password?”.";

describe("failed sign-ins per account", () => {
  it("counts each wrong password against the account whatever the address, unknown addresses alike; a sign-in starts again from nothing", async () => {
    await newConfirmedUser("counted@example.com");
    expect((await signIn("counted@example.com", "wrong-password-1")).res.status).toBe(401);
    expect((await signInApi("counted@example.com", "wrong-password-2")).status).toBe(401);
    expect(await failures("counted@example.com")).toEqual({ hour: 2, day: 2 });
    // An unknown address is counted the same way, so the answers tell nothing about which accounts exist.
    expect((await signIn("nobody-here@example.com", "wrong-password-1")).res.status).toBe(401);
    expect(await failures("nobody-here@example.com")).toEqual({ hour: 1, day: 1 });

    const good = await signIn("Counted@Example.com");
    expect(good.res.status).toBe(302);
    expect(await failures("counted@example.com")).toEqual({ hour: 0, day: 0 });
  });

  it(`past ${HOUR_RULE.limit} failures in an hour, even the right password is refused (page and API) with the way to reset it, until the window has passed`, async () => {
    await newConfirmedUser("hourly@example.com");
    const key = await seedFailures("hourly@example.com", HOUR_RULE, HOUR_RULE.limit - 1);
    // The twentieth failure is still answered as a wrong password; from then on the account is locked.
    expect((await signIn("hourly@example.com", "wrong-password-20")).res.status).toBe(401);
    const refused = await signIn("hourly@example.com");
    expect(refused.res.status).toBe(429);
    expect(refused.signedIn).toBe(false);
    expect(refused.text).toContain(lockedOutText);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.res.headers.get("retry-after"))).toBeLessThanOrEqual(2 * 3600);

    const api = await signInApi("hourly@example.com");
    expect(api.status).toBe(429);
    const body = (await api.json()) as { message: string; code: string };
    expect(body.code).toBe("TOO_MANY_FAILED_SIGN_INS");
    expect(body.message).toMatch(/^Too many failed sign-ins for this account\. Try again later, or reset your password: http:\/\/\S+\/auth\?view=reset$/);
    // The refusals themselves are not failures: the count stays at the cap.
    expect((await failures("hourly@example.com")).hour).toBe(HOUR_RULE.limit);

    // Two hours on, the window (and the one before it, which the sliding estimate reads) has passed.
    await server.services.db
      .update(rateLimitCounters)
      .set({ windowStart: Math.floor(Date.now() / HOUR_RULE.windowMs) * HOUR_RULE.windowMs - 2 * HOUR_RULE.windowMs })
      .where(eq(rateLimitCounters.key, key));
    expect((await signIn("hourly@example.com")).res.status).toBe(302);
  });

  it(`past ${DAY_RULE.limit} failures in a day, with none in the last hour, the account is locked too`, async () => {
    await newConfirmedUser("daily@example.com");
    await seedFailures("daily@example.com", DAY_RULE, DAY_RULE.limit);
    expect((await failures("daily@example.com")).hour).toBe(0);
    const refused = await signIn("daily@example.com");
    expect(refused.res.status).toBe(429);
    expect(refused.text).toContain(lockedOutText);
    expect((await signInApi("daily@example.com")).status).toBe(429);
    // One short of the cap: allowed.
    await server.services.db.update(rateLimitCounters).set({ count: DAY_RULE.limit - 1 }).where(eq(rateLimitCounters.key, failedSignInKeys("daily@example.com")[1]!));
    expect((await signIn("daily@example.com")).res.status).toBe(302);
  });

  it("the password reset still works for a locked account, and its new password signs in at once", async () => {
    await newConfirmedUser("locked-reset@example.com");
    await seedFailures("locked-reset@example.com", HOUR_RULE, HOUR_RULE.limit);
    expect((await signIn("locked-reset@example.com")).res.status).toBe(429);

    const before = Math.max(0, ...(await mailbox(base, "locked-reset@example.com")).map((m) => m.id));
    const asked = await new Browser(base).post("/auth", { intent: "reset", email: "locked-reset@example.com" }, { "x-forwarded-for": nextIp() });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(base, "locked-reset@example.com", "Reset your FixiT password", before);
    const token = new URL(linkIn(mail, "/reset-password?token=", base)).searchParams.get("token")!;
    const done = await new Browser(base).post("/reset-password", { token, password: "new-lantern-orbit-42", confirmPassword: "new-lantern-orbit-42" }, { "x-forwarded-for": nextIp() });
    expect(done.status).toBe(200);

    expect(await failures("locked-reset@example.com")).toEqual({ hour: 0, day: 0 });
    const again = await signIn("locked-reset@example.com", "new-lantern-orbit-42");
    expect(again.res.status).toBe(302);
    expect(again.signedIn).toBe(true);
  });
});
