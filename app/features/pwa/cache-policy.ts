/**
 * Which responses the service worker may keep for offline use (decision 073). Pure, so that it is
 * tested without a browser; ./service-worker.ts asks it about every navigation it sees.
 *
 * A page is kept only when the server marked it as the anonymous visitor's copy: the page cache
 * (server/http/page-cache-middleware.ts) answers only a visitor without a session, only for public
 * paths, and says so with `x-page-cache`. A service worker cannot read `Set-Cookie` (a forbidden
 * response header) nor tell a signed-in page by its looks, so it trusts that positive mark and
 * nothing else: a page without it (signed in, a flash, a form's answer, a proxy that strips headers)
 * is never stored. The path and header checks below are a second fence, not the rule.
 */

/** Paths whose pages are someone's own, or staff's, or machinery: never stored, whatever their headers. */
export const neverCachedPrefixes = [
  "/account",
  "/fixer",
  "/fixer-onboarding",
  "/bookings",
  "/staff",
  "/api",
  "/dev",
  "/jobs",
  "/checkout",
  "/live",
  "/auth",
  "/r",
  "/unsubscribe",
  "/early-access-blog",
  "/secret-blog",
] as const;

/** Whether a same-origin path may be stored at all (`.data` responses and private areas never). */
export function pathMayBeCached(pathname: string): boolean {
  if (pathname.endsWith(".data")) return false;
  return !neverCachedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The parts of a fetched response the rule looks at (a real `Response` fits). */
export type ResponseFacts = {
  status: number;
  type: string;
  redirected: boolean;
  url: string;
  headers: { get(name: string): string | null };
};

/** Whether a navigation's response is a public page the worker may keep for offline use. */
export function mayCachePage(response: ResponseFacts, origin: string): boolean {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  let url: URL;
  try {
    url = new URL(response.url);
  } catch {
    return false;
  }
  if (url.origin !== origin || !pathMayBeCached(url.pathname)) return false;
  const headers = response.headers;
  if (!/^text\/html\b/i.test(headers.get("content-type") ?? "")) return false;
  if (headers.get("set-cookie") !== null) return false;
  if (/\b(private|no-store)\b/i.test(headers.get("cache-control") ?? "")) return false;
  // The positive mark: the anonymous page cache served it (hit or miss).
  return /^(hit|miss)$/.test(headers.get("x-page-cache") ?? "");
}
