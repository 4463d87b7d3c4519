import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { classConflictsIn } from "./helpers/class-conflicts";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * VIP early access over real HTTP against the production build: the code form on
 * /early-access, the guarded /early-access-blog and /secret-blog, membership on My Account, the
 * limits, and the purchased path through the TEST MODE checkout. Campaign codes come from the
 * server's environment; the browser bundle must never contain any of them.
 */
const CAMPAIGN = "Spring-Launch-2026";
const PRESS = "PRESS-7QK";
let server: InProcessServer;
let base: string;
let ipCounter = 0;
/** Each test speaks from its own address (the server trusts X-Forwarded-For from loopback), so limits do not leak between tests. */
const newIp = () => `198.51.100.${++ipCounter}`;

const strong = "copper-kettle-violet-harbour";
/** Members-only text: never in an answer to a missing or wrong code. */
const MEMBERS_ONLY = ["Progress update", "Home-maintenance tips", "Offers for every customer", "Behind the scenes: how we check every fixer"];

beforeAll(async () => {
  server = await startServerInProcess({ env: { VIP_CAMPAIGN_CODES: ` ${CAMPAIGN} , ${PRESS}` } });
  base = server.url;
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

function enterCode(code: string, ip = newIp(), browser = new Browser(base), extra: Record<string, string> = {}) {
  return browser.post("/early-access", { intent: "vip-code", code, ...extra }, { "x-forwarded-for": ip });
}

async function newConfirmedUser(email: string) {
  const browser = new Browser(base);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", {
    intent: "sign-up",
    fullName: "Grace Hopper",
    email,
    phone: "",
    password: strong,
    confirmPassword: strong,
    userType: "customer",
  });
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

/** Buys VIP in the TEST MODE checkout as `browser` (signed in or not); returns the code from the email. */
async function buyVip(browser: Browser, email: string): Promise<string> {
  const start = await browser.post("/checkout/vip", {}, { "x-forwarded-for": newIp(), origin: base });
  expect(start.status).toBe(303);
  const checkout = new URL(start.headers.get("location")!, base);
  expect(checkout.pathname).toMatch(/^\/checkout\/test\//);
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const paid = await browser.post(
    checkout.pathname,
    { email, cardName: "Grace Hopper", cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" },
    { "x-forwarded-for": newIp() },
  );
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toContain("/checkout/success");
  const mail = await waitForMail(base, email, "Your FixiT VIP access code", before);
  const code = /VIP(?:-[2-9A-HJKMNP-Z]{4}){4}/.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();
  return code!;
}

describe("the code form on /early-access", () => {
  it("accepts a campaign code and sends a browser without JavaScript straight to the blog, which says so once", async () => {
    const browser = new Browser(base);
    const res = await enterCode(CAMPAIGN, newIp(), browser);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/early-access-blog?code=${encodeURIComponent(CAMPAIGN)}`);
    const blog = await (await browser.get(res.headers.get("location")!)).text();
    expect(blog).toContain("VIP access verified!");
    expect(blog).toContain("Welcome to FixiT VIP access!");
    expect(blog).not.toContain("verified!."); // the status line adds no full stop after a title that has its own
    expect(await (await browser.get(res.headers.get("location")!)).text()).not.toContain("VIP access verified!");
  });

  it("answers a fetcher with the success result and the blog link, so the page can show the toast first", async () => {
    const res = await fetch(`${base}/early-access.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newIp() },
      body: new URLSearchParams({ intent: "vip-code", code: PRESS, via: "fetcher" }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("success");
    expect(body).toContain(`/early-access-blog?code=${PRESS}`);
  });

  it("trims surrounding spaces, and the blog link carries the trimmed code", async () => {
    const res = await enterCode(`  ${CAMPAIGN}\t `);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/early-access-blog?code=${CAMPAIGN}`);
  });

  it("refuses a wrong code and the right code in the wrong case, with the spec's message and nothing else", async () => {
    for (const code of ["WRONG-CODE", CAMPAIGN.toLowerCase(), CAMPAIGN.toUpperCase(), `${CAMPAIGN}x`]) {
      const res = await enterCode(code);
      expect(res.status, code).toBe(400);
      const body = await res.text();
      expect(body).toContain("Invalid early access code");
      expect(body).toContain("Please check your VIP access code and try again.");
      for (const text of MEMBERS_ONLY) expect(body).not.toContain(text);
    }
  });

  it("asks for a code when none is given", async () => {
    const res = await enterCode("   ");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter your VIP access code.");
  });

  it("limits tries per address: the 11th within 15 minutes is refused with 429, even with the right code", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await enterCode(`WRONG-${i}`, ip)).status).toBe(400);
    const limited = await enterCode(CAMPAIGN, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    const body = await limited.text();
    expect(body).toContain("Too many attempts. Please wait a few minutes and try again.");
    // Another address is not affected.
    expect((await enterCode(CAMPAIGN)).status).toBe(302);
  });

  it("drops a submission whose honeypot is filled, without checking the code", async () => {
    const res = await enterCode(CAMPAIGN, newIp(), new Browser(base), { company_website: "http://spam.example" });
    expect(res.status).toBe(400);
  });
});

describe("/early-access-blog", () => {
  it("redirects a missing or wrong code to My Account with 'Access Denied', sending no members-only content", async () => {
    for (const query of ["", "?code=", "?code=WRONG", `?code=${CAMPAIGN.toLowerCase()}`]) {
      const res = await fetch(`${base}/early-access-blog${query}`, { redirect: "manual", headers: { "x-forwarded-for": newIp() } });
      expect(res.status, query).toBe(302);
      expect(res.headers.get("location")).toBe("/account");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("fixit_flash="))).toBe(true);
      const body = await res.text();
      for (const text of MEMBERS_ONLY) expect(body).not.toContain(text);
    }
    // Signed out, My Account sends the visitor to sign in, and the sign-in page says why they came, once.
    const visitor = new Browser(base);
    expect((await visitor.get("/early-access-blog?code=WRONG", { headers: { "x-forwarded-for": newIp() } })).headers.get("location")).toBe("/account");
    const account = await visitor.get("/account");
    expect(account.status).toBe(302);
    expect(account.headers.get("location")).toBe(`/auth?from=${encodeURIComponent("/account")}`);
    const signIn = await (await visitor.get(account.headers.get("location")!)).text();
    expect(signIn).toContain("Access Denied");
    expect(signIn).toContain("You need a valid early access code to view this page.");
    expect(await (await visitor.get(account.headers.get("location")!)).text()).not.toContain("Access Denied");
    expect(await (await fetch(`${base}/auth?from=${encodeURIComponent("/account")}`)).text()).not.toContain("Access Denied");
    // The client-side data request is guarded the same way.
    const data = await fetch(`${base}/early-access-blog.data?code=WRONG`, { redirect: "manual", headers: { "x-forwarded-for": newIp() } });
    const dataBody = await data.text();
    for (const text of MEMBERS_ONLY) expect(dataBody).not.toContain(text);
    expect(dataBody).toContain('"/account"');
    expect(data.headers.getSetCookie().some((c) => c.startsWith("fixit_flash="))).toBe(true);
  });

  it("shows the members' content for a valid code (spaces trimmed): header, progress, FixCoin, tips, promotions, community, posts", async () => {
    const res = await fetch(`${base}/early-access-blog?code=${encodeURIComponent(` ${PRESS} `)}`, { headers: { "x-forwarded-for": newIp() } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = await res.text();
    for (const text of [
      "VIP Access",
      "Home",
      ...MEMBERS_ONLY,
      "AI service matching",
      "Real-time chat",
      "Secure payments",
      "Ratings and reviews",
      "Video consultation",
      "In progress",
      "Winter preparation",
      "Monthly maintenance",
      "Energy efficiency",
      "Seasonal care",
      "50% off your first three bookings",
      "For the first 100 customers to pay for a booking on FixiT, VIP or not",
      "£25 credit each",
      "Community updates",
    ]) {
      expect(body, text).toContain(html(text));
    }
    // No FixCoins are offered (issue 52): nothing backs them.
    expect(body).not.toContain("FixCoin");
    expect(body).not.toContain("Q2 2024");
    expect(body).toContain('<meta name="robots" content="noindex"');
  });

  it("lists the seeded posts newest first, with previews cut at 150 and 300 characters", async () => {
    const body = await (await fetch(`${base}/early-access-blog?code=${PRESS}`, { headers: { "x-forwarded-for": newIp() } })).text();
    const titles = [...body.matchAll(/<h3 id="vip-post-\d+"[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]!);
    expect(titles.length).toBeGreaterThanOrEqual(5);
    expect(titles[0]).toBe("Five small jobs that cut your energy bills this winter");
    expect(titles.at(-1)).toBe(html("The FixiT app is here: what launch day means for VIP members"));
    const excerpts = [...body.matchAll(/data-preview="excerpt">([^<]+)</g)].map((m) => m[1]!);
    const contents = [...body.matchAll(/data-preview="content">([^<]+)</g)].map((m) => m[1]!);
    expect(excerpts).toHaveLength(titles.length);
    expect(contents).toHaveLength(titles.length);
    const unescape = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    for (const excerpt of excerpts) expect(Array.from(unescape(excerpt)).length).toBeLessThanOrEqual(150);
    for (const content of contents) {
      expect(Array.from(unescape(content)).length).toBeLessThanOrEqual(300);
      expect(content.endsWith("…")).toBe(true);
    }
    // The seeded DIY post's excerpt (171 characters) is cut with an ellipsis; the full text is one "Read the full post" away.
    expect(excerpts.some((e) => e.endsWith("…"))).toBe(true);
    expect(body).toContain("Read the full post");
    expect(body).toContain("Gas Safe Register");
  });

  it("keeps the code out of the server's request log", async () => {
    await fetch(`${base}/early-access-blog?code=${PRESS}`, { headers: { "x-forwarded-for": newIp() } });
    expect(server.logs()).toContain("/early-access-blog?code=[redacted]");
    expect(server.logs()).not.toContain(`code=${PRESS}`);
  });

  it("stops checking links from an address after 20 wrong codes in 15 minutes, then refuses even a right one", async () => {
    const ip = newIp();
    const get = (code: string) => fetch(`${base}/early-access-blog?code=${encodeURIComponent(code)}`, { redirect: "manual", headers: { "x-forwarded-for": ip } });
    // Right codes do not count against the limit: a member may reload the blog as often as they like.
    for (let i = 0; i < 3; i++) expect((await get(PRESS)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await get(`GUESS-${i}`)).status).toBe(302);
    const refused = await get(PRESS);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/account");
  });
});

describe("no VIP code in the browser", () => {
  it("has no campaign code (nor the setting's name) anywhere under the built client files", () => {
    const root = path.join(process.env.BUILD_DIR ?? "build", "client");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(root);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file).toString("latin1");
      for (const secret of [CAMPAIGN, PRESS, "VIP_CAMPAIGN_CODES", "vipCampaignCodes", "FIXIT-LAUNCH-2026"]) {
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
      }
    }
  });

  it("sends no campaign code in the /early-access page", async () => {
    const body = await (await fetch(`${base}/early-access`)).text();
    expect(body).toContain("Enter VIP Blog");
    expect(body).not.toContain(CAMPAIGN);
    expect(body).not.toContain(PRESS);
  });
});

describe("/secret-blog and My Account", () => {
  it("sends a signed-out visitor to sign in first", async () => {
    const res = await fetch(`${base}/secret-blog`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth?from=${encodeURIComponent("/secret-blog")}`);
  });

  it("sends a signed-in non-member to My Account, which says 'Access Denied'; shows the ways to join", async () => {
    const browser = await newConfirmedUser("vip-nonmember@example.com");
    const res = await browser.get("/secret-blog");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account");
    const body = await res.text();
    expect(body).not.toContain("Exclusive posts");
    const account = await (await browser.get("/account")).text();
    expect(account).toContain("Access Denied");
    expect(account).toContain("You need a valid early access code to view this page.");
    expect(account).toContain("You are not a VIP member yet.");
    expect(account).toContain("Get VIP access for £1.99");
    // Said once; a query string says nothing.
    expect(await (await browser.get("/account")).text()).not.toContain("Access Denied");
    expect(await (await browser.get("/account?notice=vip-denied")).text()).not.toContain("Access Denied");
  });

  it("makes a signed-in account a member when it enters a valid code: /secret-blog opens, My Account and the export say so", async () => {
    const browser = await newConfirmedUser("vip-campaign@example.com");
    expect((await enterCode(CAMPAIGN, newIp(), browser)).status).toBe(302);
    const page = await browser.get("/secret-blog");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const body = await page.text();
    for (const text of [
      "Welcome, Grace",
      "Exclusive posts",
      "Five small jobs that cut your energy bills this winter",
      "DIY versus professional",
      "Do it yourself",
      "Book a professional",
      "Your VIP benefits",
      "Lifetime access for a one-time £1.99.",
    ]) {
      expect(body, text).toContain(html(text));
    }
    // 'Loading exclusive content...' belongs to a client navigation in flight, never to the finished page.
    expect(body).not.toContain("Loading exclusive content...");
    const account = await (await browser.get("/account")).text();
    expect(account).toContain("VIP member");
    expect(account).toContain("added with a FixiT campaign code");
    expect(account).toContain('href="/secret-blog"');
    const exported = (await (await browser.post("/account/export", {})).json()) as { vip: { membership: { source: string } | null; codes: unknown[] } };
    expect(exported.vip.membership?.source).toBe("campaign");
    expect(JSON.stringify(exported)).not.toMatch(/codeHash|code_hash/);
  });

  it("members' pages carry no conflicting Tailwind classes (decision 007)", async () => {
    const browser = await newConfirmedUser("vip-classes@example.com");
    const problems: string[] = [];
    const check = async (path: string) => {
      const res = await browser.get(path, { headers: { "x-forwarded-for": newIp() } });
      expect(res.status, path).toBe(200);
      for (const { classes, overridden } of classConflictsIn(await res.text())) problems.push(`${path}: ${overridden.join(" ")} in "${classes}"`);
    };
    await check("/account");
    expect((await enterCode(PRESS, newIp(), browser)).status).toBe(302);
    for (const path of ["/account", "/secret-blog", `/early-access-blog?code=${PRESS}`]) await check(path);
    expect(problems).toEqual([]);
  });

  it("a wrong code entered while signed in makes no one a member", async () => {
    const browser = await newConfirmedUser("vip-wrong@example.com");
    expect((await enterCode(CAMPAIGN.toLowerCase(), newIp(), browser)).status).toBe(400);
    expect((await browser.get("/secret-blog")).status).toBe(302);
  });
});

describe("a purchased code (TEST MODE checkout)", () => {
  it("works on the form and the blog exactly as issued (spaces trimmed), not in another case", async () => {
    const email = "vip-buyer@example.com";
    const code = await buyVip(new Browser(base), email);
    expect(code).toMatch(/^VIP-/);
    const res = await enterCode(` ${code} `);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/early-access-blog?code=${code}`);
    expect((await enterCode(code.toLowerCase())).status).toBe(400);
    const blog = await fetch(`${base}/early-access-blog?code=${code}`, { headers: { "x-forwarded-for": newIp() } });
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain("Progress update");
  });

  it("a signed-in buyer is a member straight away; a code bought signed out joins the account that enters it", async () => {
    const buyer = await newConfirmedUser("vip-signed-in-buyer@example.com");
    await buyVip(buyer, "vip-signed-in-buyer@example.com");
    expect((await buyer.get("/secret-blog")).status).toBe(200);

    const guestCode = await buyVip(new Browser(base), "vip-guest-buyer@example.com");
    const later = await newConfirmedUser("vip-guest-buyer@example.com");
    expect((await later.get("/secret-blog")).status).toBe(302);
    expect((await enterCode(guestCode, newIp(), later)).status).toBe(302);
    expect((await later.get("/secret-blog")).status).toBe(200);
    const account = await (await later.get("/account")).text();
    expect(account).toContain("added with your VIP code");
  });
});
