import { describe, expect, it } from "vitest";
import { judgePassword, weakPasswordMessage } from "./password-strength.server.ts";

describe("judgePassword", () => {
  it.each(["password", "123456", "qwerty123", "letmein"])("refuses the common password %s with reasons", async (pw) => {
    const verdict = await judgePassword(pw);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reasons.length).toBeGreaterThan(0);
  });
  it("refuses a password made of the person's own name", async () => {
    expect((await judgePassword("adalovelace", ["Ada Lovelace", "adalovelace@example.com"])).ok).toBe(false);
  });
  it("accepts a long unusual passphrase", async () => {
    expect(await judgePassword("copper-kettle-violet-harbour")).toEqual({ ok: true });
  });
  it("words the reasons as one message", () => {
    expect(weakPasswordMessage(["This is a top-10 common password."])).toBe(
      "This password is too easy to guess. This is a top-10 common password.",
    );
  });
});
