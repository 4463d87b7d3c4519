import { Readable } from "node:stream";
import { MultipartRefusal, newStorageKey, readMultipart, type FileStore } from "#server/storage/index.ts";
import { formAnswer } from "~/lib/forms/answer.server";
import { readTextForm } from "~/lib/forms/forms.server";
import { readValues } from "~/lib/forms/parse";
import { PHOTO_FIELD, photoMaxBytes } from "./limits";

/**
 * The one photo pipeline, for every form that takes photos (a job, a message, a job marked done):
 * a JPEG, PNG or WebP checked by decoding it (not by its name or the browser's type), at most
 * 10 MB, turned upright and re-encoded so that nothing but the pixels is kept: no EXIF (camera,
 * date, GPS location), no XMP, no IPTC, no ICC profile. The stored copy is what people see; the
 * upload itself is never stored. Stored privately (the FileStore, under a server-made key), served
 * only through a route that checks who asks ({@link privatePhotoResponse}).
 *
 * What each form adds is its own: how many photos, the folder, the words for "too many", and which
 * rows point at the stored files (written in the transaction of the thing they belong to).
 */

export { PHOTO_FIELD, photoAccept, photoMaxBytes } from "./limits";

/** Longest side kept; bigger photos are scaled down (enough to see a leak or a crack). */
export const PHOTO_MAX_SIDE = 2560;
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export const photoMessages = {
  notImage: (name: string) => `${name} is not a photo we can use. Add JPEG, PNG or WebP photos.`,
  tooLarge: (name: string) => `${name} is over 10 MB. Add photos of 10 MB or smaller.`,
  unreadable: "The form could not be read. Please try again.",
} as const;

/** A photo as stored: where, what type, how big. The rows that point at it copy these. */
export type StoredPhoto = { storageKey: string; contentType: "image/jpeg" | "image/png" | "image/webp"; size: number; width?: number | null; height?: number | null };

/** A stored photo as its table's row has it (server/db/schema/photos.ts). */
export const photoRow = (photo: StoredPhoto) => ({ storageKey: photo.storageKey, contentType: photo.contentType, size: photo.size, width: photo.width ?? null, height: photo.height ?? null });

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

export type ProcessedPhoto = { data: Buffer; contentType: StoredPhoto["contentType"]; ext: string; width: number; height: number };

/**
 * Decodes a photo and re-encodes it without metadata: rotated upright by its EXIF orientation first
 * (the one piece of metadata that changes what the picture shows), then scaled to fit 2560 px.
 * Anything that is not a JPEG, PNG or WebP by content (a PDF renamed .jpg, an SVG, a GIF, a
 * truncated file) is refused with a message naming the file.
 */
export async function processPhoto(input: Buffer, displayName = "This file"): Promise<ProcessedPhoto> {
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

export type PhotoFormUpload = { fields: Record<string, string | string[]>; photos: StoredPhoto[] };

/** What a form with photos allows: its fields' sizes, where its photos go, how many, and the words for one too many. */
export type PhotoFormOptions = { maxFieldBytes: number; maxFields: number; folder: string; maxPhotos: number; tooMany: string };

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
      if (size <= photoMaxBytes) chunks.push(chunk);
    });
    stream.on("end", () => {
      signal.removeEventListener("abort", stop);
      // Past the limit the reader has refused the request already; nothing to keep.
      resolve(size > photoMaxBytes ? null : Buffer.concat(chunks));
    });
  });
}

/**
 * Reads a form with photos (multipart/form-data) with the one multipart reader (`readMultipart`):
 * its text fields, and each photo buffered up to 10 MB (past that the request is refused at once),
 * processed and stored privately under `folder`, one at a time (at most one decoded image in memory
 * per request). With `store: null` photos are read past and dropped. Any refusal (one photo more
 * than `maxPhotos` included) deletes every photo already stored for the request, then throws a
 * {@link PhotoUploadError}.
 */
