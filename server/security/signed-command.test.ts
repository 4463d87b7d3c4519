import { describe, expect, it } from "vitest";
import { COMMAND_MAX_SKEW_MS, nonceMemory, signCommand, verifyCommandSignature } from "./signed-command.ts";

const secret = "s".repeat(40);
const now = 1_800_000_000_000;
const timestamp = String(now);

describe("signed commands", () => {
  it("verifies a body signed with the same secret and purpose", () => {
    const signature = signCommand(secret, "backup", timestamp, "{}");
    expect(verifyCommandSignature(secret, "backup", timestamp, "{}", signature, now)).toBe("ok");
  });

  it("refuses another purpose's signature, another secret's, a changed body and a missing one", () => {
    const signature = signCommand(secret, "staff", timestamp, "{}");
    expect(verifyCommandSignature(secret, "backup", timestamp, "{}", signature, now)).toBe("bad-signature");
    expect(verifyCommandSignature("t".repeat(40), "staff", timestamp, "{}", signature, now)).toBe("bad-signature");
    expect(verifyCommandSignature(secret, "staff", timestamp, '{"a":1}', signature, now)).toBe("bad-signature");
    expect(verifyCommandSignature(secret, "staff", timestamp, "{}", undefined, now)).toBe("bad-signature");
    expect(verifyCommandSignature(secret, "staff", "yesterday", "{}", signature, now)).toBe("bad-signature");
  });

  it("refuses a timestamp too far from the server's clock", () => {
    const old = String(now - COMMAND_MAX_SKEW_MS - 1);
    expect(verifyCommandSignature(secret, "backup", old, "{}", signCommand(secret, "backup", old, "{}"), now)).toBe("stale");
  });

  it("accepts each nonce once", () => {
    const remember = nonceMemory();
    expect(remember("nonce-aaaaaaaaaaaaaaaa")).toBe(true);
    expect(remember("nonce-aaaaaaaaaaaaaaaa")).toBe(false);
    expect(remember("nonce-bbbbbbbbbbbbbbbb")).toBe(true);
  });
});
