import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request } from "express";

/**
 * How a command-line tool on the server's machine proves to the running server that it may act
 * (`npm run staff`, `npm run backup`): the request body is signed with HMAC-SHA256 under a key
 * derived from the server's session secret and the command's purpose. Only someone who can read that
 * secret can sign; the timestamp and a one-time nonce stop a captured request from being replayed.
 * See decision 010 (staff command-line tool).
 */

export const COMMAND_SIGNATURE_HEADER = "x-fixit-staff-signature";
export const COMMAND_TIMESTAMP_HEADER = "x-fixit-staff-timestamp";
/** How far the tool's clock may be from the server's; also how long a nonce is remembered. */
export const COMMAND_MAX_SKEW_MS = 60_000;

/** A key per purpose, so the session secret itself signs only sessions, and one tool's signature is no other's. */
function commandKey(sessionSecret: string, purpose: string): Buffer {
  return createHmac("sha256", sessionSecret).update(purpose).digest();
}

export function signCommand(sessionSecret: string, purpose: string, timestamp: string, body: string): string {
  const mac = createHmac("sha256", commandKey(sessionSecret, purpose)).update(`${timestamp}\n${body}`).digest("hex");
  return `sha256=${mac}`;
}

export function verifyCommandSignature(
  sessionSecret: string,
  purpose: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
  now = Date.now(),
): "ok" | "bad-signature" | "stale" {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp)) return "bad-signature";
  const expected = Buffer.from(signCommand(sessionSecret, purpose, timestamp, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "bad-signature";
  if (Math.abs(now - Number(timestamp)) > COMMAND_MAX_SKEW_MS) return "stale";
  return "ok";
}

/** Remembers each nonce for twice the allowed clock skew: false when it was already used. */
export function nonceMemory(): (nonce: string) => boolean {
  const seen = new Map<string, number>();
  return (nonce) => {
    const now = Date.now();
    for (const [key, expires] of seen) if (expires < now) seen.delete(key);
    if (seen.has(nonce)) return false;
    seen.set(nonce, now + 2 * COMMAND_MAX_SKEW_MS);
    return true;
  };
}

/** Only the machine itself may call, and not through a proxy (a proxy on this host would look local). */
export function isDirectLoopback(req: Request): boolean {
  const remote = req.socket.remoteAddress ?? "";
  const loopback = remote === "127.0.0.1" || remote === "::1" || remote === "::ffff:127.0.0.1";
  return loopback && !req.headers["x-forwarded-for"] && !req.headers.forwarded;
}
