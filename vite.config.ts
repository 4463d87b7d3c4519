import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompressClientFiles } from "./scripts/precompress-plugin.ts";
import { islandsChunks } from "./scripts/islands-chunks-plugin.ts";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";
import { shellChunks } from "./scripts/shell-chunks-plugin.ts";
import reactRouterConfig from "./react-router.config.ts";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // The SSR build's entry is the composition root (our Express app with the features wired in), which imports the React Router build
  // through a virtual module: one bundle, one instance of every server module.
  // cssTarget is the client's in both builds: root.tsx links app.css by URL from the server build,
  // and the file (hence its hashed name) must be the one the browser bundle names.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/composition-root.server.ts" }, target: "node20", cssTarget: "es2022" }
    : {
        target: "es2022",
        cssTarget: "es2022",
        sourcemap: process.env.BUILD_SOURCEMAP === "1",
      },
  plugins: [
    tailwindcss(),
    reactRouter(),
    islandsChunks({ buildDirectory: reactRouterConfig.buildDirectory ?? "build", client: !isSsrBuild }),
    // The service worker is written before the precompress step, which then compresses it too.
    ...(isSsrBuild ? [] : [shellChunks(), serviceWorker(), precompressClientFiles()]),
  ],
}));
