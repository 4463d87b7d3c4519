import type { Readable } from "node:stream";
import { MultipartRefusal, newStorageKey, readMultipart, type FileStore } from "#server/storage/index.ts";
import type { StoredJobPhoto } from "./jobs.server";
import { quoteLimits, tooManyMessagePhotos } from "./job-fields";

/**
 * Job photos: a JPEG, PNG or WebP checked by decoding it (not by its name or the browser's type),
 * at most 10 MB and 5 a job, turned upright and re-encoded so that nothing but the pixels is kept:
 * no EXIF (camera, date, GPS location), no XMP, no IPTC, no ICC profile. The stored copy is what
 * fixers see; the upload itself is never stored.
 */

export const PHOTO_FIELD = "photos";
export const photoFolder = "job-photos";
/** Longest side kept; bigger photos are scaled down (enough to see a leak or a crack). */
export const PHOTO_MAX_SIDE = 2560;
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export const photoMessages = {
  notImage: (name: string) => `${name} is not a photo we can use. Add JPEG, PNG or WebP photos.`,
  tooLarge: (name: string) => `${name} is over 10 MB. Add photos of 10 MB or smaller.`,
  tooMany: `Add at most ${quoteLimits.photosPerJob} photos.`,
  tooManyInMessage: tooManyMessagePhotos,
  unreadable: "The form could not be read. Please try again.",
} as const;

/** A refusal of the upload itself: the field it concerns, the message to show and the status. */
export class PhotoUploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
    readonly field: string = PHOTO_FIELD,
    /** The text fields read before the refusal, to show the form again as typed. */
    public values: Record<string, string | string[]> = {},
  ) {
    super(message);
    this.name = "PhotoUploadError";
  }
}

const FORMATS = {
  jpeg: { contentType: "image/jpeg", ext: "jpg" },
  png: { contentType: "image/png", ext: "png" },
  webp: { contentType: "image/webp", ext: "webp" },
} as const;

export type ProcessedPhoto = { data: Buffer; contentType: StoredJobPhoto["contentType"]; ext: string; width: number; height: number };

/**
 * Decodes a photo and re-encodes it without metadata: rotated upright by its EXIF orientation first
 * (the one piece of metadata that changes what the picture shows), then scaled to fit 2560 px.
 * Anything that is not a JPEG, PNG or WebP by content (a PDF renamed .jpg, an SVG, a GIF, a
 * truncated file) is refused with a message naming the file.
 */
export async function processJobPhoto(input: Buffer, displayName = "This file"): Promise<ProcessedPhoto> {
  // Loaded on the first photo, not at start-up: libvips adds ~27 MB to the server's memory.
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new PhotoUploadError(photoMessages.notImage(displayName), 415);
  }
  const kind = format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : null;
  if (!kind) throw new PhotoUploadError(photoMessages.notImage(displayName), 415);
  try {
    // sharp keeps no metadata unless asked (withMetadata / keepExif): the output has pixels only.
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    pipeline = kind.ext === "jpg" ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : kind.ext === "png" ? pipeline.png() : pipeline.webp({ quality: 85 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, contentType: kind.contentType, ext: kind.ext, width: info.width, height: info.height };
  } catch {
    throw new PhotoUploadError(photoMessages.notImage(displayName), 415);
  }
}

export type JobRequestUpload = { fields: Record<string, string | string[]>; photos: StoredJobPhoto[] };

/** Shows a file's name safely in a message: printable, short. */
function shownName(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N} ._()-]/gu, "").trim().slice(0, 60);
  return clean || "A file";
}

