import type { FileStore } from "#server/storage/index.ts";
import { photoMessages as pipelineMessages, readPhotoForm, type PhotoFormUpload } from "~/lib/photos/photos.server";
import { quoteLimits, tooManyMessagePhotos } from "./job-fields";

/**
 * Job photos: up to 5 a job, through the one photo pipeline (`app/lib/photos/photos.server.ts`:
 * checked by decoding, re-encoded without metadata, stored privately), under `job-photos/`.
 */

export const photoFolder = "job-photos";

export const photoMessages = {
  ...pipelineMessages,
  tooMany: `Add at most ${quoteLimits.photosPerJob} photos.`,
  tooManyInMessage: tooManyMessagePhotos,
} as const;

export type JobRequestUpload = PhotoFormUpload;

/** Reads the job form (multipart/form-data): its text fields and up to 5 photos, see `readPhotoForm`. */
export async function readJobRequest(request: Request, store: FileStore | null, limits: { maxFieldBytes: number; maxFields: number }, folder = photoFolder): Promise<JobRequestUpload> {
  return readPhotoForm(request, store, { ...limits, folder, maxPhotos: quoteLimits.photosPerJob, tooMany: photoMessages.tooMany });
}
