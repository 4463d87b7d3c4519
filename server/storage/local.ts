import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertValidStorageKey, InvalidStorageKeyError, type FileStore } from "./store.ts";

/**
 * Files on local disk under `root` (by default `${DATA_DIR}/uploads`), for one machine.
 * Each file is written to a temporary name in its folder and renamed into place, so a reader never
 * sees half a file and a failed upload leaves nothing. Its content type sits beside it in a hidden
 * `.name.meta.json` (keys never start with a dot, so the two cannot collide).
 */
export function createLocalStore(options: { root: string }): FileStore & { root: string } {
  const root = path.resolve(options.root);

  function resolveKey(key: string): string {
    assertValidStorageKey(key);
    const full = path.resolve(root, ...key.split("/"));
    const relative = path.relative(root, full);
    if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) throw new InvalidStorageKeyError(key);
    return full;
  }
  const metaPath = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);
  const tempPath = (file: string) => path.join(path.dirname(file), `.upload-${randomBytes(8).toString("hex")}.tmp`);

  return {
    root,

    async put(key, body, meta) {
      const file = resolveKey(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tempFile = tempPath(file);
      const tempMeta = tempPath(file);
      try {
        if (Buffer.isBuffer(body)) {
          await writeFile(tempFile, body, { flag: "wx", mode: 0o600 });
        } else {
          await pipeline(body, createWriteStream(tempFile, { flags: "wx", mode: 0o600 }));
        }
        if (meta.size !== undefined) {
          const written = (await stat(tempFile)).size;
          if (written !== meta.size) throw new Error(`Stored ${written} bytes for ${key}, expected ${meta.size}`);
        }
        await writeFile(tempMeta, JSON.stringify({ contentType: meta.contentType }), { flag: "wx", mode: 0o600 });
        await rename(tempMeta, metaPath(file));
        await rename(tempFile, file);
      } catch (error) {
        if (!Buffer.isBuffer(body)) body.destroy();
        await Promise.all([rm(tempFile, { force: true }), rm(tempMeta, { force: true })]);
        throw error;
      }
    },

    async get(key) {
      const file = resolveKey(key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      let contentType = "application/octet-stream";
      try {
        const stored = JSON.parse(await readFile(metaPath(file), "utf8")) as { contentType?: unknown };
        if (typeof stored.contentType === "string") contentType = stored.contentType;
      } catch {
        // No metadata: serve as opaque bytes.
      }
      return { body: createReadStream(file), contentType, size: info.size };
    },

    async delete(key) {
      const file = resolveKey(key);
      await rm(file, { force: true });
      await rm(metaPath(file), { force: true });
    },

    async exists(key) {
      const file = resolveKey(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
  };
}
