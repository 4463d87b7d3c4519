import { safeReturnPath } from "#server/http/return-path.ts";

/**
 * better-auth redirects to addresses its callers name: `callbackURL` (sign-up, sign-in, the email
 * confirmation link, a changed email), `errorCallbackURL`, `newUserCallbackURL`, `redirectTo` (the
 * password reset link) and the like. It trusts any value that starts with "/", so
 * `/.//evil.example` came back as `Location: //evil.example` — off the site. Every such parameter
 * passes the site's one return-path rule (server/http/return-path.ts) before better-auth reads it,
 * in the query and in the body; and every Location it answers passes the rule again on the way out.
 */

/** A parameter better-auth may send a visitor to: any name about a callback or a redirect. */
const REDIRECT_PARAM = /callback|redirect/i;

/** The value as a path on this site: an absolute address of this site becomes its path; anything else off-site becomes "/". */
export function safeAuthRedirect(value: unknown, ownOrigins: readonly string[]): string {
  if (typeof value !== "string") return "/";
  let path = value;
  if (/^https?:/i.test(value)) {
    try {
      const url = new URL(value);
      if (ownOrigins.includes(url.origin)) path = url.pathname + url.search + url.hash;
    } catch {
      return "/";
    }
  }
  return safeReturnPath(path, "/");
}

function sanitiseParams(params: URLSearchParams, ownOrigins: readonly string[]): boolean {
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!REDIRECT_PARAM.test(key)) continue;
    const values = params.getAll(key);
    const safe = values.map((v) => safeAuthRedirect(v, ownOrigins));
    if (safe.every((v, i) => v === values[i])) continue;
    params.delete(key);
    for (const v of safe) params.append(key, v);
    changed = true;
  }
  return changed;
}

/**
 * The request better-auth gets: its redirect parameters, in the query and in a JSON or urlencoded
 * body, made safe. The body has already been read within its cap (server/http/body-limit.ts).
 */
export async function withSafeRedirects(request: Request, headers: Headers, ownOrigins: readonly string[]): Promise<Request> {
  const url = new URL(request.url);
  sanitiseParams(url.searchParams, ownOrigins);
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return new Request(url, { method: request.method, headers });

  const type = (headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  let body = await request.text();
  if (type === "application/json") {
    body = sanitiseJson(body, ownOrigins);
  } else if (type === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(body);
    if (sanitiseParams(params, ownOrigins)) body = params.toString();
  }
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(url, { method: request.method, headers, body });
}

function sanitiseJson(text: string, ownOrigins: readonly string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text; // not JSON: better-auth refuses it itself
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return text;
  const fields = parsed as Record<string, unknown>;
  let changed = false;
  for (const [key, value] of Object.entries(fields)) {
    if (!REDIRECT_PARAM.test(key) || value === undefined || value === null) continue;
    const safe = safeAuthRedirect(value, ownOrigins);
    if (safe !== value) {
      fields[key] = safe;
      changed = true;
    }
  }
  return changed ? JSON.stringify(fields) : text;
}

/** better-auth's answer, with a Location that leaves the site (or would, once a browser resolves it) replaced by "/". */
export function withSafeLocation(response: Response, ownOrigins: readonly string[]): Response {
  const location = response.headers.get("location");
  if (location === null) return response;
  const safe = safeAuthRedirect(location, ownOrigins);
  if (safe === location) return response;
  const headers = new Headers(response.headers);
  headers.set("location", safe);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
