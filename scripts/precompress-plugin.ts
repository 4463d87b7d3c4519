import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible client file once, at build time,
 * so the server sends static files without compressing them again per request (server/http/static-files.ts).
 * A compressed copy is kept only when it is smaller than the file.
 */
export function precompressClientFiles(): Plugin {
  let outDir = "";
  return {
    name: "fixit:precompress-client-files",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, encoding: "utf8" });
      await Promise.all(
        entries
          .filter((entry) => compressible.test(entry))
          .map(async (entry) => {
            const file = path.join(outDir, entry);
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gzipAsync(source, { level: 9 }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}
