import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedSessionToken } from "./guard.server";

/** The session cookie as better-call signs it (`<token>.<base64 HMAC-SHA256>`, URI-encoded), read by the one-query session path (decision 071). */
const secret = "a-test-secret-of-some-length-0123456789";
const signed = (token: string, key = secret) => encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);
const name = "fixit.session_token";

describe("signedSessionToken", () => {
  it("answers the token of a cookie signed with the secret, among other cookies", () => {
    expect(signedSessionToken(`a=1; ${name}=${signed("tok123")}; b=2`, name, secret)).toBe("tok123");
  });

  it("refuses a cookie signed with another secret, a changed token, no signature, bad encoding or no cookie", () => {
    expect(signedSessionToken(`${name}=${signed("tok123", "another-secret")}`, name, secret)).toBeNull();
    expect(signedSessionToken(`${name}=${signed("tok123").replace("tok123", "tok124")}`, name, secret)).toBeNull();
    expect(signedSessionToken(`${name}=tok123`, name, secret)).toBeNull();
    expect(signedSessionToken(`${name}=%E0%A4%A`, name, secret)).toBeNull();
    expect(signedSessionToken(`other=${signed("tok123")}`, name, secret)).toBeNull();
    expect(signedSessionToken(null, name, secret)).toBeNull();
    // The Secure-prefixed name is another cookie.
    expect(signedSessionToken(`__Secure-${name}=${signed("tok123")}`, name, secret)).toBeNull();
  });
});
