import { describe, expect, it } from "vitest";
import { codeHint, generateAccessCode, hashCode, normaliseFixerCode, openSecret, sealSecret } from "./codes.ts";

describe("access codes", () => {
  it("are grouped, prefixed, unambiguous and different each time", () => {
    const codes = new Set(Array.from({ length: 500 }, () => generateAccessCode("FIX")));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^FIX-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(generateAccessCode("VIP", 4)).toMatch(/^VIP(-[2-9A-Z]{4}){4}$/);
  });

  it("normalise fixer codes for case, spaces and dashes, and hash to a stable digest", () => {
    expect(normaliseFixerCode(" fix-7kq2 m9xd-4hpa ")).toBe("FIX7KQ2M9XD4HPA");
    expect(hashCode("FIX7KQ2M9XD4HPA")).toBe(hashCode(normaliseFixerCode("FIX-7KQ2-M9XD-4HPA")));
    expect(hashCode("abc")).not.toBe(hashCode("ABC"));
    expect(codeHint("VIP-AAAA-BBBB")).toBe("…BBBB");
  });
});

describe("sealed secrets", () => {
  const secret = "s".repeat(40);
  it("round-trip under the same secret only, and refuse tampering", () => {
    const sealed = sealSecret("VIP-AAAA-BBBB-CCCC", secret);
    expect(sealed).not.toContain("AAAA");
    expect(openSecret(sealed, secret)).toBe("VIP-AAAA-BBBB-CCCC");
    expect(openSecret(sealed, "t".repeat(40))).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("VIP-XXXX").toString("base64url");
    expect(openSecret(parts.join("."), secret)).toBeNull();
    expect(openSecret("garbage", secret)).toBeNull();
  });
});
