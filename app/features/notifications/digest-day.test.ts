import { describe, expect, it } from "vitest";
import { digestDayOf, digestSendTime } from "./digest-day";

describe("the digest's calendar", () => {
  it("takes the UK date, not the UTC one, in summer", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(digestDayOf(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(digestDayOf(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("sends at 07:00 UK time the next morning in winter and in summer", () => {
    expect(digestSendTime("2026-11-27").toISOString()).toBe("2026-11-28T07:00:00.000Z");
    expect(digestSendTime("2026-07-01").toISOString()).toBe("2026-07-02T06:00:00.000Z");
    expect(digestSendTime("2026-12-31").toISOString()).toBe("2027-01-01T07:00:00.000Z");
  });
});
