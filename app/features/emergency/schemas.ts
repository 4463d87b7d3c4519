/**
 * The on-call page's forms: one schema per form, shared by the page and the action (the server
 * re-checks everything). No server imports: this module reaches the browser.
 */
import { z } from "~/lib/zod";
import { poundsToPence } from "~/features/quotes/job-fields";
import { emergencyRates, emergencyServiceName, emergencyServiceSlugs, rateRangeText, type EmergencyService } from "./rates";
import { minuteText, overlappingSpans, weekdayName, type WeeklySpan } from "./on-call-time";

/** The weekday fields of the hours form, Monday first (1 = Monday … 7 = Sunday). */
export const weekdayFields = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export const startField = (day: (typeof weekdayFields)[number]) => `${day}Start` as const;
export const endField = (day: (typeof weekdayFields)[number]) => `${day}End` as const;

export const emergencyMessages = {
  service: "Choose plumbing, electrical or handyman work.",
  rate: (service: EmergencyService) => `${emergencyServiceName(service)} emergency rates are ${rateRangeText(service)}: enter your rate in pounds in that range, for example ${emergencyRates[service].minPence / 100 + 10}.`,
  time: "Enter a time like 18:00.",
  pair: (day: string) => `Enter both a start and an end time for ${day}, or leave both empty.`,
  overlap: (a: WeeklySpan, b: WeeklySpan) =>
    `${weekdayName(a.weekday)}'s hours (${minuteText(a.startMinute)}–${minuteText(a.endMinute)}) overlap ${weekdayName(b.weekday)}'s (${minuteText(b.startMinute)}–${minuteText(b.endMinute)}). Change one so they do not overlap.`,
} as const;

/** "18:00" (or "18:00:00", as some browsers send a time field) → minutes; "" → null; anything else → undefined. */
export function readTime(raw: unknown): number | null | undefined {
  if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return null;
  if (typeof raw !== "string") return undefined;
  const match = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/.exec(raw.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Opting into one service: take call-outs or not, at a rate inside the published range. */
export const emergencyServiceFormSchema = z
  .object({
    service: z.enum(emergencyServiceSlugs, emergencyMessages.service),
    rate: z.unknown().optional(),
    takeCalls: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const takeCalls = v.takeCalls === "on";
    if (v.takeCalls !== undefined && v.takeCalls !== "on" && v.takeCalls !== "") {
      ctx.addIssue({ code: "custom", path: ["takeCalls"], message: "Tick the box to take call-outs, or leave it empty to stop." });
      return z.NEVER;
    }
    const range = emergencyRates[v.service];
    const pence = typeof v.rate === "string" ? poundsToPence(v.rate) : null;
    // Stopping needs no rate; taking call-outs needs one in the range.
    if (!takeCalls && (v.rate === undefined || v.rate === "")) return { service: v.service, takeCalls, ratePence: null };
    if (pence === null || pence < range.minPence || pence > range.maxPence) {
      ctx.addIssue({ code: "custom", path: ["rate"], message: emergencyMessages.rate(v.service) });
      return z.NEVER;
    }
    return { service: v.service, takeCalls, ratePence: pence };
  });

export type EmergencyServiceInput = { service: EmergencyService; takeCalls: boolean; ratePence: number | null };

/** The weekly hours: per weekday a start and an end, both or neither; spans may run overnight but not overlap. */
export const emergencyHoursFormSchema = z
  .object(Object.fromEntries(weekdayFields.flatMap((day) => [[startField(day), z.unknown().optional()], [endField(day), z.unknown().optional()]])) as Record<string, z.ZodOptional<z.ZodUnknown>>)
  .transform((v, ctx) => {
    const spans: WeeklySpan[] = [];
    let failed = false;
    weekdayFields.forEach((day, i) => {
      const start = readTime(v[startField(day)]);
      const end = readTime(v[endField(day)]);
      if (start === undefined) ctx.addIssue({ code: "custom", path: [startField(day)], message: emergencyMessages.time });
      if (end === undefined) ctx.addIssue({ code: "custom", path: [endField(day)], message: emergencyMessages.time });
      if (start === undefined || end === undefined) return void (failed = true);
      if ((start === null) !== (end === null)) {
        ctx.addIssue({ code: "custom", path: [start === null ? startField(day) : endField(day)], message: emergencyMessages.pair(weekdayName(i + 1)) });
        return void (failed = true);
      }
      if (start !== null && end !== null) spans.push({ weekday: i + 1, startMinute: start, endMinute: end });
    });
    if (failed) return z.NEVER;
    const overlap = overlappingSpans(spans);
    if (overlap) {
      const later = overlap[1];
      ctx.addIssue({ code: "custom", path: [startField(weekdayFields[later.weekday - 1]!)], message: emergencyMessages.overlap(overlap[0], overlap[1]) });
      return z.NEVER;
    }
    return { spans };
  });
