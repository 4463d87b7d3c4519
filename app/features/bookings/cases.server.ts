import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingCasePhotos, bookingCases, type Booking, type BookingCase, type CaseKind } from "#server/db/schema/bookings.ts";
import { company } from "~/content/company";
import { formatUkDateTime } from "~/content/dates";
import { caseAnswerHours, formatGBP } from "~/content/prices";
import { photoRow, type StoredPhoto } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import { moneyText } from "./emails.server";
import { bookingPhotoResponse } from "./done-photos.server";
import { BookingError } from "./errors";
import { casePhotoLimit, tooManyCasePhotos } from "./form-limits";
import { settleBooking } from "./money.server";
import { bookingSlotOf, isCallOutSlot, slotStartsAt } from "./slots";
import { callOutWords, noShowOpensAt } from "./call-out";
import { addStrike, setStrikeStatus } from "./strikes.server";
import { lockBooking, move, nowOf, scheduleTimer, tell, type ActorRef, type BookingDeps } from "./transition.server";

/**
 * Cases (decision 064): "the fixer did not come", and a customer's cancellation after the slot
 * started, settle nothing at once. The money stays held and the fixer has {@link caseAnswerHours}
 * hours to agree (settled as claimed) or contest with a written answer and photos (FixiT staff
 * decide, with the staff decision of bookings.server.ts). Without an answer by then, the
 * `claim_deadline` timer settles it as claimed. A no-show claim records a pending strike that
 * counts only once the fixer agreed or did not answer, or staff upheld it.
 */

const HOUR = 3_600_000;
export const CASE_ANSWER_MS = caseAnswerHours * HOUR;

/** The booking's case with its words; null when it has none. */
export async function caseOf(db: DbOrTx, bookingId: number): Promise<BookingCase | null> {
  const [row] = await db.select().from(bookingCases).where(eq(bookingCases.bookingId, bookingId));
  return row ?? null;
}

export type CasePhoto = { id: number; side: "customer" | "fixer"; width: number | null; height: number | null };

/** The case's photos, both sides, in the order they were added. */
export async function casePhotosOf(db: DbOrTx, bookingId: number): Promise<CasePhoto[]> {
  return db
    .select({ id: bookingCasePhotos.id, side: bookingCasePhotos.side, width: bookingCasePhotos.width, height: bookingCasePhotos.height })
    .from(bookingCasePhotos)
    .where(eq(bookingCasePhotos.bookingId, bookingId))
    .orderBy(asc(bookingCasePhotos.id));
}

/** Where the customer's page stores a claim's photos (the fixer's page keeps its one folder for every photo it takes). */
export const casePhotoFolder = "booking-case-photos";

/** A case photo (`/bookings/:bookingId/case-photos/:photoId`), for the same people as done photos. */
export const casePhotoResponse = (context: AppLoadContext, viewer: SessionUser | null, viewerIsStaff: boolean, bookingIdParam: string | undefined, photoIdParam: string | undefined) =>
  bookingPhotoResponse(bookingCasePhotos, context, viewer, viewerIsStaff, bookingIdParam, photoIdParam);

const kindWords: Record<CaseKind, string> = {
  no_show: "the fixer did not come",
  late_cancel: "the customer cancelled after the slot had started",
};

/** How the claim settles when the fixer agrees or does not answer. */
function claimedTerms(booking: Booking, kind: CaseKind) {
  return kind === "no_show"
    ? { to: "no_show" as const, outcome: { kind: "refund" as const }, words: "the customer is refunded in full" }
    : { to: "cancelled_late" as const, outcome: { kind: "late_cancel" as const, lateFeePence: booking.lateFeePence }, words: `the late-cancellation fee of ${formatGBP(booking.lateFeePence)} goes to the fixer and the rest is refunded` };
}

function checkPhotos(photos: readonly StoredPhoto[]): void {
  if (photos.length > casePhotoLimit) throw new BookingError("invalid", tooManyCasePhotos);
}

async function savePhotos(tx: DbOrTx, bookingId: number, side: "customer" | "fixer", photos: readonly StoredPhoto[], now: Date): Promise<void> {
  if (photos.length) await tx.insert(bookingCasePhotos).values(photos.map((p) => ({ bookingId, side, ...photoRow(p), createdAt: now })));
}

const dueText = (due: Date) => formatUkDateTime(due);

/**
 * Opens a case on a locked, booked booking whose slot has started (in the caller's transaction):
 * the state moves to claim_open, the money stays held, the fixer is told (email and the bell) with
 * the claim and the link to answer; a no-show claim records a pending strike; the deadline timer starts.
 */
