import { describe, expect, it } from "vitest";
import { DOCUMENT_ACCEPT } from "../../../server/storage/filetype.ts";
import { onboardingUploadLimits, registrationToasts } from "./content";
import { fixerCodeKey, storedNameOf } from "./onboarding.server";
import { checkRegistration, isValidFixerPhone, onboardingTextSchema, stripAngleBrackets } from "./schemas";

const valid = { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.com", phone: "07700 900123" };

describe("fixer details rules (spec 001 §5)", () => {
  it("requires all four fields first, with the spec's toast", () => {
    for (const field of ["firstName", "lastName", "email", "phone"] as const) {
      expect(checkRegistration({ ...valid, [field]: "   " })).toEqual({ ok: false, message: registrationToasts.required, field });
    }
    expect(checkRegistration({ ...valid, firstName: "<>" })).toMatchObject({ ok: false, message: "Please fill in all required fields" });
  });

  it("checks the email (no spaces), then the phone", () => {
    expect(checkRegistration({ ...valid, email: "ada lovelace@example.com" })).toMatchObject({ message: "Please enter a valid email address", field: "email" });
    expect(checkRegistration({ ...valid, email: "ada@example" })).toMatchObject({ message: "Please enter a valid email address" });
    expect(checkRegistration({ ...valid, email: "bad", phone: "bad" })).toMatchObject({ message: "Please enter a valid email address" });
    expect(checkRegistration({ ...valid, phone: "0" })).toMatchObject({ message: "Please enter a valid phone number", field: "phone" });
  });

  it("phone: spaces, hyphens and parentheses removed; optional +; a non-zero digit; up to 15 more digits", () => {
    for (const ok of ["07700 900123".replace(/^0/, "7"), "+44 (0)7700-900123", "+447700900123", "1", "1234567890123456"]) expect(isValidFixerPhone(ok), ok).toBe(true);
    for (const bad of ["07700 900123", "+0123", "12345678901234567", "++44", "44a55", "+", ""]) expect(isValidFixerPhone(bad), bad).toBe(false);
  });

  it("trims, strips < and >, and lower-cases the email", () => {
    const checked = checkRegistration({ firstName: "  <b>Ada</b> ", lastName: "Love>lace", email: " Ada@Example.COM ", phone: " +44 7700 900123 " });
    expect(checked).toEqual({ ok: true, data: { firstName: "bAda/b", lastName: "Lovelace", email: "ada@example.com", phone: "+44 7700 900123" } });
    expect(stripAngleBrackets("a<b>c")).toBe("abc");
  });
});

describe("onboarding rules", () => {
  it("requires the three texts, stripped of < and >", () => {
    expect(onboardingTextSchema.safeParse({ qualifications: "<>", expertise: "x", insurance: "y" }).success).toBe(false);
    expect(onboardingTextSchema.parse({ qualifications: " <NVQ> ", expertise: "x", insurance: "y" })).toEqual({ qualifications: "NVQ", expertise: "x", insurance: "y" });
  });

  it("accepts what the storage module accepts", () => {
    expect(onboardingUploadLimits.accept).toBe(DOCUMENT_ACCEPT);
  });

  it("names stored files `${timestamp}-${sanitised}`", () => {
    expect(storedNameOf({ key: "fixer-documents/insurance/1763800000000-0a1b2c3d4e5f6a7b-My_Policy_2026_.pdf", originalName: "My_Policy_2026_.pdf" })).toBe("1763800000000-My_Policy_2026_.pdf");
  });

  it("reads an access code however it was typed", () => {
    expect(fixerCodeKey("FIX-7KQ2-M9XD-4HPA")).toBe("FIX7KQ2M9XD4HPA");
    expect(fixerCodeKey(" fix 7kq2 m9xd 4hpa ")).toBe("FIX7KQ2M9XD4HPA");
    expect(fixerCodeKey("7KQ2-M9XD-4HPA")).toBe("FIX7KQ2M9XD4HPA");
  });
});
