import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS, verifyUnsubscribeToken } from "./unsubscribe-token.server";

const secret = "a-test-secret-that-is-long-enough-000";
const now = new Date("2026-11-27T08:00:00Z");

describe("unsubscribe tokens", () => {
  it("round-trips the person and the kind", () => {
    const token = signUnsubscribeToken(secret, { userId: "user-1", kind: "message" }, now);
    const checked = verifyUnsubscribeToken(secret, token, now);
    expect(checked).toMatchObject({ ok: true, claim: { userId: "user-1", kind: "message" } });
  });

  it("refuses a token signed with another secret, or with its body changed", () => {
    const token = signUnsubscribeToken(secret, { userId: "user-1", kind: "message" }, now);
    expect(verifyUnsubscribeToken("another-secret-that-is-long-enough-0", token, now)).toEqual({ ok: false, reason: "invalid" });
    const otherBody = Buffer.from(JSON.stringify(["user-2", "message", 9_999_999_999])).toString("base64url");
    expect(verifyUnsubscribeToken(secret, `${otherBody}.${token.split(".")[1]}`, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an expired token, and garbage", () => {
    const token = signUnsubscribeToken(secret, { userId: "user-1", kind: "digest" }, now);
    const later = new Date(now.getTime() + (UNSUBSCRIBE_TOKEN_DAYS * 86_400 + 1) * 1000);
    expect(verifyUnsubscribeToken(secret, token, later)).toEqual({ ok: false, reason: "expired" });
    for (const bad of [undefined, "", "abc", "a.b.c", "x".repeat(10_000), "é.é"]) expect(verifyUnsubscribeToken(secret, bad, now).ok).toBe(false);
  });
});
