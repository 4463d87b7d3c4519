import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { appStarted, expect, test } from "./helpers/test";
import { testPassword, withCookieChoice } from "./helpers/accounts";
import { chromiumArgs } from "./helpers/chromium-args";
import { expectNoSeriousA11yViolations, saveScreenshot } from "./helpers/page-checks";
import { waitForMail } from "#tests/helpers/mailbox.ts";

/**
 * The installable app in real Chromium (issue 50, decision 073): the manifest and the browser's own
 * installability check, the worker's registration, offline pages, and pushes delivered to the worker
 * through the DevTools protocol. The other specs run with service workers blocked (playwright.config.ts);
 * this one runs a persistent profile of Debian's full Chromium, because an incognito context (every
 * `browser.newContext()`) is never installable and the headless shell shows no notifications.
 */
test.describe.configure({ mode: "serial" });

let profile: string;
let context: BrowserContext;
let page: Page;
let base: string;

test.beforeAll(async ({ browserName }, testInfo) => {
  expect(browserName).toBe("chromium");
  base = testInfo.project.use.baseURL!;
  profile = mkdtempSync(path.join(tmpdir(), "fixit-pwa-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: chromiumArgs,
    baseURL: base,
    locale: "en-GB",
    serviceWorkers: "allow",
    // Its own address, so that its sign-up does not share the suite's per-address limit.
    extraHTTPHeaders: { "x-forwarded-for": `10.50.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  page = context.pages()[0] ?? (await context.newPage());
  await withCookieChoice(page);
});

test.afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const workerReady = () => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller));
const keptPages = () =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("fixit-pages-"));
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls.sort();
  });

test("the manifest is served as application/manifest+json and Chromium finds the site installable", async () => {
  const response = await page.request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({ name: "FixiT", short_name: "FixiT", display: "standalone", start_url: "/", theme_color: "#1a56db" });
  for (const size of ["192x192", "512x512"]) for (const purpose of ["any", "maskable"]) expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()["content-type"], icon.src).toBe("image/png");
  }
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ["Post a job", "/request"],
    ["Messages", "/account/jobs"],
    ["Leads (fixers)", "/fixer"],
  ]);

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1a56db");
  // A public page fetches no script before the visitor's first interaction (decision 041), the
  // worker's start included: it registers once the page's app has started.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await appStarted(page);
  await expect.poll(workerReady, { timeout: 20_000 }).toBe(`${base}/sw.js`);
  const cdp = await context.newCDPSession(page);
  await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 15_000 }).toEqual([]);
  await cdp.detach();

  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
});

test("offline: a visited public page opens from the cache, an unvisited one shows the offline page", async () => {
  await page.goto("/");
  await appStarted(page);
  await expect.poll(workerReady, { timeout: 20_000 }).toBeTruthy();
  await expect.poll(controlled).toBe(true);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(keptPages).toContain("/about");

  await context.setOffline(true);
  try {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Making home help simple, safe and fair" })).toBeVisible();
    await expect(page.getByText("You are offline")).toHaveCount(0);

    await page.goto("/careers");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText("What works offline")).toBeVisible();
    await expect(page.getByText("What needs a connection")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await context.setOffline(false);
  }
});

test("a signed-in page is never kept: offline it is the offline page, not the account", async () => {
  const email = `pwa-${Date.now()}@example.com`;
  const signUp = await page.request.post("/auth", {
    form: { intent: "sign-up", fullName: "Pat Offline", email, phone: "", password: testPassword, confirmPassword: testPassword, userType: "customer" },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  const link = new URL(mail.text.match(/https?:\/\/[^\s)>\]]*\/api\/auth\/verify-email[^\s)>\]]*/)![0]);
  await page.request.get(link.pathname + link.search, { maxRedirects: 0 });

  await page.goto("/account");
  await expect(page.getByText("Pat Offline").first()).toBeVisible();
  // The home page signed in is rendered for this person: not kept either (only the anonymous copy is).
  const before = await keptPages();
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  const after = await keptPages();
  expect(after.filter((p) => p.startsWith("/account"))).toEqual([]);
  expect(after.filter((p) => !before.includes(p)), "pages kept while signed in").toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText("Pat Offline")).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  await context.clearCookies();
});

test("the install steps and the device list at 360 and 1440 px: readable, removable, axe clean", async () => {
  // "Install FixiT" where the browser has no prompt of its own (Safari): the steps, which need no
  // script. This Chromium offers its prompt here, so a page of its own never lets the site see it.
  const safari = await context.newPage();
  await safari.addInitScript(() => addEventListener("beforeinstallprompt", (event) => event.stopImmediatePropagation(), { capture: true }));
  for (const [label, width] of [["360", 360], ["1440", 1440]] as const) {
    await safari.setViewportSize({ width, height: label === "360" ? 780 : 900 });
    // A new load each time (the same address with its #fragment would only scroll).
    await safari.goto("about:blank");
    await safari.goto("/early-access#install-fixit");
    const offer = safari.locator("#install-fixit");
    await offer.locator("summary", { hasText: "Install FixiT" }).click();
    await expect(offer.getByRole("region", { name: "On an iPhone or iPad (Safari)" })).toBeVisible();
    await expectNoSeriousA11yViolations(safari);
    await saveScreenshot(offer, `app-install-steps-${label}`);
  }
  await safari.close();

  const email = `pwa-devices-${Date.now()}@example.com`;
  const signUp = await page.request.post("/auth", {
    form: { intent: "sign-up", fullName: "Dev Ices", email, phone: "", password: testPassword, confirmPassword: testPassword, userType: "customer" },
  });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(base, email, "Confirm your FixiT account");
  const link = new URL(mail.text.match(/https?:\/\/[^\s)>\]]*\/api\/auth\/verify-email[^\s)>\]]*/)![0]);
  await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
  // Two devices, as a browser's subscription (PushSubscription.toJSON()) posts them.
  for (const name of ["Pixel 8 in the kitchen", "Work laptop"]) {
    const keys = createECDH("prime256v1");
    keys.generateKeys();
    const added = await page.request.post("/account/push-devices", {
      form: { intent: "subscribe", endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("hex")}`, p256dh: keys.getPublicKey("base64url"), auth: randomBytes(16).toString("base64url"), name },
      headers: { origin: base },
    });
    expect(added.status(), name).toBe(200);
  }

  const devices = () => page.getByRole("list", { name: "Your devices" }).getByRole("listitem");
  for (const [label, width] of [["360", 360], ["1440", 1440]] as const) {
    await page.setViewportSize({ width, height: label === "360" ? 780 : 900 });
    await page.goto("/account/notifications/settings");
    await expect(devices()).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Notify me on this device" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `app-push-devices-${label}`, { fullPage: true });
  }
  await devices().filter({ hasText: "Work laptop" }).getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByText("Device removed.", { exact: true })).toBeVisible();
  await expect(devices()).toHaveCount(1);
  await expect(devices().first()).toContainText("Pixel 8 in the kitchen");
  await context.clearCookies();
});

