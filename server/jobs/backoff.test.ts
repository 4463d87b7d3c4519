import { describe, expect, it } from "vitest";
import { computeBackoffMs, DEFAULT_MAX_BACKOFF_MS } from "./backoff.ts";

const middle = () => 0.5; // no jitter: the spread factor is exactly 1

describe("computeBackoffMs", () => {
  it("starts at the base delay and doubles with each failed attempt", () => {
    expect([1, 2, 3, 4, 5].map((a) => computeBackoffMs(a, { baseMs: 5000, random: middle }))).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000,
    ]);
  });

  it("never waits longer than the cap, even after very many attempts", () => {
    expect(computeBackoffMs(30, { baseMs: 5000, random: middle })).toBe(DEFAULT_MAX_BACKOFF_MS);
    expect(computeBackoffMs(10_000, { baseMs: 5000, maxMs: 60_000, random: () => 0.999 })).toBe(60_000);
  });

  it("spreads delays by ±20 % so jobs that failed together do not retry together", () => {
    expect(computeBackoffMs(2, { baseMs: 1000, random: () => 0 })).toBe(1600);
    expect(computeBackoffMs(2, { baseMs: 1000, random: () => 1 })).toBe(2400);
    const samples = new Set(Array.from({ length: 50 }, () => computeBackoffMs(3, { baseMs: 1000 })));
    expect(samples.size).toBeGreaterThan(1);
    for (const delay of samples) {
      expect(delay).toBeGreaterThanOrEqual(3200);
      expect(delay).toBeLessThanOrEqual(4800);
    }
  });

  it("treats nonsense attempt counts as the first attempt", () => {
    for (const attempt of [0, -3, Number.NaN, 0.5]) {
      expect(computeBackoffMs(attempt, { baseMs: 5000, random: middle })).toBe(5000);
    }
  });
});
