import { createHmac, randomUUID } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { z } from "~/lib/zod";
import type { Config } from "#server/config.ts";
import { cookieValue } from "#server/http/cookie-header.ts";
import { secureCookies } from "#server/http/site-url.ts";
import type { Flash, ShownFlash } from "./flash";

/**
 * The one flash mechanism: a redirect sets `fixit_flash` (two minutes, HttpOnly, SameSite=Lax), the
 * root loader reads it once and clears it. The cookie is React Router's `createCookie`, which signs
 * the value (HMAC-SHA256) with a key derived from the session secret for the flash alone and checks
 * the signature when it reads it (decision 021, amended by 072): only this server can say something
 * through it; a forged or altered cookie is ignored (and cleared). A request carrying it is never
 * answered from the anonymous-HTML cache (any cookie but the cookie choice bypasses it), so a cached
 * page never holds a flash.
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
const flashKey = (secret: string) => createHmac("sha256", secret).update("fixit flash cookie").digest("base64url");

/** The flash cookie for this configuration: signed under the flash's key, Secure in production over https. */
function flashCookieOf(config: FlashConfig): Cookie {
  return createCookie(FLASH_COOKIE, { secrets: [flashKey(config.sessionSecret)], maxAge: 120, httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(config) });
}

/** The Set-Cookie value that carries `flash` to the next page. */
export async function flashCookie(config: FlashConfig, flash: Flash): Promise<string> {
  const shown: ShownFlash = { kind: flash.kind, title: flash.title, text: flash.text, id: randomUUID() };
  return flashCookieOf(config).serialize(shown);
}

/** A redirect's headers with a flash (and anything else the redirect sends). */
export async function withFlash(config: FlashConfig, flash: Flash, headers: HeadersInit = {}): Promise<Headers> {
  const out = new Headers(headers);
  out.append("set-cookie", await flashCookie(config, flash));
  return out;
}

/**
 * Reads the request's flash once: the message (null when absent, forged or altered) and, whenever
 * the cookie was sent at all, the Set-Cookie that clears it.
 */
export async function takeFlash(request: Request, config: FlashConfig): Promise<{ flash: ShownFlash | null; clear: string | null }> {
  const value = cookieValue(request.headers.get("cookie"), FLASH_COOKIE);
  if (value === undefined) return { flash: null, clear: null };
  // The value as the server's one cookie reader found it (the first of a repeated name); createCookie checks its signature.
  const read: unknown = value.length > 4096 ? null : await flashCookieOf(config).parse(`${FLASH_COOKIE}=${value}`);
  const parsed = shownFlashSchema.safeParse(read);
  return { flash: parsed.success ? parsed.data : null, clear: clearedFlashCookie };
}

/**
 * A response that sets or clears the flash cookie belongs to one visitor at one moment: never stored
 * by any cache, whatever the page's own headers say (entry.server.tsx applies it to every response).
 */
export function keepFlashPrivate(headers: Headers): void {
  if (headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`))) headers.set("cache-control", "private, no-store");
}
