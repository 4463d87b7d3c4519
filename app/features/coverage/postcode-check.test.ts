import { describe, expect, it } from "vitest";
import { coverageAreas, findCoverageByCity } from "~/content/coverage";
import { checkPostcode, findPostcodeIn } from "./postcode-check";

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

describe("checkPostcode", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA", "London"],
    ["sw1a1aa", "SW1A 1AA", "London"],
    ["  m1 1ae ", "M1 1AE", "Manchester"],
    ["B33 8TH", "B33 8TH", "Birmingham"],
    ["LS1 4AP", "LS1 4AP", "Leeds"],
    ["BS1 5TR", "BS1 5TR", "Bristol"],
    ["G2 1DU", "G2 1DU", "Glasgow"],
    ["M1", "M1", "Manchester"],
    ["e14", "E14", "London"],
  ])("%s is covered (%s, %s)", (input, postcode, city) => {
    expect(checkPostcode(input)).toMatchObject({ status: "covered", postcode, area: { city } });
  });

  it.each([
    ["CF10 1AA", "CF10 1AA"],
    ["EH1 1YZ", "EH1 1YZ"],
    ["ex1", "EX1"],
  ])("%s is not covered yet", (input, postcode) => {
    expect(checkPostcode(input)).toEqual({ status: "not-yet", postcode });
  });

  it.each([
    ["", /Enter a postcode/],
    ["   ", /Enter a postcode/],
    ["hello", /doesn't look like a UK postcode/],
    ["12345", /doesn't look like a UK postcode/],
    ["SW1A 1AA 1AA", /too long/],
    ["<script>", /doesn't look like a UK postcode/],
  ])("%j is refused with a message", (input, message) => {
    const result = checkPostcode(input);
    expect(result.status).toBe("invalid");
    if (result.status === "invalid") expect(result.message).toMatch(message);
  });

  it("finds a postcode inside a sentence", () => {
    expect(findPostcodeIn("do you cover sw1a 1aa please")).toBe("SW1A 1AA");
    expect(findPostcodeIn("do you cover Leeds")).toBeNull();
  });
});
