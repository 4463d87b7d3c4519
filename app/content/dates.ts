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

export { formatLongDate } from "~/lib/format";