export async function openCase(
  tx: DbOrTx,
  deps: BookingDeps,
  before: Booking,
  kind: CaseKind,
  actor: ActorRef,
  input: { claim: string | null; photos: readonly StoredPhoto[] },
): Promise<Booking> {
  const now = nowOf(deps);
  checkPhotos(input.photos);
  const slot = bookingSlotOf(before);
  // A call-out's no-show: from the time the fixer said they would arrive by, plus a grace period (decision 083).
  if (kind === "no_show" && isCallOutSlot(slot)) {
    if (now < noShowOpensAt(slot)) throw new BookingError("conflict", callOutWords.noShowTooEarly(slot));
  } else if (now < slotStartsAt(slot)) {
    throw new BookingError("conflict", "You can report a no-show once the slot has started.");
  }
  const booking = await move(tx, before, kind === "no_show" ? "report_no_show" : "cancel_after_start", actor, { reason: input.claim, now, details: { case: kind } });
  const due = new Date(now.getTime() + CASE_ANSWER_MS);
  await tx.insert(bookingCases).values({ bookingId: booking.id, kind, claim: input.claim, openedAt: now, answerDueAt: due });
  await savePhotos(tx, booking.id, "customer", input.photos, now);
  if (kind === "no_show") await addStrike(tx, booking, "no_show", "pending", deps.publicUrl, now);
  await scheduleTimer(tx, booking.id, "claim_deadline", due);
  const settles = claimedTerms(booking, kind).words;
  await tell(tx, booking, deps.publicUrl, {
    customer: {
      subject: kind === "no_show" ? "No-show reported" : "Cancellation after the slot started",
      heading: "We have asked the fixer to answer",
      paragraphs: [
        `You told us ${kindWords[kind]}. The money stays held by ${company.brand} while the fixer answers.`,
        `The fixer has ${caseAnswerHours} hours, until ${dueText(due)}, to agree or to contest it. If they agree or do not answer, ${settles}. If they contest it, ${company.brand} staff look at both sides and decide.`,
      ],
    },
    fixer: {
      subject: kind === "no_show" ? "The customer says you did not come" : "The customer cancelled after the slot started",
      // A claim against the fixer with a deadline: sent whatever they chose for booking emails.
      required: true,
      heading: "Please answer within " + caseAnswerHours + " hours",
      paragraphs: [
        `The customer says ${kindWords[kind]}.${input.claim ? ` Their words: ${input.claim}` : ""}${input.photos.length ? ` They added ${input.photos.length === 1 ? "a photo" : `${input.photos.length} photos`}.` : ""}`,
        `You have until ${dueText(due)} to agree or to contest it with your answer and photos on the booking's page. If you agree or do not answer, ${settles}.`,
        ...(kind === "no_show"
          ? [`This claim records a strike on your account. It counts towards pausing your leads only if you agree, do not answer in time, or ${company.brand} staff uphold it after you contest.`]
          : []),
      ],
    },
  });
  return booking;
}

/** Settles a case as claimed (the fixer agreed, or did not answer in time), in the caller's transaction on the locked booking. */
async function settleAsClaimed(tx: DbOrTx, deps: BookingDeps, before: Booking, name: "agree_claim" | "claim_unanswered", actor: ActorRef, now: Date): Promise<void> {
  const found = await caseOf(tx, before.id);
  if (!found) throw new BookingError("conflict", "This booking has no open case.");
  const terms = claimedTerms(before, found.kind);
  const booking = await move(tx, before, name, actor, { to: terms.to, now, set: { settledAt: now } });
  const split = await settleBooking(tx, booking, name, terms.outcome);
  const outcome = name === "agree_claim" ? "agreed" : "unanswered";
  await tx.update(bookingCases).set({ outcome, closedAt: now }).where(eq(bookingCases.bookingId, booking.id));
  if (found.kind === "no_show") await setStrikeStatus(tx, booking, "not_contested", deps.publicUrl, now);
  const why = name === "agree_claim" ? "The fixer agreed with your claim" : `The fixer did not answer within ${caseAnswerHours} hours`;
  await tell(tx, booking, deps.publicUrl, {
    customer: { subject: "Your claim is settled", heading: why, paragraphs: [split.refundPence > 0 ? moneyText.refund(split.refundPence) : "There is nothing to refund."] },
    fixer: {
      subject: "The claim is settled",
      heading: name === "agree_claim" ? "You agreed with the customer's claim" : `You did not answer within ${caseAnswerHours} hours`,
      paragraphs: [
        `Settled as claimed: ${terms.words}.`,
        ...(split.fixerPayablePence > 0 ? [`${formatGBP(split.fixerPayablePence)} will be paid to you.`] : []),
        ...(found.kind === "no_show" ? ["The strike counts as not contested."] : []),
      ],
    },
  });
}

