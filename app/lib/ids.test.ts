import { describe, expect, it } from "vitest";
import { parseId } from "./ids";

describe("parseId", () => {
  it("reads a positive whole number", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483648")).toBe(2_147_483_648);
    expect(parseId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    undefined,
    null,
    7,
    "",
    "0",
    "007",
    "-1",
    "1.5",
    "1e3",
    " 1",
    "1 ",
    "12a",
    "9007199254740992",
    "99999999999999999",
    "１",
  ])("refuses %j", (value) => {
    expect(parseId(value)).toBeNull();
  });
});
