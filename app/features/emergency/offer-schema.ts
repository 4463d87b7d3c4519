/**
 * The offer page's one form (decision 082): accept with an arrival estimate, or decline. Shared by
 * the page and the action (the server re-checks). No server imports.
 */
import { z } from "~/lib/zod";
import { arrivalChoices, type ArrivalMinutes } from "./dispatch-plan";
import { offerCopy } from "./dispatch-copy";

export const OFFER_FORM = "emergency-offer";

const arrivalValues = arrivalChoices.map(String) as [string, ...string[]];

export const offerAnswerSchema = z
  .object({
    intent: z.enum(["accept", "decline"], offerCopy.refused.badRequest.text),
    arrival: z.string().max(3).optional(),
  })
  .transform((v, ctx) => {
    if (v.intent === "decline") return { intent: "decline" as const };
    if (!v.arrival || !arrivalValues.includes(v.arrival)) {
      ctx.addIssue({ code: "custom", path: ["arrival"], message: offerCopy.refused.arrival });
      return z.NEVER;
    }
    return { intent: "accept" as const, arrivalMinutes: Number(v.arrival) as ArrivalMinutes };
  });
