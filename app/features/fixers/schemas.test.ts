import { describe, expect, it } from "vitest";
import { DOCUMENT_OR_PHOTO_ACCEPT } from "#server/storage/filetype.ts";
import { registrationToasts } from "./content";
import { onboardingUploadLimits } from "./portal-content";
import { fixerCodeKey, storedNameOf } from "./onboarding.server";
import { emailMessages } from "~/lib/email";
import { phoneMessages } from "~/lib/phone";
import { stripAngleBrackets } from "./registration-fields";
import { checkRegistration, onboardingTextSchema } from "./schemas";

const valid = { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.com", phone: "07700 900123" };

describe("fixer details rules", () => {
  it("requires all four fields first, with the spec's toast", () => {
    for (const field of ["firstName", "lastName", "email", "phone"] as const) {
      expect(checkRegistration({ ...valid, [field]: "   " })).toEqual({ ok: false, message: registrationToasts.required, field });
    }
    expect(checkRegistration({ ...valid, firstName: "<>" })).toMatchObject({ ok: false, message: "Please fill in all required fields" });
  });

  it("checks the email, then the phone, saying what is wrong", () => {
    expect(checkRegistration({ ...valid, email: "ada lovelace@example.com" })).toMatchObject({ message: emailMessages.invalid, field: "email" });
    expect(checkRegistration({ ...valid, email: "ada@example" })).toMatchObject({ message: emailMessages.invalid });
    expect(checkRegistration({ ...valid, email: "bad", phone: "bad" })).toMatchObject({ message: emailMessages.invalid });
    expect(checkRegistration({ ...valid, phone: "0770090" })).toEqual({ ok: false, message: phoneMessages.tooShort, field: "phone" });
    expect(checkRegistration({ ...valid, phone: "7700 900123" })).toEqual({ ok: false, message: phoneMessages.notUk, field: "phone" });
  });

  it.each(["07700 900123", "07700-900-123", "(07700) 900123", "+44 (0)7700-900123", "0044 7700 900123"])("accepts the phone %j, stored as E.164", (phone) => {
    expect(checkRegistration({ ...valid, phone })).toMatchObject({ ok: true, data: { phone: "+447700900123" } });
  });

  it("trims, strips < and >, keeps a plus-address and lower-cases the email like accounts", () => {
    const checked = checkRegistration({ firstName: "  <b>Ada</b> ", lastName: "Love>lace", email: " Ada+Fixit@Example.COM ", phone: " +44 7700 900123 " });
    expect(checked).toEqual({ ok: true, data: { firstName: "bAda/b", lastName: "Lovelace", email: "ada+fixit@example.com", phone: "+447700900123" } });
    expect(stripAngleBrackets("a<b>c")).toBe("abc");
  });
});

describe("onboarding rules", () => {
  it("requires the three texts, stripped of < and >", () => {
    expect(onboardingTextSchema.safeParse({ qualifications: "<>", expertise: "x", insurance: "y" }).success).toBe(false);
    expect(onboardingTextSchema.parse({ qualifications: " <NVQ> ", expertise: "x", insurance: "y" })).toEqual({
      qualifications: "NVQ",
      expertise: "x",
      insurance: "y",
      rightToWorkShareCode: null,
      gasSafeNumber: null,
      electricalNumber: null,
      dbsNumber: null,
    });
  });

  it("takes register numbers as written (upper-cased), empty as none, and refuses words that are not a number (issue 52)", () => {
    const base = { qualifications: "NVQ", expertise: "x", insurance: "y" };
    expect(onboardingTextSchema.parse({ ...base, rightToWorkShareCode: " w7x 3kp 9qz ", gasSafeNumber: "123456", electricalNumber: "", dbsNumber: "001234567890" })).toMatchObject({
      rightToWorkShareCode: "W7X 3KP 9QZ",
      gasSafeNumber: "123456",
      electricalNumber: null,
      dbsNumber: "001234567890",
    });
    for (const bad of ["call me maybe", "12", "1234567890123456789012", "12;drop"]) expect(onboardingTextSchema.safeParse({ ...base, gasSafeNumber: bad }).success, bad).toBe(false);
  });

  it("accepts what the storage module accepts (papers, or a phone photo of one)", () => {
    expect(onboardingUploadLimits.accept).toBe(DOCUMENT_OR_PHOTO_ACCEPT);
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
