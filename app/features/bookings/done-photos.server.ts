import { and, asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { bookingDonePhotos, bookings, type bookingCasePhotos } from "#server/db/schema/bookings.ts";
import { parseId } from "~/lib/ids";
import { photoNotFound, privatePhotoResponse } from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";

/**
 * The photos a fixer adds when marking a job done (issue 34): up to 3, through the one photo
 * pipeline (app/lib/photos: checked by decoding, re-encoded without metadata, stored privately
 * under `booking-done-photos/`), written with the done transition (`markDone`). Shown with the
 * fixer's note on the customer's, the fixer's and staff's booking pages; served only to those three.
 */

export const donePhotoFolder = "booking-done-photos";

/** A done photo as the pages list it (its URL is `bookingPaths.donePhoto`). */
export type DonePhoto = { id: number; width: number | null; height: number | null };

/** A booking's done photos, in the order they were added. */
export async function donePhotosOf(db: DbOrTx, bookingId: number): Promise<DonePhoto[]> {
  return db
    .select({ id: bookingDonePhotos.id, width: bookingDonePhotos.width, height: bookingDonePhotos.height })
    .from(bookingDonePhotos)
    .where(eq(bookingDonePhotos.bookingId, bookingId))
    .orderBy(asc(bookingDonePhotos.id));
}

/**
 * A photo of a booking (done photos, and a case's photos: `table`) for the booking's customer or
 * fixer, or for staff (`viewerIsStaff`, which the route asks on every request); anyone else, signed
 * out, another booking's URL or no such photo → 404 (a photo id reveals nothing). Streamed from
 * private storage, never kept by a shared cache.
 */
export async function bookingPhotoResponse(
  table: typeof bookingDonePhotos | typeof bookingCasePhotos,
  context: AppLoadContext,
  viewer: SessionUser | null,
  viewerIsStaff: boolean,
  bookingIdParam: string | undefined,
  photoIdParam: string | undefined,
): Promise<Response> {
  const bookingId = parseId(bookingIdParam);
  const photoId = parseId(photoIdParam);
  if (!viewer || bookingId === null || photoId === null) return photoNotFound();
  const { db, storage } = context.services;
  const [photo] = await db
    .select({ storageKey: table.storageKey, contentType: table.contentType, customerUserId: bookings.customerUserId, fixerUserId: bookings.fixerUserId })
    .from(table)
    .innerJoin(bookings, eq(bookings.id, table.bookingId))
    .where(and(eq(table.id, photoId), eq(table.bookingId, bookingId)))
    .limit(1);
  const mayView = photo && (viewerIsStaff || photo.customerUserId === viewer.id || photo.fixerUserId === viewer.id);
  return privatePhotoResponse(storage, mayView ? photo : null);
}

/** A done photo (`/bookings/:bookingId/done-photos/:photoId`): {@link bookingPhotoResponse}. */
export const donePhotoResponse = (context: AppLoadContext, viewer: SessionUser | null, viewerIsStaff: boolean, bookingIdParam: string | undefined, photoIdParam: string | undefined) =>
  bookingPhotoResponse(bookingDonePhotos, context, viewer, viewerIsStaff, bookingIdParam, photoIdParam);
