import { describe, expect, it } from "vitest";
import { heldPence, lateFeeFor, MIN_CHARGE_PENCE, percentOfPence, priceBooking, settle, type BookingPrice, type SettlementOutcome } from "./pricing";

const sum = (s: ReturnType<typeof settle>) => s.fixerPayablePence + s.platformFeesPence + s.refundPence + s.creditReturnedPence + s.promotionsPence;

describe("percentOfPence: half up to the penny", () => {
  it.each([
    [1010, 5, 51], // 50.5p → 51p
    [1009, 5, 50], // 50.45p → 50p
    [1000, 5, 50],
    [10, 5, 1], // 0.5p → 1p
    [9, 5, 0], // 0.45p → 0p
    [1, 5, 0],
    [0, 5, 0],
    [15, 10, 2], // 1.5p → 2p
    [14, 10, 1],
    [1001, 50, 501], // 500.5p → 501p
    [5_000_000, 10, 500_000],
  ])("%ip × %i%% = %ip", (amount, percent, expected) => {
    expect(percentOfPence(amount, percent)).toBe(expected);
  });

  it("refuses fractions, negatives and percentages out of range", () => {
    expect(() => percentOfPence(10.5, 5)).toThrow(RangeError);
    expect(() => percentOfPence(-1, 5)).toThrow(RangeError);
    expect(() => percentOfPence(100, 101)).toThrow(RangeError);
    expect(() => percentOfPence(100, 2.5)).toThrow(RangeError);
  });
});

describe("priceBooking", () => {
  it("adds the 5% fee and takes the 10% charge from the fixer's side", () => {
    expect(priceBooking({ pricePence: 12_000, earlyBird: false, creditAvailablePence: 0 })).toEqual({
      pricePence: 12_000,
      discountPence: 0,
      customerFeePence: 600,
      creditPence: 0,
      totalPence: 12_600,
      fixerChargePence: 1_200,
      fixerNetPence: 10_800,
      lateFeePence: 2_400,
    });
  });

  it("rounds the fee half up on an odd price", () => {
    const p = priceBooking({ pricePence: 4_999, earlyBird: false, creditAvailablePence: 0 });
    expect(p.customerFeePence).toBe(250); // 249.95p
    expect(p.fixerChargePence).toBe(500); // 499.9p
    expect(p.totalPence).toBe(5_249);
  });

  it("early bird: half the price off, the fee on what is paid, the fixer's share unchanged", () => {
    const plain = priceBooking({ pricePence: 10_001, earlyBird: false, creditAvailablePence: 0 });
    const bird = priceBooking({ pricePence: 10_001, earlyBird: true, creditAvailablePence: 0 });
    expect(bird.discountPence).toBe(5_001); // 5000.5p → 5001p
    expect(bird.customerFeePence).toBe(250); // 5% of 5000p
    expect(bird.totalPence).toBe(5_250);
    expect(bird.fixerNetPence).toBe(plain.fixerNetPence);
    expect(bird.fixerChargePence).toBe(plain.fixerChargePence);
  });

  it("referral credit is spent up to what leaves the smallest card charge", () => {
    const some = priceBooking({ pricePence: 10_000, earlyBird: false, creditAvailablePence: 2_500 });
    expect(some.creditPence).toBe(2_500);
    expect(some.totalPence).toBe(8_000);
    expect(some.fixerNetPence).toBe(9_000);
    const small = priceBooking({ pricePence: 1_000, earlyBird: true, creditAvailablePence: 2_500 });
    expect(small.totalPence).toBe(MIN_CHARGE_PENCE);
    expect(small.creditPence).toBe(500 + 25 - MIN_CHARGE_PENCE);
  });

  it("the late fee is 20% of the price, at most £30", () => {
    expect(lateFeeFor(5_000)).toBe(1_000);
    expect(lateFeeFor(15_000)).toBe(3_000);
    expect(lateFeeFor(100_000)).toBe(3_000);
    expect(lateFeeFor(3)).toBe(1); // 0.6p → 1p
  });

  it("refuses a price that is zero, negative, fractional or too large", () => {
    for (const pricePence of [0, -100, 10.5, 5_000_001, Number.NaN]) {
      expect(() => priceBooking({ pricePence, earlyBird: false, creditAvailablePence: 0 })).toThrow(RangeError);
    }
    expect(() => priceBooking({ pricePence: 100, earlyBird: false, creditAvailablePence: -1 })).toThrow(RangeError);
  });
});

