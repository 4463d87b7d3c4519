import { formatCount } from "~/content/format";
import { checkTextInput } from "~/lib/text-input";
import { z } from "~/lib/zod";
import { addressLimits, bookingTextLimit } from "./form-limits";
import { MAX_PROPOSED_SLOTS, sameSlot, slotIsBookable, SLOT_WINDOWS, type Slot } from "./slots";
import { parse as parsePostcode } from "postcode";

/**
 * The booking pages' forms: one zod schema each, used by the browser and re-checked by the action.
 * No server imports: this module reaches the browser bundle.
 */

export { bookingTextLimit };

function text(options: { min: number; label: string }) {
  return z.unknown().transform((raw, ctx) => {
    const checked = checkTextInput(typeof raw === "string" ? raw : "", true);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    const value = checked.value.trim();
    if (value.length < options.min) {
      ctx.addIssue({ code: "custom", message: options.min <= 1 ? `Please write ${options.label}.` : `Please write at least ${options.min} characters for ${options.label}.` });
      return z.NEVER;
    }
    if (value.length > bookingTextLimit) {
      ctx.addIssue({ code: "custom", message: `Please keep ${options.label} under ${formatCount(bookingTextLimit)} characters.` });
      return z.NEVER;
    }
    return value;
  });
}

const optionalString = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");


/** Where the work happens (issue 52): the fields of the booking form, and the one shape the service stores. */
export type JobAddress = { line1: string; line2: string | null; town: string; postcode: string; accessNotes: string | null };

const addressLine = (label: string, max: number, required: boolean) =>
  z.preprocess(optionalString, required ? z.string().min(1, `Please enter ${label}.`).max(max, `Please keep ${label} under ${max} characters.`) : z.string().max(max, `Please keep ${label} under ${max} characters.`));

/**
 * The job's address: first line and town required, a full UK postcode (the service also checks it is
 * in the job's postcode district), optional access notes. parseSubmission refuses line breaks in
 * every field but `accessNotes` (pass it as multi-line).
 */
export const jobAddressFields = {
  addressLine1: addressLine("the first line of the address", addressLimits.line, true),
  addressLine2: addressLine("the second line of the address", addressLimits.line, false),
  town: addressLine("the town or city", addressLimits.town, true),
  postcode: z.preprocess(
    optionalString,
    z
      .string()
      .min(1, "Enter the postcode, for example SW1A 1AA.")
      .refine((value) => readAddressPostcode(value) !== null, "That doesn't look like a full UK postcode. Enter it like SW1A 1AA or M1 1AE."),
  ),
  accessNotes: addressLine("the access notes", addressLimits.accessNotes, false),
};

/**
 * A full postcode, normalised ("sw1a1aa" → "SW1A 1AA"), with its district ("SW1"); null when it is not
 * one. The format only: the service also requires the job's district, which is a real UK one.
 */
export function readAddressPostcode(input: string): { postcode: string; district: string } | null {
  const value = input.trim();
  if (!value || value.length > 10) return null;
  const parsed = parsePostcode(value);
  return parsed.valid ? { postcode: parsed.postcode, district: parsed.district } : null;
}

function jobAddressOf(v: { addressLine1: string; addressLine2: string; town: string; postcode: string; accessNotes: string }): JobAddress {
  return { line1: v.addressLine1, line2: v.addressLine2 || null, town: v.town, postcode: readAddressPostcode(v.postcode)?.postcode ?? v.postcode, accessNotes: v.accessNotes || null };
}

/**
 * The slot: one of the fixer's ("<date>|<window>") or "own" with a date and window of the customer's
 * choosing; and where the work happens (the address is taken with the booking, before paying, as
 * TaskRabbit and Airtasker do).
 */
