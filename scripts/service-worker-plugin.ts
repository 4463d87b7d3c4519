import { createHash } from "node:crypto";
import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build, type Plugin } from "vite";

/** The worker's source: app/features/pwa/service-worker.ts (decision 073). */
const workerEntry = path.resolve(import.meta.dirname, "../app/features/pwa/service-worker.ts");
/** The page's side, imported when the page is idle: app/features/pwa/app-start.ts, built as /app-start.js. */
const appStartEntry = path.resolve(import.meta.dirname, "../app/features/pwa/app-start.ts");

/** What the worker precaches: Vite's hashed scripts and stylesheets, and the self-hosted font. */
export const precachePatterns = ["assets/**/*.{js,css,woff2}"];
const precached = /\.(js|css|woff2)$/;

/**
 * Builds the service worker into the client build as /sw.js, at the end of the client build, so
 * that `react-router build` (npm run build, and `npm start`'s rebuild) always writes one that
 * matches its assets: the worker is bundled on its own (one classic script, Serwist inlined), then
 * @serwist/build's injectManifest writes the list of files to precache into it. Runs before the
 * precompress plugin's closeBundle, which then writes its .br and .gz copies.
 */
export function serviceWorker(): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "fixit:service-worker",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const tmp = await mkdtemp(path.join(tmpdir(), "fixit-sw-"));
      try {
        // The build's id: the hashed asset names, so that a build with the same assets keeps its pages cache.
        const assets = (await readdir(path.join(outDir, "assets"), { recursive: true, encoding: "utf8" })).filter((file) => precached.test(file)).sort();
        const buildId = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);
        const bundle = (entry: string, fileName: string) =>
          build({
            configFile: false,
            root,
            logLevel: "warn",
            resolve: { alias: { "~": path.resolve(root, "app") } },
            // Serwist's development logging and messages drop out in production.
            define: { __FIXIT_BUILD__: JSON.stringify(buildId), "process.env.NODE_ENV": JSON.stringify("production") },
            build: {
              outDir: tmp,
              emptyOutDir: false,
              target: "es2022",
              minify: true,
              copyPublicDir: false,
              lib: { entry, formats: ["iife"], name: "fixitServiceWorker", fileName: () => fileName },
            },
          });
        // Each one self-contained file: the worker a classic script (Serwist inlined); the page's start
        // is imported (as a module, which a self-running function is too) by the page's inline script.
        await bundle(workerEntry, "sw.js");
        await bundle(appStartEntry, "app-start.js");
        await copyFile(path.join(tmp, "app-start.js"), path.join(outDir, "app-start.js"));
        const { count, size, warnings } = await injectManifest({
          swSrc: path.join(tmp, "sw.js"),
          swDest: path.join(outDir, "sw.js"),
          globDirectory: outDir,
          globPatterns: precachePatterns,
          // Hashed names need no revision of their own.
          dontCacheBustURLsMatching: /^assets\//,
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        });
        for (const warning of warnings) this.warn(warning);
        const worker = await readFile(path.join(outDir, "sw.js"));
        this.info?.(`service worker: ${worker.length} bytes, precaching ${count} files (${Math.round(size / 1024)} KB)`);
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
  };
}
