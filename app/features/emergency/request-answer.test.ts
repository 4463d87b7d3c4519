import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/forms/parse";
import { mentionsGas } from "./gas";
import { callOutTotalPence, onCallAnswer } from "./request-answer";
import { emergencyRequestFormSchema } from "./request-schema";

const sw1 = { postcode: "SW1A 1AA", district: "SW1" };

describe("what the emergency form shows before sending", () => {
  it("prices the first hour plus the 5% fee as a booking does, rounding half up", () => {
    expect(callOutTotalPence(7500)).toBe(7875);
    expect(callOutTotalPence(6510)).toBe(6836); // 325.5p → 326p
    expect(callOutTotalPence(6509)).toBe(6834); // 325.45p → 325p
  });

  it("gives a range over the on-call fixers' rates, else over the published range", () => {
    expect(onCallAnswer("plumbing", sw1, [8000, 7500])).toMatchObject({ onCall: 2, upFront: { minPence: 7875, maxPence: 8400 }, upFrontText: "£78.75 to £84", rateRange: "£65–£85 an hour" });
    expect(onCallAnswer("plumbing", sw1, [7500])).toMatchObject({ onCall: 1, upFrontText: "£78.75" });
    expect(onCallAnswer("electrical", sw1, [])).toMatchObject({ onCall: 0, upFront: { minPence: 7350, maxPence: 9450 }, rateRange: "£70–£90 an hour" });
  });

  it("finds gas as the assistant does", () => {
    expect(mentionsGas("I can smell gas by the boiler")).toBe(true);
    expect(mentionsGas("Gas leak in the kitchen")).toBe(true);
    expect(mentionsGas("The pipe burst and water is everywhere")).toBe(false);
  });

  it("reads the form: an emergency service, a full postcode, what is wrong", () => {
    expect(parseSubmission(emergencyRequestFormSchema, { service: "plumbing", postcode: "sw1a 1aa", description: "  Burst pipe in the loft  " })).toMatchObject({
      ok: true,
      data: { service: "plumbing", postcode: { postcode: "SW1A 1AA", district: "SW1" }, description: "Burst pipe in the loft" },
    });
    const bad = parseSubmission(emergencyRequestFormSchema, { service: "cleaning", postcode: "SW1", description: "x" }, { multiLine: ["description"] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.fieldErrors).sort()).toEqual(["description", "postcode", "service"]);
  });
});
