import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, linkIn, mailbox, waitForMail } from "./auth-helpers";
import { startServerInProcess, type InProcessServer } from "./helpers/server";

/**
 * The anonymous-HTML cache (decision 012) over real HTTP against the production build: who gets a
 * cached page, what is in it, its validators and its Content-Security-Policy.
 */
let server: InProcessServer;
let base: string;
beforeAll(async () => {
  server = await startServerInProcess();
  base = server.url;
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { redirect: "manual", headers });
const scriptPolicy = (res: Response) => /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(` ${m[1]}`)).map((m) => m[2]!);

/** An islands page's start script (app/lib/islands/islands-scripts.tsx): its entry, the entry's chunks, and each island's. */
function islandsBoot(html: string) {
  const boot = inlineScripts(html).find((script) => script.includes("await firstInteraction;") && script.includes("islands.client-")) ?? "";
  return {
    entry: /import\("(\/assets\/islands\.client-[^"]+\.js)"\)/.exec(boot)?.[1],
    preloads: JSON.parse(/^const islandsPreloads = (\[.*\]);$/m.exec(boot)?.[1] ?? "[]") as string[],
    islandPreloads: JSON.parse(/^const islands = (\{.*\});$/m.exec(boot)?.[1] ?? "{}") as Record<string, string[]>,
  };
}
const sha256 = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("anonymous visitors", () => {
  it("render a public page once: the second request is served from the cache with the same HTML and ETag", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    const second = await get("/about");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstHtml);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("vary")).toMatch(/cookie/i);
    expect(second.headers.get("x-db-queries")).toBe("0");
  });

  it("keys pages by path", async () => {
    await get("/terms");
    const terms = await get("/terms");
    const about = await get("/about");
    expect(terms.headers.get("x-page-cache")).toBe("hit");
    expect(terms.headers.get("etag")).not.toBe(about.headers.get("etag"));
    expect(await terms.text()).toContain("<title>Terms and Conditions");
    expect(await about.text()).toContain("<title>About Us");
  });

  it("answers If-None-Match with 304 and no body, and sends brotli or gzip bodies precompressed", async () => {
    const br = await get("/about", { "accept-encoding": "br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await get("/about", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const brBody = await br.text();
    expect(await gz.text()).toBe(brBody);
    // Chrome's header lists gzip first; the cached page still goes out as brotli.
    const chrome = await get("/about", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(chrome.headers.get("content-encoding")).toBe("br");
    expect(await chrome.text()).toBe(brBody);
    const revalidated = await get("/about", { "accept-encoding": "br", "if-none-match": br.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const stale = await get("/about", { "if-none-match": '"not-this-one"' });
    expect(stale.status).toBe(200);
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
  });

  it("a cached page's policy allows exactly its inline scripts by hash: no nonce, no 'unsafe-inline'", async () => {
    await get("/help");
    const res = await get("/help");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    const html = await res.text();
    const policy = scriptPolicy(res);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("nonce-");
    expect(html).not.toMatch(/\snonce="/);
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(policy).toContain(sha256(script));
    // A page rendered per request keeps its per-response nonce.
    const fresh = await get("/help?per-request");
    expect(fresh.headers.get("x-page-cache")).toBeNull();
    expect(scriptPolicy(fresh)).toMatch(/'nonce-[^']+'/);
  });

  it("a cached page loads no JavaScript before the visitor's first interaction: no module preloads in the head, the app starts on that interaction (decisions 025, 041)", async () => {
    const cached = await (await get("/help")).text();
    expect(cached).not.toContain('rel="modulepreload"');
    const start = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(cached)?.[1] ?? "";
    expect(start).toContain("\nawait firstInteraction;\n");
    expect(start).not.toContain('"first-contentful-paint"');
    expect(start).not.toMatch(/^import \* as/m);
    // Every module the page needs is still named, preloaded together once the page has painted.
    const entry = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(start)?.[1];
    expect(entry).toBeDefined();
    expect(start).toContain(`"${entry}"`);
  });

  it("a signed-out visitor's page rendered per request waits for the first interaction too, its rewritten script carrying the response's nonce", async () => {
    for (const path of ["/request", "/request?service=plumbing", "/emergency", "/help?per-request"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(scriptPolicy(res))?.[1];
      expect(nonce).toBeDefined();
      const html = await res.text();
      expect(html).not.toContain('rel="modulepreload"');
      const start = /<script nonce="([^"]+)" type="module" async="">([\s\S]*?)<\/script>/.exec(html);
      expect(start?.[1]).toBe(nonce);
      expect(start?.[2]).toContain("\nawait firstInteraction;\n");
      expect(start?.[2]).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
      // Every inline script the browser runs still carries the response's nonce (data blocks need none).
      const runnable = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/\ssrc=|type="application\//.test(tag));
      expect(runnable.length).toBeGreaterThan(1);
      for (const tag of runnable) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("the signed-out home page is served as islands: no React Router, each island and the root data in the HTML, preloads allowed by hash (decision 031)", async () => {
    await get("/");
    const res = await get("/");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    const html = await res.text();
    expect(html).toMatch(/<html lang="en-GB" data-islands="">/);
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain("__reactRouterRouteModules");
    const islands = [...html.matchAll(/data-island="([a-z-]+)"/g)].map((m) => m[1]);
    expect(islands.sort()).toEqual(["home-below-fold", "home-hero", "home-top-bar", "home-widgets", "site-footer", "site-widgets"]);
    const rootData = JSON.parse(/<script id="fixit-root-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null");
    expect(rootData).toMatchObject({ user: null, flash: null, consentChosen: false });
    const { entry, preloads, islandPreloads } = islandsBoot(html);
    expect(entry).toBeDefined();
    expect(preloads).toContain(entry);
    expect(preloads.some((href) => /\/assets\/react-[^/]+\.js$/.test(href))).toBe(true);
    expect(islandPreloads["home-hero"]?.some((href) => /\/assets\/hero-[^/]+\.js$/.test(href))).toBe(true);
    for (const href of [...preloads, ...Object.values(islandPreloads).flat()]) {
      expect(href).not.toMatch(/router/);
      expect((await fetch(`${base}${href}`)).status, href).toBe(200);
    }
    const policy = scriptPolicy(res);
    for (const script of inlineScripts(html)) expect(policy).toContain(sha256(script));
    // A page with forms hydrates whole with React Router.
    expect(await (await get("/help")).text()).not.toContain("data-islands");
  });

  it("the signed-out content pages are served as islands too: the header and the footer hydrate, the text stays HTML (decision 037)", async () => {
    for (const [path, pageIslands] of [
      ["/terms", []],
      ["/about", []],
      ["/categories", ["categories-browser"]],
      ["/fixer-ai", ["fixer-ai-landing"]],
    ] as const) {
      const html = await (await get(path)).text();
      expect(html, path).toMatch(/<html lang="en-GB" data-islands="">/);
      expect(html, path).not.toContain("__reactRouterContext");
      const islands = [...html.matchAll(/data-island="([a-z-]+)"/g)].map((m) => m[1]);
      expect(islands.sort(), path).toEqual(["site-footer", "site-header", "site-widgets", ...pageIslands].sort());
      // The same boot script on every islands page: it preloads what the islands in the HTML need.
      expect(islandsBoot(html).islandPreloads, path).toEqual(islandsBoot(await (await get("/")).text()).islandPreloads);
    }
  });

  it("a query string, a page that is not public, or an unknown cookie skips the cache", async () => {
    for (const path of ["/about?x=1", "/auth", "/dev/mailbox"]) {
      expect((await get(path)).headers.get("x-page-cache"), path).toBeNull();
    }
    expect((await get("/about", { cookie: "something=else" })).headers.get("x-page-cache")).toBeNull();
  });

  it("the cookie banner is in the HTML until a choice is made, and the two states are cached apart", async () => {
    const unchosen = await (await get("/careers")).text();
    expect(unchosen).toContain("Accept All Cookies");
    const chosen = await get("/careers", { cookie: "cookie_consent=essential" });
    expect(chosen.headers.get("x-page-cache")).toBe("miss");
    expect(await chosen.text()).not.toContain("Accept All Cookies");
    expect((await get("/careers", { cookie: "cookie_consent=all" })).headers.get("x-page-cache")).toBe("hit");
    expect(await (await get("/careers")).text()).toContain("Accept All Cookies");
  });

  it("the banner's choice works before any script: a plain form posts to /consent, which sets the cookie and returns to the page", async () => {
    const page = await (await get("/careers")).text();
    const [, formTag = "", form = ""] = /(<form[^>]*action="\/consent"[^>]*>)([\s\S]*?)<\/form>/.exec(page) ?? [];
    expect(formTag).toContain('method="post"');
    expect(form).toContain('<input type="hidden" name="returnTo" value="/careers"/>');
    const buttons = [...form.matchAll(/<button([^>]*)>([^<]*)</g)].map(([, attributes = "", label]) => ({ label, submit: attributes.includes('type="submit"'), choice: /name="choice"/.test(attributes) ? /value="([^"]*)"/.exec(attributes)?.[1] : undefined }));
    expect(buttons).toEqual([
      { label: "Accept All Cookies", submit: true, choice: "all" },
      { label: "Reject Non-Essential", submit: true, choice: "essential" },
      { label: "Customize Preferences", submit: false, choice: undefined },
    ]);

    const post = (body: Record<string, string>) =>
      fetch(`${base}/consent`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: base }, body: new URLSearchParams(body) });
    for (const [choice, value] of [["all", "all"], ["essential", "essential"]] as const) {
      const chosen = await post({ choice, returnTo: "/careers" });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get("location")).toBe("/careers");
      const cookie = chosen.headers.getSetCookie().find((c) => c.startsWith("cookie_consent="));
      expect(cookie).toMatch(new RegExp(`^cookie_consent=${value}; Path=/; Max-Age=31536000; SameSite=Lax`));
      // The page it returns to has no banner.
      expect(await (await get("/careers", { cookie: cookie!.split(";")[0]! })).text()).not.toContain("Accept All Cookies");
    }
    // Back only to a path of this site.
    for (const returnTo of ["//evil.example/", "https://evil.example/", "/%2F%2Fevil.example"]) {
      expect((await post({ choice: "all", returnTo })).headers.get("location")).toBe("/");
    }
    // A made-up choice: a clear 400, and no cookie.
    const refused = await post({ choice: "everything", returnTo: "/careers" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Choose Accept All Cookies or Reject Non-Essential.");
    expect(refused.headers.getSetCookie()).toEqual([]);
    // Another site cannot make the choice for the visitor: its form post says where it came from.
    for (const headers of [{ origin: "https://evil.example" }, { origin: base, "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const forged = await fetch(`${base}/consent`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ choice: "all", returnTo: "/careers" }),
      });
      expect(forged.status).toBe(403);
      expect(await forged.text()).toBe("This can only be done from FixiT's own pages.");
      expect(forged.headers.getSetCookie()).toEqual([]);
    }
    // A GET changes nothing.
    const typed = await get("/consent?choice=all");
    expect(typed.status).toBe(302);
    expect(typed.headers.getSetCookie()).toEqual([]);
  });
});

describe("signed-in visitors", () => {
  it("never get a cached page, and what they see never reaches a cached one", async () => {
    const email = `cache-${Date.now()}@example.com`;
    const browser = new Browser(base);
    const password = "copper-kettle-violet-harbour";
    const before = Math.max(0, ...(await mailbox(base, email)).map((m) => m.id));
    const signUp = await browser.post("/auth", {
      intent: "sign-up",
      fullName: "Grace Cachetest",
      email,
      phone: "07700 900123",
      password,
      confirmPassword: password,
      userType: "customer",
    });
    expect(signUp.status).toBe(200);
    const mail = await waitForMail(base, email, "Confirm your FixiT account", before);
    await browser.get(linkIn(mail, "/api/auth/verify-email", base));
    expect(browser.hasSession()).toBe(true);

    // Signed in first, on a page nobody has requested yet: rendered per request, personal.
    const signedIn = await browser.get("/how-it-works");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toContain(email);

    const anonymous = await get("/how-it-works");
    expect(anonymous.headers.get("x-page-cache")).toBe("miss");
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).not.toContain(email);
    expect(anonymousHtml).not.toContain("Grace Cachetest");

    // A signed-in visitor's home page hydrates with React Router (their header has a fetcher), never as
    // islands, and streams as React Router writes it: its scripts start as they arrive, not after a paint.
    const home = await (await browser.get("/")).text();
    expect(home).not.toContain("data-islands");
    expect(home).toContain("__reactRouterContext");
    expect(home).toContain('rel="modulepreload"');
    expect(home).not.toContain('"first-contentful-paint"');

    // Once the anonymous page is cached, the signed-in visitor still gets their own.
    const again = await browser.get("/how-it-works");
    expect(again.headers.get("x-page-cache")).toBeNull();
    expect(await again.text()).toContain(email);
  });
});

describe("flash messages", () => {
  const FLASH_CLEARED = "fixit_flash=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax";
  const DENIED = "You need a valid early access code to view this page.";

  it("are shown once, on a page rendered for that request and never from the cache; the cached page never holds one", async () => {
    await get("/how-it-works");
    expect((await get("/how-it-works")).headers.get("x-page-cache")).toBe("hit");
    const browser = new Browser(base);
    // The VIP blog without a code refuses the visitor with a flash (and no query in the URL).
    const refused = await browser.get("/early-access-blog");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/account");
    expect(browser.cookies.has("fixit_flash")).toBe(true);

    const shown = await browser.get("/how-it-works");
    expect(shown.status).toBe(200);
    expect(shown.headers.get("x-page-cache")).toBeNull();
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.getSetCookie()).toContain(FLASH_CLEARED);
    const body = await shown.text();
    // A flash is a toast shown at once: this page's app starts after its paint, not on the first interaction.
    expect(body).toContain('"first-contentful-paint"');
    expect(body).not.toContain("await firstInteraction;");
    expect(body).toContain("Access Denied");
    expect(body).toContain(DENIED);
    expect(body).toMatch(/role="status"[^>]*>\s*<strong>Access Denied\.<\/strong>/);

    // Read once: the cookie is gone, the next visit is the cached page again, and says nothing.
    expect(browser.cookies.has("fixit_flash")).toBe(false);
    const again = await browser.get("/how-it-works");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).not.toContain(DENIED);
  });

  it("ignores a flash cookie whose message or signature was altered, and clears it", async () => {
    const refused = await get("/early-access-blog");
    const value = refused.headers.getSetCookie().find((c) => c.startsWith("fixit_flash="))!.split(";")[0]!.slice("fixit_flash=".length);
    // React Router's createCookie (decision 072): the message is base64 JSON, URL-encoded, then "." and its signature.
    const [payload, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const message = JSON.parse(Buffer.from(decodeURIComponent(payload), "base64").toString("utf8")) as { title: string };
    const forged = encodeURIComponent(Buffer.from(JSON.stringify({ ...message, title: "You won a prize" })).toString("base64"));
    for (const tampered of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -4)}AAAA`, payload]) {
      const res = await get("/how-it-works", { cookie: `fixit_flash=${tampered}` });
      expect(res.status, tampered).toBe(200);
      expect(res.headers.get("x-page-cache"), tampered).toBeNull();
      expect(res.headers.getSetCookie(), tampered).toContain(FLASH_CLEARED);
      const body = await res.text();
      expect(body, tampered).not.toContain("You won a prize");
      expect(body, tampered).not.toContain(DENIED);
    }
    // The untouched cookie is shown.
    expect(await (await get("/how-it-works", { cookie: `fixit_flash=${value}` })).text()).toContain(DENIED);
  });
});
