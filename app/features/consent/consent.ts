import { cookieValue } from "#server/http/cookie-header.ts";

/**
 * Cookie consent. The choice is stored under the localStorage key
 * `cookieConsent` as JSON {essential: true, functional, analytics, marketing}. Storing the
 * choice itself is essential: it is what lets us not ask again.
 */
export const consentStorageKey = "cookieConsent";

export type ConsentCategory = "essential" | "functional" | "analytics" | "marketing";
export type ConsentChoices = { essential: true; functional: boolean; analytics: boolean; marketing: boolean };

export const acceptAllChoices: ConsentChoices = { essential: true, functional: true, analytics: true, marketing: true };
export const rejectNonEssentialChoices: ConsentChoices = { essential: true, functional: false, analytics: false, marketing: false };

/** A stored value read back: anything malformed counts as no choice, so the banner asks again. */
export function parseConsent(raw: string | null): ConsentChoices | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.essential !== true) return null;
  if (typeof v.functional !== "boolean" || typeof v.analytics !== "boolean" || typeof v.marketing !== "boolean") return null;
  return { essential: true, functional: v.functional, analytics: v.analytics, marketing: v.marketing };
}

/** The exact JSON stored: the four keys in this order, nothing else. */
export function serializeConsent(c: ConsentChoices): string {
  return JSON.stringify({ essential: true, functional: c.functional, analytics: c.analytics, marketing: c.marketing });
}

/** Whether a category may be used: essential always; the others only once the visitor agreed. */
export function isAllowed(consent: ConsentChoices | null, category: ConsentCategory): boolean {
  if (category === "essential") return true;
  return consent?.[category] === true;
}

/**
 * The choice mirrored in a first-party cookie, so the server knows whether to render the banner
 * (and the anonymous-HTML cache keys on it). Essential like the localStorage entry: it only
 * remembers the choice. Values: all, essential (non-essential refused) or custom.
 */
export const consentCookieName = "cookie_consent";
const consentCookieValues = ["all", "essential", "custom"] as const;

type ConsentCookieValue = (typeof consentCookieValues)[number];

export function consentCookieValue(c: ConsentChoices): ConsentCookieValue {
  if (c.functional && c.analytics && c.marketing) return "all";
  if (!c.functional && !c.analytics && !c.marketing) return "essential";
  return "custom";
}

/** The choice a cookie value stands for, where it names one ("custom" does not say which). */
export function consentFromCookieValue(value: string | undefined): ConsentChoices | null {
  return value === "all" ? acceptAllChoices : value === "essential" ? rejectNonEssentialChoices : null;
}

/** The mirrored cookie as Set-Cookie and document.cookie take it: kept a year, like the stored choice, or cleared (null). */
export function consentCookie(value: ConsentCookieValue | null, secure: boolean): string {
  return `${consentCookieName}=${value ?? ""}; Path=/; Max-Age=${value ? 31_536_000 : 0}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a Cookie header carries a valid choice: then the server leaves the banner out. */
export function hasConsentCookie(cookieHeader: string | null): boolean {
  const value = cookieValue(cookieHeader, consentCookieName);
  return value !== undefined && (consentCookieValues as readonly string[]).includes(value);
}
