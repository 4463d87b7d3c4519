import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import {
  DOCUMENT_MIME_TYPES,
  DocumentSniffer,
  documentTypeForFileName,
  PAPER_TYPES,
  type DocumentMimeType,
  type DocumentType,
} from "./filetype.ts";
import { newStorageKey, sanitiseFileName, type FileStore } from "./store.ts";

/**
 * Streaming multipart/form-data uploads. Each file goes straight from the request into the
 * FileStore — never whole in memory (`request.formData()` would buffer it). While it streams:
 * - its first bytes must match its extension (.pdf = PDF, .doc = OLE2, .docx = zip with `word/`,
 *   and, where `allowedTypes` takes photos, .jpg/.png/.webp/.heic by their signatures);
 * - its size is counted, and the moment it passes `maxFileBytes` the parser stops reading the
 *   request.
 * On any failure every file of the request already stored is deleted, then the promise rejects —
 * with an {@link UploadError} for the user's mistakes, or the store's own error (a 500) otherwise.
 *
 * In a React Router action (it gets a web `Request`; its body streams from Express):
 *
 * ```ts
 * export async function action({ request, context }: Route.ActionArgs) {
 *   const { storage, config } = context.services;
 *   let upload: MultipartResult;
 *   try {
 *     upload = await parseMultipart(request, {
 *       maxFileBytes: config.UPLOAD_MAX_BYTES, maxFiles: 1, maxFieldBytes: 10_000, maxFields: 20,
 *       allowedFields: { files: ["cv"] }, store: storage, folder: () => "recruitment/cv",
 *     });
 *   } catch (error) {
 *     if (!(error instanceof UploadError)) throw error;
 *     // The body was only partly read; once this answer is sent, the Express layer discards the
 *     // rest (discardUnreadRequestBodies in server/app.ts) so the browser can read it.
 *     return data({ formError: error.message, field: error.field }, { status: error.status });
 *   }
 *   const parsed = schema.safeParse(upload.fields);
 *   if (!parsed.success) {
 *     await discardStoredFiles(storage, upload.files); // nothing is kept on failure
 *     return data({ errors: … }, { status: 400 });
 *   }
 *   // Save upload.files[i].key (never a URL) with the record; downloads go through an authorised route.
 * }
 * ```
 * The browser form needs `method="post" encType="multipart/form-data"`. A file input left empty
 * sends an empty part: it is skipped, not an error.
 */

export type UploadErrorCode = "too_large" | "bad_type" | "too_many_files" | "bad_request";

const HTTP_STATUS: Record<UploadErrorCode, number> = {
  too_large: 413,
  bad_type: 415,
  too_many_files: 400,
  bad_request: 400,
};

/** A refused upload. `message` is `${title}: ${description}`, ready for a toast or form error. */
export class UploadError extends Error {
  readonly code: UploadErrorCode;
  /** Short heading, e.g. "File too large" (spec 001 toast title). */
  readonly title: string;
  /** e.g. "Please upload a file smaller than 5MB." */
  readonly description: string;
  /** The HTTP status to answer with: 413, 415 or 400. */
  readonly status: number;
  /** The form field and (sanitised) file name concerned, when known. */
  readonly field?: string;
  readonly fileName?: string;

  constructor(
    code: UploadErrorCode,
    title: string,
    description: string,
    details: { field?: string; fileName?: string; cause?: unknown } = {},
  ) {
    super(`${title}: ${description}`, { cause: details.cause });
    this.name = "UploadError";
    this.code = code;
    this.title = title;
    this.description = description;
    this.status = HTTP_STATUS[code];
    this.field = details.field;
    this.fileName = details.fileName;
  }

  static tooLarge(maxFileBytes: number, details?: { field?: string; fileName?: string }) {
    return new UploadError(
      "too_large",
      "File too large",
      `Please upload a file smaller than ${formatByteLimit(maxFileBytes)}.`,
      details,
    );
  }
  static badType(details?: { field?: string; fileName?: string }) {
    return new UploadError("bad_type", "Invalid file type", "Please upload a PDF, DOC, or DOCX file.", details);
  }
  static tooManyFiles(maxFiles: number) {
    return new UploadError(
      "too_many_files",
      "Too many files",
      `Please upload at most ${maxFiles} ${maxFiles === 1 ? "file" : "files"}.`,
    );
  }
  static badRequest(description = "The form could not be read. Please try again.", cause?: unknown) {
    return new UploadError("bad_request", "Upload failed", description, { cause });
  }
}

