/**
 * The quotes marketplace's forms: one zod schema per form, shared by the browser (instant field
 * messages) and the server (the authority), and the domain-value schemas the services re-check
 * their inputs with. No server imports: this module reaches the browser bundle.
 *
 * A form schema reads what a form sends (strings; lists for checkboxes) and outputs the domain
 * value its service takes, with field messages under the form's own field names.
 */
import { z } from "~/lib/zod";
import type { ServiceSlug } from "~/content/services";
import { checkTextInput } from "~/lib/text-input";
import { budgetBands, isBookableDate, jobTimings, poundsToPence, proposedSlotNumbers, quoteLimits, serviceSlugs } from "./job-fields";
import { normaliseCoverageCode, parseCoveragePlace, parseJobPostcode, postcodeMessages } from "./postcodes";
import { parseEmail } from "~/lib/email";
import { formatCount } from "~/content/format";
import { checkProposedSlots } from "~/features/bookings/schemas";
import { SLOT_WINDOWS, type Slot } from "~/features/bookings/slots";

export * from "./job-fields";

// ---- Field builders -----------------------------------------------------------------------

/** A text field: control characters handled by the one rule in ~/lib/text-input, trimmed, bounded. */
function text(options: { min: number; max: number; multiLine: boolean; label: string }) {
  const { min, max, multiLine, label } = options;
  return z.unknown().transform((raw, ctx) => {
    const checked = checkTextInput(typeof raw === "string" ? raw : "", multiLine);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    const value = checked.value.trim();
    if (value.length < min) {
      ctx.addIssue({ code: "custom", message: min <= 1 ? `Please enter ${label}.` : `Please write at least ${min} characters for ${label}.` });
      return z.NEVER;
    }
    if (value.length > max) {
      ctx.addIssue({ code: "custom", message: `Please keep ${label} under ${formatCount(max)} characters.` });
      return z.NEVER;
    }
    return value;
  });
}

function pounds(label: string) {
  return z.unknown().transform((raw, ctx) => {
    const pence = typeof raw === "string" ? poundsToPence(raw) : null;
    if (pence === null || pence < quoteLimits.pricePence.min || pence > quoteLimits.pricePence.max) {
      ctx.addIssue({ code: "custom", message: `Enter ${label} in pounds between £1 and £100,000, for example 120 or 120.50.` });
      return z.NEVER;
    }
    return pence;
  });
}

/** A profile slug as /fixers/<slug> has it (empty: nobody invited). */
const inviteSlugPattern = /^[a-z0-9-]*$/;
const inviteMessage = "That fixer link is not valid. Open the fixer's profile and choose 'Request a quote' again.";
const optionalString = (raw: unknown) => (typeof raw === "string" ? raw.trim() : "");
/** A checkbox group arrives as one string or a list. */
const list = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : typeof raw === "string" && raw ? [raw] : []);

// ---- Domain values (what the services take; re-checked there) -----------------------------

/** Trimmed text within bounds, never a NUL byte (PostgreSQL cannot store one). */
const domainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !v.includes("\u0000"));

export const jobInputSchema = z
  .object({
    service: z.enum(serviceSlugs),
    postcode: z.string().max(10),
    title: domainText(quoteLimits.title.min, quoteLimits.title.max),
    description: domainText(quoteLimits.description.min, quoteLimits.description.max),
    timing: z.enum(jobTimings),
    preferredDate: z.string().nullable(),
    budget: z.enum(budgetBands).nullable(),
    /** A fixer's profile slug: the customer asked this fixer to quote ("Request a quote from this fixer"). */
    invite: z.string().max(quoteLimits.inviteSlugMax).regex(inviteSlugPattern).nullable().optional(),
  })
  .refine((v) => (v.timing === "date" ? v.preferredDate !== null && isBookableDate(v.preferredDate) : v.preferredDate === null), {
    path: ["preferredDate"],
  });
export type JobInput = z.infer<typeof jobInputSchema>;

export const quoteInputSchema = z
  .object({
    priceKind: z.enum(["fixed", "range"]),
    amountPence: z.number().int().min(quoteLimits.pricePence.min).max(quoteLimits.pricePence.max),
    amountToPence: z.number().int().min(quoteLimits.pricePence.min).max(quoteLimits.pricePence.max).nullable(),
    includes: domainText(quoteLimits.includes.min, quoteLimits.includes.max),
    earliestStart: z.string().refine((v) => isBookableDate(v)),
    message: domainText(0, quoteLimits.quoteMessage.max),
  })
  .refine((v) => (v.priceKind === "fixed" ? v.amountToPence === null : v.amountToPence !== null && v.amountToPence > v.amountPence), {
    path: ["amountToPence"],
  });
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const reviewInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  body: domainText(quoteLimits.review.min, quoteLimits.review.max),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

