import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Plugin, Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

const virtualId = "virtual:fixit/islands-chunks";
const resolvedVirtualId = `\0${virtualId}`;
/** Modules the shell loads only for a signed-in visitor, who never gets an islands page. */
const signedInOnly = [path.join("components", "layout", "sign-out-button.tsx")];

/**
 * The islands pages' own entry (decision 031), from the client build to the server build.
 * app/islands.client.tsx is an entry of the client build beside React Router's. The client build
 * lists it and every chunk it imports statically, and for each island (by name) the further
 * chunks that island's modules need; it writes the lists beside the build. The server build, made
 * after it, reads them as `virtual:fixit/islands-chunks`, so that a page, once it has painted,
 * preloads together the entry's chunks and those of the islands it holds (decision 037), then
 * imports the entry. Without a client build (development, unit tests) the module is null and no
 * page is served as islands.
 */
export function islandsChunks({ buildDirectory, client }: { buildDirectory: string; client: boolean }): Plugin {
  let listFile = "";
  let base = "/";
  let islandsEntry = "";
  let searchBeforeReactEntry = "";
  return {
    name: "fixit:islands-chunks",
    configResolved(config) {
      listFile = path.resolve(config.root, buildDirectory, "islands-chunks.json");
      islandsEntry = path.resolve(config.root, "app", "islands.client.tsx");
      searchBeforeReactEntry = path.resolve(config.root, "app", "features", "search", "search-before-react.client.ts");
      base = config.base;
    },
    options(options) {
      if (!client || !Array.isArray(options.input)) return undefined;
      return { ...options, input: [...options.input, islandsEntry, searchBeforeReactEntry] };
    },
    resolveId: (id) => (id === virtualId ? resolvedVirtualId : undefined),
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      if (client || this.environment.mode !== "build") return "export default null;";
      // The client is built first; a server build without its list would serve no islands, silently.
      return `export default ${readFileSync(listFile, "utf8")};`;
    },
    async generateBundle(_options, bundle) {
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
      const common = [...files];
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
      const islands: Record<string, string[]> = {};
      for (const [name, specifiers] of islandImports(readFileSync(islandsEntry, "utf8"))) {
        files.clear();
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, islandsEntry);
          const chunk = resolved && chunks.find((candidate) => candidate.moduleIds.includes(resolved.id));
          if (!chunk) this.error(`islands-chunks: no chunk holds ${specifier}, imported by the island ${name}`);
          addWithImports(chunk.fileName);
        }
        islands[name] = [...files].filter((file) => !common.includes(file));
      }
      if (Object.keys(islands).length === 0) this.error("islands-chunks: found no island in app/islands.client.tsx");
      // Nothing an island can load, now or later (a card opened on hover), may need React Router:
      // it would throw outside the router, and load the router chunk.
      const router = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.name === "router");
      const react = Object.values(bundle).find((output): output is OutputChunk => output.type === "chunk" && output.name === "react");
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
      // The site search's answer before React (decision 041): a small entry of its own, without React.
      const searchBeforeReact = Object.values(bundle).find(
        (output): output is OutputChunk => output.type === "chunk" && output.facadeModuleId === searchBeforeReactEntry,
      );
      if (!searchBeforeReact) this.error("islands-chunks: no chunk for app/features/search/search-before-react.client.ts");
      files.clear();
      addWithImports(searchBeforeReact.fileName);
      if (react && files.has(react.fileName)) this.error("islands-chunks: the search's answer before React imports React");
      const searchFiles = [...files];
      const url = (fileName: string) => `${base}${fileName}`;
      const list = {
        entry: url(entry.fileName),
        preloads: common.map(url),
        searchBeforeReact: { entry: url(searchBeforeReact.fileName), preloads: searchFiles.map(url) },
        islands: Object.fromEntries(Object.entries(islands).map(([name, list]) => [name, list.map(url)])),
      };
      mkdirSync(path.dirname(listFile), { recursive: true });
      writeFileSync(listFile, JSON.stringify(list));
    },
  };
}

/**
 * Each island's name in app/islands.client.tsx's `islands` table, with the modules its loader
 * imports (`"site-header": () => import("~/components/layout/header")…`), read with TypeScript's
 * parser so that the table stays the one place an island is named.
 */
export function islandImports(source: string): Map<string, string[]> {
  const file = ts.createSourceFile("islands.client.tsx", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const islands = new Map<string, string[]>();
  const importsIn = (node: ts.Node, found: string[]): string[] => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    // forEachChild stops at a callback's first truthy result: return nothing.
    ts.forEachChild(node, (child) => void importsIn(child, found));
    return found;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "islands" && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !(ts.isStringLiteral(property.name) || ts.isIdentifier(property.name))) continue;
        islands.set(property.name.text, importsIn(property.initializer, []));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return islands;
}
