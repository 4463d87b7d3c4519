import { describe, expect, it } from "vitest";
import { acceptAllChoices, consentCookieValue, hasConsentCookie, isAllowed, parseConsent, rejectNonEssentialChoices, serializeConsent } from "./consent";

describe("cookie consent values", () => {
  it("stores exactly the four keys, essential always true", () => {
    expect(serializeConsent(acceptAllChoices)).toBe('{"essential":true,"functional":true,"analytics":true,"marketing":true}');
    expect(serializeConsent(rejectNonEssentialChoices)).toBe('{"essential":true,"functional":false,"analytics":false,"marketing":false}');
    const extra = { ...acceptAllChoices, tracking: true } as unknown as typeof acceptAllChoices;
    expect(JSON.parse(serializeConsent(extra))).not.toHaveProperty("tracking");
  });

  it("reads back a stored choice", () => {
    expect(parseConsent('{"essential":true,"functional":true,"analytics":false,"marketing":false}')).toEqual({
      essential: true,
      functional: true,
      analytics: false,
      marketing: false,
    });
  });

  it("treats missing, malformed or tampered values as no choice", () => {
    for (const raw of [null, "", "yes", "null", "[]", "{}", '{"essential":false,"functional":true,"analytics":true,"marketing":true}', '{"essential":true,"functional":"yes","analytics":false,"marketing":false}', '{"essential":true,"functional":true}']) {
      expect(parseConsent(raw), String(raw)).toBeNull();
    }
  });

  it("allows essential always and the others only when chosen", () => {
    expect(isAllowed(null, "essential")).toBe(true);
    expect(isAllowed(null, "analytics")).toBe(false);
    expect(isAllowed(rejectNonEssentialChoices, "functional")).toBe(false);
    expect(isAllowed(acceptAllChoices, "marketing")).toBe(true);
  });

  it("mirrors the choice in a cookie the server can read", () => {
    expect(consentCookieValue(acceptAllChoices)).toBe("all");
    expect(consentCookieValue(rejectNonEssentialChoices)).toBe("essential");
    expect(consentCookieValue({ ...rejectNonEssentialChoices, analytics: true })).toBe("custom");
    expect(hasConsentCookie("a=b; cookie_consent=essential")).toBe(true);
    expect(hasConsentCookie("cookie_consent=yes")).toBe(false);
    expect(hasConsentCookie("other_cookie_consent=all")).toBe(false);
    expect(hasConsentCookie(null)).toBe(false);
  });
});
