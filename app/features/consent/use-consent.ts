import { useSyncExternalStore } from "react";
import { isAllowed, type ConsentCategory, type ConsentChoices } from "./consent";
import { getConsentSnapshot, getServerConsentSnapshot, openCookiePreferences, saveConsent, subscribeConsent } from "./consent-store";

export type UseConsent = {
  /** False on the server and during hydration: nothing may be written before it is true. */
  ready: boolean;
  consent: ConsentChoices | null;
  /** Whether code may store or send data of this category now. Always false before `ready`, except essential. */
  allows(category: ConsentCategory): boolean;
  save(choices: ConsentChoices): void;
  openPreferences(): void;
  /** Counts requests to reopen the preferences (the banner watches it). */
  preferencesRequested: number;
};

/**
 * The visitor's cookie choice. Consult `allows("functional" | "analytics" | "marketing")`
 * before writing anything non-essential (localStorage, cookies, third-party calls).
 */
export function useConsent(): UseConsent {
  const snap = useSyncExternalStore(subscribeConsent, getConsentSnapshot, getServerConsentSnapshot);
  return {
    ready: snap.ready,
    consent: snap.consent,
    allows: (category) => isAllowed(snap.consent, category),
    save: saveConsent,
    openPreferences: openCookiePreferences,
    preferencesRequested: snap.preferencesRequested,
  };
}
