import { describe, expect, it } from "vitest";
import { formatLongDate, londonCalendarDate } from "./dates";

const intlLongDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

describe("formatLongDate", () => {
  it("gives the UK calendar date Intl gives, every half hour from 2020 to 2040", () => {
    const mismatches: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2040, 0, 1); time += 1_800_000) {
      const date = new Date(time);
      if (formatLongDate(date) !== intlLongDate.format(date)) mismatches.push(date.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it("turns the date over at midnight in the UK, not in UTC, in summer", () => {
    expect(formatLongDate(new Date("2026-07-14T22:59:59Z"))).toBe("14 July 2026");
    expect(formatLongDate(new Date("2026-07-14T23:00:00Z"))).toBe("15 July 2026");
    expect(formatLongDate(new Date("2026-01-16T00:00:00Z"))).toBe("16 January 2026");
    // The clocks go forward at 01:00 UTC on the last Sunday of March and back on the last Sunday of October.
    expect(londonCalendarDate(new Date("2026-03-28T23:30:00Z")).day).toBe(28);
    expect(londonCalendarDate(new Date("2026-10-24T23:30:00Z")).day).toBe(25);
    expect(londonCalendarDate(new Date("2026-10-25T23:30:00Z")).day).toBe(25);
  });

  it("refuses an invalid date instead of printing NaN", () => {
    expect(() => formatLongDate(new Date("not a date"))).toThrow(RangeError);
  });
});
