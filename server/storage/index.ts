import path from "node:path";
import type { Config } from "#server/config.ts";
import { createLocalStore } from "./local.ts";
import type { FileStore } from "./store.ts";

export * from "./store.ts";
export * from "./filetype.ts";
export { createLocalStore } from "./local.ts";
export {
  parseMultipart,
  readMultipart,
  MultipartRefusal,
  discardStoredFiles,
  discardRequestBody,
  discardUnreadRequestBodies,
  formatByteLimit,
  UploadError,
} from "./multipart.ts";
export type { ParseMultipartOptions, MultipartResult, StoredFile, UploadErrorCode, MultipartFile, MultipartRefusalReason, ReadMultipartOptions } from "./multipart.ts";

type StorageSettings = Pick<
  Config,
  "DATA_DIR" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/**
 * S3-compatible storage when S3_BUCKET is set (required with several instances), else local disk
 * under `${DATA_DIR}/uploads`.
 */
export function createFileStore(config: StorageSettings): FileStore {
  const bucket = config.S3_BUCKET;
  if (!bucket) return createLocalStore({ root: path.resolve(config.DATA_DIR, "uploads") });
  // The AWS SDK is large: load it on first use, and never when storage is local.
  let loading: Promise<FileStore> | undefined;
  const s3 = () =>
    (loading ??= import("./s3.ts").then(({ createS3Client, createS3Store }) =>
      createS3Store({ client: createS3Client(config), bucket }),
    ));
  return {
    put: async (key, body, meta) => (await s3()).put(key, body, meta),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    exists: async (key) => (await s3()).exists(key),
  };
}
