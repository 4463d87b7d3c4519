import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

/**
 * Private file storage. Files have no public URL: a route that serves a download checks who is
 * asking (the owner or staff) and then streams `get(key).body` itself.
 *
 * Keys are always made by the server with {@link newStorageKey}; never build one from user input.
 * A key is `/`-separated segments of letters, digits, dot, hyphen and underscore; no segment is
 * empty or starts with a dot, so `..`, hidden names and leading slashes are impossible.
 */
export interface FileStore {
  /** Stores `body` under `key`, replacing what was there. Rejects (storing nothing) if `body` errors. */
  put(key: string, body: Readable | Buffer, meta: { contentType: string; size?: number }): Promise<void>;
  /** The stored file, or `null` when there is none. The caller must consume or destroy `body`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the file; succeeds when it does not exist. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type StoredObject = { body: Readable; contentType: string; size: number };

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "InvalidStorageKeyError";
  }
}

/** Longest sanitised file name kept in a key (the extension is preserved). */
export const MAX_FILE_NAME_LENGTH = 100;
const MAX_KEY_LENGTH = 1024; // S3's limit
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Makes a file name safe to store and to show: every character other than letters,
 * digits, dot and hyphen becomes an underscore. Runs of dots collapse to one and leading dots go,
 * so the result is never `..` or hidden; it is capped at `maxLength`, keeping the extension.
 */
export function sanitiseFileName(originalName: string, maxLength = MAX_FILE_NAME_LENGTH): string {
  let name = originalName
    .normalize("NFC")
    .replace(/[^A-Za-z0-9.-]/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^\.+/, "");
  if (name === "") name = "file";
  if (name.length > maxLength) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, maxLength - extension.length) + extension;
  }
  return name;
}

/**
 * A fresh, unguessable key: `${folder}/${timestamp}-${random}-${sanitisedName}`.
 * `folder` is chosen by the server (e.g. `cv` or `fixer-documents/insurance`) and must itself be
 * valid key segments; the original name is sanitised.
 */
export function newStorageKey(folder: string, originalName: string): string {
  const cleanFolder = folder.replace(/^\/+|\/+$/g, "");
  if (!cleanFolder || !isValidStorageKey(cleanFolder)) throw new InvalidStorageKeyError(folder);
  const random = randomBytes(8).toString("hex");
  const key = `${cleanFolder}/${Date.now()}-${random}-${sanitiseFileName(originalName)}`;
  assertValidStorageKey(key);
  return key;
}

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}
