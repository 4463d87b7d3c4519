import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations
import { buildIsCurrent, sourceFingerprint, stampPath } from "./build-stamp.mjs";

const root = mkdtempSync(path.join(tmpdir(), "build-stamp-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's build stamp", () => {
  it("is current after a stamp, and a changed, added or newer source makes it stale", () => {
    mkdirSync(path.join(root, "app"), { recursive: true });
    mkdirSync(path.join(root, "build", "server"), { recursive: true });
    writeFileSync(path.join(root, "build", "server", "index.js"), "");
    writeFileSync(path.join(root, "app", "root.tsx"), "export {}");
    writeFileSync(path.join(root, "package.json"), "{}");
    expect(buildIsCurrent(root, "build")).toBe(false); // never stamped

    const stamp = () => writeFileSync(stampPath(root, "build"), sourceFingerprint(root));
    stamp();
    expect(buildIsCurrent(root, "build")).toBe(true);

    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, "app", "root.tsx"), later, later);
    expect(buildIsCurrent(root, "build")).toBe(false);
    stamp();
    writeFileSync(path.join(root, "app", "new-page.tsx"), "export {}");
    expect(buildIsCurrent(root, "build")).toBe(false);
    stamp();
    writeFileSync(path.join(root, "app", "thing.test.ts"), "// tests are not build inputs");
    expect(buildIsCurrent(root, "build")).toBe(true);
  });
});
