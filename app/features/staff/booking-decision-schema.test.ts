import { describe, expect, it } from "vitest";
import { bookingDecisionFormSchema } from "./booking-decision-schema";

const reason = "Half the work was done well.";

describe("the staff decide form", () => {
  it("turns the part to release from pounds into whole pence, and needs it only for a part release", () => {
    expect(bookingDecisionFormSchema.parse({ decision: "partial", amount: "45.5", reason })).toEqual({ decision: "partial", releasePricePence: 4_550, reason });
    expect(bookingDecisionFormSchema.parse({ decision: "partial", amount: "£1,250.05", reason }).releasePricePence).toBe(125_005);
    expect(bookingDecisionFormSchema.parse({ decision: "refund", amount: "", reason })).toEqual({ decision: "refund", releasePricePence: null, reason });
    expect(bookingDecisionFormSchema.parse({ decision: "release", amount: "nonsense", reason }).releasePricePence).toBeNull();
    expect(bookingDecisionFormSchema.parse({ decision: "refund", reason })).toEqual({ decision: "refund", releasePricePence: null, reason });
  });

  it("answers a part release without the amount field in the form's own words", () => {
    const parsed = bookingDecisionFormSchema.safeParse({ decision: "partial", reason });
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["amount"], message: "Write the part of the price to release in pounds, such as 45 or 45.50." })]);
  });

  it.each([
    [{ decision: "partial", amount: "-5", reason }, "amount"],
    [{ decision: "partial", amount: "0", reason }, "amount"],
    [{ decision: "partial", amount: "12.345", reason }, "amount"],
    [{ decision: "partial", amount: "9".repeat(10_000), reason }, "amount"],
    [{ decision: "partial", amount: undefined, reason }, "amount"],
    [{ decision: "refund", amount: "", reason: "no" }, "reason"],
    [{ decision: "refund", amount: "", reason: "x".repeat(2_001) }, "reason"],
    [{ decision: "refund", amount: "", reason: "a\u0000 reason here" }, "reason"],
    [{ decision: "everything", amount: "", reason }, "decision"],
  ])("refuses %#", (input, field) => {
    const parsed = bookingDecisionFormSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });
});
