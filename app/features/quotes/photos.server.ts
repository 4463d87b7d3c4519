import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { newStorageKey, type FileStore } from "#server/storage/index.ts";
import type { StoredJobPhoto } from "./jobs.server";
import { quoteLimits } from "./schemas";

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

/**
 * Reads the job form (multipart/form-data) as it streams: its text fields, and each photo buffered
 * up to 10 MB (past that the request is refused at once), processed and stored privately under
 * `folder`. With `store: null` photos are read past and dropped. Any refusal deletes every
 * photo already stored for the request, then throws a {@link PhotoUploadError}.
 */
export function readJobRequest(request: Request, store: FileStore | null, limits: { maxFieldBytes: number; maxFields: number }, folder = photoFolder): Promise<JobRequestUpload> {
  return new Promise<JobRequestUpload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: Object.fromEntries(request.headers),
        defParamCharset: "utf8",
        limits: {
          fileSize: quoteLimits.photoMaxBytes + 1,
          // Empty file inputs send parts too; a sixth real photo is counted and refused below.
          files: quoteLimits.photosPerJob + 2,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          fieldNameSize: 100,
        },
      });
    } catch {
      reject(new PhotoUploadError("Send the form as multipart/form-data.", 400, "form"));
      return;
    }
    if (!request.body) {
      reject(new PhotoUploadError(photoMessages.unreadable, 400, "form"));
      return;
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    const fields = new Map<string, string | string[]>();
    const stored: StoredJobPhoto[] = [];
    let work: Promise<void> = Promise.resolve();
    let photoCount = 0;
    let failed = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners("close");
      void work
        .catch(() => undefined)
        .then(() => (store ? Promise.allSettled(stored.map((p) => store.delete(p.storageKey))) : undefined))
        .then(() => {
          const refusal = error instanceof PhotoUploadError ? error : new PhotoUploadError(photoMessages.unreadable, 400, "form");
          refusal.values = Object.fromEntries(fields);
          reject(refusal);
        });
    };

    parser.on("file", (field, file, info) => {
      if (failed || !info.filename) {
        file.resume();
        return;
      }
      const name = shownName(info.filename);
      if (field !== PHOTO_FIELD) {
        file.resume();
        fail(new PhotoUploadError(photoMessages.unreadable, 400, "form"));
        return;
      }
      if (++photoCount > quoteLimits.photosPerJob) {
        file.resume();
        fail(new PhotoUploadError(photoMessages.tooMany));
        return;
      }
      if (!store) {
        file.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      file.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= quoteLimits.photoMaxBytes) chunks.push(chunk);
      });
      file.on("limit", () => fail(new PhotoUploadError(photoMessages.tooLarge(name), 413)));
      file.on("error", fail);
      file.on("end", () => {
        if (failed || size > quoteLimits.photoMaxBytes) return;
        const content = Buffer.concat(chunks);
        chunks.length = 0;
        // One photo at a time: at most one decoded image in memory per request.
        work = work.then(async () => {
          if (failed) return;
          const photo = await processJobPhoto(content, name);
          const key = newStorageKey(folder, `photo.${photo.ext}`);
          await store.put(key, photo.data, { contentType: photo.contentType, size: photo.data.length });
          stored.push({ storageKey: key, contentType: photo.contentType, size: photo.data.length, width: photo.width, height: photo.height });
        });
        work.catch(fail);
      });
    });

    parser.on("field", (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated) {
        fail(new PhotoUploadError("A field is too long. Please shorten it and try again.", 400, name.slice(0, 40) || "form"));
        return;
      }
      const previous = fields.get(name);
      fields.set(name, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
    });
    parser.on("filesLimit", () => fail(new PhotoUploadError(photoMessages.tooMany)));
    parser.on("fieldsLimit", () => fail(new PhotoUploadError("The form has too many fields.", 400, "form")));
    parser.on("partsLimit", () => fail(new PhotoUploadError("The form has too many fields.", 400, "form")));
    parser.on("error", fail);
    source.on("error", fail);

    parser.on("close", () => {
      void work.then(
        () => {
          if (!failed) resolve({ fields: Object.fromEntries(fields), photos: stored });
        },
        () => undefined,
      );
    });
    source.pipe(parser);
  });
}

/** Deletes stored photos (the rest of the form was refused, or the job could not be posted). */
export async function discardPhotos(store: FileStore, photos: readonly StoredJobPhoto[]): Promise<void> {
  await Promise.allSettled(photos.map((p) => store.delete(p.storageKey)));
}
