/**
 * The quotes marketplace's limits, choices and date and money rules, without zod: what the forms
 * need to render. Their schemas (./schemas.ts, which re-exports all of this) reach the browser
 * after the page has loaded.
 */
import { MAX_PROPOSED_SLOTS } from "~/features/bookings/slots";
import { services, type ServiceSlug } from "~/content/services";
import { londonCalendarDate } from "~/content/dates";
import { photoMaxBytes } from "~/lib/photos/limits";

// The photo pipeline's own limits (app/lib/photos), shared by every form that takes photos.
export { photoAccept } from "~/lib/photos/limits";

export const quoteLimits = {
  openJobsPerCustomer: 5,
  quotesPerJob: 5,
  photosPerJob: 5,
  photosPerMessage: 3,
  photoMaxBytes,
  title: { min: 5, max: 100 },
  description: { min: 20, max: 2000 },
  includes: { min: 5, max: 1000 },
  quoteMessage: { max: 2000 },
  message: { min: 1, max: 2000 },
  review: { min: 20, max: 1000 },
  reply: { min: 1, max: 1000 },
  bio: { max: 1000 },
  reason: { min: 5, max: 500 },
  areasPerFixer: 50,
  /** A profile slug is at most 40 characters, and "-50" when it was taken (coverage.server.ts). */
  inviteSlugMax: 60,
  /** £1 to £100,000, in pence. */
  pricePence: { min: 100, max: 10_000_000 },
  /** How far ahead a preferred date or an earliest start may be. */
  daysAhead: 366,
} as const;

/** The refusal of a 4th photo on a message, in the browser (at once) and from the server (the authority). */
export const tooManyMessagePhotos = `Add at most ${quoteLimits.photosPerMessage} photos to a message.`;

export const serviceSlugs = services.map((s) => s.slug) as [ServiceSlug, ...ServiceSlug[]];

export const jobTimings = ["asap", "week", "flexible", "date"] as const;
export type JobTiming = (typeof jobTimings)[number];
export const jobTimingLabels: Record<JobTiming, string> = {
  asap: "As soon as possible",
  week: "Within a week",
  flexible: "I'm flexible",
  date: "On a date",
};

export const budgetBands = ["under_100", "100_250", "250_500", "500_1000", "1000_2500", "over_2500"] as const;
export type BudgetBand = (typeof budgetBands)[number];
export const budgetBandLabels: Record<BudgetBand, string> = {
  under_100: "Under £100",
  "100_250": "£100 to £250",
  "250_500": "£250 to £500",
  "500_1000": "£500 to £1,000",
  "1000_2500": "£1,000 to £2,500",
  over_2500: "Over £2,500",
};

export const jobStatuses = ["open", "in_progress", "done", "closed"] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const quoteStatuses = ["sent", "accepted", "declined", "not_selected", "withdrawn"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** Today's date in the UK as YYYY-MM-DD (dates people pick are UK calendar days). */
export function ukToday(now = new Date()): string {
  const { year, monthIndex, day } = londonCalendarDate(now);
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => ISO_DATE.test(v) && new Date(`${v}T12:00:00Z`).toISOString().slice(0, 10) === v;

/** A calendar day from today to a year ahead (UK time), as YYYY-MM-DD. */
export function isBookableDate(value: string, now = new Date()): boolean {
  if (!isRealDate(value)) return false;
  const today = ukToday(now);
  return value >= today && value <= addDays(today, quoteLimits.daysAhead);
}

/** Pounds as typed ("120", "£1,250.50") → whole pence; refuses fractions of a penny. */
export function poundsToPence(input: string): number | null {
  const value = input.replace(/[£,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [pounds, pence = ""] = value.split(".");
  return Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
}

/** The quote form's start-slot rows, numbered from 1 (a fixer proposes one to three). */
export const proposedSlotNumbers = Array.from({ length: MAX_PROPOSED_SLOTS }, (_, i) => i + 1);
