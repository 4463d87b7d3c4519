import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.ts";

describe("redactUrl", () => {
  it("replaces VIP codes and tokens in the query, keeping everything else", () => {
    expect(redactUrl("/early-access-blog?code=VIP-AB12-CD34")).toBe("/early-access-blog?code=[redacted]");
    expect(redactUrl("/api/auth/verify-email?token=abc.def&callbackURL=%2Faccount")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2Faccount",
    );
    expect(redactUrl("/x?a=1&CODE=secret&b=2")).toBe("/x?a=1&CODE=[redacted]&b=2");
    expect(redactUrl("/x?%63ode=secret")).toBe("/x?%63ode=[redacted]");
  });

  it("leaves URLs without secrets alone, and survives malformed ones", () => {
    expect(redactUrl("/early-access")).toBe("/early-access");
    expect(redactUrl("/search?q=code")).toBe("/search?q=code");
    expect(redactUrl("/x?%E0%A4%A=1&code")).toBe("/x?%E0%A4%A=1&code");
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
