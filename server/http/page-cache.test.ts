import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { dayKey, etagFor, inlineScripts, matchesIfNoneMatch, PageCache, pageCacheKey, policyWithScriptHashes, preparePage, scriptHash } from "./page-cache";
import { cookieChoice } from "./page-cache-middleware";

const html = (body: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"a":1}</script><link rel="modulepreload" href="/assets/x.js"/></head><body>${body}<script src="/assets/y.js"></script><script>window.__ctx = {"x":"</script>"};</script><script type="module" async="">import "/assets/entry.js";</script></body></html>`;
const parts = { buildId: "build-a", path: "/about", consentChosen: false, day: "2026-11-23/2026-11-23" };

describe("preparePage", () => {
  it("precompresses the same bytes with brotli and gzip and hashes every inline script", async () => {
    const source = html("<p>About FixiT</p>");
    const page = await preparePage(source, [["content-type", "text/html; charset=utf-8"]]);
    expect(page.identity.toString()).toBe(source);
    expect(brotliDecompressSync(page.br).toString()).toBe(source);
    expect(gunzipSync(page.gzip).toString()).toBe(source);
    const scripts = inlineScripts(source);
    expect(scripts).toEqual(['{"a":1}', 'window.__ctx = {"x":"', 'import "/assets/entry.js";']);
    expect(page.scriptHashes).toEqual(scripts.map(scriptHash));
    expect(scriptHash("alert(1)")).toBe(`'sha256-${createHash("sha256").update("alert(1)").digest("base64")}'`);
  });

  it("gives a strong ETag per body that changes with the content, and matches If-None-Match", async () => {
    const a = await preparePage(html("a"), []);
    const b = await preparePage(html("b"), []);
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(a.etag).not.toBe(b.etag);
    expect(new Set([etagFor(a, "identity"), etagFor(a, "br"), etagFor(a, "gzip")]).size).toBe(3);
    expect(matchesIfNoneMatch(etagFor(a, "br"), a)).toBe(true);
    expect(matchesIfNoneMatch(`"other", W/${etagFor(a, "gzip")}`, a)).toBe(true);
    expect(matchesIfNoneMatch(etagFor(b, "br"), a)).toBe(false);
    expect(matchesIfNoneMatch(undefined, a)).toBe(false);
  });

  it("puts the hashes where the nonce was and leaves the rest of the policy alone", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc+/=';style-src 'self' 'unsafe-inline'";
    expect(policyWithScriptHashes(policy, "abc+/=", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';style-src 'self' 'unsafe-inline'",
    );
  });
});

describe("PageCache", () => {
  it("keys by path and by whether a cookie choice was made", async () => {
    const cache = new PageCache();
    const about = await preparePage(html("about"), []);
    cache.set(parts, about);
    expect(cache.get(parts)).toBe(about);
    expect(cache.get({ ...parts, path: "/terms" })).toBeUndefined();
    expect(cache.get({ ...parts, consentChosen: true })).toBeUndefined();
    expect(pageCacheKey(parts)).not.toBe(pageCacheKey({ ...parts, path: "/terms" }));
  });

  it("never serves an entry of another build, and a new build's entry drops the old build's", async () => {
    const cache = new PageCache();
    cache.set(parts, await preparePage(html("old"), []));
    cache.set({ ...parts, path: "/terms" }, await preparePage(html("old terms"), []));
    expect(cache.get({ ...parts, buildId: "build-b" })).toBeUndefined();
    const fresh = await preparePage(html("new"), []);
    cache.set({ ...parts, buildId: "build-b" }, fresh);
    expect(cache.size).toBe(1);
    expect(cache.get(parts)).toBeUndefined();
    expect(cache.get({ ...parts, buildId: "build-b" })).toBe(fresh);
  });

  it("a new day renders afresh (dated claims are worded against today)", async () => {
    const cache = new PageCache();
    cache.set(parts, await preparePage(html("today"), []));
    expect(cache.get({ ...parts, day: "2026-11-24/2026-11-24" })).toBeUndefined();
    expect(dayKey(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-01/2026-07-02"); // BST: the UK is already on the 2nd
  });

  it("renders once for concurrent misses and stores nothing for an uncacheable render", async () => {
    const cache = new PageCache();
    let renders = 0;
    const page = await preparePage(html("x"), []);
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return page;
    };
    const [a, b] = await Promise.all([cache.getOrRender(parts, render), cache.getOrRender(parts, render)]);
    expect(renders).toBe(1);
    expect(a).toBe(page);
    expect(b).toBe(page);
    expect(await cache.getOrRender({ ...parts, path: "/x" }, async () => null)).toBeNull();
    expect(cache.get({ ...parts, path: "/x" })).toBeUndefined();
  });
});

describe("cookieChoice", () => {
  it("allows only the cookie-choice cookie; any other cookie (a session) bypasses the cache", () => {
    expect(cookieChoice(undefined, "cookie_consent")).toBeUndefined();
    expect(cookieChoice("cookie_consent=all", "cookie_consent")).toBe("all");
    expect(cookieChoice("cookie_consent=bogus", "cookie_consent")).toBeUndefined();
    expect(cookieChoice("cookie_consent=all; fixit.session_token=abc", "cookie_consent")).toBe(false);
    expect(cookieChoice("__Secure-fixit.session_token=abc", "cookie_consent")).toBe(false);
  });
});
