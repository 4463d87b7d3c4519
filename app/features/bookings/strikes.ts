import type { StrikeStatus } from "#server/db/schema/bookings.ts";

/** The strike rules (decision 064), pure: the strikes' service, the booking emails and the staff pages read them. */

export const STRIKE_WINDOW_DAYS = 90;
export const STRIKES_TO_PAUSE_LEADS = 3;
/** The statuses that count towards a pause. */
export const COUNTING_STRIKES: readonly StrikeStatus[] = ["upheld", "not_contested"];
const DAY = 86_400_000;

/** Whether a strike counts towards a pause now: upheld or not contested, not lifted, within the window (the staff pages show the same rule). */
export function strikeCounts(strike: { status: StrikeStatus; liftedAt: Date | null; createdAt: Date }, now: Date = new Date()): boolean {
  return strike.liftedAt === null && COUNTING_STRIKES.includes(strike.status) && strike.createdAt.getTime() > now.getTime() - STRIKE_WINDOW_DAYS * DAY;
}

