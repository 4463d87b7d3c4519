import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

const virtualId = "virtual:fixit/islands-chunks";
const resolvedVirtualId = `\0${virtualId}`;

/**
 * The islands pages' own entry (decision 031), from the client build to the server build.
 * app/islands.client.tsx is an entry of the client build beside React Router's. The client build
 * lists it and every chunk that it and each island import statically, and writes the list beside
 * the build; the server build, made after it, reads the list as `virtual:fixit/islands-chunks`, so
 * that the page preloads them together once it has painted, then imports the entry. Without a
 * client build (development, unit tests) the module is null and no page is served as islands.
 */
export function islandsChunks({ buildDirectory, client }: { buildDirectory: string; client: boolean }): Plugin {
  let listFile = "";
  let base = "/";
  let islandsEntry = "";
  return {
    name: "fixit:islands-chunks",
    configResolved(config) {
      listFile = path.resolve(config.root, buildDirectory, "islands-chunks.json");
      islandsEntry = path.resolve(config.root, "app", "islands.client.tsx");
      base = config.base;
    },
    options(options) {
      if (!client || !Array.isArray(options.input)) return undefined;
      return { ...options, input: [...options.input, islandsEntry] };
    },
    resolveId: (id) => (id === virtualId ? resolvedVirtualId : undefined),
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      if (client || this.environment.mode !== "build") return "export default null;";
      // The client is built first; a server build without its list would serve no islands, silently.
      return `export default ${readFileSync(listFile, "utf8")};`;
    },
    generateBundle(_options, bundle) {
      if (!client) return;
      const entry = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.facadeModuleId === islandsEntry);
      if (!entry) this.error("islands-chunks: no chunk for app/islands.client.tsx");
      const files = new Set<string>();
      const addWithImports = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of (bundle[fileName] as OutputChunk).imports) addWithImports(imported);
      };
      addWithImports(entry.fileName);
      for (const island of entry.dynamicImports) addWithImports(island);
      const url = (fileName: string) => `${base}${fileName}`;
      const list = { entry: url(entry.fileName), preloads: [...files].map(url) };
      mkdirSync(path.dirname(listFile), { recursive: true });
      writeFileSync(listFile, JSON.stringify(list));
    },
  };
}