test("a push shows one notification with its title; the same tag replaces it; a tap opens its page", async () => {
  await context.grantPermissions(["notifications"], { origin: base });
  await page.goto("/");
  await appStarted(page);
  await expect.poll(workerReady, { timeout: 20_000 }).toBeTruthy();
  await expect.poll(controlled).toBe(true);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const id = await registrationId;
  const push = (payload: unknown) => cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId: id, data: typeof payload === "string" ? payload : JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })));

  const first = { title: "New quote for your leaking tap", body: "Nell quoted £85.", url: "/help", tag: "quote-41" };
  await push(first);
  // The first push starts the worker. On a loaded machine Chromium has dropped that delivery now and
  // then (nothing shown, every later push shown at once), so it is delivered once more if nothing
  // shows: as a push service redelivers, with the same tag, which still shows one notification.
  const one = [{ title: first.title, body: first.body, tag: "quote-41", url: "/help" }];
  if (!(await expect.poll(shown, { timeout: 10_000 }).toEqual(one).then(() => true, () => false))) {
    await push(first);
    await expect.poll(shown, { timeout: 20_000 }).toEqual(one);
  }

  // A retry (or an update) with the same tag: still one notification.
  await push({ title: "New quote for your leaking tap", body: "Nell quoted £85.", url: "/help", tag: "quote-41" });
  await push({ title: "Updated quote", body: "Nell quoted £80.", url: "/help", tag: "quote-41" });
  await expect.poll(shown).toEqual([{ title: "Updated quote", body: "Nell quoted £80.", tag: "quote-41", url: "/help" }]);

  // A payload that is not FixiT's shape (here a link elsewhere) shows the one generic notice, never its words.
  await push({ title: "Win a prize", body: "Click", url: "https://evil.example/", tag: "x" });
  await push("not json");
  await expect.poll(async () => (await shown()).map((n) => n.title).sort()).toEqual(["FixiT", "Updated quote"]);
  expect((await shown()).find((n) => n.title === "FixiT")).toMatchObject({ tag: "fixit-update", url: "/" });

  // The tap: the worker's notificationclick handler, dispatched in the worker, takes the open window to the page.
  const worker = context.serviceWorkers().find((w) => w.url() === `${base}/sw.js`);
  expect(worker, "the running worker").toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications({ tag: "quote-41" });
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(`${base}/help`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual(["fixit-update"]);
  await cdp.detach();
});

test("a new deployment: its worker waits, the page offers Reload, and Reload brings the new version in", async () => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/about");
  await appStarted(page);
  await expect.poll(controlled).toBe(true);
  const waiting = () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  expect(await waiting()).toBe(false);

  // The next deployment: the server's /sw.js (and its compressed copies, which it sends as they are)
  // has other bytes, as a new precache list would give it. A route cannot do it: the browser fetches
  // a worker's script itself, past Playwright's routes.
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const workerFiles = ["sw.js", "sw.js.br", "sw.js.gz"].map((name) => path.join(clientDir, name));
  const deployed = workerFiles.map((file) => readFileSync(file));
  const next = `${deployed[0]!.toString("utf8")}\n// the next deployment`;
  writeFileSync(workerFiles[0]!, next);
  writeFileSync(workerFiles[1]!, brotliCompressSync(next));
  writeFileSync(workerFiles[2]!, gzipSync(next));
  try {
    // The check a page makes when it is looked at again (app-start.ts), made now.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.getByRole("status").filter({ hasText: "A new version of FixiT is ready." });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    // The new worker does not take the page over by itself: it waits for the visitor's word.
    expect(await waiting()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: "screenshots/app-update-notice-360.png" });

    const reloaded = page.waitForEvent("load");
    await notice.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    // The waiting worker took over and the page reloaded under it: nothing waits, no notice.
    await expect.poll(waiting).toBe(false);
    await expect.poll(controlled).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("A new version of FixiT is ready.")).toHaveCount(0);
  } finally {
    workerFiles.forEach((file, i) => writeFileSync(file, deployed[i]!));
  }
});
