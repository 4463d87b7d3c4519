/**
 * Numbers and dates worded for UK readers without `Intl`. In the browser the first `Intl` object a
 * page creates loads ICU's data: 40–90 ms of main thread on a fast desktop, four times that on a
 * phone, in one task during hydration (decision 033). These cover what the public pages show;
 * format.test.ts checks them against `Intl` over every case they accept.
 */

/** "1,500", "10,000": a whole number with thousands separators, as `toLocaleString("en-GB")`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return value < 0 ? `-${digits}` : digits;
}

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
const hourMs = 3_600_000;

/** 01:00 UTC on the last Sunday of a month: when UK clocks change (the rule since 1996). */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The calendar date in the UK (Europe/London: GMT, and BST from late March to late October). */
export function londonCalendarDate(date: Date): { year: number; monthIndex: number; day: number } {
  const time = date.getTime();
  if (!Number.isFinite(time)) throw new RangeError("not a valid date");
  const year = date.getUTCFullYear();
  const summerTime = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  const local = new Date(time + (summerTime ? hourMs : 0));
  return { year: local.getUTCFullYear(), monthIndex: local.getUTCMonth(), day: local.getUTCDate() };
}

/** "16 January 2026", the date as it was in the UK. */
export function formatLongDate(date: Date): string {
  const { year, monthIndex, day } = londonCalendarDate(date);
  return `${day} ${monthNames[monthIndex]} ${year}`;
}