/** 5242880 → "5MB", 1572864 → "1.5MB", 512000 → "500KB" (the spec writes "5MB"). */
export function formatByteLimit(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))}MB`;
  return `${Math.floor(bytes / 1024)}KB`;
}

export type StoredFile = {
  field: string;
  key: string;
  /** The uploader's file name, sanitised: safe to show and to use in a download's file name. */
  originalName: string;
  /** From the detected content (which must agree with the extension). */
  contentType: DocumentMimeType;
  size: number;
};

export type ParseMultipartOptions = {
  /** Per file; exceeding it refuses the whole request with `too_large`. */
  maxFileBytes: number;
  /** Non-empty files in the whole request. */
  maxFiles: number;
  /** Per text field value. */
  maxFieldBytes: number;
  maxFields: number;
  /** The only field names that may carry files; a file in any other field is refused. */
  allowedFields: { files: string[] };
  /** The types a file may be (by extension and content): PDF, DOC and DOCX unless named. */
  allowedTypes?: readonly DocumentType[];
  store: FileStore;
  /** The storage folder for a file field, e.g. `(field) => \`fixer-documents/${field}\``. */
  folder(fieldName: string): string;
};

export type MultipartResult = {
  /** Text fields; a name sent several times gives an array. */
  fields: Record<string, string | string[]>;
  /** Stored files in the order they were sent. */
  files: StoredFile[];
};

/** Deletes stored files, e.g. when the rest of the form fails validation after the upload. */
export async function discardStoredFiles(store: FileStore, files: Pick<StoredFile, "key">[]): Promise<void> {
  await Promise.allSettled(files.map((file) => store.delete(file.key)));
}

/**
 * Reads off and throws away what is left of a request body nobody read — e.g. the rest of an
 * upload refused at its size limit, or of any body refused at its cap (server/http/body-limit.ts) —
 * so a client still sending sees the answer rather than a connection reset: a reset that arrives
 * before the client has read the answer takes the answer with it. Call it once the response is
 * sent; nothing of it is parsed or kept (memory stays flat). Past `maxBytes`, or `maxMs` after it
 * started, the connection is closed instead: a slow or endless sender is not waited for.
 */
export function discardRequestBody(request: IncomingMessage, { maxBytes = 256 * 1024 * 1024, maxMs = 2_000 } = {}): void {
  if (request.complete || request.destroyed) return;
  request.unpipe();
  request.removeAllListeners("data"); // whoever was reading has finished with it
  let discarded = 0;
  const giveUp = setTimeout(() => request.socket?.destroy(), maxMs);
  giveUp.unref();
  request.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) request.socket.destroy();
  });
  request.once("close", () => clearTimeout(giveUp));
  request.resume();
  // The HTTP parser may have paused the socket itself while the body sat unread; restart it.
  request.socket?.resume();
}

/** Express middleware: after each response, {@link discardRequestBody} whatever was left unread. */
export function discardUnreadRequestBodies(limits?: { maxBytes?: number; maxMs?: number }) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    response.once("finish", () => discardRequestBody(request, limits));
    next();
  };
}

/** Why {@link readMultipart} refused a request (each caller words it for its own form). */
export type MultipartRefusalReason =
  | "not_multipart"
  | "empty"
  | "file_field"
  | "too_many_files"
  | "file_too_large"
  | "field_too_long"
  | "too_many_fields"
  | "unreadable"
  | "interrupted";

/** A request {@link readMultipart} refused, with the field and the file name as sent, when known. */
export class MultipartRefusal extends Error {
  constructor(
    readonly reason: MultipartRefusalReason,
    readonly details: { field?: string; fileName?: string; cause?: unknown } = {},
  ) {
    super(`multipart refused: ${reason}`, { cause: details.cause });
    this.name = "MultipartRefusal";
  }
}

/** One non-empty file of the request, handed to the caller's `onFile` while it streams. */
export type MultipartFile = {
  field: string;
  /** As the browser sent it: sanitise before storing or showing it. */
  fileName: string;
  stream: Readable;
  /** Aborted when the request is refused (another file too large, a bad field…): stop and let go. */
  signal: AbortSignal;
};

export type ReadMultipartOptions<FileResult> = {
  /** Per file; exceeding it refuses the whole request (`file_too_large`). */
  maxFileBytes: number;
  /** Non-empty files in the whole request. */
  maxFiles: number;
  /** Per text field value. */
  maxFieldBytes: number;
  maxFields: number;
  /** The only field names that may carry files; a file in any other field is refused. */
  fileFields: readonly string[];
  /**
   * Handles one file: must read `stream` to its end (or until `signal` aborts) and resolves with
   * what it kept; a rejection refuses the whole request with that error.
   */
  onFile(file: MultipartFile): Promise<FileResult>;
  /** Undoes what `onFile` kept (a stored file), for every file handled, when the request fails. */
  discard(results: FileResult[]): Promise<unknown>;
  /** Turns the failure (a MultipartRefusal or an `onFile` error) and the fields read so far into what the promise rejects with. */
  refusal?(error: unknown, fields: Record<string, string | string[]>): unknown;
};

