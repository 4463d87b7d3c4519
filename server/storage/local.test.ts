import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStore } from "./local.ts";
import { InvalidStorageKeyError } from "./store.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "fixit-local-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const filesUnder = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

describe("local file store", () => {
  it("stores a buffer and a stream, reads them back with type and size, deletes them", async () => {
    const store = createLocalStore({ root: path.join(dir, "uploads") });
    await store.put("cv/1-a-one.pdf", Buffer.from("%PDF-one"), { contentType: "application/pdf" });
    await store.put("cv/2-b-two.doc", Readable.from([Buffer.from("chunk1-"), Buffer.from("chunk2")]), {
      contentType: "application/msword",
    });

    const one = await store.get("cv/1-a-one.pdf");
    expect(one).toMatchObject({ contentType: "application/pdf", size: 8 });
    expect(await text(one!.body)).toBe("%PDF-one");
    const two = await store.get("cv/2-b-two.doc");
    expect(two).toMatchObject({ contentType: "application/msword", size: 13 });
    expect(await text(two!.body)).toBe("chunk1-chunk2");
    expect(await store.exists("cv/1-a-one.pdf")).toBe(true);

    await store.delete("cv/1-a-one.pdf");
    await store.delete("cv/2-b-two.doc");
    await store.delete("cv/never-stored.pdf"); // deleting nothing is fine
    expect(await store.get("cv/1-a-one.pdf")).toBeNull();
    expect(await store.exists("cv/2-b-two.doc")).toBe(false);
    expect(filesUnder(store.root)).toEqual([]);
  });

  it("leaves nothing, not even a temp file, when the body stream fails", async () => {
    const store = createLocalStore({ root: dir });
    const failing = new Readable({ read() {} });
    const put = store.put("cv/3-c-broken.pdf", failing, { contentType: "application/pdf" });
    failing.push(Buffer.alloc(10_000, 1));
    setTimeout(() => failing.destroy(new Error("client went away")), 20);
    await expect(put).rejects.toThrow("client went away");
    expect(await store.exists("cv/3-c-broken.pdf")).toBe(false);
    expect(filesUnder(dir)).toEqual([]);
  });

  it("rejects a declared size that does not match and stores nothing", async () => {
    const store = createLocalStore({ root: dir });
    await expect(
      store.put("cv/4-d-x.pdf", Readable.from([Buffer.from("abc")]), { contentType: "application/pdf", size: 10 }),
    ).rejects.toThrow(/expected 10/);
    expect(filesUnder(dir)).toEqual([]);
  });

  it("refuses keys that would resolve outside its root", async () => {
    const store = createLocalStore({ root: path.join(dir, "uploads") });
    for (const key of ["../outside.pdf", "cv/../../outside.pdf", "/etc/passwd", "cv/.meta", ""]) {
      await expect(store.put(key, Buffer.from("x"), { contentType: "text/plain" }), key).rejects.toThrow(
        InvalidStorageKeyError,
      );
      await expect(store.get(key), key).rejects.toThrow(InvalidStorageKeyError);
    }
    expect(filesUnder(dir)).toEqual([]);
  });
});
