/**
 * Dated claims live here, and pages word them against today's date with `isPast`,
 * so a date already past is never advertised as coming.
 */
export const milestones = {
  /** The customer mobile app launch. */
  appLaunch: new Date("2026-01-16T00:00:00Z"),
  /** VIP members' early access to the app. */
  vipEarlyAccess: new Date("2025-11-12T00:00:00Z"),
} as const;

export function isPast(date: Date, now: Date = new Date()): boolean {
  return date.getTime() <= now.getTime();
}

// Not Intl.DateTimeFormat: see decision 033 and ~/content/format.
const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const hourMs = 3_600_000;

/** 01:00 UTC on the last Sunday of a month: when UK clocks change (the rule since 1996). */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The wall clock in the UK at an instant (Europe/London: GMT, and BST from late March to late October). */
function londonWallClock(date: Date): { local: Date; summerTime: boolean } {
  const time = date.getTime();
  if (!Number.isFinite(time)) throw new RangeError("not a valid date");
  const year = date.getUTCFullYear();
  const summerTime = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return { local: new Date(time + (summerTime ? hourMs : 0)), summerTime };
}

/** The calendar date in the UK (Europe/London: GMT, and BST from late March to late October). */
export function londonCalendarDate(date: Date): { year: number; monthIndex: number; day: number } {
  const { local } = londonWallClock(date);
  return { year: local.getUTCFullYear(), monthIndex: local.getUTCMonth(), day: local.getUTCDate() };
}

/** "14:05", the time of day in the UK (24-hour clock). */
export function formatUkTime(date: Date): string {
  const { local } = londonWallClock(date);
  return `${String(local.getUTCHours()).padStart(2, "0")}:${String(local.getUTCMinutes()).padStart(2, "0")}`;
}

/**
 * "16 January 2026, 14:05 GMT" or "14 July 2026, 09:30 BST": an instant as people in the UK read it.
 * Every time a page or an email shows is this (never UTC); the zone is named so that nobody guesses.
 */
export function formatUkDateTime(date: Date): string {
  const { summerTime } = londonWallClock(date);
  return `${formatLongDate(date)}, ${formatUkTime(date)} ${summerTime ? "BST" : "GMT"}`;
}

/** "16 January 2026", the date as it was in the UK. */
export function formatLongDate(date: Date): string {
  const { year, monthIndex, day } = londonCalendarDate(date);
  return `${day} ${monthNames[monthIndex]} ${year}`;
}

/**
 * The UK wall clock at an instant, as a weekly schedule reads it: the calendar date, the ISO weekday
 * (1 = Monday … 7 = Sunday) and the minute of the day (0–1439).
 */
export function londonWallTime(date: Date): { year: number; monthIndex: number; day: number; weekday: number; minute: number } {
  const { local } = londonWallClock(date);
  return {
    year: local.getUTCFullYear(),
    monthIndex: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/**
 * The instant a UK wall-clock time names (`day` may overflow the month: Date.UTC rolls it on). A time
 * the spring change skips (01:30 on the last Sunday of March) is read as GMT, so it lands an hour
 * later on the clock (02:30 BST); a time the autumn change repeats is its first (BST) occurrence.
 */
export function fromLondonWallTime(year: number, monthIndex: number, day: number, minute: number): Date {
  const asUtc = Date.UTC(year, monthIndex, day, 0, minute);
  const summer = new Date(asUtc - hourMs);
  // Read as BST, it must still be BST at that instant (and the wall clock must agree); otherwise it is GMT.
  const { local, summerTime } = londonWallClock(summer);
  return summerTime && local.getTime() === asUtc ? summer : new Date(asUtc);
}
