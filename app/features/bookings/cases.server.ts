import { asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingCasePhotos, bookingCases, type Booking, type CaseKind } from "#server/db/schema/bookings.ts";
import { photoRow, type StoredPhoto } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import { caseOf } from "./case-records.server";
import { bookingPhotoResponse } from "./done-photos.server";
import { BookingError } from "./errors";
import { casePhotoLimit, tooManyCasePhotos } from "./form-limits";
import { CASE_ANSWER_MS } from "./process";
import { move } from "./process.server";
import { addStrike, setStrikeStatus } from "./strikes.server";
import { lockBooking, nowOf, type ActorRef, type BookingDeps } from "./transition.server";

/**
 * Cases (decision 064): "the fixer did not come", and a customer's cancellation after the slot
 * started, settle nothing at once. The money stays held and the fixer has 48 (`CASE_ANSWER_MS`)
 * hours to agree (settled as claimed) or contest with a written answer and photos (FixiT staff
 * decide, with the staff decision of bookings.server.ts). Without an answer by then, the
 * `claim_deadline` timer settles it as claimed. A no-show claim records a pending strike that
 * counts only once the fixer agreed or did not answer, or staff upheld it.
 */

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

/** The state a claim settles in when the fixer agrees or does not answer. */
const claimedState = (kind: CaseKind) => (kind === "no_show" ? ("no_show" as const) : ("cancelled_late" as const));

function checkPhotos(photos: readonly StoredPhoto[]): void {
  if (photos.length > casePhotoLimit) throw new BookingError("invalid", tooManyCasePhotos);
}

async function savePhotos(tx: DbOrTx, bookingId: number, side: "customer" | "fixer", photos: readonly StoredPhoto[], now: Date): Promise<void> {
  if (photos.length) await tx.insert(bookingCasePhotos).values(photos.map((p) => ({ bookingId, side, ...photoRow(p), createdAt: now })));
}

/**
 * Opens a case on a locked, booked booking whose slot has started (in the caller's transaction): the
 * process table's row (report_no_show or cancel_after_start) moves it to claim_open, tells both sides
 * and starts the deadline; the case, its photos and a no-show's pending strike are written here.
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
  const booking = await move(tx, before, kind === "no_show" ? "report_no_show" : "cancel_after_start", actor, {
    reason: input.claim,
    now,
    publicUrl: deps.publicUrl,
    details: { case: kind },
    input: { photoCount: input.photos.length },
  });
  await tx.insert(bookingCases).values({ bookingId: booking.id, kind, claim: input.claim, openedAt: now, answerDueAt: new Date(now.getTime() + CASE_ANSWER_MS) });
  await savePhotos(tx, booking.id, "customer", input.photos, now);
  if (kind === "no_show") await addStrike(tx, booking, "no_show", "pending", deps.publicUrl, now);
  return booking;
}

/** Settles a case as claimed (the fixer agreed, or did not answer in time), in the caller's transaction on the locked booking. */
async function settleAsClaimed(tx: DbOrTx, deps: BookingDeps, before: Booking, name: "agree_claim" | "claim_unanswered", actor: ActorRef, now: Date): Promise<void> {
  const found = await caseOf(tx, before.id);
  if (!found) throw new BookingError("conflict", "This booking has no open case.");
  const booking = await move(tx, before, name, actor, { to: claimedState(found.kind), now, publicUrl: deps.publicUrl });
  await tx.update(bookingCases).set({ outcome: name === "agree_claim" ? "agreed" : "unanswered", closedAt: now }).where(eq(bookingCases.bookingId, booking.id));
  if (found.kind === "no_show") await setStrikeStatus(tx, booking, "not_contested", deps.publicUrl, now);
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
    const booking = await move(tx, await lockBooking(tx, bookingId, actor), "contest_claim", actor, { reason: answer, now, publicUrl: deps.publicUrl });
    await tx.update(bookingCases).set({ answer, answeredAt: now }).where(eq(bookingCases.bookingId, booking.id));
    await savePhotos(tx, booking.id, "fixer", photos, now);
    if ((await caseOf(tx, bookingId))?.kind === "no_show") await setStrikeStatus(tx, booking, "contested", deps.publicUrl, now);
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

