import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "~/lib/zod";
import type { Config } from "#server/config.ts";
import { cookieValue } from "#server/http/cookie-header.ts";
import { secureCookies } from "#server/http/site-url.ts";
import type { Flash, ShownFlash } from "./flash";

/**
 * The one flash mechanism: a redirect sets `fixit_flash` (signed with a key derived from the
 * session secret, two minutes, HttpOnly, SameSite=Lax), the root loader reads it once and clears
 * it. The signature means only this server can say something through it; a forged or altered
 * cookie is ignored (and cleared). A request carrying it is never answered from the anonymous-HTML
 * cache (any cookie but the cookie choice bypasses it), so a cached page never holds a flash.
 */
export const FLASH_COOKIE = "fixit_flash";

type FlashConfig = Pick<Config, "sessionSecret" | "isProduction" | "publicUrl">;

const attributes = "Path=/; HttpOnly; SameSite=Lax";
export const clearedFlashCookie = `${FLASH_COOKIE}=; Max-Age=0; ${attributes}`;

const shownFlashSchema = z.object({
  kind: z.enum(["success", "error"]),
  title: z.string().max(200),
  text: z.string().max(1000),
  id: z.string().max(64),
});

/** Its own key, so a flash signature can never stand in for anything else signed with the session secret. */
function signature(payload: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update("fixit flash cookie").digest();
  return createHmac("sha256", key).update(payload).digest();
}

/** The Set-Cookie value that carries `flash` to the next page. */
export function flashCookie(config: FlashConfig, flash: Flash): string {
  const shown: ShownFlash = { kind: flash.kind, title: flash.title, text: flash.text, id: randomUUID() };
  const payload = Buffer.from(JSON.stringify(shown)).toString("base64url");
  const value = `${payload}.${signature(payload, config.sessionSecret).toString("base64url")}`;
  return `${FLASH_COOKIE}=${value}; Max-Age=120; ${attributes}${secureCookies(config) ? "; Secure" : ""}`;
}

/** A redirect's headers with a flash (and anything else the redirect sends). */
export function withFlash(config: FlashConfig, flash: Flash, headers: HeadersInit = {}): Headers {
  const out = new Headers(headers);
  out.append("set-cookie", flashCookie(config, flash));
  return out;
}

/** The flash in `value` when its signature holds, else null. */
export function verifyFlash(value: string, secret: string): ShownFlash | null {
  const [payload, sent, extra] = value.split(".");
  if (!payload || !sent || extra !== undefined || value.length > 4096) return null;
  const expected = signature(payload, secret);
  const given = Buffer.from(sent, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = shownFlashSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the request's flash once: the message (null when absent, forged or altered) and, whenever
 * the cookie was sent at all, the Set-Cookie that clears it.
 */
export function takeFlash(request: Request, config: FlashConfig): { flash: ShownFlash | null; clear: string | null } {
  const value = cookieValue(request.headers.get("cookie"), FLASH_COOKIE);
  if (value === undefined) return { flash: null, clear: null };
  return { flash: verifyFlash(value, config.sessionSecret), clear: clearedFlashCookie };
}

/**
 * A response that sets or clears the flash cookie belongs to one visitor at one moment: never stored
 * by any cache, whatever the page's own headers say (entry.server.tsx applies it to every response).
 */
export function keepFlashPrivate(headers: Headers): void {
  if (headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`))) headers.set("cache-control", "private, no-store");
}