// ---- Form schemas ---------------------------------------------------------------------------

export const postJobFormSchema = z
  .object({
    service: z.preprocess(optionalString, z.enum(serviceSlugs, "Choose the service you need.")),
    postcode: z.unknown().transform((raw, ctx) => {
      const value = optionalString(raw);
      const parsed = value ? parseJobPostcode(value) : null;
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: value ? postcodeMessages.invalid : postcodeMessages.empty });
        return z.NEVER;
      }
      return parsed.postcode;
    }),
    title: text({ ...quoteLimits.title, multiLine: false, label: "a short title" }),
    description: text({ ...quoteLimits.description, multiLine: true, label: "the description" }),
    timing: z.preprocess(optionalString, z.enum(jobTimings, "Choose when you need the job done.")),
    preferredDate: z.preprocess(optionalString, z.string()),
    budget: z.preprocess(optionalString, z.union([z.literal(""), z.enum(budgetBands)], "Choose a budget from the list, or leave it empty.")),
    invite: z.preprocess(optionalString, z.string().max(quoteLimits.inviteSlugMax, inviteMessage).regex(inviteSlugPattern, inviteMessage)),
  })
  .transform((v, ctx): JobInput => {
    const dated = v.timing === "date";
    if (dated && !isBookableDate(v.preferredDate)) {
      ctx.addIssue({ code: "custom", path: ["preferredDate"], message: "Choose a date from today to a year ahead." });
    }
    return { ...v, preferredDate: dated ? v.preferredDate : null, budget: v.budget || null, invite: v.invite || null };
  });

/** The quote form's start slots: slot1Date/slot1Window (required) to slot3Date/slot3Window; a slot without a date is left out. */
const windowMessage = "Choose morning, afternoon or evening.";
const proposedSlotFields = Object.fromEntries(
  proposedSlotNumbers.flatMap((n) => [
    [
      `slot${n}Date`,
      z.preprocess(
        optionalString,
        z.string().superRefine((value, ctx) => {
          if (value === "") {
            if (n === 1) ctx.addIssue({ code: "custom", message: "Propose at least one start date." });
            return;
          }
          // The date on its own (the window does not change whether a date is bookable).
          const checked = checkProposedSlots([{ date: value, window: "morning" }], new Date());
          if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
        }),
      ),
    ],
    [`slot${n}Window`, z.preprocess(optionalString, z.string().refine((value) => (n > 1 && value === "") || (SLOT_WINDOWS as readonly string[]).includes(value), windowMessage))],
  ]),
) as Record<`slot${number}${"Date" | "Window"}`, z.ZodType<string>>;

/** The slots given (each date already checked), in the fixer's order; the same slot twice is refused on the later one. */
function proposedSlots(v: Record<string, unknown>, ctx: z.RefinementCtx): Slot[] {
  const slots: Slot[] = [];
  for (const n of proposedSlotNumbers) {
    const date = String(v[`slot${n}Date`] ?? "");
    const window = String(v[`slot${n}Window`] ?? "");
    if (!date) continue;
    if (!(SLOT_WINDOWS as readonly string[]).includes(window)) {
      ctx.addIssue({ code: "custom", path: [`slot${n}Window`], message: windowMessage });
      return [];
    }
    if (slots.some((s) => s.date === date && s.window === window)) {
      ctx.addIssue({ code: "custom", path: [`slot${n}Date`], message: "Propose each slot once." });
      return [];
    }
    slots.push({ date, window: window as Slot["window"] });
  }
  return slots;
}

export type QuoteFormData = QuoteInput & { slots: Slot[] };

export const quoteFormSchema = z
  .object({
    priceKind: z.preprocess(optionalString, z.enum(["fixed", "range"], "Choose a fixed price or a price range.")),
    amount: pounds("the price"),
    // Optional: a fixed price needs no top; a range without the field gets the message below, not zod's own.
    amountTo: z.unknown().optional(),
    includes: text({ ...quoteLimits.includes, multiLine: true, label: "what the price includes" }),
    ...proposedSlotFields,
    message: text({ min: 0, max: quoteLimits.quoteMessage.max, multiLine: true, label: "your message" }),
  })
  .transform((v, ctx): QuoteFormData => {
    let amountToPence: number | null = null;
    if (v.priceKind === "range") {
      const to = typeof v.amountTo === "string" ? poundsToPence(v.amountTo) : null;
      if (to === null || to > quoteLimits.pricePence.max || to <= v.amount) {
        ctx.addIssue({ code: "custom", path: ["amountTo"], message: "Enter the top of the range: more than the lower price, up to £100,000." });
      }
      amountToPence = to;
    }
    const slots = proposedSlots(v, ctx);
    // The quote's earliest start is its earliest proposed slot.
    const earliestStart = slots.map((s) => s.date).sort()[0] ?? "";
    return { priceKind: v.priceKind, amountPence: v.amount, amountToPence, includes: v.includes, earliestStart, message: v.message, slots };
  });

