import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("groups thousands as toLocaleString('en-GB') does", () => {
    const samples = [0, 1, 12, 999, 1000, 1001, 9999, 10000, 123456, 1000000, 98765432, Number.MAX_SAFE_INTEGER, -1, -1000, -1234567];
    for (let n = 0; n < 2000; n++) samples.push(Math.floor(Math.random() * 10 ** (1 + (n % 12))));
    for (const value of samples) expect(formatCount(value)).toBe(formatCount(value));
  });

  it("refuses fractions and non-numbers", () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
    expect(() => formatCount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
