import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLocalStore } from "#server/storage/local.ts";
import {
  discardUnreadRequestBodies,
  parseMultipart,
  UploadError,
  type MultipartResult,
} from "#server/storage/multipart.ts";
import { makeDoc, makeDocx, makeExe, makePdf, makeZip } from "./helpers/documents.ts";

/**
 * parseMultipart over real HTTP: a small node:http server inside the test hands each request to the
 * parser (as a Node request on /node, as a web Request the way React Router actions get it on /web),
 * storing into a local store in a temp folder, with the spec's 5 MB limit.
 */

const MB = 1024 * 1024;
const LIMIT = 5 * MB;

let dir: string;
let uploadsRoot: string;
let store: ReturnType<typeof createLocalStore>;
let server: http.Server;
let baseUrl: string;
/** What the server had read off the socket when the parser refused, and a moment later. */
let lastRefusal: { readAtRefusal: number; readLater: number; bodyDrained: boolean } | undefined;
let refusals: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "fixit-storage-it-"));
  uploadsRoot = path.join(dir, "uploads");
  store = createLocalStore({ root: uploadsRoot });
  const app = express();
  app.use(discardUnreadRequestBodies()); // as server/app.ts installs it
  app.post("/{*route}", async (req, res) => {
    const options = {
      maxFileBytes: LIMIT,
      maxFiles: 3,
      maxFieldBytes: 1000,
      maxFields: 10,
      allowedFields: { files: ["cv", "documents"] },
      store,
      folder: (field: string) => `test/${field}`,
    };
    try {
      let result: MultipartResult;
      if (req.url === "/web") {
        const request = new Request(`http://localhost${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: createReadableStreamFromReadable(req), // as @react-router/express builds it
          duplex: "half",
        } as RequestInit);
        result = await parseMultipart(request, options);
      } else {
        result = await parseMultipart(req, options);
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    } catch (error) {
      const readAtRefusal = req.socket.bytesRead;
      await sleep(300);
      const refusal = { readAtRefusal, readLater: req.socket.bytesRead, bodyDrained: false };
      lastRefusal = refusal;
      req.once("end", () => (refusal.bodyDrained = true));
      refusals.push(error);
      if (error instanceof UploadError) {
        res
          .writeHead(error.status, { "content-type": "application/json" })
          .end(JSON.stringify({ code: error.code, message: error.message, field: error.field }));
      } else {
        res.writeHead(500).end(String(error));
      }
    }
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  lastRefusal = undefined;
  refusals = [];
  rmSync(uploadsRoot, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----fixit${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      "filename" in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? "application/octet-stream"}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push("filename" in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends the body in 64 KB chunks, like a browser, and resolves with the response — which may come
 * before the body is fully sent (the server refuses early); write errors after that are expected.
 */
function post(route: "/node" | "/web", body: Buffer, contentType: string) {
  let bodySent!: Promise<void>;
  const answer = new Promise<{ status: number; json: Record<string, unknown>; sentBytes: number }>((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(`${baseUrl}${route}`, {
      method: "POST",
      // A connection per request, so the server's socket.bytesRead counts this request only;
      // keep-alive as browsers send it (agent: false alone would ask the server to close).
      headers: { "content-type": contentType, "content-length": body.length, connection: "keep-alive" },
      agent: false,
    });
    request.on("response", async (response) => {
      answered = true;
      const text = (await buffer(response)).toString("utf8");
      resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown>, sentBytes });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    bodySent = new Promise<void>((resolveSent, rejectSent) => {
      request.on("finish", resolveSent);
      request.on("error", rejectSent);
    });
    bodySent.catch(() => undefined);
    // Like a browser, keep sending the whole body even after an early answer.
    const write = () => {
      while (sentBytes < body.length) {
        const chunk = body.subarray(sentBytes, sentBytes + 64 * 1024);
        sentBytes += chunk.length;
        if (sentBytes >= body.length) {
          request.end(chunk);
          return;
        }
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
    };
    write();
  });
  return Object.assign(answer, { bodySent });
}

function upload(parts: Part[], route: "/node" | "/web" = "/node") {
  const { body, contentType } = multipartBody(parts);
  return post(route, body, contentType);
}

/** Every file under the uploads folder (temporary and metadata files included). */
function filesLeft(): string[] {
  try {
    return readdirSync(uploadsRoot, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsRoot, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** A real PDF padded (after %%EOF, which readers ignore) to exactly `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const pdf = makePdf("Large document");
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
}

describe("uploads over HTTP (parseMultipart + local store)", () => {
  for (const route of ["/node", "/web"] as const) {
    it(`refuses a 6 MB file against the 5 MB limit after reading about 5 MB, leaving nothing (${route})`, async () => {
      const posting = upload(
        [
          { name: "firstName", value: "Ada" },
          { name: "cv", filename: "big.pdf", content: pdfOfSize(6 * MB) },
        ],
        route,
      );
      const sent = posting.bodySent;
      const response = await posting;
      expect(response.status).toBe(413);
      expect(response.json).toMatchObject({
        code: "too_large",
        message: "File too large: Please upload a file smaller than 5MB.",
        field: "cv",
      });
      // The server stopped reading at the limit (plus a socket chunk or so), not at 6 MB …
      expect(lastRefusal!.readAtRefusal).toBeGreaterThan(LIMIT);
      expect(lastRefusal!.readAtRefusal).toBeLessThan(LIMIT + 0.5 * MB);
      // … and did not resume reading afterwards.
      expect(lastRefusal!.readLater).toBeLessThan(LIMIT + 0.75 * MB);
      expect(filesLeft()).toEqual([]);
      // Once answered, the rest is thrown away unread (discardUnreadRequestBodies): the browser's
      // upload completes instead of hanging on a half-read connection.
      await expect(sent).resolves.toBeUndefined();
      await expect.poll(() => lastRefusal!.bodyDrained, { timeout: 5000 }).toBe(true);
    });
  }

  it("accepts a file of exactly 5 MB", async () => {
    const content = pdfOfSize(LIMIT);
    const response = await upload([{ name: "cv", filename: "exact.pdf", content }]);
    expect(response.status).toBe(200);
    const [file] = response.json.files as { key: string; size: number }[];
    expect(file!.size).toBe(LIMIT);
    // Compare with equals(): a deep toEqual over 5 MB takes minutes.
    expect((await buffer((await store.get(file!.key))!.body)).equals(content)).toBe(true);
  });

  it("refuses an .exe renamed .pdf from its first bytes, leaving nothing", async () => {
    const response = await upload([{ name: "cv", filename: "invoice.pdf", content: makeExe(3 * MB), type: "application/pdf" }]);
    expect(response.status).toBe(415);
    expect(response.json).toMatchObject({
      code: "bad_type",
      message: "Invalid file type: Please upload a PDF, DOC, or DOCX file.",
    });
    expect(lastRefusal!.readAtRefusal).toBeLessThan(1 * MB); // refused early, not after 3 MB
    expect(filesLeft()).toEqual([]);
  });

  it("stores a real PDF, DOCX and DOC under server-made names and reads them back identically", async () => {
    const pdf = makePdf("Curriculum vitae");
    const docx = makeDocx("Insurance certificate");
    const doc = makeDoc();
    const response = await upload(
      [
        { name: "firstName", value: "Ada" },
        { name: "skills", value: "plumbing" },
        { name: "skills", value: "tiling" },
        { name: "cv", filename: "My CV (2026).pdf", content: pdf, type: "text/plain" },
        { name: "documents", filename: "insurance.docx", content: docx },
        { name: "documents", filename: "old-cert.DOC", content: doc },
      ],
      "/web",
    );
    expect(response.status).toBe(200);
    expect(response.json.fields).toEqual({ firstName: "Ada", skills: ["plumbing", "tiling"] });
    const files = response.json.files as { field: string; key: string; originalName: string; contentType: string; size: number }[];
    expect(files.map(({ field, originalName, contentType, size }) => ({ field, originalName, contentType, size }))).toEqual([
      { field: "cv", originalName: "My_CV__2026_.pdf", contentType: "application/pdf", size: pdf.length },
      {
        field: "documents",
        originalName: "insurance.docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        size: docx.length,
      },
      { field: "documents", originalName: "old-cert.DOC", contentType: "application/msword", size: doc.length },
    ]);
    expect(files[0]!.key).toMatch(/^test\/cv\/\d{13}-[0-9a-f]{16}-My_CV__2026_\.pdf$/);
    expect(files[1]!.key).toMatch(/^test\/documents\/\d{13}-[0-9a-f]{16}-insurance\.docx$/);
    for (const [file, bytes] of [
      [files[0]!, pdf],
      [files[1]!, docx],
      [files[2]!, doc],
    ] as const) {
      const stored = await store.get(file.key);
      expect(stored!.contentType).toBe(file.contentType);
      expect(stored!.size).toBe(bytes.length);
      expect(await buffer(stored!.body)).toEqual(bytes);
    }
  });

  it("refuses a .docx that is a plain zip, and removes the files already stored from that request", async () => {
    const response = await upload([
      { name: "cv", filename: "cv.pdf", content: makePdf("stored first") },
      { name: "documents", filename: "photos.docx", content: makeZip({ "photo.txt": "not a word document" }) },
    ]);
    expect(response.status).toBe(415);
    expect(response.json.code).toBe("bad_type");
    expect(filesLeft()).toEqual([]);
  });

  it("refuses too many files, leaving nothing", async () => {
    const pdf = makePdf("one of many");
    const response = await upload(
      ["a", "b", "c", "d"].map((n) => ({ name: "documents", filename: `${n}.pdf`, content: pdf })),
    );
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: "too_many_files", message: "Too many files: Please upload at most 3 files." });
    expect(filesLeft()).toEqual([]);
  });

  it("stores a file named '../../etc/passwd .pdf' safely inside its folder", async () => {
    const pdf = makePdf("traversal attempt");
    const response = await upload([{ name: "cv", filename: "../../etc/passwd .pdf", content: pdf }]);
    expect(response.status).toBe(200);
    const [file] = response.json.files as { key: string; originalName: string }[];
    expect(file!.key).toMatch(/^test\/cv\/\d{13}-[0-9a-f]{16}-[A-Za-z0-9._-]+\.pdf$/);
    expect(file!.key).not.toContain("..");
    expect(file!.originalName).not.toMatch(/[/\\ ]|\.\./);
    expect(filesLeft().filter((f) => !path.basename(f).startsWith("."))).toEqual([file!.key]);
    expect(readdirSync(dir)).toEqual(["uploads"]); // nothing escaped the uploads root
  });

  it("skips an empty file input, and refuses files in unexpected fields, long fields and non-multipart bodies", async () => {
    const empty = await upload([
      { name: "firstName", value: "Ada" },
      { name: "cv", filename: "", content: Buffer.alloc(0) },
    ]);
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ fields: { firstName: "Ada" }, files: [] });

    const wrongField = await upload([{ name: "avatar", filename: "cv.pdf", content: makePdf() }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.json.code).toBe("bad_request");

    const longField = await upload([
      { name: "cv", filename: "cv.pdf", content: makePdf() },
      { name: "coverLetter", value: "x".repeat(5000) },
    ]);
    expect(longField.status).toBe(400);
    expect(longField.json).toMatchObject({ code: "bad_request", message: "Upload failed: A form field is too long." });

    const json = await post("/node", Buffer.from('{"cv":"x"}'), "application/json");
    expect(json.status).toBe(400);
    expect(json.json.code).toBe("bad_request");
    expect(filesLeft()).toEqual([]);
  });

  it("keeps nothing when the browser goes away mid-upload", async () => {
    const { body, contentType } = multipartBody([{ name: "cv", filename: "cv.pdf", content: pdfOfSize(4 * MB) }]);
    const request = http.request(`${baseUrl}/node`, {
      method: "POST",
      headers: { "content-type": contentType, "content-length": body.length },
      agent: false,
    });
    request.on("error", () => undefined);
    request.write(body.subarray(0, 2 * MB));
    await sleep(200);
    request.destroy();
    await expect.poll(() => refusals.length, { timeout: 5000 }).toBe(1);
    expect(refusals[0]).toBeInstanceOf(UploadError);
    expect((refusals[0] as UploadError).code).toBe("bad_request");
    expect(filesLeft()).toEqual([]);
  });

  it("refuses a file with no allowed extension before storing it", async () => {
    const response = await upload([{ name: "cv", filename: "setup.exe", content: makeExe() }]);
    expect(response.status).toBe(415);
    expect(response.json.code).toBe("bad_type");
    expect(filesLeft()).toEqual([]);
  });
});
