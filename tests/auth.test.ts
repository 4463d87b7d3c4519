import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, html, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * Accounts over real HTTP against the production build: sign-up with confirmation, sign-in,
 * sign-out everywhere, reset, the guard, My Account, security events and rate limits.
 * Forms are posted as a browser without JavaScript would (document POSTs to /auth).
 */
let server: InProcessServer;
let base: string;
const strong = "copper-kettle-violet-harbour";
const signUpForm = (email: string, extra: Record<string, string> = {}) => ({
  intent: "sign-up",
  fullName: "Ada Lovelace",
  email,
  phone: "07700 900123",
  password: strong,
  confirmPassword: strong,
  userType: "customer",
  ...extra,
});

beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

/** Signs up and confirms a new account; returns a signed-in browser. */
async function newConfirmedUser(email: string, extra: Record<string, string> = {}) {
  const browser = new Browser(base);
  // Only a confirmation sent after this sign-up counts (the address may have had an account before).
  const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
  const res = await browser.post("/auth", signUpForm(email, extra));
  expect(res.status).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
  const confirm = await browser.get(linkIn(mail, "/api/auth/verify-email", base));
  expect(confirm.status).toBe(302);
  expect(browser.hasSession()).toBe(true);
  return browser;
}

async function signIn(email: string, password = strong, from?: string) {
  const browser = new Browser(base);
  const res = await browser.post("/auth", { intent: "sign-in", email, password, ...(from ? { from } : {}) });
  return { browser, res };
}

async function exportData(browser: Browser) {
  const res = await browser.post("/account/export", {});
  expect(res.status).toBe(200);
  return (await res.json()) as {
    profile: { email: string; fullName: string; phone: string | null; accountType: string; role: string; emailVerified: boolean };
    securityEvents: { type: string; ipAddress: string | null; userAgent: string | null; details: Record<string, unknown> }[];
    sessions: unknown[];
  };
}

