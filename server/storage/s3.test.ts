import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { createS3Store, type S3StoreCommand } from "./s3.ts";
import { InvalidStorageKeyError } from "./store.ts";

const MiB = 1024 * 1024;

/** Records every command; answers like S3 would for a bucket holding `objects`. */
function fakeS3(objects: Record<string, { body: string; contentType: string }> = {}) {
  const sent: S3StoreCommand[] = [];
  const notFound = (name: string) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 404 } });
  const client = {
    async send(command: S3StoreCommand): Promise<unknown> {
      sent.push(command);
      const key = (command.input as { Key: string }).Key;
      if (command instanceof GetObjectCommand) {
        const object = objects[key];
        if (!object) throw notFound("NoSuchKey");
        return { Body: Readable.from([Buffer.from(object.body)]), ContentType: object.contentType, ContentLength: object.body.length };
      }
      if (command instanceof HeadObjectCommand) {
        if (!objects[key]) throw notFound("NotFound");
        return {};
      }
      if (command instanceof CreateMultipartUploadCommand) return { UploadId: "upload-1" };
      if (command instanceof UploadPartCommand) return { ETag: `"etag-${command.input.PartNumber}"` };
      return {};
    },
  };
  return { client, sent };
}

describe("S3 file store", () => {
  it("puts a buffer with its key, bucket, content type and length", async () => {
    const { client, sent } = fakeS3();
    const store = createS3Store({ client, bucket: "fixit-private" });
    await store.put("cv/1-a-cv.pdf", Buffer.from("%PDF-1.4"), { contentType: "application/pdf" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(sent[0]!.input).toMatchObject({
      Bucket: "fixit-private",
      Key: "cv/1-a-cv.pdf",
      ContentType: "application/pdf",
      ContentLength: 8,
    });
    expect((sent[0]!.input as { ACL?: string }).ACL).toBeUndefined(); // never public
  });

  it("sends a small stream of unknown length as one PutObject", async () => {
    const { client, sent } = fakeS3();
    const store = createS3Store({ client, bucket: "b" });
    await store.put("cv/2-b-cv.docx", Readable.from([Buffer.from("PK\x03\x04"), Buffer.from("rest")]), {
      contentType: "application/msword",
    });
    expect(sent.map((c) => c.constructor.name)).toEqual(["PutObjectCommand"]);
    const input = sent[0]!.input as { Body: Buffer; ContentLength: number };
    expect(input.Body.toString("latin1")).toBe("PK\x03\x04rest");
    expect(input.ContentLength).toBe(8);
  });

  it("sends a large stream as a multipart upload, and aborts it when the stream fails", async () => {
    const { client, sent } = fakeS3();
    const store = createS3Store({ client, bucket: "b", partSize: 5 * MiB });
    await store.put("big/1-a-x.pdf", Readable.from([Buffer.alloc(6 * MiB, 1), Buffer.alloc(5 * MiB, 2)]), {
      contentType: "application/pdf",
    });
    expect(sent.map((c) => c.constructor.name)).toEqual([
      "CreateMultipartUploadCommand",
      "UploadPartCommand",
      "UploadPartCommand",
      "UploadPartCommand",
      "CompleteMultipartUploadCommand",
    ]);
    expect(sent.filter((c) => c instanceof UploadPartCommand).map((c) => (c.input as { ContentLength: number }).ContentLength)).toEqual([
      5 * MiB,
      5 * MiB,
      1 * MiB,
    ]);
    expect((sent[4] as CompleteMultipartUploadCommand).input.MultipartUpload?.Parts).toEqual([
      { ETag: '"etag-1"', PartNumber: 1 },
      { ETag: '"etag-2"', PartNumber: 2 },
      { ETag: '"etag-3"', PartNumber: 3 },
    ]);

    const failing = fakeS3();
    const broken = new Readable({ read() {} });
    broken.push(Buffer.alloc(11 * MiB));
    setTimeout(() => broken.destroy(new Error("refused mid-stream")), 20);
    await expect(
      createS3Store({ client: failing.client, bucket: "b", partSize: 5 * MiB }).put("big/2-b-x.pdf", broken, {
        contentType: "application/pdf",
      }),
    ).rejects.toThrow("refused mid-stream");
    expect(failing.sent.at(-1)).toBeInstanceOf(AbortMultipartUploadCommand);
    expect(failing.sent.some((c) => c instanceof CompleteMultipartUploadCommand || c instanceof PutObjectCommand)).toBe(false);
  });

  it("gets an object's body and type, and answers null / false for a missing key (404)", async () => {
    const { client, sent } = fakeS3({ "cv/1-a-cv.pdf": { body: "%PDF-hello", contentType: "application/pdf" } });
    const store = createS3Store({ client, bucket: "b" });
    const found = await store.get("cv/1-a-cv.pdf");
    expect(found).toMatchObject({ contentType: "application/pdf", size: 10 });
    expect(await text(found!.body)).toBe("%PDF-hello");
    expect(await store.get("cv/missing.pdf")).toBeNull();
    expect(await store.exists("cv/1-a-cv.pdf")).toBe(true);
    expect(await store.exists("cv/missing.pdf")).toBe(false);
    await store.delete("cv/1-a-cv.pdf");
    expect(sent.map((c) => [c.constructor.name, (c.input as { Key: string }).Key])).toEqual([
      ["GetObjectCommand", "cv/1-a-cv.pdf"],
      ["GetObjectCommand", "cv/missing.pdf"],
      ["HeadObjectCommand", "cv/1-a-cv.pdf"],
      ["HeadObjectCommand", "cv/missing.pdf"],
      ["DeleteObjectCommand", "cv/1-a-cv.pdf"],
    ]);
    expect(sent.at(-1)).toBeInstanceOf(DeleteObjectCommand);
  });

  it("passes on errors other than not-found, and refuses invalid keys before calling S3", async () => {
    const client = {
      send: async () => {
        throw Object.assign(new Error("AccessDenied"), { name: "AccessDenied", $metadata: { httpStatusCode: 403 } });
      },
    };
    const store = createS3Store({ client, bucket: "b" });
    await expect(store.get("cv/a.pdf")).rejects.toThrow("AccessDenied");
    await expect(store.exists("cv/a.pdf")).rejects.toThrow("AccessDenied");
    const { client: recording, sent } = fakeS3();
    await expect(createS3Store({ client: recording, bucket: "b" }).get("../etc/passwd")).rejects.toThrow(
      InvalidStorageKeyError,
    );
    expect(sent).toEqual([]);
  });
});
