/**
 * The one check for a path to send a visitor back to (after signing in, a cancelled checkout).
 * The value is resolved exactly as a browser would resolve it, and the resolved path is what is
 * returned, so a check on the raw text can never be fooled by `/.//evil.example` or `/%2e//`.
 * Anything that does not resolve to a path on this site becomes `fallback`.
 */
const DUMMY_ORIGIN = "http://return-path.invalid";

export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  // Browsers drop tabs and newlines from URLs and read "\" as "/"; refuse them rather than guess.
  // An encoded slash or backslash can be decoded into "//" by a later hop: refuse it too.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value) || /%(2f|5c)/i.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const resolved = url.pathname + url.search + url.hash;
  // The resolved path must itself read as a path on this site (never "//host…").
  if (!resolved.startsWith("/") || resolved.startsWith("//")) return fallback;
  return resolved;
}