/** A refusal of the multipart reader in the photo forms' words, with the fields read so far. */
function photoRefusalOf(error: unknown, fields: Record<string, string | string[]>, tooMany: string): PhotoUploadError {
  let refusal: PhotoUploadError;
  if (error instanceof PhotoUploadError) refusal = error;
  else if (!(error instanceof MultipartRefusal)) refusal = new PhotoUploadError(photoMessages.unreadable, 400, "form");
  else {
    const { field, fileName } = error.details;
    switch (error.reason) {
      case "file_too_large":
        refusal = new PhotoUploadError(photoMessages.tooLarge(shownName(fileName ?? "")), 413);
        break;
      case "too_many_files":
        refusal = new PhotoUploadError(tooMany);
        break;
      case "field_too_long":
        refusal = new PhotoUploadError("A field is too long. Please shorten it and try again.", 400, field?.slice(0, 40) || "form");
        break;
      case "too_many_fields":
        refusal = new PhotoUploadError("The form has too many fields.", 400, "form");
        break;
      case "not_multipart":
        refusal = new PhotoUploadError("Send the form as multipart/form-data.", 400, "form");
        break;
      default:
        refusal = new PhotoUploadError(photoMessages.unreadable, 400, "form");
    }
  }
  refusal.values = fields;
  return refusal;
}

/** Reads one photo whole (it is at most 10 MB: busboy stops it past that), or rejects when the request is refused meanwhile. */
function readPhoto(stream: Readable, signal: AbortSignal): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => reject(signal.reason);
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= quoteLimits.photoMaxBytes) chunks.push(chunk);
    });
    stream.on("end", () => {
      signal.removeEventListener("abort", stop);
      // Past the limit the reader has refused the request already; nothing to keep.
      resolve(size > quoteLimits.photoMaxBytes ? null : Buffer.concat(chunks));
    });
  });
}

/**
 * Reads the job form (multipart/form-data): its text fields and up to 5 photos, see {@link readPhotoForm}.
 */
export async function readJobRequest(request: Request, store: FileStore | null, limits: { maxFieldBytes: number; maxFields: number }, folder = photoFolder): Promise<JobRequestUpload> {
  return readPhotoForm(request, store, { ...limits, folder, maxPhotos: quoteLimits.photosPerJob, tooMany: photoMessages.tooMany });
}

/**
 * Reads a form with photos (multipart/form-data) with the one multipart reader (`readMultipart`):
 * its text fields, and each photo buffered up to 10 MB (past that the request is refused at once),
 * processed and stored privately under `folder`, one at a time (at most one decoded image in memory
 * per request). With `store: null` photos are read past and dropped. Any refusal (one photo more
 * than `maxPhotos` included) deletes every photo already stored for the request, then throws a
 * {@link PhotoUploadError}.
 */
export async function readPhotoForm(
  request: Request,
  store: FileStore | null,
  options: { maxFieldBytes: number; maxFields: number; folder: string; maxPhotos: number; tooMany: string },
): Promise<JobRequestUpload> {
  const { folder } = options;
  let queue: Promise<unknown> = Promise.resolve();
  const { fields, files } = await readMultipart<StoredJobPhoto | null>(request, {
    maxFileBytes: quoteLimits.photoMaxBytes,
    maxFiles: options.maxPhotos,
    maxFieldBytes: options.maxFieldBytes,
    maxFields: options.maxFields,
    fileFields: [PHOTO_FIELD],
    refusal: (error, read) => photoRefusalOf(error, read, options.tooMany),
    discard: (photos) => (store ? discardPhotos(store, photos.filter((p): p is StoredJobPhoto => p !== null)) : Promise.resolve()),
    onFile: async ({ fileName, stream, signal }) => {
      if (!store) {
        stream.resume();
        return null;
      }
      const content = await readPhoto(stream, signal);
      if (!content) return null;
      const name = shownName(fileName);
      const stored = queue.then(async () => {
        if (signal.aborted) return null;
        const photo = await processJobPhoto(content, name);
        const key = newStorageKey(folder, `photo.${photo.ext}`);
        await store.put(key, photo.data, { contentType: photo.contentType, size: photo.data.length });
        return { storageKey: key, contentType: photo.contentType, size: photo.data.length, width: photo.width, height: photo.height } satisfies StoredJobPhoto;
      });
      queue = stored.catch(() => undefined);
      return stored;
    },
  });
  return { fields, photos: files.filter((p): p is StoredJobPhoto => p !== null) };
}

/** Deletes stored photos (the rest of the form was refused, or the job could not be posted). */
export async function discardPhotos(store: FileStore, photos: readonly StoredJobPhoto[]): Promise<void> {
  await Promise.allSettled(photos.map((p) => store.delete(p.storageKey)));
}
