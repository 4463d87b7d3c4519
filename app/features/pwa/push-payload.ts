/**
 * The payload a FixiT push carries (the push sender writes it): `{ title, body, url, tag }`, JSON.
 * Parsed here, pure, so that ./service-worker.ts shows exactly what was sent or a generic notice.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

const maxTitle = 120;
const maxBody = 400;
const maxTag = 120;

/**
 * What a malformed push shows (decision 073). Not nothing: a push that shows no notification makes
 * Chrome show its own "This site has been updated in the background" and Safari revoke the
 * subscription after a few, so a bad payload still shows one quiet notice, under one tag, so that
 * however many arrive, one is on the screen. It names nothing and opens the home page.
 */
export const genericPush: PushPayload = { title: "FixiT", body: "There is something new for you on FixiT.", url: "/", tag: "fixit-update" };

/**
 * The same-origin path `url` names, or null: a path beginning with one `/` (not `//` or `/\`, which
 * browsers read as another host), with no scheme, resolved against `origin` to the same origin.
 */
export function sameOriginPath(url: unknown, origin: string): string | null {
  // No white space or control characters anywhere (a URL parser would drop some of them silently).
  if (typeof url !== "string" || !/^\/(?![/\\])/.test(url) || [...url].some((char) => char.charCodeAt(0) < 0x20 || /\s/.test(char))) return null;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

const text = (value: unknown, max: number): string | null => (typeof value === "string" ? value.trim().slice(0, max) : null);

/** The payload in `data` (the push's text), or null when it is not FixiT's shape. */
export function parsePushPayload(data: string | null | undefined, origin: string): PushPayload | null {
  if (!data) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const title = text(record.title, maxTitle);
  const body = text(record.body, maxBody);
  const tag = text(record.tag, maxTag);
  const url = sameOriginPath(record.url, origin);
  if (!title || body === null || !tag || !url) return null;
  return { title, body, url, tag };
}

/** What a push shows: its own payload, or the generic notice when the payload is not FixiT's. */
export const notificationFor = (data: string | null | undefined, origin: string): PushPayload => parsePushPayload(data, origin) ?? genericPush;
