import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createFileStore } from "./index.ts";

describe("createFileStore", () => {
  it("uses local disk under DATA_DIR/uploads when no S3 bucket is configured", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-store-choice-"));
    try {
      const store = createFileStore(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32) }));
      expect((store as { root?: string }).root).toBe(path.join(dataDir, "uploads"));
      await store.put("cv/1-a-x.pdf", Buffer.from("%PDF-"), { contentType: "application/pdf" });
      expect(await store.exists("cv/1-a-x.pdf")).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("uses S3 when S3_BUCKET is set (and talks to the configured endpoint)", async () => {
    const config = loadConfig({
      DATA_DIR: tmpdir(),
      SESSION_SECRET: "x".repeat(32),
      S3_BUCKET: "fixit-private",
      S3_ENDPOINT: "http://127.0.0.1:9", // nothing listens on the discard port
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test",
      S3_FORCE_PATH_STYLE: "true",
    });
    const store = createFileStore(config);
    expect((store as { root?: string }).root).toBeUndefined();
    await expect(store.exists("cv/1-a-x.pdf")).rejects.toThrow();
  });
});
