/**
 * Where a person was before they were asked to sign in or sign up (`from`, already checked on the
 * server by signInReturnPath), and what follows from it: the confirmation link's way back, the
 * account type a new account starts with, and how the "check your email" page names it.
 */

/** Where better-auth sends a confirmed address (app/routes/auth.confirmed.ts), which then goes on to `next`. */
export const EMAIL_CONFIRMED_PATH = "/auth/confirmed";

/**
 * The confirmation link's callback: /auth/confirmed, carrying the path to return to in `next`.
 * A relative, same-site path that itself passes the return-path rule (server/http/return-path.ts):
 * slashes stay unescaped (an encoded slash is refused there), everything else is encoded.
 */
export function confirmationCallback(from: string): string {
  if (!from || from === "/") return EMAIL_CONFIRMED_PATH;
  return `${EMAIL_CONFIRMED_PATH}?next=${encodeURIComponent(from).replaceAll("%2F", "/")}`;
}

const fixerPaths = ["/fixer", "/fixer-register", "/fixer-onboarding"];

function pathnameOf(from: string): string {
  return from.split(/[?#]/, 1)[0] ?? "/";
}

/** Someone sent to sign up from the fixer registration, onboarding or dashboard is signing up as a fixer. */
export function accountTypeFor(from: string): "customer" | "fixer" {
  const pathname = pathnameOf(from);
  return fixerPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? "fixer" : "customer";
}

/** How the "check your email" page names where the confirmation link leads. */
export function returnPlace(from: string): string {
  const pathname = pathnameOf(from);
  if (pathname === "/request") return "your job, as you typed it";
  if (accountTypeFor(from) === "fixer") return "your fixer registration";
  if (pathname.startsWith("/checkout")) return "your payment";
  if (pathname === "/" || pathname === "") return "the FixiT home page";
  return "the page you were on";
}