export const messageFormSchema = z.object({
  body: text({ ...quoteLimits.message, multiLine: true, label: "a message" }),
});

/** A customer's message names the fixer's thread it goes to (a hidden field: read through the same rules). */
export const customerMessageFormSchema = messageFormSchema.extend({
  fixer: z.string({ error: "Choose which fixer to write to." }).trim().min(1, "Choose which fixer to write to.").max(200, "Choose which fixer to write to."),
});

export const reviewFormSchema = z.object({
  rating: z.preprocess((raw) => (typeof raw === "string" && /^[1-5]$/.test(raw.trim()) ? Number(raw) : raw), z.number("Choose a rating from 1 to 5 stars.").int().min(1).max(5)),
  body: text({ ...quoteLimits.review, multiLine: true, label: "your review" }),
});

export const replyFormSchema = z.object({
  body: text({ ...quoteLimits.reply, multiLine: true, label: "your reply" }),
});

/** Staff hiding a review or a message, or turning a fixer's leads off: the reason the author is told. */
export const moderationFormSchema = z.object({
  reason: text({ ...quoteLimits.reason, multiLine: true, label: "the reason" }),
});

export type CoverageInput = { services: ServiceSlug[]; areas: string[] };

/** Areas typed as one line ("M, SW1 LS6") or sent as a list. */
export function splitAreas(raw: unknown): string[] {
  return list(raw).flatMap((v) => v.split(/[\s,;]+/)).filter(Boolean);
}

export const coverageFormSchema = z
  .object({
    services: z.preprocess(list, z.array(z.enum(serviceSlugs, "Choose services from the list.")).min(1, "Choose at least one service you offer.")),
    areas: z.preprocess(splitAreas, z.array(z.string()).min(1, "Add at least one area you cover, like M or SW1.")),
    bio: text({ min: 0, max: quoteLimits.bio.max, multiLine: true, label: "your introduction" }),
  })
  .transform((v, ctx) => {
    const areas: string[] = [];
    const refused: string[] = [];
    for (const typed of v.areas) {
      const code = normaliseCoverageCode(typed);
      if (code) areas.push(code);
      else refused.push(typed);
    }
    if (refused.length) {
      ctx.addIssue({ code: "custom", path: ["areas"], message: `${refused.slice(0, 3).join(", ")}: not a UK postcode area or district. ${postcodeMessages.area}` });
    }
    const unique = [...new Set(areas)];
    if (unique.length > quoteLimits.areasPerFixer) {
      ctx.addIssue({ code: "custom", path: ["areas"], message: `Please list at most ${quoteLimits.areasPerFixer} areas: use an area like M to cover all its districts.` });
    }
    return { services: [...new Set(v.services)], areas: unique, bio: v.bio };
  });

/** The area waitlist (/waitlist): who to tell, and the service and postcode they are waiting for. */
export const areaWaitlistFormSchema = z.object({
  name: text({ min: 1, max: 100, multiLine: false, label: "your name" }),
  email: z.preprocess(optionalString, z.string().transform((value, ctx) => {
    const parsed = parseEmail(value);
    if (parsed.ok) return parsed.email;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  })),
  service: z.preprocess(optionalString, z.enum(serviceSlugs, "Choose the service you need.")),
  postcode: z.unknown().transform((raw, ctx) => {
    const value = optionalString(raw);
    const place = value ? parseCoveragePlace(value) : null;
    if (!place) {
      ctx.addIssue({ code: "custom", message: value ? "That doesn't look like a UK postcode. Enter it like N1 9GU, or just the first part, like N1." : "Enter your postcode, like N1 9GU, or just the first part, like N1." });
      return z.NEVER;
    }
    return place.postcode;
  }),
});
export type AreaWaitlistInput = z.infer<typeof areaWaitlistFormSchema>;

/** A range quote's one price, fixed by its fixer before it can be booked (the range is checked by the service). */
export const fixPriceFormSchema = z.object({
  price: z.unknown().transform((raw, ctx) => {
    const pence = typeof raw === "string" ? poundsToPence(raw) : null;
    if (pence === null || pence <= 0) {
      ctx.addIssue({ code: "custom", message: "Enter the price in pounds, for example 120 or 120.50." });
      return z.NEVER;
    }
    return pence;
  }),
});
