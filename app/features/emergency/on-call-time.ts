import { formatUkTime, fromLondonWallTime, londonWallTime } from "~/content/dates";

/**
 * When a fixer is on call (decision 079): weekly hours in Europe/London wall-clock time, and the
 * "On call now" / "Off now" override that holds until the next scheduled change. Pure: the pages,
 * the staff list and `onCallFixersNear` (whose SQL mirrors `scheduledOnCall`) share it.
 */

/** One weekday's span: 1 = Monday … 7 = Sunday; minutes 0–1439; an end at or before the start ends the next day. */
export type WeeklySpan = { weekday: number; startMinute: number; endMinute: number };
export type Override = { onCall: boolean; until: Date };

const DAY = 1440;
const WEEK = 7 * DAY;
/** "On call now" outside weekly hours lasts until the next scheduled change, but never longer than this. */
export const ON_CALL_NOW_MAX_HOURS = 12;

/** How long a span lasts in minutes: 18:00–08:00 is 14 hours; 08:00–08:00 is a whole day. */
export function spanMinutes(span: Pick<WeeklySpan, "startMinute" | "endMinute">): number {
  return span.endMinute > span.startMinute ? span.endMinute - span.startMinute : span.endMinute - span.startMinute + DAY;
}

/** The weekly hours say on call at this UK weekday and minute (today's span, or yesterday's running past midnight). */
export function scheduledAt(spans: readonly WeeklySpan[], weekday: number, minute: number): boolean {
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return spans.some((s) => {
    const overnight = s.endMinute <= s.startMinute;
    if (s.weekday === weekday) return s.startMinute <= minute && (overnight || minute < s.endMinute);
    return s.weekday === yesterday && overnight && minute < s.endMinute;
  });
}

export function scheduledOnCall(spans: readonly WeeklySpan[], at: Date): boolean {
  const { weekday, minute } = londonWallTime(at);
  return scheduledAt(spans, weekday, minute);
}

/** The first instant after `at` at which the weekly hours switch (on → off or off → on); null with no hours. */
export function nextScheduleChange(spans: readonly WeeklySpan[], at: Date): Date | null {
  if (spans.length === 0) return null;
  const now = scheduledOnCall(spans, at);
  const today = londonWallTime(at);
  const candidates: Date[] = [];
  // Every span's start and end over the next eight days (the week's schedule repeats after seven).
  for (let offset = -1; offset <= 8; offset++) {
    const weekday = ((today.weekday - 1 + offset + 7 * 2) % 7) + 1;
    for (const s of spans.filter((span) => span.weekday === weekday)) {
      candidates.push(fromLondonWallTime(today.year, today.monthIndex, today.day + offset, s.startMinute));
      const endDay = today.day + offset + (s.endMinute <= s.startMinute ? 1 : 0);
      candidates.push(fromLondonWallTime(today.year, today.monthIndex, endDay, s.endMinute));
    }
  }
  candidates.sort((a, b) => a.getTime() - b.getTime());
  // Back-to-back spans (Monday to 08:00, Tuesday from 08:00) are one stretch: only a real switch counts.
  return candidates.find((c) => c.getTime() > at.getTime() && scheduledOnCall(spans, c) !== now) ?? null;
}

/** Until when a tap on "On call now" (true) or "Off now" (false) at `at` holds; null: nothing to hold (off with no hours). */
export function overrideUntil(spans: readonly WeeklySpan[], at: Date, onCall: boolean): Date | null {
  const next = nextScheduleChange(spans, at);
  if (!onCall) return next;
  const cap = new Date(at.getTime() + ON_CALL_NOW_MAX_HOURS * 3_600_000);
  return next && next.getTime() < cap.getTime() ? next : cap;
}

export type OnCallStatus = {
  onCall: boolean;
  /** When that changes; null when nothing is scheduled to change it. */
  until: Date | null;
  /** The override decides now (the page offers "Follow my weekly hours"). */
  overridden: boolean;
};

/** Is the fixer on call at `at`, and until when (the override first, then the weekly hours)? */
export function onCallStatus(spans: readonly WeeklySpan[], override: Override | null, at: Date): OnCallStatus {
  if (override && override.until.getTime() > at.getTime()) {
    // When the override ends the weekly hours take over; if they agree, the state lasts to their next change.
    const after = scheduledOnCall(spans, override.until);
    const until = after === override.onCall ? nextScheduleChange(spans, override.until) : override.until;
    return { onCall: override.onCall, until, overridden: true };
  }
  return { onCall: scheduledOnCall(spans, at), until: nextScheduleChange(spans, at), overridden: false };
}

const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const weekdayName = (weekday: number): string => weekdayNames[weekday - 1] ?? "";

/** "08:00" later the same UK day; "Friday 18:00" within the week; "Friday 4 December 18:00" beyond. */
export function describeWhen(when: Date, at: Date): string {
  const a = londonWallTime(at);
  const w = londonWallTime(when);
  const time = formatUkTime(when);
  if (a.year === w.year && a.monthIndex === w.monthIndex && a.day === w.day) return time;
  if (when.getTime() - at.getTime() < 6 * DAY * 60_000) return `${weekdayName(w.weekday)} ${time}`;
  return `${weekdayName(w.weekday)} ${w.day} ${monthName(w.monthIndex)} ${time}`;
}

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const monthName = (index: number) => monthNames[index] ?? "";

/** The page's sentence: "You are on call now until 08:00" / "You are off call until Friday 18:00". */
export function statusSentence(status: OnCallStatus, at: Date): string {
  if (status.onCall) return status.until ? `You are on call now until ${describeWhen(status.until, at)}` : "You are on call now";
  return status.until ? `You are off call until ${describeWhen(status.until, at)}` : "You are off call";
}

/** "18:00" from minutes. */
export const minuteText = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The first pair of spans that overlap in the week (Sunday night runs into Monday), or null. */
export function overlappingSpans(spans: readonly WeeklySpan[]): [WeeklySpan, WeeklySpan] | null {
  const sorted = [...spans].sort((a, b) => a.weekday - b.weekday);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const a = sorted[i]!;
      const b = sorted[j]!;
      const aStart = (a.weekday - 1) * DAY + a.startMinute;
      const bStart = (b.weekday - 1) * DAY + b.startMinute;
      // b starts inside a, or a starts inside b once the week wraps round.
      if ((bStart - aStart + WEEK) % WEEK < spanMinutes(a) || (aStart - bStart + WEEK) % WEEK < spanMinutes(b)) return [a, b];
    }
  }
  return null;
}
