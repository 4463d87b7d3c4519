import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { jobMessagePhotos, jobMessages, jobs } from "#server/db/schema/quotes.ts";
import type { FileStore } from "#server/storage/index.ts";
import { parseId } from "~/lib/ids";
import {
  answerPageFormWithPhotos,
  photoNotFound,
  photoUploadAnswer as answerOfRefusedUpload,
  privatePhotoResponse,
  type PageFormWithPhotos,
  type PhotoFormOptions,
  type PhotoUploadError,
} from "~/lib/photos/photos.server";
import type { SessionUser } from "~/lib/session-user";
import { quoteLimits, tooManyMessagePhotos } from "./job-fields";

/**
 * Photos in messages: up to 3 a message, through the one photo pipeline (app/lib/photos: checked by
 * decoding, re-encoded without metadata, stored privately under their own folder), served only to the
 * thread's two people — the job's customer and that thread's fixer — and staff. A hidden message's
 * photos are hidden with it (the files stay, for staff).
 */

export const messagePhotoFolder = "message-photos";

/** A job page's POST: the text fields, and (sent as multipart by the message forms) the message's photos, already stored. */
export type JobPageForm = PageFormWithPhotos;

/** A message's text is at most 2,000 characters (8,000 bytes of UTF-8): a field past 16 KB is refused as too long. */
const MESSAGE_FIELD_BYTES = 16 * 1024;
const MESSAGE_FORM_FIELDS = 20;

/** What a job page's POST may carry: a message's text and up to 3 photos, stored under `message-photos/`. */
const messagePhotoForm: PhotoFormOptions = {
  maxFieldBytes: MESSAGE_FIELD_BYTES,
  maxFields: MESSAGE_FORM_FIELDS,
  folder: messagePhotoFolder,
  maxPhotos: quoteLimits.photosPerMessage,
  tooMany: tooManyMessagePhotos,
};

/**
 * Reads a job page's POST (urlencoded: every other action; multipart: the message forms, through
 * the one photo pipeline) and answers it: a refused upload with `refused`, the rest with `answer`.
 * The message's photos, stored while the body was read, are deleted again unless `answer` calls
 * `keepPhotos` (the message that carries them was posted).
 */
export function answerJobPageForm<Answer>(
  request: Request,
  store: FileStore,
  refused: (error: PhotoUploadError) => Answer,
  answer: (read: JobPageForm & { keepPhotos: () => void }) => Promise<Answer>,
): Promise<Answer> {
  return answerPageFormWithPhotos(request, store, messagePhotoForm, refused, answer);
}

/** A refused upload as the message form's answer: its status (400, 413, 415), the message beside the photos field, and the text as typed. */
export const photoUploadAnswer = (form: string, error: PhotoUploadError) => answerOfRefusedUpload(form, error, ["body"]);

/**
 * A message's photo for the thread's customer or fixer while the message is shown, or for staff;
 * anyone else, a photo of another job, or a hidden message's photo → 404 (a photo id reveals
 * nothing). Streamed from private storage, never kept by a shared cache.
 */
export async function messagePhotoResponse(
  context: AppLoadContext,
  viewer: SessionUser | null,
  viewerIsStaff: boolean,
  jobIdParam: string | undefined,
  photoIdParam: string | undefined,
): Promise<Response> {
  const jobId = parseId(jobIdParam);
  const photoId = parseId(photoIdParam);
  if (!viewer || jobId === null || photoId === null) return photoNotFound();
  const { db, storage } = context.services;
  return privatePhotoResponse(storage, await messagePhotoForViewer(db, viewer.id, viewerIsStaff, jobId, photoId));
}

async function messagePhotoForViewer(db: DbOrTx, viewerUserId: string, viewerIsStaff: boolean, jobId: number, photoId: number) {
  const [photo] = await db
    .select({ storageKey: jobMessagePhotos.storageKey, contentType: jobMessagePhotos.contentType, hiddenAt: jobMessages.hiddenAt, fixerUserId: jobMessages.fixerUserId, customerUserId: jobs.customerUserId })
    .from(jobMessagePhotos)
    .innerJoin(jobMessages, eq(jobMessages.id, jobMessagePhotos.messageId))
    .innerJoin(jobs, eq(jobs.id, jobMessages.jobId))
    .where(and(eq(jobMessagePhotos.id, photoId), eq(jobMessages.jobId, jobId)))
    .limit(1);
  if (!photo) return null;
  if (viewerIsStaff) return photo;
  const party = photo.customerUserId === viewerUserId || photo.fixerUserId === viewerUserId;
  return party && photo.hiddenAt === null ? photo : null;
}
