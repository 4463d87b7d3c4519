import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startFakeStripe, signedEvent, type FakeStripe } from "./helpers/fake-stripe";
import { startServerInProcess, type InProcessServer } from "./helpers/server";
import { eq } from "drizzle-orm";
import { paymentEvents, payments } from "#server/db/schema/payments.ts";

/**
 * Payments over real HTTP against the production build: the TEST MODE checkout (decline, retry,
 * pay, fulfil once, VIP code shown and emailed, membership only for a signed-in buyer), and the
 * stripe provider against a local stand-in for Stripe's API (session parameters, signed webhooks
 * delivered twice, a bad signature refused, the success page reconciling a late webhook).
 */

const strong = "copper-kettle-violet-harbour";
const WEBHOOK_SECRET = "whsec_test_fixit_payments_0123456789";
const VIP_CODE = /VIP(?:-[2-9A-HJKMNP-Z]{4}){4}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`;

async function newConfirmedUser(base: string, email: string) {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-up", fullName: "Mary Seacole", email, phone: "", password: strong, confirmPassword: strong, userType: "customer" });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  return browser;
}

const card = (number: string, extra: Record<string, string> = {}) => ({ cardName: "Mary Seacole", cardNumber: number, expiry: "12 / 39", cvc: "123", ...extra });

describe("test provider", () => {
  let server: InProcessServer;
  let base: string;
  beforeAll(async () => {
    server = await startServerInProcess();
    base = server.url;
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  });

  async function startVip(browser = new Browser(base)) {
    const res = await browser.post("/checkout/vip", {}, { "x-forwarded-for": newIp(), origin: base });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/checkout/test/${UUID.source}$`));
    return { browser, path: location, paymentId: location.split("/").pop()! };
  }

  it("opening /checkout/vip records nothing: its page shows the price and a button that POSTs", async () => {
    const res = await fetch(`${base}/checkout/vip`, { redirect: "manual", headers: { "x-forwarded-for": newIp() } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-db-queries")).toBe("0");
    const page = (await res.text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Lifetime access for a one-time £1.99.");
    expect(page).toMatch(/<form[^>]*method="post"[^>]*>[\s\S]*Continue to payment/);
    expect(page).not.toMatch(/\/checkout\/test\//);
  });

  it("shows a TEST MODE checkout with the product and its price, and asks a signed-out buyer for an email", async () => {
    const { browser, path } = await startVip();
    const res = await browser.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const page = await res.text();
    expect(page).toContain("TEST MODE");
    expect(page).toContain("VIP early access");
    expect(page).toContain("Pay £1.99");
    expect(page).toContain('name="email"');
    expect(page).toContain('name="cardNumber"');
  });

  it("declines 4000 0000 0000 0002, explains an unknown card, checks the fields, then pays with 4242 and fulfils once", async () => {
    const email = "vip.buyer@example.com";
    const { browser, path, paymentId } = await startVip();
    const ip = newIp();
    const declined = await browser.post(path, card("4000 0000 0000 0002", { email }), { "x-forwarded-for": ip });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect(await (await browser.get(path)).text()).toContain("Your last attempt was declined");

    const unknown = await browser.post(path, card("5555 5555 5555 4444", { email }), { "x-forwarded-for": ip });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("use card 4242 4242 4242 4242");

    const invalid = await browser.post(path, { email: "not an email", cardName: "", cardNumber: "4242", expiry: "01 / 20", cvc: "1" }, { "x-forwarded-for": ip });
    expect(invalid.status).toBe(400);
    const invalidPage = await invalid.text();
    for (const message of ["Please enter a valid email address.", "Enter the name on the card.", "Your card number is incomplete.", html("Your card's expiry date is in the past."), html("Your card's security code is incomplete.")]) {
      expect(invalidPage).toContain(message);
    }
    // Nothing was fulfilled by any of that.
    expect(await mailbox(base, email)).toEqual([]);

    const paid = await browser.post(path, card("4242 4242 4242 4242", { email }), { "x-forwarded-for": ip });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/checkout/success?payment=${paymentId}`);

    const success = await browser.get(paid.headers.get("location")!);
    expect(success.status).toBe(200);
    expect(success.headers.get("cache-control")).toContain("no-store");
    const page = await success.text();
    expect(page).toContain("Welcome to FixiT VIP");
    const shown = VIP_CODE.exec(page)?.[0];
    expect(shown).toBeTruthy();
    expect(page).toContain(email);
    expect(page).toContain('href="/early-access#vip-access"');

    const mail = await waitForMail(base, email, "Your FixiT VIP access code");
    expect(VIP_CODE.exec(mail.text)?.[0]).toBe(shown);

    // Paying again, or opening the checkout again, goes to the success page; nothing runs twice.
    const again = await browser.post(path, card("4242 4242 4242 4242", { email }), { "x-forwarded-for": ip });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/checkout/success?payment=${paymentId}`);
    const reopened = await browser.get(path);
    expect(reopened.status).toBe(302);
    await browser.get(`/checkout/success?payment=${paymentId}`);
    await new Promise((r) => setTimeout(r, 600));
    expect((await mailbox(base, email)).filter((m) => m.subject === "Your FixiT VIP access code")).toHaveLength(1);
  });

  it("attaches VIP membership to a buyer who was signed in, and not to a signed-out buyer with the same email", async () => {
    const signedOutEmail = "later.member@example.com";
    const anonymous = await startVip();
    expect((await anonymous.browser.post(anonymous.path, card("4242424242424242", { email: signedOutEmail }), { "x-forwarded-for": newIp() })).status).toBe(302);
    await waitForMail(base, signedOutEmail, "Your FixiT VIP access code");
    // The same person signs up afterwards: buying signed out gave the account nothing (the code is how to get in).
    const later = await newConfirmedUser(base, signedOutEmail);
    expect((await later.get("/secret-blog")).status).toBe(302);

    const memberEmail = "signed.in.buyer@example.com";
    const member = await newConfirmedUser(base, memberEmail);
    expect((await member.get("/secret-blog")).status).toBe(302);
    const { path } = await startVip(member);
    const checkout = await (await member.get(path)).text();
    expect(checkout).not.toContain('name="email"'); // the account's email gets the receipt
    expect(checkout).toContain(memberEmail);
    expect((await member.post(path, card("4242424242424242"), { "x-forwarded-for": newIp() })).status).toBe(302);
    const mail = await waitForMail(base, memberEmail, "Your FixiT VIP access code");
    expect(mail.text).toContain("VIP membership is also attached to your FixiT account");
    expect((await member.get("/secret-blog")).status).toBe(200);
  });

  it("answers an unknown or malformed payment with 404 on the checkout and the success page", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/checkout/test/${unknown}`, "/checkout/test/nope", `/checkout/success?payment=${unknown}`, "/checkout/success?payment=1", "/checkout/success"]) {
      expect((await fetch(`${base}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
    const post = await fetch(`${base}/checkout/test/${unknown}`, { method: "POST", body: new URLSearchParams(card("4242424242424242")), redirect: "manual" });
    expect(post.status).toBe(404);
  });

  it("shows a failed payment as not completed with a way to try again", async () => {
    const { browser, path, paymentId } = await startVip();
    await browser.post(path, card("4000000000000002", { email: "declined@example.com" }), { "x-forwarded-for": newIp() });
    const page = await (await browser.get(`/checkout/success?payment=${paymentId}`)).text();
    expect(page).toContain("Payment not completed");
    expect(page).toContain(`href="${path}"`);
    expect(page).not.toMatch(VIP_CODE);
  });

  it("rate-limits card attempts per address", async () => {
    const { browser, path } = await startVip();
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await browser.post(path, card("4000000000000002", { email: "many@example.com" }), { "x-forwarded-for": ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 402)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is unaffected.
    expect((await browser.post(path, card("4242424242424242", { email: "many@example.com" }), { "x-forwarded-for": newIp() })).status).toBe(302);
  });

  it("answers a refused test payment in the one action-answer shape, and never sends the card number back (issue 48)", async () => {
    const { browser, path } = await startVip();
    const unknown = await browser.post(path, card("5555555555554444", { email: "shape@example.com" }), { "x-forwarded-for": newIp(), accept: "application/json" });
    expect(unknown.status).toBe(400);
    const body = await unknown.json();
    expect(body).toEqual({
      form: "test-checkout",
      status: "invalid",
      message: "This is a test checkout: use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.",
      fieldErrors: { cardNumber: "This is a test checkout: use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline." },
      values: {},
    });
    expect(JSON.stringify(body)).not.toContain("5555");
    const declined = await browser.post(path, card("4000000000000002", { email: "shape@example.com" }), { "x-forwarded-for": newIp(), accept: "application/json" });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ form: "test-checkout", status: "error" });
  });

  it("limits new checkouts per address: the page says so, and a script gets the form's answer (issue 48: one action-answer shape)", async () => {
    const browser = new Browser(base);
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) expect((await browser.post("/checkout/vip", {}, { "x-forwarded-for": ip, origin: base })).status).toBe(303);
    const page = await browser.post("/checkout/vip", {}, { "x-forwarded-for": ip, origin: base });
    expect(page.status).toBe(429);
    expect(await page.text()).toMatch(/role="alert"[^>]*>Too many attempts\. Please wait a few minutes and try again\.<\/p>/);
    const script = await browser.post("/checkout/vip", {}, { "x-forwarded-for": ip, origin: base, accept: "application/json" });
    expect(script.status).toBe(429);
    expect(await script.json()).toEqual({ form: "checkout", status: "error", message: "Too many attempts. Please wait a few minutes and try again." });
  });

  it("refuses the Stripe webhook when Stripe is not configured", async () => {
    const res = await fetch(`${base}/api/payments/stripe-webhook`, { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=abc" } });
    expect(res.status).toBe(404);
  });
});