/**
 * The one streaming multipart/form-data reader (busboy): text fields bounded in number, name and
 * size; file parts, fields and parts counted; each non-empty file handed to `onFile` as it streams,
 * its size limit enforced by busboy. On any failure — a limit, a malformed body, the client going
 * away (`aborted`), an `onFile` rejection — reading stops (the request is never destroyed, so the
 * caller can still answer), the handlers in flight are aborted and awaited, `discard` undoes what
 * they kept, then the promise rejects. A file input left empty sends an empty part: it is skipped.
 */
export function readMultipart<FileResult>(
  request: Request | IncomingMessage,
  options: ReadMultipartOptions<FileResult>,
): Promise<{ fields: Record<string, string | string[]>; files: FileResult[] }> {
  return new Promise((resolve, reject) => {
    const web = isWebRequest(request);
    const headers = web ? Object.fromEntries(request.headers) : request.headers;
    const fileFields = new Set(options.fileFields);
    const maxFileParts = options.maxFiles + fileFields.size; // empty file inputs send parts too

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        defParamCharset: "utf8",
        limits: {
          // busboy reports 'limit' on reaching fileSize; one byte more means truly over the limit.
          fileSize: options.maxFileBytes + 1,
          files: maxFileParts,
          fields: options.maxFields,
          fieldSize: options.maxFieldBytes,
          parts: maxFileParts + options.maxFields,
          fieldNameSize: 200,
        },
      });
    } catch (error) {
      reject(options.refusal ? options.refusal(new MultipartRefusal("not_multipart", { cause: error }), {}) : new MultipartRefusal("not_multipart", { cause: error }));
      return;
    }
    if (web && !request.body) {
      reject(options.refusal ? options.refusal(new MultipartRefusal("empty"), {}) : new MultipartRefusal("empty"));
      return;
    }
    const source: Readable = web ? Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>) : request;

    const fields = new Map<string, string | string[]>();
    const results: { value?: FileResult; done: boolean }[] = [];
    const handlers: Promise<void>[] = [];
    const abort = new AbortController();
    const openFiles = new Set<Readable>();
    let fileCount = 0;
    let failed = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      // Stop reading the request; never destroy it, so the caller can still answer.
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners("close");
      abort.abort(error);
      // A file part stops where the request stopped: end it, so a handler reading it lets go.
      for (const file of openFiles) file.destroy(error instanceof Error ? error : new Error(String(error)));
      void Promise.allSettled(handlers)
        .then(() => options.discard(results.filter((r) => r.done).map((r) => r.value as FileResult)))
        .catch(() => undefined)
        .then(() => reject(options.refusal ? options.refusal(error, Object.fromEntries(fields)) : error));
    };

    parser.on("file", (field, file, info) => {
      if (failed || !info.filename) {
        file.resume(); // an empty file input, or a request already refused
        return;
      }
      if (!fileFields.has(field)) {
        file.resume();
        fail(new MultipartRefusal("file_field", { field, fileName: info.filename }));
        return;
      }
      if (++fileCount > options.maxFiles) {
        file.resume();
        fail(new MultipartRefusal("too_many_files", { field, fileName: info.filename }));
        return;
      }
      file.on("limit", () => fail(new MultipartRefusal("file_too_large", { field, fileName: info.filename })));
      file.on("error", (error) => fail(new MultipartRefusal("unreadable", { field, fileName: info.filename, cause: error })));
      openFiles.add(file);
      file.once("close", () => openFiles.delete(file));
      const slot: { value?: FileResult; done: boolean } = { done: false };
      results.push(slot);
      let handled: Promise<FileResult>;
      try {
        handled = options.onFile({ field, fileName: info.filename, stream: file, signal: abort.signal });
      } catch (error) {
        handled = Promise.reject(error);
      }
      handlers.push(
        handled.then(
          (value) => {
            slot.value = value;
            slot.done = true;
          },
          (error: unknown) => {
            file.resume(); // whatever the handler left unread
            fail(error);
          },
        ),
      );
    });

    parser.on("field", (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated) {
        fail(new MultipartRefusal("field_too_long", { field: name }));
        return;
      }
      const previous = fields.get(name);
      fields.set(name, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
    });

    parser.on("filesLimit", () => fail(new MultipartRefusal("too_many_files")));
    parser.on("fieldsLimit", () => fail(new MultipartRefusal("too_many_fields")));
    parser.on("partsLimit", () => fail(new MultipartRefusal("too_many_fields")));
    parser.on("error", (error) => fail(new MultipartRefusal("unreadable", { cause: error })));
    source.on("error", (error) => fail(new MultipartRefusal("interrupted", { cause: error })));
    source.on("aborted", () => fail(new MultipartRefusal("interrupted")));

    parser.on("close", () => {
      void Promise.allSettled(handlers).then(() => {
        if (failed) return;
        resolve({ fields: Object.fromEntries(fields), files: results.map((r) => r.value as FileResult) });
      });
    });

    source.pipe(parser);
  });
}

