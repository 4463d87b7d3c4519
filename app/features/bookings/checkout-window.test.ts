import { describe, expect, it } from "vitest";
import { PAYMENT_WINDOW_MS, paymentWindowEnd } from "./checkout-window.server";
import { checkoutEnd } from "./payment.server";

const MINUTE = 60_000;
const made = new Date("2026-11-29T10:00:00Z");

describe("a booking's checkout ends with its payment window (decision 075)", () => {
  it("the window is made + 2 hours, or the open checkout's end when that is later", () => {
    expect(paymentWindowEnd({ createdAt: made })).toEqual(new Date("2026-11-29T12:00:00Z"));
    expect(paymentWindowEnd({ createdAt: made }, { expiresAt: new Date("2026-11-29T11:00:00Z") })).toEqual(new Date("2026-11-29T12:00:00Z"));
    expect(paymentWindowEnd({ createdAt: made }, { expiresAt: new Date("2026-11-29T12:21:00Z") })).toEqual(new Date("2026-11-29T12:21:00Z"));
    expect(paymentWindowEnd({ createdAt: made }, { expiresAt: null })).toEqual(new Date(made.getTime() + PAYMENT_WINDOW_MS));
  });

  it("a Pay early in the window ends at the window; in its last half hour, 31 minutes after the Pay (Stripe's minimum is 30)", () => {
    const windowEnd = paymentWindowEnd({ createdAt: made });
    expect(checkoutEnd(windowEnd, new Date(made.getTime() + 5 * MINUTE))).toEqual(windowEnd);
    expect(checkoutEnd(windowEnd, new Date(windowEnd.getTime() - 31 * MINUTE))).toEqual(windowEnd);
    const late = new Date(windowEnd.getTime() - 10 * MINUTE);
    expect(checkoutEnd(windowEnd, late)).toEqual(new Date(late.getTime() + 31 * MINUTE));
  });
});
