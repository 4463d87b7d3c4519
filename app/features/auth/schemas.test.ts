import { describe, expect, it } from "vitest";
import { checkForm, profileSchema, sanitizeText, signInSchema, signUpSchema } from "./schemas";

const valid = { fullName: "Ada Lovelace", email: "ada@example.com", phone: "", password: "analytical-engine-1843", confirmPassword: "analytical-engine-1843" };

describe("sign-up checks, in the order a person meets them", () => {
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

describe("emails and phones", () => {
  it("keeps a plus-address as typed, lowercasing only the domain", () => {
    expect(checkForm(signUpSchema, { ...valid, email: " Pat+FixiT@Example.COM " })).toMatchObject({ ok: true, data: { email: "Pat+FixiT@example.com" } });
    expect(checkForm(signInSchema, { email: " pat+fixit@EXAMPLE.com", password: "x" })).toMatchObject({ ok: true, data: { email: "pat+fixit@example.com" } });
  });
  it("refuses an address it would otherwise have to change", () => {
    expect(checkForm(signUpSchema, { ...valid, email: "ada<x>@example.com" })).toMatchObject({ ok: false, problem: { title: "Invalid email" } });
    expect(checkForm(signUpSchema, { ...valid, email: "a".repeat(300) + "@example.com" })).toMatchObject({ ok: false, problem: { title: "Invalid email" } });
  });
  it("stores a phone as E.164 and says what is wrong with a bad one", () => {
    expect(checkForm(signUpSchema, { ...valid, phone: "07700 900123" })).toMatchObject({ ok: true, data: { phone: "+447700900123" } });
    expect(checkForm(profileSchema, { fullName: "Ada", phone: "(020) 7946-0958" })).toMatchObject({ ok: true, data: { phone: "+442079460958" } });
    expect(checkForm(profileSchema, { fullName: "Ada", phone: "" })).toMatchObject({ ok: true, data: { phone: "" } });
    expect(checkForm(signUpSchema, { ...valid, phone: "07700 9001" })).toMatchObject({
      ok: false,
      problem: { title: "Invalid phone number", text: "This phone number is too short: a UK number has 11 digits, like 07700 900123.", field: "phone" },
    });
  });
  it("trims text and cuts it to 1000 without escaping it", () => {
    expect(sanitizeText("  <b>Ada</b> & 'co' ")).toBe("<b>Ada</b> & 'co'");
    expect(sanitizeText("x".repeat(1200))).toHaveLength(1000);
  });
});
