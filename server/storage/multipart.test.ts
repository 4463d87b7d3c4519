import { describe, expect, it } from "vitest";
import { MultipartRefusal, readMultipart, type ReadMultipartOptions } from "./multipart.ts";

const limits = { maxFileBytes: 10, maxFiles: 2, maxFieldBytes: 20, maxFields: 3, fileFields: ["photos"] };

function formRequest(fill: (form: FormData) => void) {
  const form = new FormData();
  fill(form);
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

/** Reads each file as text; records what was discarded. */
function textFiles(discarded: string[][]): Pick<ReadMultipartOptions<string>, "onFile" | "discard"> {
  return {
    onFile: async ({ stream }) => {
      let text = "";
      for await (const chunk of stream) text += String(chunk);
      return text;
    },
    discard: async (results) => {
      discarded.push(results);
    },
  };
}

describe("readMultipart", () => {
  it("reads the fields and hands each non-empty file to onFile, in the order sent", async () => {
    const request = formRequest((form) => {
      form.append("title", "Leak");
      form.append("photos", new Blob(["one"]), "a.jpg");
      form.append("photos", new Blob([]), "");
      form.append("photos", new Blob(["two"]), "b.jpg");
    });
    const discarded: string[][] = [];
    await expect(readMultipart(request, { ...limits, ...textFiles(discarded) })).resolves.toEqual({ fields: { title: "Leak" }, files: ["one", "two"] });
    expect(discarded).toEqual([]);
  });

  it("refuses more parts than the fields and files allowed, and discards what was kept", async () => {
    const request = formRequest((form) => {
      form.append("photos", new Blob(["one"]), "a.jpg");
      for (let i = 0; i < 10; i++) form.append(`f${i}`, "x");
    });
    const discarded: string[][] = [];
    const error = await readMultipart(request, { ...limits, ...textFiles(discarded) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MultipartRefusal);
    expect((error as MultipartRefusal).reason).toBe("too_many_fields");
    expect(discarded).toEqual([["one"]]);
  });

  it("refuses a file over its limit, naming it, and words the refusal with the fields read so far", async () => {
    const request = formRequest((form) => {
      form.append("title", "Leak");
      form.append("photos", new Blob(["far too many bytes"]), "big.jpg");
    });
    const error = await readMultipart(request, { ...limits, ...textFiles([]), refusal: (e, fields) => ({ e, fields }) }).catch((e: unknown) => e);
    const { e, fields } = error as { e: MultipartRefusal; fields: unknown };
    expect(e.reason).toBe("file_too_large");
    expect(e.details.fileName).toBe("big.jpg");
    expect(fields).toEqual({ title: "Leak" });
  });

  it("refuses a file in a field that takes none, and a handler's own rejection", async () => {
    const wrongField = formRequest((form) => form.append("cv", new Blob(["x"]), "x.pdf"));
    await expect(readMultipart(wrongField, { ...limits, ...textFiles([]) })).rejects.toMatchObject({ reason: "file_field", details: { field: "cv" } });
    const refusedByHandler = formRequest((form) => form.append("photos", new Blob(["x"]), "x.gif"));
    await expect(readMultipart(refusedByHandler, { ...limits, onFile: () => Promise.reject(new Error("not a photo")), discard: async () => undefined })).rejects.toThrow("not a photo");
  });

  it("refuses a body that is not multipart", async () => {
    const request = new Request("http://localhost/upload", { method: "POST", body: "a=1", headers: { "content-type": "text/plain" } });
    await expect(readMultipart(request, { ...limits, ...textFiles([]) })).rejects.toMatchObject({ reason: "not_multipart" });
  });
});
