import { describe, expect, it } from "vitest";
import { checkTestCheckout, formatCardNumber, formatExpiry, passesLuhn, testCardOutcome } from "./test-checkout";

const today = new Date("2026-11-22T12:00:00Z");
const form = { cardName: "Ada", cardNumber: "4242 4242 4242 4242", expiry: "11 / 26", cvc: "123" };

describe("test cards", () => {
  it("4242… pays, 4000…0002 is declined, anything else is unknown", () => {
    expect(testCardOutcome("4242 4242 4242 4242")).toBe("succeeds");
    expect(testCardOutcome("4242-4242-4242-4242")).toBe("succeeds");
    expect(testCardOutcome("4000 0000 0000 0002")).toBe("declined");
    expect(testCardOutcome("5555 5555 5555 4444")).toBe("unknown");
  });
  it("checks the Luhn digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
  });
  it("formats as typed", () => {
    expect(formatCardNumber("42424242x42424242")).toBe("4242 4242 4242 4242");
    expect(formatExpiry("1239")).toBe("12 / 39");
    expect(formatExpiry("1")).toBe("1");
  });
});

describe("the card form", () => {
  it("accepts a card valid to the end of its expiry month", () => {
    expect(checkTestCheckout(form, { needsEmail: false, today }).ok).toBe(true);
  });
  it("names each problem", () => {
    const checked = checkTestCheckout({ cardName: " ", cardNumber: "4242 4242 4242 4241", expiry: "10 / 26", cvc: "12" }, { needsEmail: true, today });
    expect(checked).toEqual({
      ok: false,
      fieldErrors: {
        email: expect.any(String),
        cardName: "Enter the name on the card.",
        cardNumber: "Your card number is invalid.",
        expiry: "Your card's expiry date is in the past.",
        cvc: "Your card's security code is incomplete.",
      },
    });
  });
  it("asks for an email only when the payment has none", () => {
    expect(checkTestCheckout({ ...form, email: "a@b.co" }, { needsEmail: true, today }).ok).toBe(true);
    expect(checkTestCheckout({ ...form, email: "nope" }, { needsEmail: true, today }).ok).toBe(false);
  });
});
