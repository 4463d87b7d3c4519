import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { precompressedEncoding, staticFileSet } from "./static-files";

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

describe("precompressedEncoding", () => {
  const request = (path: string, acceptEncoding: string) => ({ path, headers: { "accept-encoding": acceptEncoding } });
  const files = new Set(["/assets/a.js", "/assets/a.js.br", "/assets/a.js.gz", "/assets/b.js", "/assets/b.js.gz", "/og-image.png"]);

  it("prefers the brotli copy, then gzip, when the browser accepts them", () => {
    expect(precompressedEncoding(request("/assets/a.js", "br, gzip"), files)?.suffix).toBe(".br");
    // Chrome's header lists gzip first; brotli still wins when both are rated alike.
    expect(precompressedEncoding(request("/assets/a.js", "gzip, deflate, br, zstd"), files)?.suffix).toBe(".br");
    expect(precompressedEncoding(request("/assets/a.js", "gzip"), files)?.suffix).toBe(".gz");
    expect(precompressedEncoding(request("/assets/a.js", "br;q=0.5, gzip"), files)?.suffix).toBe(".gz");
    expect(precompressedEncoding(request("/assets/b.js", "gzip, deflate, br, zstd"), files)?.name).toBe("gzip");
  });

  it("sends the file as it is when there is no copy or the browser accepts none", () => {
    expect(precompressedEncoding(request("/og-image.png", "br, gzip"), files)).toBeUndefined();
    expect(precompressedEncoding(request("/assets/a.js", "identity"), files)).toBeUndefined();
    expect(precompressedEncoding(request("/assets/a.js", "deflate"), files)).toBeUndefined();
  });
});
