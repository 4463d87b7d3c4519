import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { staticFileSet } from "./static-files";

const dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("staticFileSet", () => {
  it("lists the URL path of every file, nested ones included, and nothing else", () => {
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(dir, "assets", "entry.client-abc.js"), "");
    const files = staticFileSet(dir);
    expect(files.has("/favicon.svg")).toBe(true);
    expect(files.has("/assets/entry.client-abc.js")).toBe(true);
    expect(files.has("/about")).toBe(false);
    expect(files.has("/assets/missing.js")).toBe(false);
  });

  it("is empty when there is no client build", () => {
    expect(staticFileSet(path.join(dir, "nope")).size).toBe(0);
  });
});
