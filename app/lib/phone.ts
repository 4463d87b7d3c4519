/**
 * One phone rule for every form (browser and server): UK numbers as people write them, stored in
 * E.164. Hand-written rather than libphonenumber-js: FixiT takes UK numbers, and the library's smallest
 * build would add tens of KB to every form page for rules we need a dozen lines for (decision 016).
 */
import { PHONE_EXAMPLE, PHONE_INPUT_MAX } from "./contact-fields";

export { PHONE_EXAMPLE, PHONE_HINT, PHONE_INPUT_MAX } from "./contact-fields";

export const phoneMessages = {
  required: `Enter your phone number, like ${PHONE_EXAMPLE}.`,
  characters: `A phone number has only digits, spaces, dashes, brackets and a leading +, like ${PHONE_EXAMPLE}.`,
  notUk: `Enter a UK phone number starting with 0 or +44, like ${PHONE_EXAMPLE}.`,
  tooShort: `This phone number is too short: a UK number has 11 digits, like ${PHONE_EXAMPLE}.`,
  tooLong: `This phone number is too long: a UK number has 11 digits, like ${PHONE_EXAMPLE}.`,
  international: "An international number has a + and 8 to 15 digits, like +33 1 23 45 67 89.",
} as const;
export type PhoneProblem = keyof typeof phoneMessages;

export type PhoneResult = { ok: true; e164: string } | { ok: false; problem: PhoneProblem; message: string };

const fail = (problem: PhoneProblem): PhoneResult => ({ ok: false, problem, message: phoneMessages[problem] });

/**
 * Parses a phone number: `07700 900123`, `(020) 7946-0958`, `+44 (0)7700 900123`, `0044 7700 900123`
 * become `+447700900123`. Another country's number is accepted in international form (+ or 00, then
 * 8 to 15 digits), so an investor abroad can still leave one.
 */
export function parsePhone(value: unknown): PhoneResult {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return fail("required");
  if (text.length > PHONE_INPUT_MAX || !/^\+?[\d\s().-]+$/.test(text)) return fail(text.length > PHONE_INPUT_MAX ? "tooLong" : "characters");
  const digits = text.replace(/[\s().-]/g, "");
  const international = digits.startsWith("+") ? digits.slice(1) : digits.startsWith("00") ? digits.slice(2) : null;
  let national: string;
  if (international === null) {
    if (!digits.startsWith("0")) return fail("notUk");
    national = digits.slice(1);
  } else if (international.startsWith("44")) {
    // "+44 (0)20…" keeps the trunk 0 people often write in brackets.
    national = international.slice(2).replace(/^0/, "");
  } else {
    if (!/^[1-9]\d{7,14}$/.test(international)) return fail("international");
    return { ok: true, e164: `+${international}` };
  }
  // UK: 10 digits after the 0 (9 for a few 01 areas and 0800 numbers); mobiles are 07 + 9 digits.
  const shortest = /^[18]/.test(national) ? 9 : 10;
  if (national.length < shortest) return fail("tooShort");
  if (national.length > 10) return fail("tooLong");
  if (!/^[1235789]/.test(national)) return fail("notUk");
  return { ok: true, e164: `+44${national}` };
}

/** An optional phone field: blank stays blank, anything else must parse. */
export function parseOptionalPhone(value: unknown): PhoneResult | { ok: true; e164: "" } {
  return typeof value !== "string" || value.trim() === "" ? { ok: true, e164: "" } : parsePhone(value);
}

/** How a stored E.164 UK number is shown: +447700900123 → 07700 900123; others unchanged. */
export function formatPhone(e164: string): string {
  const uk = /^\+44(\d{10})$/.exec(e164);
  if (!uk) return e164;
  const n = `0${uk[1]}`;
  return /^0[2]/.test(n) ? `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}` : `${n.slice(0, 5)} ${n.slice(5)}`;
}
