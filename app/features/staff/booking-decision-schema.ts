import { formatCount } from "~/content/format";
import { poundsToPence } from "~/features/quotes/job-fields";
import type { ParseOptions } from "~/lib/forms/parse";
import { checkTextInput } from "~/lib/text-input";
import { z } from "~/lib/zod";

/**
 * The staff booking page's decide form (one schema, browser and server): release all, release part
 * (the part of the price in pounds, turned into whole pence here) or refund all, with a reason both
 * sides are shown. Whether the part is below the price is the service's check (it knows the price).
 * No server imports: this module reaches the browser bundle.
 */
export const DECISIONS = ["release", "partial", "refund"] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export const decisionReasonLimits = { min: 5, max: 2000 } as const;
/** The reason may run over several lines. */
export const decisionParsing: ParseOptions = { multiLine: ["reason"] };

export const bookingDecisionFormSchema = z
  .object({
    decision: z.enum(DECISIONS, { message: "Choose release all, release part or refund all." }),
    // Optional: a form without the field (refund all, or a script) reaches the transform below, which names what a part release needs.
    amount: z.unknown().optional(),
    reason: z.unknown().transform((raw, ctx) => {
      const checked = checkTextInput(typeof raw === "string" ? raw : "", true);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      const value = checked.value.trim();
      if (value.length < decisionReasonLimits.min) {
        ctx.addIssue({ code: "custom", message: `Write the reason both sides will see (at least ${decisionReasonLimits.min} characters).` });
        return z.NEVER;
      }
      if (value.length > decisionReasonLimits.max) {
        ctx.addIssue({ code: "custom", message: `Keep the reason under ${formatCount(decisionReasonLimits.max)} characters.` });
        return z.NEVER;
      }
      return value;
    }),
  })
  .transform((v, ctx) => {
    if (v.decision !== "partial") return { decision: v.decision, releasePricePence: null, reason: v.reason };
    const typed = typeof v.amount === "string" ? v.amount.trim() : "";
    const pence = typed.length <= 20 ? poundsToPence(typed) : null;
    if (pence === null || pence <= 0) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Write the part of the price to release in pounds, such as 45 or 45.50." });
      return z.NEVER;
    }
    return { decision: v.decision, releasePricePence: pence, reason: v.reason };
  });
export type BookingDecisionInput = z.infer<typeof bookingDecisionFormSchema>;
