import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
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
  it("carries the message to the next request, with an id, and says how to clear it", async () => {
    const set = await flashCookie(config, flash);
    expect(set).toMatch(new RegExp(`^${FLASH_COOKIE}=[^;]+; Max-Age=120; Path=/; HttpOnly; SameSite=Lax$`));
    const { flash: read, clear } = await takeFlash(requestWith(set), config);
    expect(read).toMatchObject(flash);
    expect(read?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clear).toBe(clearedFlashCookie);
    // Two flashes of the same message are told apart.
    expect((await takeFlash(requestWith(await flashCookie(config, flash)), config)).flash?.id).not.toBe(read?.id);
  });

  it("is Secure only in production over https", async () => {
    expect(await flashCookie({ ...config, isProduction: true, publicUrl: "https://fixit.example" }, flash)).toMatch(new RegExp(`^${FLASH_COOKIE}=[^;]+; Max-Age=120; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    expect(await flashCookie({ ...config, isProduction: true, publicUrl: "http://fixit.example" }, flash)).not.toMatch(/Secure/);
  });

  it("ignores a cookie whose message or signature was changed, or that another secret signed, and still clears it", async () => {
    const set = await flashCookie(config, flash);
    const value = set.split(";")[0]!.slice(FLASH_COOKIE.length + 1);
    const [payload, signature] = value.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...flash, title: "You won a prize", id: "x" })).toString("base64url");
    for (const tampered of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, `${payload}.`, payload, `${payload}.${signature}.x`, "", "%%%"]) {
      const result = await takeFlash(requestWith(`${FLASH_COOKIE}=${tampered}`), config);
      expect(result.flash, tampered).toBeNull();
      expect(result.clear, tampered).toBe(clearedFlashCookie);
    }
    expect((await takeFlash(requestWith(set), { ...config, sessionSecret: "t".repeat(40) })).flash).toBeNull();
  });

  // On React Router's createCookie (decision 072): its signature is checked, under the flash's own key only, and what it carries must still be a flash.
  it("ignores a tampered cookie: a message changed under its signature, a key other than the flash's, no signature, or a signed value that is no flash", async () => {
    const set = await flashCookie(config, flash);
    const value = set.split(";")[0]!.slice(FLASH_COOKIE.length + 1);
    const dot = value.lastIndexOf(".");
    const [payload, signature] = [decodeURIComponent(value.slice(0, dot)), value.slice(dot + 1)];
    const message = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Record<string, unknown>;
    const encode = (data: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(data)).toString("base64"));
    const signedWith = async (secrets: string[], data: unknown) => (await createCookie(FLASH_COOKIE, { secrets }).serialize(data)).split(";")[0]!;
    const flashKey = createHmac("sha256", config.sessionSecret).update("fixit flash cookie").digest("base64url");
    // The check itself: the untouched cookie is read; the same signature over a changed message is not.
    expect((await takeFlash(requestWith(set), config)).flash).toMatchObject(flash);
    const tampered = [
      `${FLASH_COOKIE}=${encode({ ...message, title: "You won a prize" })}.${signature}`,
      `${FLASH_COOKIE}=${encode({ ...message, kind: "success" })}.${signature}`,
      await signedWith([config.sessionSecret], message),
      await signedWith(["another secret"], message),
      `${FLASH_COOKIE}=${encode(message)}`,
      await signedWith([flashKey], { ...message, kind: "warning" }),
      await signedWith([flashKey], "Access Denied"),
      await signedWith([flashKey], { ...message, text: "x".repeat(1001) }),
    ];
    for (const cookie of tampered) {
      const result = await takeFlash(requestWith(cookie), config);
      expect(result.flash, cookie).toBeNull();
      expect(result.clear, cookie).toBe(clearedFlashCookie);
    }
    // The key is the flash's own: the same message signed under it is read.
    expect((await takeFlash(requestWith(await signedWith([flashKey], message)), config)).flash).toMatchObject(flash);
  });

  it("reads nothing and clears nothing without the cookie", async () => {
    expect(await takeFlash(new Request("http://localhost/"), config)).toEqual({ flash: null, clear: null });
    expect(await takeFlash(new Request("http://localhost/", { headers: { cookie: "fixit_flashy=1" } }), config)).toEqual({ flash: null, clear: null });
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
