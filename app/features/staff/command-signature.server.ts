import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "~/lib/zod";

/**
 * How the command-line tool (scripts/staff.ts) proves to a running server that it may change roles:
 * the request body is signed with HMAC-SHA256 under a key derived from the server's session secret
 * (SESSION_SECRET, or the secret generated into DATA_DIR). Only someone who can read that secret —
 * i.e. an operator on the server's machine — can sign; the timestamp and a one-time nonce stop a
 * captured request from being replayed. See docs/decisions/ (staff command-line tool).
 */

export const STAFF_COMMAND_PATH = "/internal/staff/roles";
export const STAFF_SIGNATURE_HEADER = "x-fixit-staff-signature";
export const STAFF_TIMESTAMP_HEADER = "x-fixit-staff-timestamp";
/** How far the tool's clock may be from the server's; also how long a nonce is remembered. */
export const STAFF_COMMAND_MAX_SKEW_MS = 60_000;

export const staffCommandBodySchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("grant"),
    email: z.email().max(254),
    role: z.enum(["staff", "admin"]),
    operator: z.string().trim().min(1).max(200),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  }),
  z.object({
    command: z.literal("revoke"),
    email: z.email().max(254),
    operator: z.string().trim().min(1).max(200),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  }),
  z.object({
    command: z.literal("slot-passed"),
    bookingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    operator: z.string().trim().min(1).max(200),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  }),
  z.object({
    command: z.literal("list"),
    operator: z.string().trim().min(1).max(200),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  }),
]);
export type StaffCommandBody = z.infer<typeof staffCommandBodySchema>;

/** A key for this purpose only, so the session secret itself never signs anything but sessions. */
function commandKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("fixit staff command-line tool v1").digest();
}

export function signStaffCommand(sessionSecret: string, timestamp: string, body: string): string {
  const mac = createHmac("sha256", commandKey(sessionSecret)).update(`${timestamp}\n${body}`).digest("hex");
  return `sha256=${mac}`;
}

export function verifyStaffCommandSignature(
  sessionSecret: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
  now = Date.now(),
): "ok" | "bad-signature" | "stale" {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp)) return "bad-signature";
  const expected = Buffer.from(signStaffCommand(sessionSecret, timestamp, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "bad-signature";
  if (Math.abs(now - Number(timestamp)) > STAFF_COMMAND_MAX_SKEW_MS) return "stale";
  return "ok";
}