describe("settle: every outcome splits exactly what is held", () => {
  const cases: [string, BookingPrice][] = [
    ["plain", priceBooking({ pricePence: 12_345, earlyBird: false, creditAvailablePence: 0 })],
    ["early bird", priceBooking({ pricePence: 10_001, earlyBird: true, creditAvailablePence: 0 })],
    ["credit", priceBooking({ pricePence: 7_777, earlyBird: false, creditAvailablePence: 2_500 })],
    ["both, tiny", priceBooking({ pricePence: 999, earlyBird: true, creditAvailablePence: 5_000 })],
  ];
  const outcomes = (p: BookingPrice): SettlementOutcome[] => [
    { kind: "release" },
    { kind: "refund" },
    { kind: "late_cancel", lateFeePence: p.lateFeePence },
    { kind: "partial", releasePricePence: 1 },
    { kind: "partial", releasePricePence: Math.floor(p.pricePence / 3) },
    { kind: "partial", releasePricePence: p.pricePence - 1 },
  ];
  for (const [name, price] of cases) {
    it(`${name}: sums to the held amount, nothing negative but promotions, fixer never below the plain figure`, () => {
      for (const outcome of outcomes(price)) {
        const s = settle(price, outcome);
        expect(sum(s), `${name} ${JSON.stringify(outcome)}`).toBe(heldPence(price));
        expect(s.fixerPayablePence).toBeGreaterThanOrEqual(0);
        expect(s.platformFeesPence).toBeGreaterThanOrEqual(0);
        expect(s.refundPence).toBeGreaterThanOrEqual(0);
        expect(s.refundPence).toBeLessThanOrEqual(price.totalPence);
        expect(s.creditReturnedPence).toBeLessThanOrEqual(price.creditPence);
      }
    });
  }

  it("release pays the fixer the price minus 10%, whatever the promotions", () => {
    for (const [, price] of cases) expect(settle(price, { kind: "release" }).fixerPayablePence).toBe(price.pricePence - price.fixerChargePence);
  });

  it("a full refund returns the card total, the credit and the promotion", () => {
    const p = cases[2]![1];
    expect(settle(p, { kind: "refund" })).toEqual({ fixerPayablePence: 0, platformFeesPence: 0, refundPence: p.totalPence, creditReturnedPence: 2_500, promotionsPence: 0 });
  });

  it("a late cancellation pays the fixer the late fee; FixiT covers it when the card paid less", () => {
    const p = cases[3]![1];
    const s = settle(p, { kind: "late_cancel", lateFeePence: p.lateFeePence });
    expect(s.fixerPayablePence).toBe(p.lateFeePence);
    expect(s.refundPence).toBe(0);
    expect(s.promotionsPence).toBeLessThan(p.discountPence);
  });

  it("a part release rounds the customer's shares down and keeps the pennies in fees", () => {
    const p = priceBooking({ pricePence: 10_000, earlyBird: false, creditAvailablePence: 0 });
    expect(settle(p, { kind: "partial", releasePricePence: 6_000 })).toEqual({
      fixerPayablePence: 5_400,
      refundPence: 4_200,
      creditReturnedPence: 0,
      promotionsPence: 0,
      platformFeesPence: 900,
    });
    const odd = priceBooking({ pricePence: 333, earlyBird: false, creditAvailablePence: 0 });
    const s = settle(odd, { kind: "partial", releasePricePence: 100 });
    expect(s.refundPence).toBe(Math.floor((odd.totalPence * 233) / 333));
  });

  it("refuses a part release of nothing, all, or more than the price, and a late fee above the price", () => {
    const p = cases[0]![1];
    for (const releasePricePence of [0, -5, p.pricePence, p.pricePence + 1, 1.5]) {
      expect(() => settle(p, { kind: "partial", releasePricePence })).toThrow(RangeError);
    }
    expect(() => settle(p, { kind: "late_cancel", lateFeePence: p.pricePence + 1 })).toThrow(RangeError);
  });
});
