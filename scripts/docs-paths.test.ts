import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every path the docs name in backticks exists, so a moved or deleted file cannot leave the map
 * wrong. The dated decision records are history (they name files as they were) and are left out;
 * their index is checked instead.
 */
const docs = [
  "README.md",
  "docs/ARCHITECTURE.md",
  "docs/OPERATIONS.md",
  "docs/RULES.md",
  "scripts/BENCHMARKS.md",
  "docs/decisions/README.md",
  ...readdirSync("docs/architecture").map((file) => `docs/architecture/${file}`),
  "server/mail/README.md",
  "server/storage/README.md",
];

/** Folders a path in the docs starts from: the repository's own, or app/'s (docs often write `features/x` for `app/features/x`). */
const roots = ["app/", "server/", "tests/", "e2e/", "scripts/", "docs/", "drizzle/", "public/", ".ci/"];
const appFolders = ["routes/", "features/", "components/", "content/", "lib/", "assets/"];
const extensions = ["", ".ts", ".tsx", ".js", ".mjs", ".md", "/index.ts"];

/** The file a backticked name refers to, or null when it is not a path (a URL, a command, a glob, code). */
export function pathOf(name: string): string | null {
  if (/[\s*<>{}|…]/.test(name) || name.includes("(") || name.startsWith("/")) return null;
  const target = name.replace(/^~\//, "app/").replace(/^#server\//, "server/").replace(/^#tests\//, "tests/");
  if (roots.some((root) => target.startsWith(root))) return target;
  if (appFolders.some((folder) => target.startsWith(folder))) return `app/${target}`;
  return null;
}

const exists = (target: string) => extensions.some((ext) => existsSync(path.resolve(target.replace(/\/$/, "") + ext)));

describe("paths named in the docs", () => {
  it.each(docs)("%s names only files that exist", (doc) => {
    const names = [...readFileSync(doc, "utf8").matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
    const missing = names.map(pathOf).filter((target): target is string => target !== null && !exists(target));
    expect(missing).toEqual([]);
  });

  it("reads the names it should (and skips URLs, globs and code)", () => {
    expect(pathOf("server/app.ts")).toBe("server/app.ts");
    expect(pathOf("~/lib/zod")).toBe("app/lib/zod");
    expect(pathOf("features/account/account.server.ts")).toBe("app/features/account/account.server.ts");
    expect(pathOf("#server/mail/outbox.ts")).toBe("server/mail/outbox.ts");
    expect(pathOf("/api/payments/stripe-webhook")).toBeNull();
    expect(pathOf("app/routes/staff*.tsx")).toBeNull();
    expect(pathOf("npm run bench")).toBeNull();
    expect(exists("server/no-such-file.ts")).toBe(false);
  });

  it("the decision index lists every record", () => {
    const index = readFileSync("docs/decisions/README.md", "utf8");
    const records = readdirSync("docs/decisions").filter((file) => /^\d{3}-.*\.md$/.test(file));
    expect(records.filter((file) => !index.includes(`](${file})`))).toEqual([]);
  });
});
