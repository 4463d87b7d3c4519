import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/auth.ts";
import { bookings, payoutAccounts, providerOperations, quoteBookingTerms, referralCodes, referrals, testProviderObjects } from "#server/db/schema/bookings.ts";
import { jobs, quotes } from "#server/db/schema/quotes.ts";
import { vipPromotions } from "~/content/prices";
import { cancelByCustomer, confirmDone, markDone, reportProblem, staffDecide } from "~/features/bookings/bookings.server";
import { createBooking } from "~/features/quotes/accept-and-book.server";
import { accountBalance, ACCOUNTS } from "~/features/bookings/ledger.server";
import { recordReferral } from "~/features/bookings/referrals.server";
import { Browser, html, signUpConfirmed } from "./auth-helpers";
import { afterSlot, payBooking, type BookingWorld } from "./helpers/bookings";
import { signedEvent, startFakeStripe, type FakeStripe } from "./helpers/fake-stripe";
import { HOSTILE_ENCODED, HOSTILE_TEXT, MUST_REFUSE_ANYWHERE, MUST_REFUSE_ONE_LINE } from "./helpers/hostile-input";
import { createApprovedFixer, daysFromToday } from "#tests/helpers/marketplace.ts";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Fixer payouts, earnings and referral links (issue 34 item 5, decision 052) over real HTTP against
 * the production build: the TEST MODE payout stand-in, the Stripe Connect path against a local fake
 * Stripe, the earnings page and its CSV, and sign-up through a referral link.
 */

const password = "copper-kettle-violet-harbour";
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;

type Person = { browser: Browser; id: string; email: string };

async function person(server: InProcessServer, email: string, fullName: string, userType: "customer" | "fixer"): Promise<Person> {
  const browser = await signUpConfirmed(server.url, { email, fullName, userType, password, ip: nextIp() });
  const [row] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { browser, id: row!.id, email };
}

async function approvedFixer(server: InProcessServer, email: string, first: string, last: string): Promise<Person> {
  const p = await person(server, email, `${first} ${last}`, "fixer");
  await createApprovedFixer(server.services.db, { user: { id: p.id, email, name: `${first} ${last}` }, first, last, services: ["plumbing"], areas: ["SW1"], publicFixerData: server.services.publicFixerData });
  return p;
}