describe("the /auth page", () => {
  it("serves signed-out visitors with no database query and shows the three views' controls", async () => {
    const res = await fetch(`${base}/auth`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-db-queries")).toBe("0");
    const body = await res.text();
    for (const text of ["Sign In", "Sign Up", "Forgot your password?"]) expect(body).toContain(text);
    const signUp = await (await fetch(`${base}/auth?view=signup`)).text();
    for (const text of ["Full name", "Phone (optional)", "Confirm password", "Account type", "Customer", "Fixer"]) expect(signUp).toContain(text);
    const reset = await (await fetch(`${base}/auth?view=reset`)).text();
    for (const text of ["Reset password", "Back to Sign In"]) expect(reset).toContain(text);
  });

  it("reads no session on a public page without the cookie, even with other cookies", async () => {
    // The home page's figures are counted once per 5 minutes per process (decision 043): the first
    // render may count them; the second must run no query at all.
    await (await fetch(`${base}/`, { headers: { cookie: "other=1" } })).arrayBuffer();
    const res = await fetch(`${base}/`, { headers: { cookie: "cookieConsent=1; other=2" } });
    expect(res.headers.get("x-db-queries")).toBe("0");
  });
});

describe("sign-up", () => {
  it.each([
    [{ fullName: "   " }, "Name required", "Please enter your full name."],
    [{ email: "not-an-email" }, "Invalid email", "Please enter a valid email address."],
    [{ password: "", confirmPassword: "" }, "Password required", "Please create a password."],
    [{ password: "abc12", confirmPassword: "abc12" }, "Weak password", "Password must be at least 6 characters."],
    [{ confirmPassword: "something-else" }, "Passwords do not match", "Please make sure both passwords match."],
    [{ userType: "admin" }, "Invalid account type", "Please choose customer or fixer."],
  ])("the server re-applies each rule (%o)", async (change, title, text) => {
    const res = await new Browser(base).post("/auth", signUpForm("rules@example.com", change));
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(title);
    expect(body).toContain(text);
  });

  it("refuses a common password with the server's reasons under 'Signup Failed'", async () => {
    const res = await new Browser(base).post("/auth", signUpForm("weak@example.com", { password: "password1", confirmPassword: "password1" }));
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Signup Failed");
    expect(body).toContain("This password is too easy to guess.");
    expect(await mailbox(base, "weak@example.com")).toEqual([]);
  });

  it("stores the profile, sends a confirmation email and says 'Check your email'; the link signs in and lands on /", async () => {
    const browser = new Browser(base);
    const res = await browser.post("/auth", signUpForm("  New.User@Example.COM ", { userType: "fixer", role: "admin" }));
    expect(res.status).toBe(200);
    const body = await res.text();
    // Sign-up ends on "Check your email": where the email went and how to resend it (issue 37).
    expect(body).toContain("Check your email");
    expect(body).toMatch(/ve sent a confirmation link to(<!-- -->)?\s*<strong[^>]*>new\.user@example\.com<\/strong>/i);
    expect(body).toContain("Resend confirmation email");
    expect(browser.hasSession()).toBe(false);

    // Not confirmed yet: sign-in says so and offers to resend.
    const early = await signIn("new.user@example.com");
    expect(early.res.status).toBe(403);
    const earlyBody = await early.res.text();
    expect(earlyBody).toContain("Sign In Failed");
    expect(earlyBody).toContain("Please confirm your email address before signing in.");
    expect(early.browser.hasSession()).toBe(false);
    const first = await waitForMail(base, "new.user@example.com", "Confirm your FixiT account");
    const resent = await early.browser.post("/auth", { intent: "resend", email: "new.user@example.com" });
    expect(resent.status).toBe(200);
    const second = await waitForMail(base, "new.user@example.com", "Confirm your FixiT account", first.id);

    const confirm = await browser.get(linkIn(second, "/api/auth/verify-email", base));
    expect(confirm.status).toBe(302);
    expect(new URL(confirm.headers.get("location")!, base).pathname).toBe("/auth/confirmed");
    expect(browser.hasSession()).toBe(true);
    // The landing page says so, once.
    const confirmed = await browser.get("/auth/confirmed");
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    const home = await browser.get("/");
    expect(await home.text()).toContain("Email confirmed — welcome to FixiT");
    expect(home.headers.get("cache-control")).toContain("no-store");
    expect(await (await browser.get("/")).text()).not.toContain("Email confirmed — welcome to FixiT");
    const stranger = await new Browser(base).get("/auth/confirmed");
    expect(stranger.headers.getSetCookie()).toEqual([]);
    const session = [...browser.cookies.keys()].find((k) => k.endsWith("session_token"))!;
    const setCookie = confirm.headers.getSetCookie().find((c) => c.startsWith(session))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // only in production over https

    const account = await browser.get("/account");
    expect(account.status).toBe(200);
    const data = await exportData(browser);
    expect(data.profile).toMatchObject({
      email: "new.user@example.com",
      fullName: "Ada Lovelace",
      phone: "+447700900123",
      accountType: "fixer",
      role: "user",
      emailVerified: true,
    });
    const types = data.securityEvents.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["signin_failed", "email_verified"]));
    const verified = data.securityEvents.find((e) => e.type === "email_verified")!;
    expect(verified.ipAddress).toBe("127.0.0.1");
    expect(verified.userAgent).toBe("vitest-browser/1.0");
  });

  it("keeps a plus-address: the confirmation goes to that exact address, and sign-in works whatever the case typed", async () => {
    const browser = new Browser(base);
    const res = await browser.post("/auth", signUpForm(" Pat+FixiT@Example.com "));
    expect(res.status).toBe(200);
    const mail = await waitForMail(base, "pat+fixit@example.com", "Confirm your FixiT account");
    expect(mail.to).toBe("pat+fixit@example.com");
    // In development without PUBLIC_URL the link uses the origin the visitor used (here 127.0.0.1, not localhost).
    expect(mail.text).toContain(`${base}/api/auth/verify-email?token=`);
    expect(await mailbox(base, "patfixit@example.com")).toEqual([]);
    expect((await browser.get(linkIn(mail, "/api/auth/verify-email", base))).status).toBe(302);
    for (const typed of ["pat+fixit@example.com", "PAT+FIXIT@EXAMPLE.COM", "  Pat+FixiT@example.com"]) {
      const { res: signedIn, browser: other } = await signIn(typed);
      expect(signedIn.status, typed).toBe(302);
      expect(other.hasSession()).toBe(true);
    }
    const refused = await new Browser(base).post("/auth", signUpForm("pat fixit@example.com"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a valid email address.");
  });

  it("stores the phone as E.164 and says what is wrong with a bad one", async () => {
    const res = await new Browser(base).post("/auth", signUpForm("short.phone@example.com", { phone: "07700 9001" }));
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Invalid phone number");
    expect(body).toContain("This phone number is too short: a UK number has 11 digits, like 07700 900123.");
    expect(await mailbox(base, "short.phone@example.com")).toEqual([]);
    const page = await (await fetch(`${base}/auth?view=signup`)).text();
    expect(page).toContain("e.g. 07700 900123");
  });

  it("answers a duplicate sign-up exactly like a new one and emails the owner instead", async () => {
    const owner = await newConfirmedUser("owner@example.com");
    const res = await new Browser(base).post("/auth", signUpForm("owner@example.com", { fullName: "Someone Else" }));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/ve sent a confirmation link to(<!-- -->)?\s*<strong[^>]*>owner@example\.com<\/strong>/);
    const warning = await waitForMail(base, "owner@example.com", "Someone tried to create a FixiT account with your email");
    expect(warning.text).toContain("You already have an account");
    // The existing account is untouched.
    expect((await exportData(owner)).profile.fullName).toBe("Ada Lovelace");
  });

  it("validates better-auth's own sign-up endpoint the same way and never takes a role or a bad account type", async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base.replace("127.0.0.1", "localhost") },
        body: JSON.stringify(body),
      });
    const bad = await post({ name: "Mallory", email: "mallory@example.com", password: strong, userType: "admin" });
    expect(bad.status).toBe(400);
    const weak = await post({ name: "Mallory", email: "mallory@example.com", password: "qwerty" });
    expect(weak.status).toBe(400);
    expect(await mailbox(base, "mallory@example.com")).toEqual([]);
  });
});

