import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from "node:crypto";

/**
 * Access codes (fixer portal, VIP) and small sealed secrets.
 *
 * Codes are random, 60+ bits, drawn from an alphabet without look-alikes (no 0/O, 1/I/L) and grouped
 * for reading aloud: "FIX-7KQ2-M9XD-4HPA". Only a SHA-256 of the code is stored: with this much
 * entropy a fast hash is enough (nobody can enumerate 2^60 candidates), and it lets the database
 * find the row by its hash with a unique index.
 */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A new code: `prefix-XXXX-XXXX-XXXX` (12 random symbols from 31 ≈ 59.4 bits; 16 symbols when `groups` is 4). */
export function generateAccessCode(prefix: string, groups = 3): string {
  const parts: string[] = [];
  for (let g = 0; g < groups; g += 1) {
    let part = "";
    for (let i = 0; i < 4; i += 1) part += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    parts.push(part);
  }
  return [prefix, ...parts].join("-");
}

/** Fixer codes are typed by hand from an email: case, spaces and dashes do not matter. */
export function normaliseFixerCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, "");
}

/** SHA-256 hex of a code exactly as given (callers normalise first: fixer codes loosely, VIP codes by trimming only). */
export function hashCode(code: string): string {
  return createHash("sha256").update(code, "utf8").digest("hex");
}

/** The last four symbols, for staff to tell codes apart without seeing them. */
export function codeHint(code: string): string {
  return `…${code.slice(-4)}`;
}

function sealingKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("fixit:sealed-secret:v1").digest();
}

/**
 * Encrypts a short secret (AES-256-GCM, key derived from the session secret) so it can sit in the
 * database, e.g. a code a success page must show again after a webhook fulfilled the payment first.
 */
export function sealSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text of `sealSecret`'s output, or null if it was tampered with or sealed under another secret. */
export function openSecret(sealed: string, secret: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