/** The fixer agrees with the claim: settled as claimed at once. */
export async function agreeClaim(deps: BookingDeps, fixerUserId: string, bookingId: number): Promise<void> {
  const actor: ActorRef = { role: "fixer", userId: fixerUserId };
  await deps.db.transaction(async (tx) => settleAsClaimed(tx, deps, await lockBooking(tx, bookingId, actor), "agree_claim", actor, nowOf(deps)));
}

/** The fixer contests the claim with a written answer and up to 3 photos, before the deadline: FixiT staff decide. */
export async function contestClaim(deps: BookingDeps, fixerUserId: string, bookingId: number, input: { answer: string; photos?: readonly StoredPhoto[] }): Promise<void> {
  const answer = input.answer.trim();
  if (answer.length < 10) throw new BookingError("invalid", "Please write at least 10 characters for your answer.");
  const photos = input.photos ?? [];
  checkPhotos(photos);
  const actor: ActorRef = { role: "fixer", userId: fixerUserId };
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const before = await lockBooking(tx, bookingId, actor);
    const found = await caseOf(tx, bookingId);
    if (before.state === "claim_open" && found && now >= found.answerDueAt) {
      throw new BookingError("conflict", `The ${caseAnswerHours} hours to answer ended at ${dueText(found.answerDueAt)}.`);
    }
    const booking = await move(tx, before, "contest_claim", actor, { reason: answer, now });
    await tx.update(bookingCases).set({ answer, answeredAt: now }).where(eq(bookingCases.bookingId, booking.id));
    await savePhotos(tx, booking.id, "fixer", photos, now);
    if (found?.kind === "no_show") await setStrikeStatus(tx, booking, "contested", deps.publicUrl, now);
    await tell(tx, booking, deps.publicUrl, {
      customer: {
        subject: "The fixer contests your claim",
        heading: `${company.brand} staff will decide`,
        paragraphs: [`The fixer's answer: ${answer}`, `The money stays held while ${company.brand} staff look at both sides. Both of you will see their decision and its reason.`],
      },
      fixer: {
        subject: "Your answer is with our staff",
        heading: `${company.brand} staff will decide`,
        paragraphs: [`The money stays held while ${company.brand} staff look at both sides. Both of you will see their decision and its reason.`],
      },
    });
  });
}

/** The deadline timer: a case still open at its deadline is settled as claimed (once; nothing if the fixer answered). */
export async function runClaimDeadline(deps: BookingDeps, bookingId: number): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.state !== "claim_open") return;
    const found = await caseOf(tx, bookingId);
    // A timer claimed early (clocks apart) is retried by the queue rather than settling before the deadline.
    if (found && now < found.answerDueAt) throw new Error(`case of booking ${bookingId} not due yet`);
    await settleAsClaimed(tx, deps, booking, "claim_unanswered", { role: "system", userId: null }, now);
  });
}

/**
 * The money of a booking with an open or contested case was settled at the provider (a lost
 * chargeback, a full dashboard refund; decision 078): the case closes with that outcome, and a no-show
 * strike nobody decided on does not count (overturned).
 */
export async function closeCaseByProvider(tx: DbOrTx, booking: Booking, outcome: "lose_chargeback" | "dashboard_refund", publicUrl: string, now: Date): Promise<void> {
  const [closed] = await tx
    .update(bookingCases)
    .set({ outcome, closedAt: now })
    .where(and(eq(bookingCases.bookingId, booking.id), isNull(bookingCases.closedAt)))
    .returning({ kind: bookingCases.kind });
  if (closed?.kind === "no_show") await setStrikeStatus(tx, booking, "overturned", publicUrl, now);
}

/** After a staff decision on a contested case: the case's outcome, and the strike upheld only when staff refunded in full. */
export async function closeContestedCase(tx: DbOrTx, booking: Booking, decision: "staff_release" | "staff_release_part" | "staff_refund", publicUrl: string, now: Date): Promise<void> {
  const [closed] = await tx
    .update(bookingCases)
    .set({ outcome: decision, closedAt: now })
    .where(and(eq(bookingCases.bookingId, booking.id)))
    .returning({ kind: bookingCases.kind });
  if (closed?.kind === "no_show") await setStrikeStatus(tx, booking, decision === "staff_refund" ? "upheld" : "overturned", publicUrl, now);
}
