import { describe, expect, it } from "vitest";
import { CALL_OUT_PAYMENT_WINDOW_MINUTES, noShowOpensAt, NO_SHOW_GRACE_MINUTES, priceCallOut } from "~/features/bookings/call-out";
import { customerCancellation } from "~/features/bookings/cancellation";
import { callOutTotalPence, onCallAnswer } from "./request-answer";
import { emergencyRates, emergencyServiceSlugs } from "./rates";

/** The booked call-out costs what /emergency said it would up front (decisions 081 and 083). */
describe("the call-out's price", () => {
  it("is the first hour at the rate, plus the 5% fee rounded half up; the fixer gets the rate less 10%", () => {
    expect(priceCallOut(7_500)).toEqual({ pricePence: 7_500, discountPence: 0, customerFeePence: 375, creditPence: 0, totalPence: 7_875, fixerChargePence: 750, fixerNetPence: 6_750, lateFeePence: 1_500 });
    // 5% of £65.10 = 325.5p → 326p.
    expect(priceCallOut(6_510)).toMatchObject({ customerFeePence: 326, totalPence: 6_836, fixerNetPence: 5_859 });
  });

  it("charges exactly the up-front figure /emergency shows, at every published rate's ends", () => {
    for (const service of emergencyServiceSlugs) {
      const { minPence, maxPence } = emergencyRates[service];
      for (const rate of [minPence, maxPence]) expect(priceCallOut(rate).totalPence).toBe(callOutTotalPence(rate));
      const answer = onCallAnswer(service, { postcode: "SW1A 1AA", district: "SW1" }, [minPence, maxPence]);
      expect(answer.upFront).toEqual({ minPence: priceCallOut(minPence).totalPence, maxPence: priceCallOut(maxPence).totalPence });
    }
  });

  it("has no early-bird discount or credit, whoever books it", () => {
    expect(priceCallOut(8_000).discountPence).toBe(0);
    expect(priceCallOut(8_000).creditPence).toBe(0);
  });

  it("refuses a rate that is not whole positive pence", () => {
    for (const bad of [0, -100, 65.5, Number.NaN]) expect(() => priceCallOut(bad)).toThrow(RangeError);
  });
});

describe("a call-out's terms", () => {
  const slot = { date: "2026-11-30", window: "now" as const, arriveBy: "2026-11-30T00:40:00.000Z" };

  it("no free cancellation once paid: the late fee goes to the fixer on the way; before paying nothing is charged", () => {
    const held = { ...priceCallOut(6_500), slot };
    expect(customerCancellation({ ...held, state: "pending_payment" }, new Date("2026-11-30T00:05:00Z"))).toEqual({ unpaid: true, late: false, feePence: 0, refundPence: 0 });
    expect(customerCancellation({ ...held, state: "booked" }, new Date("2026-11-30T00:06:00Z"))).toEqual({ unpaid: false, late: true, feePence: 1_300, refundPence: 5_525 });
  });

  it("a no-show may be reported from the arrival estimate plus the grace period", () => {
    expect(noShowOpensAt(slot).toISOString()).toBe("2026-11-30T01:10:00.000Z");
    expect(NO_SHOW_GRACE_MINUTES).toBe(30);
    expect(CALL_OUT_PAYMENT_WINDOW_MINUTES).toBe(15);
  });
});
