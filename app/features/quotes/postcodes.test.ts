import { describe, expect, it } from "vitest";
import { coveringCodes, normaliseCoverageCode, parseJobPostcode } from "./postcodes";

describe("parseJobPostcode", () => {
  it("normalises a full postcode and splits it into outward code, district and area", () => {
    expect(parseJobPostcode(" sw1a1aa ")).toEqual({ postcode: "SW1A 1AA", outward: "SW1A", district: "SW1", area: "SW" });
    expect(parseJobPostcode("m1 1ae")).toEqual({ postcode: "M1 1AE", outward: "M1", district: "M1", area: "M" });
    expect(parseJobPostcode("LS6  2AB")).toEqual({ postcode: "LS6 2AB", outward: "LS6", district: "LS6", area: "LS" });
  });

  it("refuses what is not a full UK postcode", () => {
    for (const input of ["", "SW1", "M", "hello", "ZZ9 9ZZ", "SW1A 1AA extra", "12345"]) expect(parseJobPostcode(input), input).toBeNull();
  });
});

describe("normaliseCoverageCode", () => {
  it("accepts areas and outward codes, upper-cased without spaces", () => {
    expect(normaliseCoverageCode("m")).toBe("M");
    expect(normaliseCoverageCode(" sw1 ")).toBe("SW1");
    expect(normaliseCoverageCode("sw1a")).toBe("SW1A");
    expect(normaliseCoverageCode("ls6")).toBe("LS6");
  });

  it("refuses letters that are no UK area, and anything else", () => {
    for (const input of ["", "ZZ", "Q", "ZZ9", "SW1A 1AA", "123", "LONDON"]) expect(normaliseCoverageCode(input), input).toBeNull();
  });
});

describe("coveringCodes", () => {
  it("lists the area, district and outward code, once each", () => {
    expect(coveringCodes({ area: "SW", district: "SW1", outward: "SW1A" })).toEqual(["SW", "SW1", "SW1A"]);
    expect(coveringCodes({ area: "M", district: "M1", outward: "M1" })).toEqual(["M", "M1"]);
  });
});