/** A paid booking of `fixer`'s quote for `customer`'s job, on a slot three days ahead. */
async function paidBooking(server: InProcessServer, customer: Person, fixer: Person, title: string, pricePence = 12_000): Promise<number> {
  const db = server.services.db;
  const [job] = await db
    .insert(jobs)
    .values({ customerUserId: customer.id, service: "plumbing", postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW", title, description: "Needs doing soon.", timing: "week", status: "in_progress" })
    .returning();
  const [quote] = await db.insert(quotes).values({ jobId: job!.id, fixerUserId: fixer.id, priceKind: "fixed", amountPence: pricePence, includes: "Parts and labour", earliestStart: daysFromToday(1), status: "accepted" }).returning();
  const slot = { date: daysFromToday(3), window: "morning" as const };
  await db.insert(quoteBookingTerms).values({ quoteId: quote!.id, slots: [slot] });
  const { bookingId } = await createBooking({ db, publicUrl: "https://fixit.test" }, customer.id, { quoteId: quote!.id, slot });
  await payBooking({ services: server.services } as BookingWorld, customer.id, bookingId);
  return bookingId;
}

/** The fixer marks it done after the slot and the customer confirms: released. */
async function release(server: InProcessServer, bookingId: number, customer: Person, fixer: Person) {
  const db = server.services.db;
  const now = await afterSlot(db, bookingId);
  await markDone({ db, publicUrl: "https://fixit.test", now: () => now }, fixer.id, bookingId, { note: "All done." });
  await confirmDone({ db, publicUrl: "https://fixit.test" }, customer.id, bookingId);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const transfersOf = (server: InProcessServer, bookingId: number) =>
  server.services.db.select().from(providerOperations).where(and(eq(providerOperations.bookingId, bookingId), eq(providerOperations.kind, "transfer")));
const payoutAccountOf = async (server: InProcessServer, fixerId: string) => (await server.services.db.select().from(payoutAccounts).where(eq(payoutAccounts.fixerUserId, fixerId)))[0] ?? null;

describe("TEST MODE", () => {
  let server: InProcessServer;
  let finn: Person;
  let fred: Person;
  let bea: Person;
  let releasedId: number;
  let heldId: number;
  let testAccountUrl: string;

  beforeAll(async () => {
    server = await startServerInProcess();
    [finn, fred, bea] = await Promise.all([
      approvedFixer(server, "finn.payouts@example.com", "Finn", "Payouts"),
      approvedFixer(server, "fred.other@example.com", "Fred", "Other"),
      person(server, "bea.payouts@example.com", "Bea Payouts", "customer"),
    ]);
    // Before Finn has a payout account: a released booking waits for one; another is paid and held.
    releasedId = await paidBooking(server, bea, finn, "Leaking kitchen tap");
    await release(server, releasedId, bea, finn);
    heldId = await paidBooking(server, bea, finn, "New bathroom fan", 9_000);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
  });

  describe("connecting a payout account", () => {
    it("shows the fixer no account and the payment waiting for one", async () => {
      const page = await finn.browser.get("/fixer/payouts");
      expect(page.status).toBe(200);
      const body = await page.text();
      expect(body).toContain("Not connected");
      expect(body).toContain("£108 from 1 booking is waiting for your payout account.");
      expect(body).toContain("Connect a payout account");
      const [transfer] = await transfersOf(server, releasedId);
      expect(transfer).toMatchObject({ status: "waiting_for_account", amountPence: 10_800 });
    });

    it("starts onboarding: a pending test account and a 303 to the stand-in page; a second click keeps the same account", async () => {
      const res = await finn.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url });
      expect(res.status).toBe(303);
      testAccountUrl = res.headers.get("location")!;
      expect(testAccountUrl).toMatch(/^\/fixer\/payouts\/test\/acct_test_[a-z0-9]{16}$/);
      const account = await payoutAccountOf(server, finn.id);
      expect(account).toMatchObject({ provider: "test", status: "pending", providerAccountId: testAccountUrl.split("/").at(-1) });
      const again = await finn.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url });
      expect(again.headers.get("location")).toBe(testAccountUrl);
      expect((await finn.browser.get("/fixer/payouts").then((r) => r.text())).includes("Pending: finish setting it up")).toBe(true);
      const standIn = await finn.browser.get(testAccountUrl);
      expect(standIn.status).toBe(200);
      expect(await standIn.text()).toContain("TEST MODE: no real bank account is connected.");
    });

    it("does not let another fixer see or finish someone else's onboarding", async () => {
      expect((await fred.browser.get(testAccountUrl)).status).toBe(404);
      const res = await fred.browser.post(testAccountUrl, { holderName: "Fred Other", sortCode: "10-88-00", accountNumber: "00012345" }, { origin: server.url });
      expect(res.status).toBe(404);
      expect(await payoutAccountOf(server, fred.id)).toBeNull();
      expect((await payoutAccountOf(server, finn.id))?.status).toBe("pending");
      // A customer has no payouts or earnings at all.
      for (const path of ["/fixer/payouts", "/fixer/earnings", "/fixer/earnings.csv", testAccountUrl]) expect((await bea.browser.get(path)).status).toBe(404);
      expect((await bea.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url })).status).toBe(404);
    });

    it("refuses hostile and wrong bank details with a 400 and stores nothing", async () => {
      const valid = { holderName: "Finn Payouts", sortCode: "10-88-00", accountNumber: "00012345" };
      const cases: Record<string, string>[] = [];
      // The name is any one line of text up to 100 characters; the bank details only the test ones.
      for (const value of [...MUST_REFUSE_ANYWHERE, ...MUST_REFUSE_ONE_LINE, "x".repeat(10_000), "  "]) cases.push({ ...valid, holderName: value });
      for (const field of ["sortCode", "accountNumber"]) {
        for (const value of [...HOSTILE_TEXT, ""]) cases.push({ ...valid, [field]: value });
      }
      cases.push({ ...valid, sortCode: "20-00-00" }, { ...valid, accountNumber: "12345678" }, { ...valid, sortCode: "10-88" });
      for (const form of cases) {
        const res = await finn.browser.post(testAccountUrl, form, { origin: server.url });
        expect(res.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      }
      for (const raw of HOSTILE_ENCODED) {
        const res = await fetch(new URL(testAccountUrl, server.url), {
          method: "POST",
          redirect: "manual",
          body: `holderName=Finn&sortCode=${raw}&accountNumber=00012345`,
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: finn.browser.cookieHeader(), origin: server.url, accept: "text/html" },
        });
        expect(res.status, raw).toBeGreaterThanOrEqual(400);
        expect(res.status, raw).toBeLessThan(500);
      }
      expect((await payoutAccountOf(server, finn.id))?.status).toBe("pending");
      expect((await transfersOf(server, releasedId))[0]?.status).toBe("waiting_for_account");
      // A bad account id in the URL is simply not there.
      expect((await finn.browser.get("/fixer/payouts/test/acct_test_%00")).status).toBe(404);
    });

    it("finishes onboarding: the account is active and the waiting release is transferred", async () => {
      const res = await finn.browser.post(testAccountUrl, { holderName: "Finn Payouts", sortCode: "10 88 00", accountNumber: "00012345" }, { origin: server.url });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/fixer/payouts");
      const account = await payoutAccountOf(server, finn.id);
      expect(account).toMatchObject({ status: "active" });
      expect(account?.activatedAt).toBeInstanceOf(Date);
      const [transfer] = await until(() => transfersOf(server, releasedId), (ops) => ops[0]?.status === "succeeded", "the waiting transfer");
      const made = await server.services.db.select().from(testProviderObjects).where(eq(testProviderObjects.idempotencyKey, transfer!.idempotencyKey));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ kind: "transfer", amountPence: 10_800, destination: account!.providerAccountId });
      const page = await finn.browser.get("/fixer/payouts").then((r) => r.text());
      expect(page).toContain("Active");
      expect(page).not.toContain("waiting for your payout account");
      // The stand-in of an active account is finished: back to the payouts page.
      expect((await finn.browser.get(testAccountUrl)).headers.get("location")).toBe("/fixer/payouts");
    });
  });

  describe("earnings", () => {
    it("shows a paid-out booking's price, charge and net, and a held one as held, with totals", async () => {
      const res = await finn.browser.get("/fixer/earnings");
      expect(res.status).toBe(200);
      const body = await res.text();
      const paidOut = body.slice(body.indexOf('id="group-paid_out"'));
      expect(paidOut).toContain("Leaking kitchen tap");
      expect(paidOut).toContain("£120");
      expect(paidOut).toContain("−£12");
      expect(paidOut).toContain("£108");
      const held = body.slice(body.indexOf('id="group-held"'), body.indexOf('id="group-paid_out"'));
      expect(held).toContain("New bathroom fan");
      expect(held).toContain("£90");
      expect(held).toContain("£81");
      expect(held).not.toContain("Leaking kitchen tap");
    });

    it("downloads the same lines as CSV", async () => {
      const res = await finn.browser.get("/fixer/earnings.csv");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // Once: a second copy ("nosniff, nosniff") came from the route as well as the security headers.
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="(fixit-earnings-\d{4}-\d{2}-\d{2}\.csv)"; filename\*=UTF-8''\1$/);
      const lines = (await res.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
      expect(lines[0]).toBe("Booking,Job,Date,Status,Price (GBP),Refunded to the customer (GBP),Service charge (GBP),Net (GBP),Late-cancellation fee (GBP),Paid out (GBP),Of which extra charges (GBP)");
      const rows = lines.slice(1).map((l) => l.split(","));
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r[0] === String(releasedId))).toEqual([String(releasedId), "Leaking kitchen tap", daysFromToday(3), "Paid out", "120.00", "0.00", "12.00", "108.00", "0.00", "108.00", "0.00"]);
      expect(rows.find((r) => r[0] === String(heldId))).toEqual([String(heldId), "New bathroom fan", daysFromToday(3), "Held", "90.00", "0.00", "9.00", "81.00", "0.00", "0.00", "0.00"]);
    });

    it("shows another fixer none of these bookings", async () => {
      const body = await fred.browser.get("/fixer/earnings").then((r) => r.text());
      expect(body).toContain("No paid bookings yet.");
      expect(body).not.toContain("Leaking kitchen tap");
      const csv = await fred.browser.get("/fixer/earnings.csv").then((r) => r.text());
      expect(csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n")).toHaveLength(1);
    });

    it("shows a late cancellation's fee and a part release's share, from the ledger", async () => {
      const db = server.services.db;
      const deps = { db, publicUrl: "https://fixit.test" };
      const lateId = await paidBooking(server, bea, finn, "Cancelled boiler check");
      const lateNow = new Date((await afterSlot(db, lateId, 0)).getTime() - 2 * 3_600_000);
      await cancelByCustomer({ ...deps, now: () => lateNow }, bea.id, lateId, { reason: "" });
      const partId = await paidBooking(server, bea, finn, "Disputed radiator");
      const doneAt = await afterSlot(db, partId);
      await markDone({ ...deps, now: () => doneAt }, finn.id, partId, { note: "Fitted." });
      await reportProblem(deps, bea.id, partId, { reason: "Only one of the two radiators was fitted." });
      await staffDecide(deps, { userId: "staff-1", email: "staff@fixit.test" }, partId, { kind: "partial", releasePricePence: 6_000 }, { reason: "Half the work was done." });
      for (const id of [lateId, partId]) await until(() => transfersOf(server, id), (ops) => ops.length === 1 && ops[0]!.status === "succeeded", `the transfer of booking ${id}`);
      const csv = await finn.browser.get("/fixer/earnings.csv").then((r) => r.text());
      const rows = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n").map((l) => l.split(","));
      // 20% of £120, at most £30: the fee is the fixer's in full, without a service charge.
      expect(rows.find((r) => r[0] === String(lateId))).toEqual([String(lateId), "Cancelled boiler check", daysFromToday(3), "Refunded or cancelled", "120.00", "96.00", "0.00", "24.00", "24.00", "24.00", "0.00"]);
      // £60 of the £120 released: less 10%.
      expect(rows.find((r) => r[0] === String(partId))).toEqual([String(partId), "Disputed radiator", daysFromToday(3), "Paid out", "120.00", "60.00", "6.00", "54.00", "0.00", "54.00", "0.00"]);
      const page = await finn.browser.get("/fixer/earnings").then((r) => r.text());
      expect(page).toMatch(/Late-cancellation fee (<!-- -->)?£24/);
    });

    it("links payouts and earnings from the fixer dashboard", async () => {
      const body = await finn.browser.get("/fixer").then((r) => r.text());
      expect(body).toContain('href="/fixer/earnings"');
      expect(body).toContain('href="/fixer/payouts"');
    });
  });

  describe("referral links", () => {
    let code: string;
    let zoe: Person;

    it("shows each person their link, their credit and the rules on the account page", async () => {
      const body = await bea.browser.get("/account").then((r) => r.text());
      const link = />https?:\/\/[^<]+\/r\/([a-z0-9]{8})</.exec(body);
      expect(link).not.toBeNull();
      code = link![1]!;
      expect(body).toContain("Credit available");
      expect(body).toContain(html("Credit is spent automatically at your next checkout"));
      // The same code every time.
      expect(await bea.browser.get("/account").then((r) => r.text())).toContain(`/r/${code}<`);
    });

    it("sends a visitor through the link to the sign-up form with the code, and records the referral at sign-up", async () => {
      const visitor = new Browser(server.url);
      const res = await visitor.get(`/r/${code}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/auth?view=signup&ref=${code}`);
      const form = await visitor.get(`/auth?view=signup&ref=${code}`).then((r) => r.text());
      expect(form).toContain(`name="ref" value="${code}"`);
      // A code of the wrong shape is dropped.
      expect((await visitor.get("/r/%00evil")).headers.get("location")).toBe("/auth?view=signup");
      zoe = await (async () => {
        const browser = new Browser(server.url);
        const signUp = await browser.post(
          "/auth",
          { intent: "sign-up", fullName: "Zoe Friend", email: "zoe.friend@example.com", phone: "", password, confirmPassword: password, userType: "customer", ref: code },
          { "x-forwarded-for": nextIp(), origin: server.url },
        );
        expect(signUp.status).toBe(200);
        const [row] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, "zoe.friend@example.com"));
        return { browser, id: row!.id, email: "zoe.friend@example.com" };
      })();
      const [referral] = await server.services.db.select().from(referrals).where(eq(referrals.referredUserId, zoe.id));
      expect(referral).toMatchObject({ referrerUserId: bea.id, rewardedAt: null });
    });

    it("ignores a self-referral, a second referral, a sign-up with an existing address and one after booking", async () => {
      const db = server.services.db;
      expect(await recordReferral(db, code, bea.id)).toBe("self");
      // Fred's code was made when he signed in (decision 092): no page of his has been asked for it.
      const [fredCode] = await db.select().from(referralCodes).where(eq(referralCodes.userId, fred.id));
      expect(fredCode?.code).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
      expect(await recordReferral(db, fredCode!.code, zoe.id)).toBe("already_referred");
      // Signing up again with Zoe's address through Fred's link makes no account, and changes nothing.
      const again = await new Browser(server.url).post(
        "/auth",
        { intent: "sign-up", fullName: "Zoe Again", email: "zoe.friend@example.com", phone: "", password, confirmPassword: password, userType: "customer", ref: fredCode!.code },
        { "x-forwarded-for": nextIp(), origin: server.url },
      );
      expect(again.status).toBe(200);
      expect(await db.select().from(referrals).where(eq(referrals.referredUserId, zoe.id))).toEqual([expect.objectContaining({ referrerUserId: bea.id })]);
      // Bea has booked already: too late to be referred.
      expect(await recordReferral(db, fredCode!.code, bea.id)).toBe("has_booked");
      expect(await recordReferral(db, "zzzzzzzz", bea.id)).toBe("unknown_code");
      expect(await db.select().from(referrals).where(eq(referrals.referredUserId, bea.id))).toEqual([]);
    });

    it("gives both £25 credit once the friend's first booking is released, shown on the account page", async () => {
      const db = server.services.db;
      const credit = vipPromotions.referral.creditPence;
      const before = await accountBalance(db, ACCOUNTS.customerCredit(bea.id));
      const first = await paidBooking(server, zoe, finn, "Zoe's shelf");
      await release(server, first, zoe, finn);
      expect(await accountBalance(db, ACCOUNTS.customerCredit(zoe.id))).toBe(credit);
      expect(await accountBalance(db, ACCOUNTS.customerCredit(bea.id))).toBe(before + credit);
      const [referral] = await db.select().from(referrals).where(eq(referrals.referredUserId, zoe.id));
      expect(referral?.rewardedAt).toBeInstanceOf(Date);
      // A second released booking rewards nobody again (Zoe's £25 was spent on its checkout).
      const second = await paidBooking(server, zoe, finn, "Zoe's door");
      expect((await db.select().from(bookings).where(eq(bookings.id, second)))[0]?.creditPence).toBe(credit);
      await release(server, second, zoe, finn);
      expect(await accountBalance(db, ACCOUNTS.customerCredit(bea.id))).toBe(before + credit);
      expect(await accountBalance(db, ACCOUNTS.customerCredit(zoe.id))).toBe(0);
      const account = await bea.browser.get("/account").then((r) => r.text());
      expect(account).toContain("£25<");
      expect(account).toContain("(1 earned you credit)");
    });
  });
});

