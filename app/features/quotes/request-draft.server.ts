import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "#server/config.ts";
import { secureCookies } from "#server/http/site-url.ts";

/**
 * What a signed-out visitor typed on /request, kept across sign-in: a signed, short-lived cookie
 * (HttpOnly, SameSite=Lax, path /request) set by the POST that sends them to sign in, read back when
 * they return to /request, cleared once the job is posted. It works without JavaScript. Photos are
 * not kept (the page says so). Signed, so nothing but this server can fill the form through it; it
 * holds only what the visitor typed, compressed; a draft too big for a cookie keeps every field but
 * the description.
 */
export const DRAFT_COOKIE = "fixit_job_draft";
export const draftFields = ["service", "postcode", "title", "description", "timing", "preferredDate", "budget"] as const;
export type JobDraft = Partial<Record<(typeof draftFields)[number], string>>;

type DraftConfig = Pick<Config, "sessionSecret" | "isProduction" | "publicUrl">;
const attributes = "Path=/request; HttpOnly; SameSite=Lax";
const MAX_COOKIE_VALUE = 3600;
export const clearedDraftCookie = `${DRAFT_COOKIE}=; Max-Age=0; ${attributes}`;

function signature(payload: string, secret: string): string {
  const key = createHmac("sha256", secret).update("fixit job draft cookie").digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

function encode(draft: JobDraft, secret: string): string {
  const payload = brotliCompressSync(Buffer.from(JSON.stringify(draft)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).toString("base64url");
  return `${payload}.${signature(payload, secret)}`;
}

/** The draft from the form's values: known fields only, each a string, bounded. */
export function draftFrom(values: Record<string, unknown>): JobDraft {
  const draft: JobDraft = {};
  for (const field of draftFields) {
    const value = values[field];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === "string" && text.trim()) draft[field] = text.replaceAll("\u0000", "").slice(0, field === "description" ? 2000 : 200);
  }
  return draft;
}

/** The Set-Cookie keeping `draft` for 30 minutes (without the description if it would not fit). */
export function draftCookie(config: DraftConfig, draft: JobDraft): string {
  let value = encode(draft, config.sessionSecret);
  if (value.length > MAX_COOKIE_VALUE) {
    const { description: _dropped, ...rest } = draft;
    value = encode(rest, config.sessionSecret);
  }
  return `${DRAFT_COOKIE}=${value}; Max-Age=1800; ${attributes}${secureCookies(config) ? "; Secure" : ""}`;
}

/** The request's draft when its signature holds; null when absent, altered or unreadable. */
export function readDraft(request: Request, config: Pick<Config, "sessionSecret">): JobDraft | null {
  const header = request.headers.get("cookie") ?? "";
  const part = header.split(";").find((p) => p.trim().startsWith(`${DRAFT_COOKIE}=`));
  const value = part?.trim().slice(DRAFT_COOKIE.length + 1);
  if (!value || value.length > 4096) return null;
  const [payload, sent, extra] = value.split(".");
  if (!payload || !sent || extra !== undefined) return null;
  const expected = Buffer.from(signature(payload, config.sessionSecret));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(brotliDecompressSync(Buffer.from(payload, "base64url"), { maxOutputLength: 16_384 }).toString("utf8"));
    return parsed && typeof parsed === "object" ? draftFrom(parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function hasDraftCookie(request: Request): boolean {
  return (request.headers.get("cookie") ?? "").split(";").some((p) => p.trim().startsWith(`${DRAFT_COOKIE}=`));
}
