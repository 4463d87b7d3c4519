import { describe, expect, it } from "vitest";
import { mayCachePage, pathMayBeCached, type ResponseFacts } from "./cache-policy";

const origin = "https://fixit.example";
const page = ({ headers: extra, ...overrides }: Partial<Omit<ResponseFacts, "headers">> & { headers?: Record<string, string> } = {}): ResponseFacts => {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", "x-page-cache": "hit", ...extra });
  return { status: 200, type: "basic", redirected: false, url: `${origin}/about`, ...overrides, headers };
};

describe("which navigations the worker keeps for offline use (decision 073)", () => {
  it("keeps a public page the anonymous page cache served (hit or miss)", () => {
    expect(mayCachePage(page(), origin)).toBe(true);
    expect(mayCachePage(page({ headers: { "x-page-cache": "miss" } }), origin)).toBe(true);
    expect(mayCachePage(page({ url: `${origin}/categories/plumbing` }), origin)).toBe(true);
  });

  it("never keeps a page without the server's mark: a signed-in render, a flash, a stripped header", () => {
    const unmarked = page();
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    expect(mayCachePage({ ...unmarked, headers }, origin)).toBe(false);
    expect(mayCachePage(page({ headers: { "x-page-cache": "bypass" } }), origin)).toBe(false);
  });

  it("never keeps private, no-store, cookie-setting, failed, redirected, opaque or non-HTML answers", () => {
    expect(mayCachePage(page({ headers: { "cache-control": "private, no-store" } }), origin)).toBe(false);
    expect(mayCachePage(page({ headers: { "cache-control": "no-store" } }), origin)).toBe(false);
    expect(mayCachePage(page({ headers: { "cache-control": "Private" } }), origin)).toBe(false);
    expect(mayCachePage(page({ headers: { "set-cookie": "a=b" } }), origin)).toBe(false);
    expect(mayCachePage(page({ status: 404 }), origin)).toBe(false);
    expect(mayCachePage(page({ status: 503 }), origin)).toBe(false);
    expect(mayCachePage(page({ redirected: true }), origin)).toBe(false);
    expect(mayCachePage(page({ type: "opaque" }), origin)).toBe(false);
    expect(mayCachePage(page({ headers: { "content-type": "application/json" } }), origin)).toBe(false);
    expect(mayCachePage(page({ url: "https://elsewhere.example/about" }), origin)).toBe(false);
    expect(mayCachePage(page({ url: "not a url" }), origin)).toBe(false);
  });

  it("never keeps the private areas, the API or `.data` responses, even marked", () => {
    for (const path of ["/account", "/account/jobs", "/fixer", "/fixer/jobs/3", "/bookings/9", "/staff", "/staff/bookings", "/api/auth/session", "/about.data", "/_root.data", "/jobs/1/photos/2", "/checkout/x", "/dev/mailbox", "/auth"]) {
      expect(pathMayBeCached(path), path).toBe(false);
      expect(mayCachePage(page({ url: `${origin}${path}` }), origin), path).toBe(false);
    }
  });

  it("does not mistake a public path that only begins like a private one", () => {
    for (const path of ["/", "/fixer-register", "/fixer-ai", "/about", "/help", "/request", "/categories/plumbing", "/reviews"]) expect(pathMayBeCached(path), path).toBe(true);
  });
});
