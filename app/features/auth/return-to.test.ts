import { describe, expect, it } from "vitest";
import { safeReturnPath } from "#server/http/return-path.ts";
import { accountTypeFor, confirmationCallback, returnPlace } from "./return-to";

describe("the way back after confirming an email", () => {
  it("carries the return path in a callback that itself passes the return-path rule", () => {
    expect(confirmationCallback("/")).toBe("/auth/confirmed");
    const callback = confirmationCallback("/request?service=plumbing&x=1");
    expect(callback).toBe("/auth/confirmed?next=/request%3Fservice%3Dplumbing%26x%3D1");
    expect(safeReturnPath(callback)).toBe(callback);
    expect(new URL(callback, "http://x.invalid").searchParams.get("next")).toBe("/request?service=plumbing&x=1");
  });

  it("starts an account as a fixer only from the fixer pages", () => {
    expect(accountTypeFor("/fixer-onboarding")).toBe("fixer");
    expect(accountTypeFor("/fixer-register?step=2")).toBe("fixer");
    expect(accountTypeFor("/fixer")).toBe("fixer");
    expect(accountTypeFor("/fixer/jobs/4")).toBe("fixer");
    // A fixer's public profile is for customers.
    expect(accountTypeFor("/fixers/ann-b")).toBe("customer");
    expect(accountTypeFor("/request")).toBe("customer");
    expect(accountTypeFor("/")).toBe("customer");
  });

  it("names the place the link returns to", () => {
    expect(returnPlace("/request")).toBe("your job, as you typed it");
    expect(returnPlace("/fixer-onboarding")).toBe("your fixer registration");
    expect(returnPlace("/checkout/vip")).toBe("your payment");
    expect(returnPlace("/")).toBe("the FixiT home page");
  });
});
