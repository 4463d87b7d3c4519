import { describe, expect, it } from "vitest";
import { cookiesOf, cookieValue } from "./cookie-header.ts";

describe("cookiesOf", () => {
  it("reads each pair, trimmed, the first of a repeated name kept", () => {
    expect([...cookiesOf(" a=1; b = two ;;c=x=y; a=3; flag")]).toEqual([
      ["a", "1"],
      ["b", "two"],
      ["c", "x=y"],
      ["flag", ""],
    ]);
  });

  it("answers nothing for no header, and undefined for a cookie it does not carry", () => {
    expect(cookiesOf(null).size).toBe(0);
    expect(cookiesOf(undefined).size).toBe(0);
    expect(cookieValue("a=1", "b")).toBeUndefined();
    expect(cookieValue("xa=1; a=2", "a")).toBe("2");
  });
});
