import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { islandImports } from "./islands-chunks-plugin.ts";

describe("islandImports", () => {
  it("reads each island's name and the modules its loader imports from the islands table", () => {
    const source = `
      import { startTransition } from "react";
      const islands: Record<IslandName, () => Promise<ReactElement>> = {
        "site-header": () => import("~/components/layout/header").then(({ Header }) => <Header />),
        "site-footer": () => Promise.all([import("./footer"), import("./consent")]).then(() => <Footer />),
        plain: async () => (await import("./plain")).Plain,
      };
      const other = { "not-an-island": () => import("./elsewhere") };
    `;
    expect(islandImports(source)).toEqual(
      new Map([
        ["site-header", ["~/components/layout/header"]],
        ["site-footer", ["./footer", "./consent"]],
        ["plain", ["./plain"]],
      ]),
    );
  });

  it("finds every island of app/islands.client.tsx, each with a module to load", () => {
    const islands = islandImports(readFileSync(new URL("../app/islands.client.tsx", import.meta.url), "utf8"));
    const declared = /export type IslandName =([^;]+);/.exec(readFileSync(new URL("../app/lib/islands/islands.ts", import.meta.url), "utf8"))?.[1] ?? "";
    const names = [...declared.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
    expect([...islands.keys()].sort()).toEqual(names.sort());
    for (const [name, modules] of islands) expect(modules.length, name).toBeGreaterThan(0);
  });
});