export const bookSlotFormSchema = z
  .object({
    slot: z.preprocess(optionalString, z.string().min(1, "Choose a slot, or propose your own.").max(40)),
    ownDate: z.preprocess(optionalString, z.string().max(10)),
    ownWindow: z.preprocess(optionalString, z.string().max(10)),
    ...jobAddressFields,
  })
  .transform((v, ctx) => {
    const own = v.slot === "own";
    const [date, window] = own ? [v.ownDate, v.ownWindow] : v.slot.split("|");
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      ctx.addIssue({ code: "custom", path: [own ? "ownDate" : "slot"], message: own ? "Choose the date you would like." : "Choose a slot, or propose your own." });
      return z.NEVER;
    }
    if (!(SLOT_WINDOWS as readonly string[]).includes(window ?? "")) {
      ctx.addIssue({ code: "custom", path: [own ? "ownWindow" : "slot"], message: "Choose morning, afternoon or evening." });
      return z.NEVER;
    }
    return { slot: { date, window: window as (typeof SLOT_WINDOWS)[number] }, address: jobAddressOf(v) };
  });

/** Paying an emergency call-out (decision 083): where the fixer should come, given with the payment (the request has the postcode only). */
export const callOutPayFormSchema = z.object(jobAddressFields).transform((v) => ({ address: jobAddressOf(v) }));

export const markDoneFormSchema = z.object({ note: text({ min: 0, label: "a note" }) });
export const reportProblemFormSchema = z.object({ reason: text({ min: 10, label: "what went wrong" }) });
export const cancelFormSchema = z.object({ reason: text({ min: 0, label: "a reason" }) });
export const fixerCancelFormSchema = z.object({ reason: text({ min: 5, label: "a reason" }) });
/** A page action of the process table rendered from its fields (process.ts `PageField`): text, trimmed and bounded; optional when its minimum is 0. */
export const pageActionFormSchema = (fields: readonly { name: string; what: string; min?: number }[]) =>
  z.object(Object.fromEntries(fields.map((f) => [f.name, f.min ? text({ min: f.min, label: f.what }) : text({ min: 0, label: f.what }).optional()])));
/** The customer's claim that the fixer did not come (optional words; photos travel beside it). */
export const noShowFormSchema = z.object({ reason: text({ min: 0, label: "what happened" }).optional() });
/** The fixer's written answer contesting a case: FixiT staff read both sides. */
export const contestClaimFormSchema = z.object({ answer: text({ min: 10, label: "your answer" }) });

/** A slot as the services take it (a real ISO date and a window); here, not in ./slots.ts, so the views that show slots load no zod. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const slotSchema = z.object({
  date: z
    .string()
    .regex(ISO_DATE, "Choose a date.")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "Choose a real date."),
  window: z.enum(SLOT_WINDOWS, { message: "Choose morning, afternoon or evening." }),
});

/** A new slot proposed for a booking (decision 054): the booking's slot rules, from tomorrow (UK) within a year. */
export const proposeSlotFormSchema = slotSchema.refine(
  // zod runs an object's refinement even when a field failed: a date that is not one already has its message.
  (slot) => !slotSchema.safeParse(slot).success || slotIsBookable(slot, new Date()),
  { path: ["date"], message: "Choose a date from tomorrow onwards, within a year." },
);

/**
 * The slots a fixer proposes on a quote: one to three, each a real date from tomorrow (UK) within a
 * year, none twice. One rule for the quote form (in the browser) and the service (the authority).
 */
export function checkProposedSlots(raw: unknown, now: Date): { ok: true; slots: Slot[] } | { ok: false; message: string } {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_PROPOSED_SLOTS) return { ok: false, message: `Propose one to ${MAX_PROPOSED_SLOTS} start slots.` };
  const slots: Slot[] = [];
  for (const item of raw) {
    const parsed = slotSchema.safeParse(item);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Choose a date and a time of day." };
    if (!slotIsBookable(parsed.data, now)) return { ok: false, message: "Propose slots from tomorrow onwards, within a year." };
    if (slots.some((s) => sameSlot(s, parsed.data))) return { ok: false, message: "Propose each slot once." };
    slots.push(parsed.data);
  }
  return { ok: true, slots };
}
