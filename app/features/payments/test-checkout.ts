import { z } from "~/lib/zod";

/**
 * The TEST MODE checkout's card form: one schema for the browser and the server, and the rule for
 * which test cards pay. No card data is stored or logged (only the last four digits of a decline).
 */

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
} as const;

export const testCheckoutMessages = {
  declined: "Your card was declined.",
  unknownCard: "This is a test checkout: use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.",
  expired: "This checkout has expired. Please start again.",
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
  failed: "Something went wrong. Please try again.",
} as const;

export type TestCardOutcome = "succeeds" | "declined" | "unknown";

/** Spaces, dashes: how people type card numbers. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardDigits(cardNumber);
  if (digits === TEST_CARDS.succeeds) return "succeeds";
  if (digits === TEST_CARDS.declined) return "declined";
  return "unknown";
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" → "4242 4242 4242 4242", as the buyer types. */
export function formatCardNumber(input: string): string {
  return cardDigits(input)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1" → "1", "123" → "12 / 3": the expiry as MM / YY. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

function expiryIsCurrent(value: string, today: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  // A card is valid to the end of its expiry month.
  return year > today.getFullYear() || (year === today.getFullYear() && month >= today.getMonth() + 1);
}

export function testCheckoutSchema(options: { needsEmail: boolean; today?: Date }) {
  const today = options.today ?? new Date();
  return z.object({
    email: options.needsEmail
      ? z.string().trim().max(254, "Please enter a valid email address.").pipe(z.email("Please enter a valid email address."))
      : z.string().optional(),
    cardName: z.string().trim().min(1, "Enter the name on the card.").max(100, "Please keep the name under 100 characters."),
    cardNumber: z
      .string()
      .transform(cardDigits)
      .refine((v) => v.length > 0, "Enter your card number.")
      .refine((v) => /^\d{12,19}$/.test(v), "Your card number is incomplete.")
      .refine(passesLuhn, "Your card number is invalid."),
    expiry: z
      .string()
      .trim()
      .refine((v) => v.length > 0, "Enter the expiry date.")
      .refine((v) => /^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(v), "Enter the expiry date as MM / YY.")
      .refine((v) => expiryIsCurrent(v, today), "Your card's expiry date is in the past."),
    cvc: z
      .string()
      .trim()
      .refine((v) => /^\d{3,4}$/.test(v), "Your card's security code is incomplete."),
  });
}

/** The name the test checkout's answers carry (a `FormResult`). */
export const TEST_CHECKOUT_FORM = "test-checkout";

export type TestCheckoutFieldErrors = Partial<Record<"email" | "cardName" | "cardNumber" | "expiry" | "cvc", string>>;

export function checkTestCheckout(values: Record<string, string>, options: { needsEmail: boolean; today?: Date }) {
  const parsed = testCheckoutSchema(options).safeParse(values);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const fieldErrors: TestCheckoutFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof TestCheckoutFieldErrors;
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false as const, fieldErrors };
}
