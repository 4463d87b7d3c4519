import { describe, expect, it } from "vitest";
import { clearedFlashCookie, FLASH_COOKIE, flashCookie, keepFlashPrivate, takeFlash } from "./flash.server";

const config = { sessionSecret: "s".repeat(40), isProduction: false, publicUrl: "http://localhost:3000" };
const flash = { kind: "error", title: "Access Denied", text: "You need a valid early access code to view this page." } as const;

/** The request a browser sends back with the cookie a redirect set. */
function requestWith(setCookie: string, extra = ""): Request {
  const pair = setCookie.split(";")[0]!;
  return new Request("http://localhost/account", { headers: { cookie: `cookie_consent=all; ${pair}${extra}` } });
}

describe("flash cookie", () => {
  it("carries the message to the next request, with an id, and says how to clear it", () => {
    const set = flashCookie(config, flash);
    expect(set).toMatch(new RegExp(`^${FLASH_COOKIE}=[^;]+; Max-Age=120; Path=/; HttpOnly; SameSite=Lax$`));
    const { flash: read, clear } = takeFlash(requestWith(set), config);
    expect(read).toMatchObject(flash);
    expect(read?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clear).toBe(clearedFlashCookie);
    // Two flashes of the same message are told apart.
    expect(takeFlash(requestWith(flashCookie(config, flash)), config).flash?.id).not.toBe(read?.id);
  });

  it("is Secure only in production over https", () => {
    expect(flashCookie({ ...config, isProduction: true, publicUrl: "https://fixit.example" }, flash)).toMatch(/; Secure$/);
    expect(flashCookie({ ...config, isProduction: true, publicUrl: "http://fixit.example" }, flash)).not.toMatch(/Secure/);
  });

  it("ignores a cookie whose message or signature was changed, or that another secret signed, and still clears it", () => {
    const set = flashCookie(config, flash);
    const value = set.split(";")[0]!.slice(FLASH_COOKIE.length + 1);
    const [payload, signature] = value.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...flash, title: "You won a prize", id: "x" })).toString("base64url");
    for (const tampered of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, `${payload}.`, payload, `${payload}.${signature}.x`, "", "%%%"]) {
      const result = takeFlash(requestWith(`${FLASH_COOKIE}=${tampered}`), config);
      expect(result.flash, tampered).toBeNull();
      expect(result.clear, tampered).toBe(clearedFlashCookie);
    }
    expect(takeFlash(requestWith(set), { ...config, sessionSecret: "t".repeat(40) }).flash).toBeNull();
  });

  it("reads nothing and clears nothing without the cookie", () => {
    expect(takeFlash(new Request("http://localhost/"), config)).toEqual({ flash: null, clear: null });
    expect(takeFlash(new Request("http://localhost/", { headers: { cookie: "fixit_flashy=1" } }), config)).toEqual({ flash: null, clear: null });
  });

  it("makes a response that sets or clears it private and uncacheable", () => {
    const cleared = new Headers({ "cache-control": "public, max-age=60" });
    cleared.append("set-cookie", clearedFlashCookie);
    keepFlashPrivate(cleared);
    expect(cleared.get("cache-control")).toBe("private, no-store");
    const other = new Headers({ "cache-control": "public, max-age=60", "set-cookie": "a=b" });
    keepFlashPrivate(other);
    expect(other.get("cache-control")).toBe("public, max-age=60");
  });
});
