import { describe, expect, it } from "vitest";
import { loopbackOrigin, onSite, rememberSiteOrigin, siteUrl } from "./site-url.ts";

const dev = { publicUrl: "http://localhost:3000", isProduction: false, PUBLIC_URL: undefined };

/** Runs `siteUrl` inside the middleware for a request with this Host header. */
function linkOrigin(config: typeof dev | { publicUrl: string; isProduction: boolean; PUBLIC_URL: string | undefined }, host: string | undefined) {
  let seen = "";
  rememberSiteOrigin(config)({ headers: { host } } as never, {} as never, () => {
    seen = siteUrl(config);
  });
  return seen;
}

describe("links in emails", () => {
  it.each([
    ["localhost:3000", "http://localhost:3000"],
    ["127.0.0.1:4303", "http://127.0.0.1:4303"],
    ["[::1]:8080", "http://[::1]:8080"],
    ["LOCALHOST:5173", "http://localhost:5173"],
  ])("development without PUBLIC_URL: Host %s → %s", (host, origin) => {
    expect(linkOrigin(dev, host)).toBe(origin);
  });

  it.each(["evil.example", "localhost.evil.example", "127.0.0.1.nip.io:3000", "192.168.1.20:3000", undefined])("ignores the Host header %s", (host) => {
    expect(linkOrigin(dev, host)).toBe("http://localhost:3000");
  });

  it("always uses PUBLIC_URL when set, and in production", () => {
    expect(linkOrigin({ publicUrl: "https://dev.fixit.example", isProduction: false, PUBLIC_URL: "https://dev.fixit.example" }, "127.0.0.1:3000")).toBe("https://dev.fixit.example");
    expect(linkOrigin({ publicUrl: "https://fixit.co.uk", isProduction: true, PUBLIC_URL: "https://fixit.co.uk" }, "localhost:3000")).toBe("https://fixit.co.uk");
  });

  it("moves better-auth's links onto the visitor's origin", () => {
    let moved = "";
    rememberSiteOrigin(dev)({ headers: { host: "127.0.0.1:3000" } } as never, {} as never, () => {
      moved = onSite(dev, "http://localhost:3000/api/auth/verify-email?token=x&callbackURL=%2F");
    });
    expect(moved).toBe("http://127.0.0.1:3000/api/auth/verify-email?token=x&callbackURL=%2F");
    expect(loopbackOrigin("example.com")).toBeNull();
  });
});