export async function readPhotoForm(request: Request, store: FileStore | null, options: PhotoFormOptions): Promise<PhotoFormUpload> {
  const { folder } = options;
  let queue: Promise<unknown> = Promise.resolve();
  const { fields, files } = await readMultipart<StoredPhoto | null>(request, {
    maxFileBytes: photoMaxBytes,
    maxFiles: options.maxPhotos,
    maxFieldBytes: options.maxFieldBytes,
    maxFields: options.maxFields,
    fileFields: [PHOTO_FIELD],
    refusal: (error, read) => photoRefusalOf(error, read, options.tooMany),
    discard: (photos) => (store ? discardPhotos(store, photos.filter((p): p is StoredPhoto => p !== null)) : Promise.resolve()),
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
        const photo = await processPhoto(content, name);
        const key = newStorageKey(folder, `photo.${photo.ext}`);
        await store.put(key, photo.data, { contentType: photo.contentType, size: photo.data.length });
        return { storageKey: key, contentType: photo.contentType, size: photo.data.length, width: photo.width, height: photo.height } satisfies StoredPhoto;
      });
      queue = stored.catch(() => undefined);
      return stored;
    },
  });
  return { fields, photos: files.filter((p): p is StoredPhoto => p !== null) };
}

/** Deletes stored photos (the rest of the form was refused, or what they belong to could not be written). */
export async function discardPhotos(store: FileStore, photos: readonly StoredPhoto[]): Promise<void> {
  await Promise.allSettled(photos.map((p) => store.delete(p.storageKey)));
}

// ---- a page whose forms may carry photos -------------------------------------------------------

/** A page's POST: the text fields, and (when it was sent as multipart) its photos, already stored. */
export type PageFormWithPhotos = { form: FormData; photos: StoredPhoto[] };

/**
 * Reads a page's POST: a urlencoded form (an action without photos) has none; a multipart one is
 * read by {@link readPhotoForm}, its photos stored as they arrive. Throws a {@link PhotoUploadError}
 * for a refused upload (nothing of it is kept), or an unreadable form.
 */
export async function readPageFormWithPhotos(request: Request, store: FileStore, options: PhotoFormOptions): Promise<PageFormWithPhotos> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readTextForm(request);
    if (!form) throw new PhotoUploadError(photoMessages.unreadable, 400, "form");
    return { form, photos: [] };
  }
  const upload = await readPhotoForm(request, store, options);
  return { form: formDataOf(upload.fields), photos: upload.photos };
}

/**
 * Reads a page's POST ({@link readPageFormWithPhotos}) and answers it: a refused upload with
 * `refused`, the rest with `answer`. The photos, stored while the body was read, are deleted again
 * unless `answer` calls `keepPhotos` (what carries them was written): a refusal of the form, of the
 * action, or a failed write leaves no file behind.
 */
export async function answerPageFormWithPhotos<Answer>(
  request: Request,
  store: FileStore,
  options: PhotoFormOptions,
  refused: (error: PhotoUploadError) => Answer,
  answer: (read: PageFormWithPhotos & { keepPhotos: () => void }) => Promise<Answer>,
): Promise<Answer> {
  let read: PageFormWithPhotos;
  try {
    read = await readPageFormWithPhotos(request, store, options);
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

/** A refused upload as the form's answer: its status (400, 413, 415), the message beside the photos field, and `textFields` as typed. */
export function photoUploadAnswer(form: string, error: PhotoUploadError, textFields: readonly string[]) {
  const values = readValues(formDataOf(error.values), { fields: textFields });
  if (error.field !== PHOTO_FIELD) return formAnswer(error.status, { form, status: "error", title: "That didn't work", message: error.message, values });
  return formAnswer(error.status, { form, status: "invalid", fieldErrors: { [PHOTO_FIELD]: error.message }, values, title: "Check your photos", message: error.message });
}

// ---- serving a stored photo --------------------------------------------------------------------

/** The answer to a photo URL the viewer may not see, or that does not exist: the same 404 (a photo id reveals nothing). */
export const photoNotFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8" } });

/**
 * A stored photo the caller has checked the viewer may see (null: they may not, or there is none),
 * streamed from private storage; kept only by the viewer's own browser, never by a shared cache.
 * X-Content-Type-Options: nosniff comes with every response (helmet).
 */
export async function privatePhotoResponse(store: FileStore, photo: { storageKey: string; contentType: string } | null): Promise<Response> {
  const file = photo ? await store.get(photo.storageKey) : null;
  if (!photo || !file) return photoNotFound();
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "content-type": photo.contentType,
      "content-length": String(file.size),
      "cache-control": "private, max-age=3600",
      "content-disposition": "inline",
    },
  });
}