describe("Stripe Connect", () => {
  const WEBHOOK_SECRET = "whsec_payouts_test_secret";
  const CONNECT_WEBHOOK_SECRET = "whsec_payouts_connect_secret";
  let server: InProcessServer;
  let stripe: FakeStripe;
  let sam: Person;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServerInProcess({ env: { STRIPE_SECRET_KEY: "sk_test_fixit_0123456789", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://fixit.example" } });
    sam = await approvedFixer(server, "sam.stripe@example.com", "Sam", "Stripe");
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
    await stripe?.close();
  });

  const deliver = (payload: string, signature: string) =>
    fetch(`${server.url}/api/payments/stripe-webhook`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });

  it("makes one Express account under an idempotency key and sends the fixer to a fresh Account Link", async () => {
    const res = await sam.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url });
    expect(res.status).toBe(303);
    const account = await payoutAccountOf(server, sam.id);
    expect(account).toMatchObject({ provider: "stripe", status: "pending" });
    expect(res.headers.get("location")).toBe(`https://connect.stripe.test/setup/${account!.providerAccountId}`);
    const [create, link] = stripe.connectRequests;
    expect(create).toMatchObject({ path: "/v1/accounts", idempotencyKey: `payout-account-${sam.id}` });
    expect(create!.params.get("type")).toBe("express");
    expect(create!.params.get("country")).toBe("GB");
    expect(create!.params.get("capabilities[transfers][requested]")).toBe("true");
    expect(create!.params.get("metadata[fixer_user_id]")).toBe(sam.id);
    expect(link!.path).toBe("/v1/account_links");
    expect(link!.params.get("account")).toBe(account!.providerAccountId);
    expect(link!.params.get("type")).toBe("account_onboarding");
    expect(link!.params.get("return_url")).toBe("https://fixit.example/fixer/payouts/return");
    expect(link!.params.get("refresh_url")).toBe("https://fixit.example/fixer/payouts");
    // The link is asked for under an idempotency key of its own (docs/architecture/data.md: every provider call carries one).
    expect(link!.idempotencyKey).toMatch(new RegExp(`^payout-link-${account!.providerAccountId}-[0-9a-f-]{36}$`));
    // Again (a link expired): a new link for the same account, no second account.
    const again = await sam.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url });
    expect(again.headers.get("location")).toBe(res.headers.get("location"));
    expect(stripe.accounts.size).toBe(1);
    // The second click's link has a key of its own, so Stripe makes a new link rather than replaying the first.
    const secondLink = stripe.connectRequests.filter((request) => request.path === "/v1/account_links")[1];
    expect(secondLink?.idempotencyKey).toMatch(/^payout-link-/);
    expect(secondLink?.idempotencyKey).not.toBe(link!.idempotencyKey);
    // The TEST MODE stand-in does not exist with Stripe.
    expect((await sam.browser.get("/fixer/payouts/test/acct_test_0123456789abcdef")).status).toBe(404);
  });

  it("an Account Link whose answer is lost is asked for again under the same key: one click, one link (decision 080)", async () => {
    const ria = await approvedFixer(server, "ria.links@example.com", "Ria", "Links");
    const made = stripe.accountLinksMade();
    stripe.failAccountLinks(1);
    const res = await ria.browser.post("/fixer/payouts", { intent: "connect" }, { origin: server.url });
    expect(res.status).toBe(303);
    const account = (await payoutAccountOf(server, ria.id))!;
    expect(res.headers.get("location")).toBe(`https://connect.stripe.test/setup/${account.providerAccountId}`);
    const links = stripe.connectRequests.filter((request) => request.path === "/v1/account_links" && request.params.get("account") === account.providerAccountId);
    // The SDK's retry sent the first request's key, so Stripe answered with the link it had made.
    expect(links).toHaveLength(2);
    expect(links[1]!.idempotencyKey).toBe(links[0]!.idempotencyKey);
    expect(links[0]!.idempotencyKey).toMatch(new RegExp(`^payout-link-${account.providerAccountId}-[0-9a-f-]{36}$`));
    expect(stripe.accountLinksMade()).toBe(made + 1);
  });

  it("stays pending on return until Stripe enables payouts, then account.updated makes it active (twice: same state)", async () => {
    const back = await sam.browser.get("/fixer/payouts/return");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/fixer/payouts");
    const account = (await payoutAccountOf(server, sam.id))!;
    expect(account.status).toBe("pending");
    const enabled = stripe.enablePayouts(account.providerAccountId);
    // From the Connect endpoint, signed with its own secret; a signature with neither secret is refused.
    const forged = signedEvent("account.updated", enabled, "whsec_someone_else");
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    expect((await payoutAccountOf(server, sam.id))?.status).toBe("pending");
    const event = signedEvent("account.updated", enabled, CONNECT_WEBHOOK_SECRET);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect((await payoutAccountOf(server, sam.id))?.status).toBe("active");
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect((await payoutAccountOf(server, sam.id))?.status).toBe("active");
    // An account that is not one of ours is acknowledged and ignored.
    const stranger = signedEvent("account.updated", { ...enabled, id: "acct_stranger" }, CONNECT_WEBHOOK_SECRET);
    expect((await deliver(stranger.payload, stranger.signature)).status).toBe(200);
    // Payouts disabled at Stripe: pending again, so a transfer waits.
    const disabled = signedEvent("account.updated", { ...enabled, payouts_enabled: false }, CONNECT_WEBHOOK_SECRET);
    expect((await deliver(disabled.payload, disabled.signature)).status).toBe(200);
    expect((await payoutAccountOf(server, sam.id))?.status).toBe("pending");
  });

  it("activates on return when Stripe already says payouts are enabled", async () => {
    const res = await sam.browser.get("/fixer/payouts/return");
    expect(res.status).toBe(303);
    expect((await payoutAccountOf(server, sam.id))?.status).toBe("active");
  });
});
