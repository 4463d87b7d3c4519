/**
 * The digest's calendar: a notification belongs to the UK date (Europe/London) it happened on, and
 * that day's digest goes out at 07:00 UK time the next morning, whatever the season.
 */
const londonDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
const londonHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" });

export const DIGEST_HOUR_UK = 7;

/** "2026-11-27": the UK date of `at`. */
export function digestDayOf(at: Date): string {
  return londonDate.format(at);
}

/** When the digest of `day` is sent: 07:00 UK time on the following day (UTC+0 in winter, UTC+1 in summer). */
export function digestSendTime(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // 07:00 in London is 07:00 or 06:00 UTC: take the one London reads as 07.
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(next.getTime() + (DIGEST_HOUR_UK - offsetHours) * 3_600_000);
    if (Number(londonHour.format(candidate)) === DIGEST_HOUR_UK) return candidate;
  }
  return new Date(next.getTime() + DIGEST_HOUR_UK * 3_600_000);
}
