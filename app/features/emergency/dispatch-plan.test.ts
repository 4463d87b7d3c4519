import { describe, expect, it } from "vitest";
import { dispatchRounds, firstNameOf, nearestFirst, planRound, timeLeftText, type Candidate } from "./dispatch-plan";

const fixer = (id: string, nearness: 0 | 1 | 2, ratePence = 7500): Candidate => ({ fixerUserId: id, ratePence, nearness });

describe("nearestFirst", () => {
  it("puts the outward code's fixers before the district's, and those before the whole area's; then the lower rate", () => {
    const order = nearestFirst([fixer("area", 2, 6500), fixer("district-dear", 1, 8000), fixer("outward", 0, 8500), fixer("district-cheap", 1, 7000)]);
    expect(order.map((c) => c.fixerUserId)).toEqual(["outward", "district-cheap", "district-dear", "area"]);
  });

  it("breaks ties by fixer id, so the same inputs always plan the same rounds", () => {
    expect(nearestFirst([fixer("b", 1), fixer("a", 1)]).map((c) => c.fixerUserId)).toEqual(["a", "b"]);
  });
});

describe("planRound", () => {
  const ten = Array.from({ length: 10 }, (_, i) => fixer(`f${i}`, (i < 4 ? 1 : 2) as 1 | 2, 7000 + i));

  it("offers round 1 to the nearest few", () => {
    const plan = planRound(1, ten, new Set());
    expect(plan).toEqual({ kind: "offer", round: 1, fixers: ten.slice(0, dispatchRounds.fixersPerRound) });
  });

  it("offers the next round to the next nearest, never to anyone offered before", () => {
    const offered = new Set(["f0", "f1", "f2"]);
    const plan = planRound(2, ten, offered);
    expect(plan.kind).toBe("offer");
    if (plan.kind === "offer") expect(plan.fixers.map((c) => c.fixerUserId)).toEqual(["f3", "f4", "f5"]);
  });

  it("a fixer who went off call is not a candidate and is never offered a later round", () => {
    const onCallNow = ten.filter((c) => c.fixerUserId !== "f3");
    const plan = planRound(2, onCallNow, new Set(["f0", "f1", "f2"]));
    if (plan.kind !== "offer") throw new Error("expected offers");
    expect(plan.fixers.map((c) => c.fixerUserId)).toEqual(["f4", "f5", "f6"]);
  });

  it("ends unanswered once everybody on call was offered it, before the last round", () => {
    const two = ten.slice(0, 2);
    expect(planRound(1, two, new Set()).kind).toBe("offer");
    expect(planRound(2, two, new Set(["f0", "f1"]))).toEqual({ kind: "unanswered", reason: "nobody-left" });
  });

  it("ends unanswered after the last round, with fixers still left", () => {
    expect(planRound(dispatchRounds.lastRound, ten, new Set()).kind).toBe("offer");
    expect(planRound(dispatchRounds.lastRound + 1, ten, new Set())).toEqual({ kind: "unanswered", reason: "last-round-over" });
  });

  it("refuses a round that is not a whole number from 1", () => {
    expect(() => planRound(0, ten, new Set())).toThrow(RangeError);
    expect(() => planRound(1.5, ten, new Set())).toThrow(RangeError);
  });
});

describe("words", () => {
  it("says the time left on an offer", () => {
    const now = new Date("2026-11-30T01:00:00Z");
    expect(timeLeftText(new Date(now.getTime() + 160_000), now)).toBe("2 min 40 s left");
    expect(timeLeftText(new Date(now.getTime() + 180_000), now)).toBe("3 min left");
    expect(timeLeftText(new Date(now.getTime() + 30_000), now)).toBe("Less than a minute left");
    expect(timeLeftText(now, now)).toBe("Expired");
  });

  it("takes the first name of a display name", () => {
    expect(firstNameOf("Pia Oncall")).toBe("Pia");
    expect(firstNameOf("  Madonna ")).toBe("Madonna");
  });
});
