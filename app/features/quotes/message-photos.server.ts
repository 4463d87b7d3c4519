import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { DbOrTx } from "#server/db/client.ts";
import { jobMessagePhotos, jobMessages, jobs } from "#server/db/schema/quotes.ts";
import type { FileStore } from "#server/storage/index.ts";
import { formAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { readValues } from "~/lib/forms/parse";
import { parseId } from "~/lib/ids";
import type { SessionUser } from "~/lib/session-user";
import type { StoredJobPhoto } from "./jobs.server";
import { quoteLimits } from "./job-fields";
import { discardPhotos, photoMessages, PHOTO_FIELD, PhotoUploadError, readPhotoForm } from "./photos.server";

/**
 * Photos in messages: up to 3 a message, through the job photos' pipeline (checked by decoding,
 * re-encoded without metadata, stored privately under their own folder), served only to the
 * thread's two people — the job's customer and that thread's fixer — and staff. A hidden message's
 * photos are hidden with it (the files stay, for staff).
 */

export const messagePhotoFolder = "message-photos";

/** A job page's POST: the text fields, and (sent as multipart by the message forms) the message's photos, already stored. */
export type JobPageForm = { form: FormData; photos: StoredJobPhoto[] };

/** A message's text is at most 2,000 characters (8,000 bytes of UTF-8): a field past 16 KB is refused as too long. */
const MESSAGE_FIELD_BYTES = 16 * 1024;
const MESSAGE_FORM_FIELDS = 20;

/**
 * Reads a job page's POST. A urlencoded form (every other action, or a message from a script
 * without photos) has no photos; a multipart one is read by the photo pipeline, its photos stored
 * as they arrive. Throws a {@link PhotoUploadError} for a refused upload (nothing of it is kept),
 * or an unreadable form.
 */
export async function readJobPageForm(request: Request, store: FileStore): Promise<JobPageForm> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readTextForm(request);
    if (!form) throw new PhotoUploadError(photoMessages.unreadable, 400, "form");
    return { form, photos: [] };
  }
  const upload = await readPhotoForm(request, store, {
    maxFieldBytes: MESSAGE_FIELD_BYTES,
    maxFields: MESSAGE_FORM_FIELDS,
    folder: messagePhotoFolder,
    maxPhotos: quoteLimits.photosPerMessage,
    tooMany: photoMessages.tooManyInMessage,
  });
  return { form: formDataOf(upload.fields), photos: upload.photos };
}

/**
 * Reads a job page's POST ({@link readJobPageForm}) and answers it: a refused upload with
 * `refused`, the rest with `answer`. The message's photos, stored while the body was read, are
 * deleted again unless `answer` calls `keepPhotos` (the message that carries them was posted).
 */
export async function answerJobPageForm<Answer>(
  request: Request,
  store: FileStore,
  refused: (error: PhotoUploadError) => Answer,
  answer: (read: JobPageForm & { keepPhotos: () => void }) => Promise<Answer>,
): Promise<Answer> {
  let read: JobPageForm;
  try {
    read = await readJobPageForm(request, store);
  } catch (error) {
    if (!(error instanceof PhotoUploadError)) throw error;
    return refused(error);
  }
  let kept = false;
  try {
    return await answer({ ...read, keepPhotos: () => (kept = true) });
  } finally {
    if (!kept) await discardPhotos(store, read.photos);
  }
}

export function formDataOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
}

/** A refused upload as the message form's answer: its status (400, 413, 415), the message beside the photos field, and the text as typed. */
export function photoUploadAnswer(form: string, error: PhotoUploadError) {
  const values = readValues(formDataOf(error.values), { fields: ["body"] });
  if (error.field !== PHOTO_FIELD) return formAnswer(error.status, { form, status: "error", title: "That didn't work", message: error.message, values });
  return formAnswer(error.status, { form, status: "invalid", fieldErrors: { [PHOTO_FIELD]: error.message }, values, title: "Check your photos", message: error.message });
}

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
  const notFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8" } });
  const jobId = parseId(jobIdParam);
  const photoId = parseId(photoIdParam);
  if (!viewer || jobId === null || photoId === null) return notFound();
  const { db, storage } = context.services;
  const photo = await messagePhotoForViewer(db, viewer.id, viewerIsStaff, jobId, photoId);
  const file = photo ? await storage.get(photo.storageKey) : null;
  if (!photo || !file) return notFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "content-type": photo.contentType,
      "content-length": String(file.size),
      "cache-control": "private, max-age=3600",
      "content-disposition": "inline",
    },
  });
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
