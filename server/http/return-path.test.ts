import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/account?tab=1", "/account?tab=1"],
    ["/early-access#vip-access", "/early-access#vip-access"],
    ["/a/../account", "/account"],
  ])("keeps a path on this site: %s → %s", (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it.each([
    "//evil.example/x",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000",
    " //evil.example",
    "account",
    "",
    "/" + "a".repeat(3000),
  ])("refuses %j", (input) => expect(safeReturnPath(input)).toBe("/"));

  it("uses the given fallback", () => {
    expect(safeReturnPath("//evil.example", "/early-access")).toBe("/early-access");
    expect(safeReturnPath(undefined, "/x")).toBe("/x");
  });
});
