import { COMMAND_SIGNATURE_HEADER, COMMAND_TIMESTAMP_HEADER, signCommand, verifyCommandSignature } from "#server/security/signed-command.ts";
import { z } from "~/lib/zod";

/**
 * How the command-line tool (scripts/staff.ts) proves to a running server that it may change roles:
 * the request body is signed under a key derived from the server's session secret
 * (server/security/signed-command.ts). See docs/decisions/ (staff command-line tool).
 */

export const STAFF_COMMAND_PATH = "/internal/staff/roles";
export const STAFF_SIGNATURE_HEADER = COMMAND_SIGNATURE_HEADER;
export const STAFF_TIMESTAMP_HEADER = COMMAND_TIMESTAMP_HEADER;
/** The signing key's purpose: a staff command's signature signs nothing else. */
const STAFF_PURPOSE = "fixit staff command-line tool v1";

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

export function signStaffCommand(sessionSecret: string, timestamp: string, body: string): string {
  return signCommand(sessionSecret, STAFF_PURPOSE, timestamp, body);
}

export function verifyStaffCommandSignature(
  sessionSecret: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
  now = Date.now(),
): "ok" | "bad-signature" | "stale" {
  return verifyCommandSignature(sessionSecret, STAFF_PURPOSE, timestamp, body, signature, now);
}
