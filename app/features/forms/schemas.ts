import { z } from "~/lib/zod";
import { services } from "~/content/services";
import { parseEmail } from "~/lib/email";
import { parseOptionalPhone, parsePhone } from "~/lib/phone";
import { investmentAmounts, investmentTimelines, investmentTypes, frequencies, likelihoods, limits, type FormName } from "./form-fields";
import { formatCount } from "~/content/format";

export * from "./form-fields";

/**
 * One zod schema per public form, shared by the browser (instant messages) and the server
 * (the authority). Every field is trimmed and has an explicit maximum length, so the server
 * never stores an unbounded string.
 */

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${formatCount(max)} characters.`);
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

/** The recruitment rules, each with its message. */
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
} as const satisfies Record<FormName, z.ZodObject>;

