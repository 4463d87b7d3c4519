/**
 * A one-read notice carried across a redirect in a short-lived cookie (the root loader reads it,
 * clears it and the page shows it as a toast). Only keys listed here are ever shown, so a forged
 * cookie can at most show one of these fixed messages to its own browser: no signature needed.
 */
export const siteNotices = {
  "email-confirmed": { title: "Email confirmed — welcome to FixiT" },
} as const;
export type SiteNoticeKey = keyof typeof siteNotices;

const NOTICE_COOKIE = "fixit_notice";
const attributes = "Path=/; HttpOnly; SameSite=Lax";

export function noticeCookie(key: SiteNoticeKey, secure: boolean): string {
  return `${NOTICE_COOKIE}=${key}; Max-Age=120; ${attributes}${secure ? "; Secure" : ""}`;
}

export const clearedNoticeCookie = `${NOTICE_COOKIE}=; Max-Age=0; ${attributes}`;

/** The notice the request's cookie names, or null. */
export function readNotice(request: Request): SiteNoticeKey | null {
  const match = new RegExp(`(?:^|;\\s*)${NOTICE_COOKIE}=([a-z-]+)`).exec(request.headers.get("cookie") ?? "");
  const key = match?.[1];
  return key && Object.hasOwn(siteNotices, key) ? (key as SiteNoticeKey) : null;
}