describe("sign-in and the guard", () => {
  it("redirects a signed-out visitor from /account to /auth with the origin, sending nothing guarded", async () => {
    const res = await fetch(`${base}/account?tab=data`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?from=%2Faccount%3Ftab%3Ddata");
    const body = await res.text();
    expect(body).not.toContain("My Account");
    expect(body).not.toContain("Download my data");
  });

  it("a signed-out export or account action is refused with the same redirect", async () => {
    const exported = await new Browser(base).post("/account/export", {});
    expect(exported.status).toBe(302);
    expect(exported.headers.get("location")).toMatch(/^\/auth\?from=/);
    for (const path of ["/account", "/account/details", "/account/data", "/account/security"]) {
      const action = await new Browser(base).post(path, { intent: path === "/account/security" ? "sign-out-all" : "delete", password: "x" });
      expect(action.status, path).toBe(302);
      expect(action.headers.get("location"), path).toMatch(/^\/auth\?from=/);
    }
  });

  it("a data request for /account is redirected too (client-side navigation)", async () => {
    const res = await fetch(`${base}/account.data`, { redirect: "manual" });
    const body = await res.text();
    expect(body).not.toContain("Download my data");
    expect(body).toContain("/auth?from=%2Faccount");
  });

  it("signs in to the remembered page, replacing history, and /auth then sends the user on", async () => {
    await newConfirmedUser("signin@example.com");
    const { browser, res } = await signIn(" SignIn@Example.com ", strong, "/account?tab=data");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account?tab=data");
    expect(browser.hasSession()).toBe(true);
    expect((await browser.get("/account")).status).toBe(200);
    const again = await browser.get("/auth?from=%2Faccount");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/account");
    const offsite = await browser.get("/auth?from=https%3A%2F%2Fevil.example%2F");
    expect(offsite.headers.get("location")).toBe("/");
    const root = await browser.get("/");
    expect(Number(root.headers.get("x-db-queries"))).toBeGreaterThan(0);
    const events = (await exportData(browser)).securityEvents.map((e) => e.type);
    expect(events).toContain("user_signin");
  });

  it("a wrong password says 'Sign In Failed' with the server's message and stays", async () => {
    const { browser, res } = await signIn("signin@example.com", "wrong-password-here");
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(body).toContain("Sign In Failed");
    expect(body).toContain("Invalid email or password");
    expect(browser.hasSession()).toBe(false);
  });

  it("an unknown account fails the same way as a wrong password", async () => {
    const { res } = await signIn("nobody@example.com", "whatever-password");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid email or password");
  });

  it("a signed-in page reads who is signed in, and the header's counts, in one query (decision 071)", async () => {
    const browser = await newConfirmedUser("one-query@example.com");
    // The page's own list is the second query; main read the session twice, the user, the fixer flag and recounted both counts (9).
    for (const path of ["/account/notifications", "/account/jobs"]) {
      const res = await browser.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-db-queries")).toBe("2");
    }
    // My Account: the session and what the page shows (16 on main), which also says whether there is a
    // fixer application to look up (none here). Its first view too: the referral code was made at sign-in.
    const account = await browser.get("/account");
    expect(account.status).toBe(200);
    expect(account.headers.get("x-db-queries")).toBe("2");
    // A cookie whose signature is not ours is nobody, whatever token it names.
    const forged = browser.cookieHeader().replace(/(session_token=[^.;]+\.)[^;]+/, "$1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D");
    const res = await fetch(`${base}/account`, { headers: { cookie: forged }, redirect: "manual" });
    expect(res.status).toBe(302);
  });

  it("sign-out ends every session of the user (global scope)", async () => {
    await newConfirmedUser("global@example.com");
    const a = (await signIn("global@example.com")).browser;
    const b = (await signIn("global@example.com")).browser;
    expect((await a.get("/account")).status).toBe(200);
    expect((await b.get("/account")).status).toBe(200);
    const out = await a.post("/auth/sign-out", {});
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(a.hasSession()).toBe(false);
    expect((await b.get("/account")).status).toBe(302);
    // A GET never signs anyone out.
    const c = (await signIn("global@example.com")).browser;
    expect((await c.get("/auth/sign-out")).status).toBe(302);
    expect((await c.get("/account")).status).toBe(200);
  });
});

describe("password reset", () => {
  it("answers an unknown email exactly like a known one, and sends nothing", async () => {
    const res = await new Browser(base).post("/auth", { intent: "reset", email: "ghost@example.com" });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Password Reset Email Sent");
    expect(body).toContain("Please check your email for the password reset link.");
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailbox(base, "ghost@example.com")).toEqual([]);
  });

  it("emails a /reset-password link; the new password must pass the rules; success ends every session", async () => {
    const first = await newConfirmedUser("reset@example.com");
    const res = await new Browser(base).post("/auth", { intent: "reset", email: "reset@example.com" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Password Reset Email Sent");
    const mail = await waitForMail(base, "reset@example.com", "Reset your FixiT password");
    const link = linkIn(mail, "/reset-password?token=", base);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password");

    const token = new URL(link).searchParams.get("token")!;
    const visitor = new Browser(base);
    const short = await visitor.post("/reset-password", { token, password: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 6 characters.");
    const weak = await visitor.post("/reset-password", { token, password: "123456789", confirmPassword: "123456789" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password Reset Failed");
    const bogus = await visitor.post("/reset-password", { token: "not-a-token", password: "new-lantern-orbit-42", confirmPassword: "new-lantern-orbit-42" });
    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("This password reset link is invalid or has expired.");

    const done = await visitor.post("/reset-password", { token, password: "new-lantern-orbit-42", confirmPassword: "new-lantern-orbit-42" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Password updated");
    expect((await first.get("/account")).status).toBe(302);
    expect((await signIn("reset@example.com")).res.status).toBe(401);
    const again = await signIn("reset@example.com", "new-lantern-orbit-42");
    expect(again.res.status).toBe(302);
    await waitForMail(base, "reset@example.com", "Your FixiT password was changed");
    // The token is single-use.
    const reuse = await visitor.post("/reset-password", { token, password: "another-lantern-99", confirmPassword: "another-lantern-99" });
    expect(reuse.status).toBe(400);
    const types = (await exportData(again.browser)).securityEvents.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["password_reset_requested", "password_changed", "user_signin"]));
  });
});

describe("My Account", () => {
  it("shows the details, edits name and phone (escaped on output)", async () => {
    const browser = await newConfirmedUser("profile@example.com");
    const page = await (await browser.get("/account")).text();
    for (const text of ["My Account", "Ada Lovelace", "profile@example.com", "07700 900123", "Customer", 'id="vip-status"', 'id="fixer-status"']) {
      expect(page).toContain(text);
    }
    // The settings are a link each (decision 077), at the anchors emails sent before linked to.
    for (const [anchor, href] of [["email-preferences", "/account/notifications/settings"], ["password", "/account/security"], ["your-data", "/account/data"]] as const) {
      expect(page).toMatch(new RegExp(`id="${anchor}"[^>]*>\\s*<a[^>]*href="${href.replace(/\//g, "\\/")}"`));
    }
    for (const form of ['name="currentPassword"', "Delete my account", 'name="message"', 'name="fullName"']) expect(page).not.toContain(form);
    // The details are changed on a page of their own (decision 091), linked from the overview's card.
    expect(page).toMatch(/id="profile"[\s\S]*href="\/account\/details"/);
    const details = await (await browser.get("/account/details")).text();
    for (const text of ["Your details", 'name="fullName"', 'value="Ada Lovelace"', 'name="phone"', "07700 900123"]) expect(details).toContain(text);
    const security = await (await browser.get("/account/security")).text();
    for (const text of ["Password and devices", "Change password", 'name="currentPassword"', "Sign out of all devices"]) expect(security).toContain(text);
    const yourData = await (await browser.get("/account/data")).text();
    for (const text of ["Your data", "Download my data", "Delete my account"]) expect(yourData).toContain(text);
    // A form of another page is not answered here: 400, nothing changes.
    const elsewhere = await browser.post("/account", { intent: "delete", password: strong });
    expect(elsewhere.status).toBe(400);
    const movedAway = await browser.post("/account", { intent: "profile", fullName: "Not Saved", phone: "" });
    expect(movedAway.status).toBe(400);
    expect((await browser.get("/account")).status).toBe(200);
    // The price's terms are said once.
    const text = page.replace(/<!-- -->/g, "");
    expect(text).toContain(html("VIP access is £1.99 (one-time, lifetime access)."));
    expect(text).not.toMatch(/one-time £1\.99 \(one-time/);
    // The AI Fixer chat has the header's Back button only.
    const chat = await (await browser.get("/fixer-ai")).text();
    expect(chat).toContain("Online &amp; Ready to Help");
    // In place, not moved to the end of the document to be revealed by a script on a later frame.
    expect(chat).not.toMatch(/<template id="B:|hidden id="S:/);
    // Until the chat's own chunk has hydrated, its field is disabled, so nothing typed that early is lost.
    expect(chat).toMatch(/<input[^>]*id="ai-fixer-input"[^>]*disabled=""/);
    expect(chat.match(/>Back</g)).toHaveLength(1);
    const name = `<img src=x onerror=alert(1)> O'Brien`;
    const saved = await browser.post("/account/details", { intent: "profile", fullName: `  ${name}  `, phone: "" });
    expect(saved.status).toBe(200);
    const after = await (await browser.get("/account")).text();
    expect(after).toContain(html(name));
    expect(after).not.toContain("<img src=x");
    expect(after).toContain("Not given");
    const empty = await browser.post("/account/details", { intent: "profile", fullName: " ", phone: "1" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter your full name.");
    const phone = await browser.post("/account/details", { intent: "profile", fullName: "Ada", phone: "(020) 7946-0958" });
    expect(phone.status).toBe(200);
    expect((await exportData(browser)).profile.phone).toBe("+442079460958");
    expect(await (await browser.get("/account")).text()).toContain("020 7946 0958");
    const badPhone = await browser.post("/account/details", { intent: "profile", fullName: "Ada", phone: "020 7946" });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.text()).toContain("This phone number is too short");
  });

  it("changing the password needs the current one and ends the other sessions", async () => {
    const current = await newConfirmedUser("change@example.com");
    const other = (await signIn("change@example.com")).browser;
    const wrong = await current.post("/account/security", { intent: "password", currentPassword: "not-it-at-all", password: "fresh-meadow-lamp-7", confirmPassword: "fresh-meadow-lamp-7" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const changed = await current.post("/account/security", { intent: "password", currentPassword: strong, password: "fresh-meadow-lamp-7", confirmPassword: "fresh-meadow-lamp-7" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/account/security");
    const landed = await current.get("/account/security");
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain("Your password has been changed and your other devices have been signed out.");
    // Said once: the next visit to My Account does not repeat it.
    expect(await (await current.get("/account/security")).text()).not.toContain("Your password has been changed");
    expect((await other.get("/account")).status).toBe(302);
    expect((await signIn("change@example.com", "fresh-meadow-lamp-7")).res.status).toBe(302);
  });

  it("'Sign out of all devices' ends every session", async () => {
    const a = await newConfirmedUser("devices@example.com");
    const b = (await signIn("devices@example.com")).browser;
    const res = await a.post("/account/security", { intent: "sign-out-all" });
    expect(res.status).toBe(302);
    expect((await a.get("/account")).status).toBe(302);
    expect((await b.get("/account")).status).toBe(302);
  });

  it("'Download my data' is a JSON attachment of what is stored, without secrets", async () => {
    const browser = await newConfirmedUser("export@example.com");
    const res = await browser.post("/account/export", {});
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="(fixit-account-data-\d{4}-\d{2}-\d{2}\.json)"; filename\*=UTF-8''\1$/);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile.email).toBe("export@example.com");
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/"password"|"token"/);
  });

  it("'Delete my account' asks for the password, deletes the account and signs out", async () => {
    const browser = await newConfirmedUser("delete@example.com");
    const other = (await signIn("delete@example.com")).browser;
    const wrong = await browser.post("/account/data", { intent: "delete", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const res = await browser.post("/account/data", { intent: "delete", password: strong });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(browser.hasSession()).toBe(false);
    // The home page says so once, then forgets it.
    expect(await (await browser.get("/")).text()).toContain("Your account and its data have been deleted.");
    expect(await (await browser.get("/")).text()).not.toContain("Your account and its data have been deleted.");
    expect((await other.get("/account")).status).toBe(302);
    expect((await signIn("delete@example.com")).res.status).toBe(401);
    // The address is free again: a new sign-up is a real new account.
    const again = await newConfirmedUser("delete@example.com");
    expect((await exportData(again)).securityEvents.map((e) => e.type)).not.toContain("signin_failed");
  });
});

describe("rate limits (kept in the database)", () => {
  it("answers 429 with a clear message after 5 sign-in attempts a minute for one email, and records it", async () => {
    const browser = await newConfirmedUser("limited@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn("limited@example.com", `wrong-password-${i}`)).res.status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await signIn("limited@example.com");
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await blocked.res.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
    expect((await exportData(browser)).securityEvents.map((e) => e.type)).toContain("rate_limited");
  });

  it("limits better-auth's own endpoints too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base.replace("127.0.0.1", "localhost") },
        body: JSON.stringify({ email: "api-limit@example.com", password: "nope-nope-nope" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses[0]).not.toBe(429);
  });

  it("limits reset requests per email", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await new Browser(base).post("/auth", { intent: "reset", email: "flood@example.com" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