/** A {@link MultipartRefusal} in the documents' words (an UploadError); anything else as it is. */
function uploadErrorOf(error: unknown, maxFiles: number, maxFileBytes: number): unknown {
  if (!(error instanceof MultipartRefusal)) return error;
  const { field, fileName: sent, cause } = error.details;
  const fileName = sent === undefined ? undefined : sanitiseFileName(sent);
  switch (error.reason) {
    case "not_multipart":
      return UploadError.badRequest("The form must be sent as multipart/form-data.", cause);
    case "empty":
      return UploadError.badRequest("The form is empty.");
    case "file_field":
      return UploadError.badRequest(`Files are not accepted in the field "${(field ?? "").slice(0, 100)}".`);
    case "too_many_files":
      return UploadError.tooManyFiles(maxFiles);
    case "file_too_large":
      return UploadError.tooLarge(maxFileBytes, { field, fileName });
    case "field_too_long":
      return UploadError.badRequest("A form field is too long.");
    case "too_many_fields":
      return UploadError.badRequest("The form has too many fields.");
    case "interrupted":
      return UploadError.badRequest("The upload was interrupted.", cause);
    case "unreadable":
      return UploadError.badRequest(undefined, cause);
  }
}

/** Documents (PDF, DOC, DOCX, and photos where `allowedTypes` says): each streamed into the FileStore, checked by content while it streams. */
export async function parseMultipart(request: Request | IncomingMessage, options: ParseMultipartOptions): Promise<MultipartResult> {
  const { fields, files } = await readMultipart<StoredFile>(request, {
    maxFileBytes: options.maxFileBytes,
    maxFiles: options.maxFiles,
    maxFieldBytes: options.maxFieldBytes,
    maxFields: options.maxFields,
    fileFields: options.allowedFields.files,
    refusal: (error) => uploadErrorOf(error, options.maxFiles, options.maxFileBytes),
    discard: (stored) => discardStoredFiles(options.store, stored),
    onFile: async ({ field, fileName: sent, stream, signal }) => {
      const fileName = sanitiseFileName(sent);
      const expected = documentTypeForFileName(sent);
      if (!expected || !(options.allowedTypes ?? PAPER_TYPES).includes(expected)) throw UploadError.badType({ field, fileName });
      const key = newStorageKey(options.folder(field), sent);
      const guard = new DocumentGuard(expected, () => UploadError.badType({ field, fileName }));
      // Its errors reach us through the store's rejected put(); this keeps one raised before the
      // store starts reading (it may still be creating a folder) from going unhandled.
      guard.on("error", () => undefined);
      const stop = () => guard.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
      stream.on("error", (error) => guard.destroy(error));
      stream.pipe(guard);
      const contentType = DOCUMENT_MIME_TYPES[expected];
      try {
        await options.store.put(key, guard, { contentType });
      } catch (error) {
        // A put that failed part-way may have left a partial object behind.
        await options.store.delete(key).catch(() => undefined);
        throw error;
      } finally {
        signal.removeEventListener("abort", stop);
      }
      return { field, key, originalName: fileName, contentType, size: guard.bytes };
    },
  });
  return { fields, files };
}

/** Passes a file through while counting it and checking its content against the expected type. */
class DocumentGuard extends Transform {
  bytes = 0;
  private readonly sniffer = new DocumentSniffer();

  constructor(
    private readonly expected: DocumentType,
    private readonly refusal: () => UploadError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.sniffer.push(chunk);
    // Refuse as soon as the first bytes contradict the extension (an .exe renamed .pdf stops here).
    if (!this.sniffer.couldBe(this.expected)) return callback(this.refusal());
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.sniffer.result() === this.expected ? null : this.refusal());
  }
}

function isWebRequest(request: Request | IncomingMessage): request is Request {
  return typeof (request as Request).headers?.get === "function";
}
