import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#server/db/client.ts";
import { fixerStrikes, type Booking, type StrikeStatus } from "#server/db/schema/bookings.ts";
import { company } from "~/content/company";
import { bookingRows } from "./rows-port.server";
import { tell } from "./transition.server";
import { COUNTING_STRIKES, STRIKE_WINDOW_DAYS, STRIKES_TO_PAUSE_LEADS } from "./strikes";

const DAY = 86_400_000;

/**
 * Strikes on a fixer (decision 064). A no-show claim records a `pending` strike the fixer is told of
 * and may contest on the booking's page; a fixer's own cancellation is `not_contested` at once. Only
 * strikes staff upheld or the fixer did not contest count: three of those within 90 days pause the
 * fixer's leads until staff review them.
 */

export type StrikeReason = "fixer_cancelled" | "no_show";

/** Records the booking's strike (once per booking) in the caller's transaction; a counting one may pause the fixer. */
export async function addStrike(tx: DbOrTx, booking: Booking, reason: StrikeReason, status: "pending" | "not_contested", publicUrl: string, now: Date): Promise<void> {
  await tx
    .insert(fixerStrikes)
    .values({ fixerUserId: booking.fixerUserId, bookingId: booking.id, reason, status, decidedAt: status === "pending" ? null : now, createdAt: now })
    .onConflictDoNothing();
  if (COUNTING_STRIKES.includes(status)) await pauseIfStruckOut(tx, booking, publicUrl, now);
}

/** Moves the booking's strike (if it has one, and it is not lifted) to `status`; a counting one may pause the fixer. */
export async function setStrikeStatus(tx: DbOrTx, booking: Booking, status: StrikeStatus, publicUrl: string, now: Date): Promise<void> {
  const changed = await tx
    .update(fixerStrikes)
    .set({ status, decidedAt: now })
    .where(and(eq(fixerStrikes.bookingId, booking.id), isNull(fixerStrikes.liftedAt)))
    .returning({ id: fixerStrikes.id });
  if (changed.length && COUNTING_STRIKES.includes(status)) await pauseIfStruckOut(tx, booking, publicUrl, now);
}

/** Three counting strikes within the window pause the fixer's leads (once), and the fixer is told how to reach staff. */
async function pauseIfStruckOut(tx: DbOrTx, booking: Booking, publicUrl: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - STRIKE_WINDOW_DAYS * DAY);
  const [strikes] = await tx
    .select({ n: count() })
    .from(fixerStrikes)
    .where(
      and(
        eq(fixerStrikes.fixerUserId, booking.fixerUserId),
        isNull(fixerStrikes.liftedAt),
        inArray(fixerStrikes.status, [...COUNTING_STRIKES]),
        sql`${fixerStrikes.createdAt} > ${since.toISOString()}`,
      ),
    );
  if ((strikes?.n ?? 0) < STRIKES_TO_PAUSE_LEADS) return;
  // Quotes owns the profile (decision 089): its write, in this transaction.
  const paused = await bookingRows().pauseFixerLeads(
    tx,
    booking.fixerUserId,
    `${STRIKES_TO_PAUSE_LEADS} strikes in ${STRIKE_WINDOW_DAYS} days that you did not contest or that ${company.brand} staff upheld: paused until staff review them.`,
    now,
  );
  if (paused) {
    await tell(tx, booking, publicUrl, {
      fixer: {
        subject: "New jobs are paused on your account",
        // The account's standing, not a booking update: sent whatever the fixer chose for bookings.
        required: true,
        heading: "Your leads are paused",
        paragraphs: [
          `You have ${STRIKES_TO_PAUSE_LEADS} strikes in ${STRIKE_WINDOW_DAYS} days that you did not contest or that our staff upheld. New jobs and quoting are paused until our staff have reviewed your account; your current bookings continue.`,
          `To talk to our staff about it, use the contact form: ${publicUrl}${company.contactPath}`,
        ],
      },
    });
  }
}

/**
 * Staff lift one of a fixer's strikes (it is overturned and no longer counts), in the caller's
 * transaction: the strike lifted, or why not ("lifted": already; "missing": not this fixer's).
 */
export async function liftStrikeRow(
  tx: DbOrTx,
  fixerUserId: string,
  strikeId: number,
  liftedBy: string,
): Promise<{ lifted: { bookingId: number | null; reason: string } } | { refused: "lifted" | "missing" }> {
  const [lifted] = await tx
    .update(fixerStrikes)
    .set({ liftedAt: new Date(), liftedBy, status: "overturned", decidedAt: new Date() })
    .where(and(eq(fixerStrikes.id, strikeId), eq(fixerStrikes.fixerUserId, fixerUserId), isNull(fixerStrikes.liftedAt)))
    .returning({ id: fixerStrikes.id, bookingId: fixerStrikes.bookingId, reason: fixerStrikes.reason });
  if (lifted) return { lifted: { bookingId: lifted.bookingId, reason: lifted.reason } };
  const [exists] = await tx.select({ id: fixerStrikes.id }).from(fixerStrikes).where(and(eq(fixerStrikes.id, strikeId), eq(fixerStrikes.fixerUserId, fixerUserId)));
  return { refused: exists ? "lifted" : "missing" };
}
