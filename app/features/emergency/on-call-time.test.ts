import { describe, expect, it } from "vitest";
import { describeWhen, nextScheduleChange, onCallStatus, overlappingSpans, overrideUntil, scheduledOnCall, statusSentence, type WeeklySpan } from "./on-call-time";

const at = (iso: string) => new Date(iso);
const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const span = (weekday: number, start: string, end: string): WeeklySpan => ({ weekday, startMinute: m(start), endMinute: m(end) });

// 2026-11-30 is a Monday (GMT); 2026-07-06 is a Monday (BST).
describe("weekly hours", () => {
  const mondayNight = [span(1, "18:00", "08:00")];

  it("runs an overnight span into the next morning, and not before it starts", () => {
    expect(scheduledOnCall(mondayNight, at("2026-11-30T17:59:00Z"))).toBe(false);
    expect(scheduledOnCall(mondayNight, at("2026-11-30T18:00:00Z"))).toBe(true);
    expect(scheduledOnCall(mondayNight, at("2026-12-01T03:00:00Z"))).toBe(true);
    expect(scheduledOnCall(mondayNight, at("2026-12-01T07:59:00Z"))).toBe(true);
    expect(scheduledOnCall(mondayNight, at("2026-12-01T08:00:00Z"))).toBe(false);
    // Sunday night into Monday wraps round the week.
    expect(scheduledOnCall([span(7, "22:00", "06:00")], at("2026-11-30T05:00:00Z"))).toBe(true);
  });

  it("reads the UK wall clock: in summer 18:00 is 17:00 UTC", () => {
    expect(scheduledOnCall(mondayNight, at("2026-07-06T17:00:00Z"))).toBe(true);
    expect(scheduledOnCall(mondayNight, at("2026-07-06T16:59:00Z"))).toBe(false);
    expect(scheduledOnCall(mondayNight, at("2026-07-07T06:59:00Z"))).toBe(true);
    expect(scheduledOnCall(mondayNight, at("2026-07-07T07:00:00Z"))).toBe(false);
  });

  it("finds the next change across the clocks going back (25 October 2026) and forward (29 March 2026)", () => {
    // Saturday 24 October 2026 22:00 BST to Sunday 08:00 GMT: a night an hour longer.
    const saturdayNight = [span(6, "22:00", "08:00")];
    expect(nextScheduleChange(saturdayNight, at("2026-10-24T20:00:00Z"))).toEqual(at("2026-10-24T21:00:00Z"));
    expect(nextScheduleChange(saturdayNight, at("2026-10-24T21:30:00Z"))).toEqual(at("2026-10-25T08:00:00Z"));
    // Saturday 28 March 2026 22:00 GMT to Sunday 08:00 BST: an hour shorter.
    expect(nextScheduleChange(saturdayNight, at("2026-03-28T22:30:00Z"))).toEqual(at("2026-03-29T07:00:00Z"));
  });

  it("treats back-to-back spans as one stretch and has no change without hours", () => {
    const spans = [span(1, "18:00", "08:00"), span(2, "08:00", "12:00")];
    expect(nextScheduleChange(spans, at("2026-11-30T19:00:00Z"))).toEqual(at("2026-12-01T12:00:00Z"));
    expect(nextScheduleChange([], at("2026-11-30T19:00:00Z"))).toBeNull();
    // Next week's span when this week's is over.
    expect(nextScheduleChange(mondayNight, at("2026-12-01T09:00:00Z"))).toEqual(at("2026-12-07T18:00:00Z"));
  });

  it("refuses overlapping spans, Sunday night into Monday included", () => {
    expect(overlappingSpans([span(1, "18:00", "08:00"), span(2, "06:00", "10:00")])).not.toBeNull();
    expect(overlappingSpans([span(7, "20:00", "09:00"), span(1, "08:00", "17:00")])).not.toBeNull();
    expect(overlappingSpans([span(1, "18:00", "08:00"), span(2, "08:00", "10:00"), span(3, "00:00", "00:00")])).toBeNull();
  });
});

describe("On call now / Off now", () => {
  const mondayNight = [span(1, "18:00", "08:00")];

  it("holds 'On call now' until the next scheduled change, then the hours carry on", () => {
    const tap = at("2026-11-30T15:00:00Z");
    const until = overrideUntil(mondayNight, tap, true)!;
    expect(until).toEqual(at("2026-11-30T18:00:00Z"));
    const status = onCallStatus(mondayNight, { onCall: true, until }, tap);
    expect(status).toEqual({ onCall: true, until: at("2026-12-01T08:00:00Z"), overridden: true });
    expect(statusSentence(status, tap)).toBe("You are on call now until Tuesday 08:00");
  });

  it("holds 'Off now' until the next start, and expires on its own", () => {
    const tap = at("2026-11-30T20:00:00Z");
    const until = overrideUntil(mondayNight, tap, false)!;
    expect(until).toEqual(at("2026-12-01T08:00:00Z"));
    const status = onCallStatus(mondayNight, { onCall: false, until }, tap);
    expect(status.onCall).toBe(false);
    expect(status.until).toEqual(at("2026-12-07T18:00:00Z"));
    expect(statusSentence(status, tap)).toBe("You are off call until Monday 7 December 18:00");
    // Expired: the weekly hours decide again (Monday 7 December 19:00 is on call).
    expect(onCallStatus(mondayNight, { onCall: false, until }, at("2026-12-07T19:00:00Z"))).toMatchObject({ onCall: true, overridden: false });
  });

  it("caps 'On call now' without weekly hours at 12 hours; 'Off now' then holds nothing", () => {
    const tap = at("2026-11-30T10:00:00Z");
    expect(overrideUntil([], tap, true)).toEqual(at("2026-11-30T22:00:00Z"));
    expect(overrideUntil([], tap, false)).toBeNull();
    expect(statusSentence(onCallStatus([], { onCall: true, until: at("2026-11-30T22:00:00Z") }, tap), tap)).toBe("You are on call now until 22:00");
    expect(statusSentence(onCallStatus([], null, tap), tap)).toBe("You are off call");
  });

  it("words a time as the page states it", () => {
    const now = at("2026-11-30T10:00:00Z");
    expect(describeWhen(at("2026-11-30T18:00:00Z"), now)).toBe("18:00");
    expect(describeWhen(at("2026-12-04T18:00:00Z"), now)).toBe("Friday 18:00");
    expect(describeWhen(at("2026-07-10T17:00:00Z"), at("2026-07-06T10:00:00Z"))).toBe("Friday 18:00");
  });
});
