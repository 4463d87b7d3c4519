import { describe, expect, it } from "vitest";
import { formatLongDate, formatUkDateTime, formatUkTime, londonCalendarDate } from "./dates";

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

const intlTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/London" });

describe("formatUkDateTime", () => {
  it("shows a summer (BST) instant an hour ahead of UTC, and names the zone", () => {
    expect(formatUkDateTime(new Date("2026-07-14T07:00:00Z"))).toBe("14 July 2026, 08:00 BST");
    // 23:30 UTC in summer is already the next day in the UK.
    expect(formatUkDateTime(new Date("2026-07-14T23:30:00Z"))).toBe("15 July 2026, 00:30 BST");
  });

  it("shows a winter (GMT) instant as UTC's clock, and names the zone", () => {
    expect(formatUkDateTime(new Date("2026-12-01T08:00:00Z"))).toBe("1 December 2026, 08:00 GMT");
    expect(formatUkDateTime(new Date("2026-01-16T17:45:00Z"))).toBe("16 January 2026, 17:45 GMT");
  });

  it("gives the UK time of day Intl gives, every 15 minutes across both 2026 clock changes", () => {
    const mismatches: string[] = [];
    for (const [from, to] of [["2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"], ["2026-10-24T00:00:00Z", "2026-10-26T00:00:00Z"]] as const) {
      for (let time = Date.parse(from); time < Date.parse(to); time += 900_000) {
        const date = new Date(time);
        if (formatUkTime(date) !== intlTime.format(date)) mismatches.push(date.toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });
});
