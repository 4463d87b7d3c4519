import { describe, expect, it } from "vitest";
import { SLOT_WINDOWS as SCHEMA_WINDOWS } from "#server/db/schema/bookings.ts";
import { slotSchema } from "./schemas";
import { SLOT_WINDOWS, slotIsBookable, slotStartsAt } from "./slots";

describe("slots", () => {
  it("has the schema's windows", () => expect(SLOT_WINDOWS).toEqual(SCHEMA_WINDOWS));

  it("starts a window at its UK hour, in winter (GMT) and summer (BST)", () => {
    expect(slotStartsAt({ date: "2026-12-01", window: "morning" }).toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(slotStartsAt({ date: "2026-07-01", window: "afternoon" }).toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(slotStartsAt({ date: "2026-03-29", window: "evening" }).toISOString()).toBe("2026-03-29T16:00:00.000Z");
  });

  it("books from tomorrow to a year ahead", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(slotIsBookable({ date: "2026-11-27", window: "evening" }, now)).toBe(false);
    expect(slotIsBookable({ date: "2026-11-28", window: "morning" }, now)).toBe(true);
    expect(slotIsBookable({ date: "2027-11-28", window: "morning" }, now)).toBe(false);
    expect(slotIsBookable({ date: "2026-11-01", window: "morning" }, now)).toBe(false);
  });

  it("refuses dates that are not dates and unknown windows", () => {
    expect(slotSchema.safeParse({ date: "2026-02-30", window: "morning" }).success).toBe(false);
    expect(slotSchema.safeParse({ date: "tomorrow", window: "morning" }).success).toBe(false);
    expect(slotSchema.safeParse({ date: "2026-12-01", window: "night" }).success).toBe(false);
    expect(slotSchema.safeParse({ date: "2026-12-01", window: "evening" }).success).toBe(true);
  });
});
