import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

const virtualId = "virtual:fixit/islands-chunks";
const resolvedVirtualId = `\0${virtualId}`;
/** Modules the shell loads only for a signed-in visitor, who never gets an islands page. */
const signedInOnly = [path.join("components", "layout", "sign-out-button.tsx")];

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
      // Nothing an island can load, now or later (a card opened on hover), may need React Router:
      // it would throw outside the router, and load the router chunk.
      const router = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.name === "router");
      const reached = new Map<string, string[]>([[entry.fileName, [entry.fileName]]]);
      const queue = [entry.fileName];
      while (router && queue.length > 0) {
        const fileName = queue.shift()!;
        const chunk = bundle[fileName] as OutputChunk;
        const via = reached.get(fileName)!;
        if (chunk.imports.includes(router.fileName)) this.error(`islands-chunks: ${via.join(" → ")} imports React Router; use ~/lib/routing (decision 031)`);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
          const nextChunk = bundle[next] as OutputChunk;
          if (reached.has(next) || signedInOnly.some((file) => nextChunk.facadeModuleId?.endsWith(file))) continue;
          reached.set(next, [...via, next]);
          queue.push(next);
        }
      }
      const url = (fileName: string) => `${base}${fileName}`;
      const list = { entry: url(entry.fileName), preloads: [...files].map(url) };
      mkdirSync(path.dirname(listFile), { recursive: true });
      writeFileSync(listFile, JSON.stringify(list));
    },
  };
}
