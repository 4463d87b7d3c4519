/**
 * The browser's consent state, shared by the banner, the footer's 'Cookie settings' button and
 * every piece of code that wants to store something non-essential (via useConsent).
 * On the server only the mirrored cookie is known (root loader: `consentChosen`), so the server
 * renders the banner for a visitor who has not chosen, and the browser confirms from localStorage.
 */
import {
  consentCookie,
  consentCookieName,
  consentCookieValue,
  consentFromCookieValue,
  consentStorageKey,
  parseConsent,
  serializeConsent,
  type ConsentChoices,
} from "./consent";

export type ConsentSnapshot = {
  /** False on the server and before the first client read of localStorage. */
  ready: boolean;
  /** The stored choice, or null when the visitor has not chosen. */
  consent: ConsentChoices | null;
  /** Set when the visitor asked to change their choice (the footer's 'Cookie settings'). */
  preferencesRequested: number;
};

const serverSnapshot: ConsentSnapshot = { ready: false, consent: null, preferencesRequested: 0 };
let snapshot: ConsentSnapshot = serverSnapshot;
const listeners = new Set<() => void>();

function emit(next: Partial<ConsentSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

function readStorage(): ConsentChoices | null {
  try {
    return parseConsent(window.localStorage.getItem(consentStorageKey));
  } catch {
    return null; // storage disabled: treat as no choice yet
  }
}

/** Mirrors the choice into the first-party cookie the server reads. */
function writeCookie(choices: ConsentChoices | null) {
  document.cookie = consentCookie(choices ? consentCookieValue(choices) : null, window.location.protocol === "https:");
}

/**
 * Brings the stored choice and the cookie in line. A choice stored before the cookie existed gets
 * its cookie. A cookie without a stored choice was set by the server (the banner's form, sent
 * before the script ran: "all" or "essential") and is adopted; any other is cleared, so the banner
 * asks again. Returns the choice that holds.
 */
function syncCookie(stored: ConsentChoices | null): ConsentChoices | null {
  const current = new RegExp(`(?:^|;\\s*)${consentCookieName}=([^;]*)`).exec(document.cookie)?.[1];
  const fromServer = consentFromCookieValue(current);
  if (!stored && fromServer) {
    try {
      window.localStorage.setItem(consentStorageKey, serializeConsent(fromServer));
    } catch {
      // Storage unavailable: the cookie still holds the choice.
    }
    return fromServer;
  }
  const wanted = stored ? consentCookieValue(stored) : undefined;
  if (current !== wanted) writeCookie(stored);
  return stored;
}

function onStorage(e: StorageEvent) {
  if (e.key === consentStorageKey || e.key === null) emit({ consent: readStorage() });
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  if (!snapshot.ready)
    queueMicrotask(() => {
      emit({ ready: true, consent: syncCookie(readStorage()) });
    });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export const getConsentSnapshot = () => snapshot;
export const getServerConsentSnapshot = () => serverSnapshot;

/** Stores the visitor's choice and tells every subscriber. */
export function saveConsent(choices: ConsentChoices) {
  try {
    window.localStorage.setItem(consentStorageKey, serializeConsent(choices));
  } catch {
    // Storage unavailable: the choice still holds for this page view.
  }
  writeCookie(choices);
  emit({ ready: true, consent: parseConsent(serializeConsent(choices)) });
}

/** Opens the banner's preferences view again (the footer's 'Cookie settings'). */
export function openCookiePreferences() {
  emit({ preferencesRequested: snapshot.preferencesRequested + 1 });
}
