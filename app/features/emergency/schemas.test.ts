import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/forms/parse";
import { emergencyHoursFormSchema, emergencyServiceFormSchema } from "./schemas";

describe("the on-call forms' schemas", () => {
  it("takes a rate inside the published range and refuses one outside it, saying the range", () => {
    expect(parseSubmission(emergencyServiceFormSchema, { service: "plumbing", rate: "75", takeCalls: "on" })).toEqual({ ok: true, data: { service: "plumbing", takeCalls: true, ratePence: 7500 } });
    const low = parseSubmission(emergencyServiceFormSchema, { service: "plumbing", rate: "40", takeCalls: "on" });
    expect(low.ok).toBe(false);
    if (!low.ok) expect(low.fieldErrors.rate).toContain("£65–£85 an hour");
    expect(parseSubmission(emergencyServiceFormSchema, { service: "cleaning", rate: "75", takeCalls: "on" }).ok).toBe(false);
    expect(parseSubmission(emergencyServiceFormSchema, { service: "handyman", rate: "", takeCalls: "" })).toEqual({ ok: true, data: { service: "handyman", takeCalls: false, ratePence: null } });
  });

  it("reads overnight hours, and refuses half-filled days, broken times and overlaps", () => {
    expect(parseSubmission(emergencyHoursFormSchema, { mondayStart: "18:00", mondayEnd: "08:00", fridayStart: "18:00", fridayEnd: "23:30" })).toEqual({
      ok: true,
      data: { spans: [{ weekday: 1, startMinute: 1080, endMinute: 480 }, { weekday: 5, startMinute: 1080, endMinute: 1410 }] },
    });
    const half = parseSubmission(emergencyHoursFormSchema, { mondayStart: "18:00", mondayEnd: "" });
    expect(!half.ok && half.fieldErrors.mondayEnd).toBe("Enter both a start and an end time for Monday, or leave both empty.");
    const broken = parseSubmission(emergencyHoursFormSchema, { tuesdayStart: "25:00", tuesdayEnd: "08:00" });
    expect(!broken.ok && broken.fieldErrors.tuesdayStart).toBe("Enter a time like 18:00.");
    const overlap = parseSubmission(emergencyHoursFormSchema, { mondayStart: "18:00", mondayEnd: "08:00", tuesdayStart: "06:00", tuesdayEnd: "09:00" });
    expect(!overlap.ok && overlap.fieldErrors.tuesdayStart).toContain("overlap");
  });
});
