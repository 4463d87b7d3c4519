import { z } from "zod";
import { services } from "~/content/services";
import { checkTextInputs } from "~/lib/text-input";
import { EMAIL_MAX, parseEmail } from "~/lib/email";
import { parseOptionalPhone, parsePhone, PHONE_INPUT_MAX } from "~/lib/phone";

/**
 * One zod schema per public form, shared by the browser (instant messages) and the server
 * (the authority). Every field is trimmed and has an explicit maximum length, so the server
 * never stores an unbounded string.
 */

export const limits = {
  name: 100,
  email: EMAIL_MAX,
  phone: PHONE_INPUT_MAX,
  company: 200,
  location: 120,
  message: 5000,
  position: 200,
  longText: 5000,
  coverLetter: 10_000,
} as const;

/** The field a person never sees; a bot that fills it gets a polite "success" and nothing is stored. */
export { HONEYPOT_FIELD } from "~/components/honeypot";

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max.toLocaleString("en-GB")} characters.`);
const required = (max: number, message: string) => text(max).min(1, message);
/** An address as typed: trimmed, domain lowercased, never rewritten (~/lib/email). */
const emailAddress = z.string("Please enter a valid email address.").transform((value, ctx) => {
  const parsed = parseEmail(value);
  if (parsed.ok) return parsed.email;
  ctx.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
});
/** A UK (or international) phone number as people write it, stored as E.164 (~/lib/phone). */
const phoneNumber = (parse: typeof parsePhone | typeof parseOptionalPhone) =>
  z.string().default("").transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed.ok) return parsed.e164;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });
const optionalPhone = phoneNumber(parseOptionalPhone);

export const investmentAmounts = ["£10K-£50K", "£50K-£100K", "£100K-£500K", "£500K-£1M", "£1M+", "Other"] as const;
export const investmentTypes = ["Equity Investment", "Strategic Partnership", "Angel Investment", "Venture Capital", "Other"] as const;
export const investmentTimelines = [
  "Immediate (1-3 months)",
  "Short-term (3-6)",
  "Medium-term (6-12)",
  "Long-term (12+)",
] as const;

export const likelihoods = [
  { value: "definitely", label: "Definitely" },
  { value: "likely", label: "Likely" },
  { value: "maybe", label: "Maybe" },
  { value: "unlikely", label: "Unlikely" },
] as const;
export const frequencies = [
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
  { value: "quarterly", label: "Quarterly" },
  { value: "biannually", label: "Twice a year" },
  { value: "annually", label: "Once a year" },
  { value: "rarely", label: "Rarely" },
] as const;

const serviceSlugs = services.map((s) => s.slug) as [string, ...string[]];
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values)], { error: "Please choose one of the options." }).default("");

export const investorInquirySchema = z.object({
  name: required(limits.name, "Please enter your name."),
  email: emailAddress,
  company: text(limits.company).default(""),
  phone: optionalPhone,
  investmentAmount: optionalChoice(investmentAmounts),
  investmentType: optionalChoice(investmentTypes),
  timeline: optionalChoice(investmentTimelines),
  message: required(limits.message, "Please enter a message."),
});

export const contactSupportSchema = z.object({
  name: required(limits.name, "Please enter your name."),
  email: emailAddress,
  phone: optionalPhone,
  description: required(limits.message, "Please describe how we can help."),
});

export const waitlistSchema = z.object({
  name: required(limits.name, "Please enter your name."),
  email: emailAddress,
  phone: optionalPhone,
  location: text(limits.location).default(""),
});

export const FEEDBACK_ANONYMOUS_NAME = "Anonymous";
/** Stored when the feedback form's email is blank; never written to (it is not a real mailbox). */
export const FEEDBACK_PLACEHOLDER_EMAIL = "anonymous@feedback.fixit.local";

export const feedbackSchema = z.object({
  name: text(limits.name).default(""),
  email: z.union([z.literal(""), emailAddress], { error: "Please enter a valid email address." }).default(""),
  likelihood: z.enum(
    likelihoods.map((l) => l.value) as [string, ...string[]],
    { error: "Please tell us how likely you are to use FixiT." },
  ),
  services: z.array(z.enum(serviceSlugs, { error: "Please choose services from the list." })).max(serviceSlugs.length).default([]),
  frequency: optionalChoice(frequencies.map((f) => f.value) as [string, ...string[]]),
  feedback: text(limits.message).default(""),
});

/** The spec's recruitment rules, with its exact messages. */
export const recruitmentSchema = z.object({
  firstName: text(limits.name).min(2, "First name must be at least 2 characters."),
  lastName: text(limits.name).min(2, "Last name must be at least 2 characters."),
  email: emailAddress,
  phone: phoneNumber(parsePhone),
  position: text(limits.position).min(1, "Please specify the position you're applying for."),
  experience: text(limits.longText).min(10, "Please provide details about your experience."),
  qualifications: text(limits.longText).min(10, "Please provide details about your qualifications."),
  coverLetter: text(limits.coverLetter).min(50, "Please provide a cover letter (minimum 50 characters)."),
});

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_ACCEPT = ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const cvMessages = {
  invalidType: "Invalid file type: Please upload a PDF, DOC, or DOCX file.",
  tooLarge: "File too large: Please upload a file smaller than 5MB.",
} as const;

/** What the browser can check before uploading (the server checks the content again). */
export function checkCvFile(file: { name: string; size: number; type: string }): string | null {
  const okType = /\.(pdf|docx?)$/i.test(file.name) &&
    ["", "application/pdf", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/octet-stream"].includes(file.type);
  if (!okType) return cvMessages.invalidType;
  if (file.size > CV_MAX_BYTES) return cvMessages.tooLarge;
  return null;
}

export type InvestorInquiry = z.infer<typeof investorInquirySchema>;
export type ContactSupport = z.infer<typeof contactSupportSchema>;
export type Waitlist = z.infer<typeof waitlistSchema>;
export type Feedback = z.infer<typeof feedbackSchema>;
export type Recruitment = z.infer<typeof recruitmentSchema>;

export const formSchemas = {
  investor: investorInquirySchema,
  help: contactSupportSchema,
  waitlist: waitlistSchema,
  feedback: feedbackSchema,
  recruitment: recruitmentSchema,
} as const;
export type FormName = keyof typeof formSchemas;

/** Fields that hold several values (checkbox groups). */
const listFields = new Set(["services"]);
/** Fields where a line break is part of the text; every other field is one line (~/lib/text-input). */
const multiLineFields = new Set(["message", "description", "feedback", "experience", "qualifications", "coverLetter"]);

export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

/** Reads a form's own fields out of FormData (strings only: files are handled apart). */
export function formValues(schema: z.ZodObject, formData: FormData): FormValues {
  const values: FormValues = {};
  for (const key of Object.keys(schema.shape)) {
    if (listFields.has(key)) {
      values[key] = formData.getAll(key).filter((v): v is string => typeof v === "string");
    } else {
      const value = formData.get(key);
      if (typeof value === "string") values[key] = value;
    }
  }
  return values;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/**
 * Validates values with a form's schema, after the control-character rule (a NUL byte, or a line
 * break in a one-line field, is refused); the first message per field, keyed by field name.
 */
export function parseForm<S extends z.ZodObject>(schema: S, values: FormValues): ParseResult<z.infer<S>> {
  const checked = checkTextInputs(values, (field) => multiLineFields.has(field));
  const result = schema.safeParse(checked.values);
  if (result.success && Object.keys(checked.fieldErrors).length === 0) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = { ...checked.fieldErrors };
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
