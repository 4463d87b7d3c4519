import { formatLongDate } from "~/content/dates";

/** The windows a slot may start in: the schema's list (server/db/schema/bookings.ts; a test keeps them equal), kept here so forms need no database code. */
export const SLOT_WINDOWS = ["morning", "afternoon", "evening"] as const;
export type SlotWindow = (typeof SLOT_WINDOWS)[number];

/**
 * A booking's slot: a date (UK) and a window. The window's start, in UK time, is when the free
 * cancellation period ends (24 hours before it) and from when the fixer may mark the job done.
 */
export type Slot = { date: string; window: SlotWindow };

/**
 * An emergency call-out's "slot" (decision 083): now, with the time the fixer said they would arrive
 * by (ISO). Its start, for the rules that read one (a cancellation after it opens a case), is that
 * time; it has no free-cancellation period, no reminder, and is never moved.
 */
export type CallOutSlot = { date: string; window: "now"; arriveBy: string };
/** What a booking has: a slot of a day, or a call-out. */
export type BookingSlot = Slot | CallOutSlot;

export const isCallOutSlot = (slot: BookingSlot): slot is CallOutSlot => slot.window === "now";

/** A booking row's slot. */
export function bookingSlotOf(booking: { slotDate: string; slotWindow: SlotWindow | "now"; arriveBy: Date | string | null }): BookingSlot {
  if (booking.slotWindow === "now") {
    if (!booking.arriveBy) throw new Error("a call-out booking without arrive_by");
    return { date: booking.slotDate, window: "now", arriveBy: new Date(booking.arriveBy).toISOString() };
  }
  return { date: booking.slotDate, window: booking.slotWindow };
}

export const SLOT_WINDOW_LABELS: Record<SlotWindow, string> = {
  morning: "Morning (8am–12pm)",
  afternoon: "Afternoon (12pm–5pm)",
  evening: "Evening (5pm–8pm)",
};

/** "00:40": a time of day in the UK. */
export const ukTimeText = (at: Date | string) => londonTime.format(new Date(at));

/**
 * "1 December 2026, morning (8am–12pm)": a slot as pages and emails word it (its date is a UK date);
 * a call-out: "emergency call-out, arriving by 00:40 (1 December 2026)".
 */
export const slotText = (slot: BookingSlot) =>
  isCallOutSlot(slot)
    ? `emergency call-out, arriving by ${ukTimeText(slot.arriveBy)} (${formatLongDate(new Date(`${slot.date}T12:00:00Z`))})`
    : `${formatLongDate(new Date(`${slot.date}T12:00:00Z`))}, ${SLOT_WINDOW_LABELS[slot.window].toLowerCase()}`;

const WINDOW_START_HOUR: Record<SlotWindow, number> = { morning: 8, afternoon: 12, evening: 17 };

/** How far ahead a slot may be. */
export const MAX_SLOT_DAYS_AHEAD = 365;

// The formatters are made once: making one costs more than formatting with it (issue 47). Marked
// pure so that a page importing this module for its constants does not ship them.
const londonParts = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
const londonDay = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
const londonTime = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hourCycle: "h23", hour: "2-digit", minute: "2-digit" });

/** London's offset from UTC (minutes) at an instant. */
function londonOffsetMinutes(at: Date): number {
  const parts = londonParts.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The instant a slot's window starts (UK time); a call-out's: the time the fixer said they would arrive by. */
export function slotStartsAt(slot: BookingSlot): Date {
  if (isCallOutSlot(slot)) return new Date(slot.arriveBy);
  const [y, m, d] = slot.date.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, WINDOW_START_HOUR[slot.window]);
  return new Date(naive - londonOffsetMinutes(new Date(naive)) * 60_000);
}

/** Today's date in the UK, as YYYY-MM-DD. */
export function ukDate(at: Date): string {
  return londonDay.format(at);
}

/** A slot the customer may propose or pick: from tomorrow (UK) up to a year ahead. */
export function slotIsBookable(slot: Slot, now: Date): boolean {
  const start = slotStartsAt(slot);
  return start.getTime() > now.getTime() && slot.date > ukDate(now) && start.getTime() - now.getTime() <= MAX_SLOT_DAYS_AHEAD * 86_400_000;
}

export const sameSlot = (a: Slot, b: Slot) => a.date === b.date && a.window === b.window;

/** A fixer proposes one to this many start slots on a quote. */
export const MAX_PROPOSED_SLOTS = 3;
