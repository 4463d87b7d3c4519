import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer check (`npm run check:layers`: dependency-cruiser with .dependency-cruiser.mjs, decision
 * 088) run on a small tree of its own: each import against the order, a type-only one included, and
 * a circle is reported, and the imports that follow the order are not. The real tree is checked by
 * `npm test`'s "layers" step.
 */
const config = path.resolve(".dependency-cruiser.mjs");
const cli = path.resolve("node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

/** A tree shaped like the app, with real feature names (the rules read featureImports): path → source. */
const tree: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"], "#server/*": ["./server/*"] }, moduleResolution: "bundler", allowImportingTsExtensions: true, jsx: "react-jsx" },
  }),
  // In order: a route uses a feature and the composition root's types; the root wires a feature into the server.
  "app/routes/home.tsx": `import { vipStatus } from "~/features/vip/vip.server.ts";\nimport type { AppServices } from "~/app-services.server.ts";\nexport const page = (s: AppServices) => vipStatus(s);\n`,
  "app/app-services.server.ts": `import type { Auth } from "~/features/auth/auth.server.ts";\nexport type AppServices = { auth: Auth };\n`,
  "app/composition-root.server.ts": `import { startServer } from "#server/app.ts";\nimport { createAuth } from "~/features/auth/auth.server.ts";\nexport const start = () => startServer(createAuth);\n`,
  // A feature uses a feature its table names (vip → auth), components, lib, content and server/.
  "app/features/auth/auth.server.ts": `import { loadConfig } from "#server/config.ts";\nimport { cn } from "~/lib/utils.ts";\nexport const createAuth = () => ({ config: loadConfig(), cn });\nexport type Auth = ReturnType<typeof createAuth>;\n`,
  "app/features/vip/vip.server.ts": `import type { Auth } from "~/features/auth/auth.server.ts";\nimport { Button } from "~/components/ui/button.tsx";\nexport const vipStatus = (s: { auth: Auth }) => [s, Button];\n`,
  "app/components/ui/button.tsx": `import { cn } from "~/lib/utils.ts";\nexport const Button = () => cn();\n`,
  "app/lib/utils.ts": `import { company } from "~/content/company.ts";\nexport const cn = () => company;\n`,
  "app/content/company.ts": `export const company = "FixiT";\n`,
  "server/config.ts": `export const loadConfig = () => ({});\n`,
  "server/app.ts": `import { loadConfig } from "./config.ts";\nexport const startServer = (f: unknown) => [f, loadConfig()];\n`,

  // Against the order:
  // a feature importing the composition root's types (type-only) and a route;
  "app/features/vip/services.server.ts": `import type { AppServices } from "~/app-services.server.ts";\nexport type VipDeps = Pick<AppServices, "auth">;\n`,
  "app/features/vip/back-link.ts": `export { page } from "~/routes/home.tsx";\n`,
  // a feature importing one its table does not name (auth imports no feature), and a module at app/features/'s top level;
  "app/features/auth/roles.server.ts": `import { vipStatus } from "~/features/vip/vip.server.ts";\nimport type { Shared } from "~/features/shared.server.ts";\nexport const roles: Shared = vipStatus;\n`,
  "app/features/shared.server.ts": `export type Shared = unknown;\n`,
  // server/ importing app/, by alias with a type-only import and by a relative path;
  "server/jobs.ts": `import type { Auth } from "~/features/auth/auth.server.ts";\nimport { company } from "../app/content/company.ts";\nexport const job = (a: Auth) => [a, company];\n`,
  // components, lib and content importing up;
  "app/components/layout/header.tsx": `import { vipStatus } from "~/features/vip/vip.server.ts";\nexport const Header = vipStatus;\n`,
  "app/lib/format.ts": `import { Button } from "~/components/ui/button.tsx";\nexport const format = Button;\n`,
  "app/content/prices.ts": `import { cn } from "~/lib/utils.ts";\nexport const prices = cn;\n`,
  // and a circle.
  "server/queue.ts": `import { worker } from "./worker.ts";\nexport const queue = () => worker;\n`,
  "server/worker.ts": `import { queue } from "./queue.ts";\nexport const worker = () => queue;\n`,
};

type Violation = { rule: { name: string }; from: string; to: string };

let root: string;
let violations: string[];
let typeOnly: string[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "fixit-layers-"));
  for (const [file, source] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  // The check exits with the number of violations: the report is read either way.
  const { stdout } = await promisify(execFile)(process.execPath, [cli, "app", "server", "--config", config, "--output-type", "json"], { cwd: root }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] }; modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[] };
  violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  typeOnly = result.modules.flatMap((m) => m.dependencies.filter((d) => d.dependencyTypes.includes("type-only")).map((d) => `${m.source} → ${d.resolved}`));
}, 30_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the layer check (.dependency-cruiser.mjs)", () => {
  it("reports every import against the order and the circle, and nothing else", () => {
    expect(violations).toEqual(
      [
        "feature-imports-no-top: app/features/vip/services.server.ts → app/app-services.server.ts",
        "feature-imports-no-top: app/features/vip/back-link.ts → app/routes/home.tsx",
        "feature-auth-imports-only-its-table: app/features/auth/roles.server.ts → app/features/vip/vip.server.ts",
        "feature-auth-imports-only-its-table: app/features/auth/roles.server.ts → app/features/shared.server.ts",
        "server-imports-no-app: server/jobs.ts → app/features/auth/auth.server.ts",
        "server-imports-no-app: server/jobs.ts → app/content/company.ts",
        "components-import-no-higher: app/components/layout/header.tsx → app/features/vip/vip.server.ts",
        "lib-imports-no-higher: app/lib/format.ts → app/components/ui/button.tsx",
        "content-imports-only-content: app/content/prices.ts → app/lib/utils.ts",
        // A circle is reported once, at the edge that closes it.
        "no-circular: server/queue.ts → server/worker.ts",
      ].sort(),
    );
  });

  it("counts type-only imports as edges (a type declared above is still a dependency on the layer above)", () => {
    expect(typeOnly).toEqual(expect.arrayContaining(["app/features/vip/services.server.ts → app/app-services.server.ts", "server/jobs.ts → app/features/auth/auth.server.ts"]));
  });
});
