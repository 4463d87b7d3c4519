import { describe, expect, it } from "vitest";
import { checkForm, safeReturnPath, sanitizeEmail, sanitizeText, signUpSchema } from "./schemas";

const valid = { fullName: "Ada Lovelace", email: "ada@example.com", phone: "", password: "analytical-engine-1843", confirmPassword: "analytical-engine-1843" };

describe("sign-up checks (spec §5, in order)", () => {
  it("accepts a valid form and defaults the account type to customer", () => {
    const result = checkForm(signUpSchema, valid);
    expect(result).toMatchObject({ ok: true, data: { userType: "customer", fullName: "Ada Lovelace" } });
  });
  it.each([
    [{ ...valid, fullName: "   " }, "Name required", "Please enter your full name."],
    [{ ...valid, fullName: "", email: "nope" }, "Name required", "Please enter your full name."],
    [{ ...valid, email: "not an email" }, "Invalid email", "Please enter a valid email address."],
    [{ ...valid, email: "" , password: "" }, "Invalid email", "Please enter a valid email address."],
    [{ ...valid, password: "", confirmPassword: "" }, "Password required", "Please create a password."],
    [{ ...valid, password: "abc", confirmPassword: "abc" }, "Weak password", "Password must be at least 6 characters."],
    [{ ...valid, confirmPassword: "different" }, "Passwords do not match", "Please make sure both passwords match."],
  ])("reports the first failed check %#", (input, title, text) => {
    const result = checkForm(signUpSchema, input);
    expect(result).toMatchObject({ ok: false, problem: { title, text } });
  });
  it("never accepts an account type other than customer or fixer", () => {
    expect(checkForm(signUpSchema, { ...valid, userType: "admin" }).ok).toBe(false);
    expect(checkForm(signUpSchema, { ...valid, userType: "fixer" })).toMatchObject({ ok: true, data: { userType: "fixer" } });
  });
});

describe("sanitising", () => {
  it("lowercases, trims and filters email, cutting to 254", () => {
    expect(sanitizeEmail("  Ada.L+ove<x>@Ex ample.COM ")).toBe("ada.lovex@example.com");
    expect(sanitizeEmail("a".repeat(300))).toHaveLength(254);
  });
  it("trims text and cuts it to 1000 without escaping it", () => {
    expect(sanitizeText("  <b>Ada</b> & 'co' ")).toBe("<b>Ada</b> & 'co'");
    expect(sanitizeText("x".repeat(1200))).toHaveLength(1000);
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/account?tab=1", "/account?tab=1"],
    ["//evil.example/x", "/"],
    ["https://evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/auth?from=/x", "/"],
    [undefined, "/"],
    ["account", "/"],
  ])("%s → %s", (input, expected) => expect(safeReturnPath(input)).toBe(expected));
});
