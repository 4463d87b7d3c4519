import { describe, expect, it } from "vitest";
import { coverageAreas, findCoverageByCity } from "~/content/coverage";
import { checkFromCoverage, findPostcodeIn, readPostcode } from "./postcode-check";

describe("the coverage content", () => {
  it("gives each postcode area to one launch city only", () => {
    const areas = coverageAreas.flatMap((a) => a.postcodeAreas);
    expect(new Set(areas).size).toBe(areas.length);
    for (const area of areas) expect(area).toMatch(/^[A-Z]{1,2}$/);
  });

  it("finds a city by name as a whole word", () => {
    expect(findCoverageByCity("do you cover MANCHESTER?")?.city).toBe("Manchester");
    expect(findCoverageByCity("bristolian")).toBeUndefined();
  });
});

describe("readPostcode", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA"],
    ["sw1a1aa", "SW1A 1AA"],
    ["  m1 1ae ", "M1 1AE"],
    ["N1 9GU", "N1 9GU"],
    ["M1", "M1"],
    ["e14", "E14"],
    ["sw1a", "SW1A"],
    ["CF10 1AA", "CF10 1AA"],
  ])("%s reads as %s", (input, postcode) => {
    expect(readPostcode(input)).toEqual({ ok: true, postcode });
  });

  it.each([
    ["", /Enter a postcode/],
    ["   ", /Enter a postcode/],
    ["hello", /doesn't look like a UK postcode/],
    ["12345", /doesn't look like a UK postcode/],
    ["ZZ9 9ZZ", /doesn't look like a UK postcode/],
    ["SW1A 1AA 1AA", /too long/],
    ["<script>", /doesn't look like a UK postcode/],
  ])("%j is refused with a message", (input, message) => {
    const result = readPostcode(input);
    expect(result.ok).toBe(false);
    if (!result.ok && result.check.status === "invalid") expect(result.check.message).toMatch(message);
  });

  it("says covered only when the coverage answer has a fixer", () => {
    expect(checkFromCoverage({ covered: true, postcode: "N1 9GU", district: "N1", fixers: 2 })).toEqual({ status: "covered", postcode: "N1 9GU", district: "N1", fixers: 2 });
    expect(checkFromCoverage({ covered: false, postcode: "N1 9GU", district: "N1", fixers: 0 })).toEqual({ status: "not-yet", postcode: "N1 9GU", district: "N1" });
  });

  it("finds a postcode inside a sentence", () => {
    expect(findPostcodeIn("do you cover sw1a 1aa please")).toBe("SW1A 1AA");
    expect(findPostcodeIn("do you cover Leeds")).toBeNull();
  });
});
