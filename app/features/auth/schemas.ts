import { z } from "~/lib/zod";
import { EMAIL_MAX, normaliseEmail, parseEmail } from "~/lib/email";
import { firstError, parseSubmission, type FieldErrors } from "~/lib/forms/parse";
import { textInputMessages } from "~/lib/text-input";
import { parseOptionalPhone, phoneMessages, type PhoneProblem } from "~/lib/phone";

/**
 * The account forms' rules, shared by the browser (instant toasts) and the server (the authority).
 * Input is trimmed and bounded here; nothing is stored pre-escaped: React escapes on output.
 */
export { EMAIL_MAX };
export const TEXT_MAX = 1000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Trimmed and cut to 1000 characters (names). */
export function sanitizeText(value: unknown): string {
  return String(value ?? "")
    .trim()
    .slice(0, TEXT_MAX);
}

/** The spec's toast for each failed check (title / text). */
export const formMessages = {
  nameRequired: { title: "Name required", text: "Please enter your full name." },
  invalidEmail: { title: "Invalid email", text: "Please enter a valid email address." },
  passwordRequired: { title: "Password required", text: "Please create a password." },
  weakPassword: { title: "Weak password", text: "Password must be at least 6 characters." },
  passwordMismatch: { title: "Passwords do not match", text: "Please make sure both passwords match." },
  passwordTooLong: { title: "Weak password", text: `Password must be at most ${PASSWORD_MAX} characters.` },
  userType: { title: "Invalid account type", text: "Please choose customer or fixer." },
  signInMissing: { title: "Sign In Failed", text: "Please enter your email and password." },
  currentPasswordRequired: { title: "Password required", text: "Please enter your current password." },
  ...(Object.fromEntries(
    Object.entries(phoneMessages).map(([problem, text]) => [`phone.${problem}`, { title: "Invalid phone number", text }]),
  ) as Record<`phone.${PhoneProblem}`, { title: string; text: string }>),
} as const;
export type FormMessageCode = keyof typeof formMessages;

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

export type FormProblem = { title: string; text: string; field?: string };

/**
 * The first failed check, in the schema's field order (the spec's order for sign-up), as its toast.
 * The schemas' messages are codes of `formMessages`; the control-character rule's are shown as they are.
 */
export function firstProblem(fieldErrors: FieldErrors): FormProblem {
  const first = firstError(fieldErrors);
  const code = (first?.message ?? "") as FormMessageCode;
  const known: string[] = Object.values(textInputMessages);
  const message = formMessages[code] ?? { title: "Invalid input", text: known.includes(code) ? code : "Please check the form and try again." };
  return { title: message.title, text: message.text, field: first?.field };
}

/** Parses an account form with its schema (~/lib/forms/parse): the data, or the first problem as a toast. */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: FormData | Record<string, unknown>,
): { ok: true; data: z.infer<S> } | { ok: false; problem: FormProblem } {
  const parsed = parseSubmission(schema, values);
  return parsed.ok ? { ok: true, data: parsed.data as z.infer<S> } : { ok: false, problem: firstProblem(parsed.fieldErrors) };
}
