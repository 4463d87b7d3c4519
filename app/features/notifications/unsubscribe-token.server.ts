import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "./kinds";

/**
 * The one-click unsubscribe token (RFC 8058): who, which kind ("digest" for the daily digest) and
 * until when, signed with an HMAC-SHA256 key derived from SESSION_SECRET, so the link works without
 * signing in and cannot be made for someone else or another kind.
 */
export type UnsubscribeScope = NotificationKind | "digest";
export type UnsubscribeClaim = { userId: string; kind: UnsubscribeScope; expiresAt: Date };

/** Long enough for an old email in an inbox to still work; short enough that a leaked link dies. */
export const UNSUBSCRIBE_TOKEN_DAYS = 90;

const keyOf = (secret: string) => createHmac("sha256", secret).update("fixit:unsubscribe:v1").digest();
const signatureOf = (secret: string, body: string) => createHmac("sha256", keyOf(secret)).update(body).digest();

export function signUnsubscribeToken(secret: string, claim: { userId: string; kind: UnsubscribeScope }, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const body = Buffer.from(JSON.stringify([claim.userId, claim.kind, expires])).toString("base64url");
  return `${body}.${signatureOf(secret, body).toString("base64url")}`;
}

export type TokenCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: "invalid" | "expired" };

export function verifyUnsubscribeToken(secret: string, token: unknown, now = new Date()): TokenCheck {
  if (typeof token !== "string" || token.length > 600 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: "invalid" };
  const [body, signature] = token.split(".") as [string, string];
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return { ok: false, reason: "invalid" };
  const [userId, kind, expires] = parsed as unknown[];
  if (typeof userId !== "string" || !userId || (kind !== "digest" && !isNotificationKind(kind)) || typeof expires !== "number") return { ok: false, reason: "invalid" };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claim: { userId, kind, expiresAt: new Date(expires * 1000) } };
}
