import { z } from "~/lib/zod";
import { EMAIL_MAX, normaliseEmail, parseEmail } from "~/lib/email";
import { parseSubmission } from "~/lib/forms/parse";
import { parseOptionalPhone } from "~/lib/phone";
import { firstProblem, PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX, type FormProblem } from "./messages";

/**
 * The account forms' rules, shared by the browser (instant toasts) and the server (the authority).
 * Input is trimmed and bounded here; nothing is stored pre-escaped: React escapes on output.
 * The pages load this (and zod) when the visitor first reaches into a form (decision 036); their
 * limits and messages are in ./messages.
 */

/** Trimmed and cut to 1000 characters (names). */
export function sanitizeText(value: unknown): string {
  return String(value ?? "")
    .trim()
    .slice(0, TEXT_MAX);
}

/** Never rewritten (see ~/lib/email): trimmed, domain lowercased, refused when invalid. */
const email = z.unknown().transform((value, ctx) => {
  const parsed = parseEmail(value);
  if (parsed.ok) return parsed.email;
  ctx.addIssue({ code: "custom", message: "invalidEmail" });
  return z.NEVER;
});
/** Optional; stored as E.164 (see ~/lib/phone), "" when blank. */
const phone = z.unknown().transform((value, ctx) => {
  const parsed = parseOptionalPhone(value);
  if (parsed.ok) return parsed.e164;
  ctx.addIssue({ code: "custom", message: `phone.${parsed.problem}` });
  return z.NEVER;
});
const newPassword = z
  .string("passwordRequired")
  .min(1, "passwordRequired")
  .min(PASSWORD_MIN, "weakPassword")
  .max(PASSWORD_MAX, "passwordTooLong");
export const userTypes = ["customer", "fixer"] as const;
export type UserType = (typeof userTypes)[number];

export const signUpSchema = z
  .object({
    fullName: z.preprocess(sanitizeText, z.string().min(1, "nameRequired")),
    email,
    phone,
    password: newPassword,
    confirmPassword: z.string().optional().default(""),
    userType: z.preprocess((v) => (v === undefined || v === "" ? "customer" : v), z.enum(userTypes, "userType")),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "passwordMismatch", path: ["confirmPassword"] });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.preprocess(normaliseEmail, z.string().min(1, "signInMissing").max(EMAIL_MAX, "signInMissing")),
  password: z.string("signInMissing").min(1, "signInMissing").max(PASSWORD_MAX, "signInMissing"),
});

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string().optional().default("") })
  .refine((v) => v.password === v.confirmPassword, { message: "passwordMismatch", path: ["confirmPassword"] });

export const profileSchema = z.object({
  fullName: z.preprocess(sanitizeText, z.string().min(1, "nameRequired")),
  phone,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string("currentPasswordRequired").min(1, "currentPasswordRequired").max(PASSWORD_MAX),
    password: newPassword,
    confirmPassword: z.string().optional().default(""),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "passwordMismatch", path: ["confirmPassword"] });

/** Parses an account form with its schema (~/lib/forms/parse): the data, or the first problem as a toast. */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: FormData | Record<string, unknown>,
): { ok: true; data: z.infer<S> } | { ok: false; problem: FormProblem } {
  const parsed = parseSubmission(schema, values);
  return parsed.ok ? { ok: true, data: parsed.data as z.infer<S> } : { ok: false, problem: firstProblem(parsed.fieldErrors) };
}
