/**
 * The one reader of a request's Cookie header: each `name=value` pair, names and values trimmed,
 * the first of a repeated name kept (as browsers send the most specific path first). Values are
 * returned as sent (no decoding): every cookie the site sets is plain ASCII.
 */
export function cookiesOf(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf("=");
    const name = (eq === -1 ? trimmed : trimmed.slice(0, eq)).trim();
    if (!cookies.has(name)) cookies.set(name, eq === -1 ? "" : trimmed.slice(eq + 1).trim());
  }
  return cookies;
}

/** One cookie's value, or undefined when the header does not carry it. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return cookiesOf(header).get(name);
}