describe("stripe provider", () => {
  let server: InProcessServer;
  let stripe: FakeStripe;
  let base: string;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServerInProcess({
      env: { STRIPE_SECRET_KEY: "sk_test_fixit_0123456789", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, PUBLIC_URL: "https://fixit.example" },
    });
    base = server.url;
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
    await stripe?.close();
  });

  async function startVip(browser = new Browser(base)) {
    const before = stripe.created.length;
    const res = await browser.post("/checkout/vip", {}, { "x-forwarded-for": newIp(), origin: base });
    expect(res.status).toBe(303);
    expect(stripe.created).toHaveLength(before + 1);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(res.headers.get("location")).toBe(session.url);
    return { browser, session, paymentId: session.client_reference_id!, params: stripe.created.at(-1)! };
  }

  function deliver(payload: string, signature: string) {
    return fetch(`${base}/api/payments/stripe-webhook`, { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
  }

  it("creates a Checkout Session for the product's price, with our payment id, success and cancel URLs, and an idempotency key", async () => {
    const { paymentId, params } = await startVip();
    expect(paymentId).toMatch(UUID);
    const p = params.params;
    expect(p.get("mode")).toBe("payment");
    expect(p.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(p.get("line_items[0][price_data][unit_amount]")).toBe("199");
    expect(p.get("line_items[0][quantity]")).toBe("1");
    expect(p.get("client_reference_id")).toBe(paymentId);
    expect(p.get("metadata[payment_id]")).toBe(paymentId);
    expect(p.get("success_url")).toBe(`https://fixit.example/checkout/success?payment=${paymentId}`);
    expect(p.get("cancel_url")).toBe("https://fixit.example/early-access#vip-access");
    expect(params.idempotencyKey).toBe(`checkout-${paymentId}`);
    // The local test checkout does not exist when Stripe is the provider.
    expect((await fetch(`${base}/checkout/test/${paymentId}`)).status).toBe(404);
  });

  it("refuses a webhook with a bad signature (400) and changes nothing", async () => {
    const { session, paymentId } = await startVip();
    stripe.pay(session.id, "badsig@example.com");
    const forged = signedEvent("checkout.session.completed", session, "whsec_someone_else");
    expect((await deliver(forged.payload, forged.signature)).status).toBe(400);
    const tampered = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect((await deliver(tampered.payload.replace('"paid"', '"paid" '), tampered.signature)).status).toBe(400);
    expect((await deliver(tampered.payload, "")).status).toBe(400);
    // Stripe would say "unpaid" on a retrieve while its payment page is open: the payment is still pending.
    session.payment_status = "unpaid";
    session.status = "open";
    const page = await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text();
    expect(page).toContain("Confirming your payment");
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailbox(base, "badsig@example.com")).toEqual([]);
  });

  it("fulfils once on a signed checkout.session.completed, even when Stripe delivers it twice", async () => {
    const email = "webhook.buyer@example.com";
    const { session, paymentId } = await startVip();
    stripe.pay(session.id, email);
    const event = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET, "evt_twice");
    const first = await deliver(event.payload, event.signature);
    expect(first.status).toBe(200);
    const second = await deliver(event.payload, event.signature);
    expect(second.status).toBe(200);
    const mail = await waitForMail(base, email, "Your FixiT VIP access code");
    const code = VIP_CODE.exec(mail.text)?.[0];
    const page = await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text();
    expect(page).toContain("Welcome to FixiT VIP");
    expect(page).toContain(code);
    await new Promise((r) => setTimeout(r, 600));
    expect((await mailbox(base, email)).filter((m) => m.subject === "Your FixiT VIP access code")).toHaveLength(1);
  });

  it("does not fulfil a session whose amount differs from the product's price", async () => {
    const email = "cheap@example.com";
    const { session, paymentId } = await startVip();
    stripe.pay(session.id, email);
    const cheap = { ...session, amount_total: 1 };
    const event = signedEvent("checkout.session.completed", cheap, WEBHOOK_SECRET);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    session.payment_status = "unpaid"; // keep the success page from reconciling it
    session.status = "open";
    expect(await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text()).toContain("Confirming your payment");
    expect(await mailbox(base, email)).toEqual([]);
  });

  it("acknowledges events for sessions that are not ours, and ignores other event types", async () => {
    const { session } = await startVip();
    const stranger = signedEvent("checkout.session.completed", { ...session, id: "cs_test_other", client_reference_id: "00000000-0000-4000-8000-000000000000", metadata: {} }, WEBHOOK_SECRET);
    expect((await deliver(stranger.payload, stranger.signature)).status).toBe(200);
    const other = signedEvent("payment_intent.created", session, WEBHOOK_SECRET);
    expect((await deliver(other.payload, other.signature)).status).toBe(200);
  });

  it("reconciles on the success page when the webhook is late: Stripe says paid, the code shows and is emailed once", async () => {
    const email = "late.webhook@example.com";
    const { session, paymentId } = await startVip();
    const pending = await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text();
    expect(pending).toContain("Confirming your payment");
    stripe.pay(session.id, email);
    const page = await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text();
    expect(page).toContain("Welcome to FixiT VIP");
    const mail = await waitForMail(base, email, "Your FixiT VIP access code");
    expect(page).toContain(VIP_CODE.exec(mail.text)![0]);
    // The webhook arriving afterwards changes nothing.
    const late = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect((await deliver(late.payload, late.signature)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(await mailbox(base, email)).toHaveLength(1);
  });

  it("refuses to expire or decline a paid payment (the payment machine): late webhooks change nothing, and are logged", async () => {
    const email = "paid.then.expired@example.com";
    const { session, paymentId } = await startVip();
    stripe.pay(session.id, email);
    const paid = signedEvent("checkout.session.completed", session, WEBHOOK_SECRET);
    expect((await deliver(paid.payload, paid.signature)).status).toBe(200);
    await waitForMail(base, email, "Your FixiT VIP access code");
    const before = (await server.services.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    expect(before).toMatchObject({ status: "paid", failureReason: null });

    // Stripe never sends these for a paid session; a replayed or forged-but-signed one must not undo the payment.
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const late = signedEvent(type, { ...session, status: "expired" }, WEBHOOK_SECRET);
      expect((await deliver(late.payload, late.signature)).status).toBe(200);
    }
    const after = (await server.services.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    expect(after).toMatchObject({ status: "paid", failureReason: null, paidAt: before.paidAt, fulfilledAt: before.fulfilledAt, updatedAt: before.updatedAt });
    const events = await server.services.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.id);
    expect(events.filter((e) => e.type === "expired" || e.type === "declined").map((e) => [e.type, e.details.refused])).toEqual([
      ["expired", true],
      ["declined", true],
    ]);
    expect(await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text()).toContain("Welcome to FixiT VIP");
  });

  it("marks an expired session as expired", async () => {
    const { session, paymentId } = await startVip();
    session.status = "expired";
    const event = signedEvent("checkout.session.expired", session, WEBHOOK_SECRET);
    expect((await deliver(event.payload, event.signature)).status).toBe(200);
    expect(await (await fetch(`${base}/checkout/success?payment=${paymentId}`)).text()).toContain("This checkout has expired");
  });

  it("tells the buyer when Stripe cannot open a checkout", async () => {
    // The SDK retries a 500 twice (maxNetworkRetries): every attempt fails.
    stripe.failCreates(3);
    // As the page's "Continue to payment" form posts it: an empty url-encoded form.
    const res = await fetch(`${base}/checkout/vip`, { method: "POST", redirect: "manual", body: new URLSearchParams(), headers: { accept: "text/html", "x-forwarded-for": newIp(), origin: base } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("We couldn&#x27;t open the payment page");
  });
});
