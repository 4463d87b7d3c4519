/**
 * One email rule for every form (browser and server). An address is never rewritten: it is trimmed
 * and its domain lowercased (domains are case-insensitive; the part before @ belongs to the mailbox's
 * owner, so `Pat+FixiT@Example.COM` is kept as `Pat+FixiT@example.com`). Anything that is not a
 * plausible address is refused with a message instead of being "cleaned" into another one.
 */
import { EMAIL_MAX } from "./contact-fields";

export { EMAIL_MAX } from "./contact-fields";

export const emailMessages = {
  required: "Enter your email address, like name@example.com.",
  invalid: "Enter a valid email address, like name@example.com.",
  tooLong: `An email address has at most ${EMAIL_MAX} characters.`,
} as const;
export type EmailProblem = keyof typeof emailMessages;

// The RFC 5322 "dot-atom" local part (letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -,
// dots between them) and a DNS domain with a dot and a letters-only top level.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Trimmed, with the domain lowercased; nothing else changes. */
export function normaliseEmail(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  const at = text.lastIndexOf("@");
  return at < 0 ? text : text.slice(0, at) + "@" + text.slice(at + 1).toLowerCase();
}

export type EmailResult = { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string };

export function parseEmail(value: unknown): EmailResult {
  const email = normaliseEmail(value);
  const fail = (problem: EmailProblem): EmailResult => ({ ok: false, problem, message: emailMessages[problem] });
  if (email === "") return fail("required");
  if (email.length > EMAIL_MAX) return fail("tooLong");
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at < 1 || local.length > 64 || !LOCAL_PART.test(local) || domain.length > 253 || !DOMAIN.test(domain)) return fail("invalid");
  return { ok: true, email };
}

/** The key two spellings of one address share (for finding duplicates): the whole address lowercased. */
export function emailKey(email: string): string {
  return normaliseEmail(email).toLowerCase();
}
