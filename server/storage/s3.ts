import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import type { Config } from "#server/config.ts";
import { assertValidStorageKey, type FileStore } from "./store.ts";

/** The one method of S3Client the store uses, so tests can pass a fake that records commands. */
export type S3CommandSender = {
  send(command: S3StoreCommand): Promise<unknown>;
};
export type S3StoreCommand =
  | PutObjectCommand
  | GetObjectCommand
  | HeadObjectCommand
  | DeleteObjectCommand
  | CreateMultipartUploadCommand
  | UploadPartCommand
  | CompleteMultipartUploadCommand
  | AbortMultipartUploadCommand;

/** S3 needs parts of at least 5 MiB (except the last); 8 MiB keeps memory per upload bounded. */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

type S3Settings = Pick<
  Config,
  "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/** An S3 client for AWS or any S3-compatible service (R2, MinIO, …) from the S3_* settings. */
export function createS3Client(config: S3Settings): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Without keys the SDK's default chain applies (environment, instance role, …).
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Many S3-compatible services reject the SDK's newer default checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Private objects in one bucket (no ACLs are set, so objects are as private as the bucket; keep
 * the bucket's public access blocked). A stream of unknown length is sent as one PutObject when
 * it fits in a part, else as a multipart upload that is aborted if the stream fails — so a
 * refused upload never leaves an object behind.
 */
export function createS3Store(options: { client: S3CommandSender; bucket: string; partSize?: number }): FileStore {
  const { client, bucket } = options;
  const partSize = Math.max(options.partSize ?? DEFAULT_PART_SIZE, 5 * 1024 * 1024);

  async function putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const parts = readParts(body, partSize);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: firstPart,
          ContentType: contentType,
          ContentLength: firstPart.length,
        }),
      );
      return;
    }
    const created = (await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    )) as { UploadId?: string };
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error(`S3 gave no UploadId for ${key}`);
    try {
      const completed: { ETag?: string; PartNumber: number }[] = [];
      const upload = async (part: Buffer) => {
        const PartNumber = completed.length + 1;
        const result = (await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        )) as { ETag?: string };
        completed.push({ ETag: result.ETag, PartNumber });
      };
      await upload(firstPart);
      await upload(second.value);
      for await (const part of parts) await upload(part);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: completed },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    async put(key, body, meta) {
      assertValidStorageKey(key);
      if (Buffer.isBuffer(body) || meta.size !== undefined) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: meta.contentType,
            ContentLength: Buffer.isBuffer(body) ? body.length : meta.size,
          }),
        );
        return;
      }
      try {
        await putStream(key, body, meta.contentType);
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async get(key) {
      assertValidStorageKey(key);
      try {
        const result = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))) as {
          Body?: unknown;
          ContentType?: string;
          ContentLength?: number;
        };
        if (!result.Body) return null;
        return {
          body: toReadable(result.Body),
          contentType: result.ContentType ?? "application/octet-stream",
          size: result.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}

/** Regroups a stream's chunks into buffers of `partSize` bytes (the last may be shorter). */
async function* readParts(body: Readable, partSize: number): AsyncGenerator<Buffer, void> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (length + data.length >= partSize) {
      const take = partSize - length;
      chunks.push(data.subarray(0, take));
      yield Buffer.concat(chunks);
      data = data.subarray(take);
      chunks = [];
      length = 0;
    }
    if (data.length) {
      chunks.push(data);
      length += data.length;
    }
  }
  if (length > 0) yield Buffer.concat(chunks);
}

function toReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  const webStream = body as { transformToWebStream?: () => ReadableStream<Uint8Array> };
  if (typeof webStream.transformToWebStream === "function") {
    return Readable.fromWeb(webStream.transformToWebStream() as NodeReadableStream);
  }
  if (body instanceof Uint8Array) return Readable.from([Buffer.from(body)]);
  throw new Error("Unsupported S3 object body");
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
