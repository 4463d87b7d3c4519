import { describe, expect, it } from "vitest";
import { BackupError, libpqConnection, run } from "./archive.ts";

describe("libpqConnection", () => {
  it("keeps the password off the command line: it goes in PGPASSWORD, decoded", () => {
    expect(libpqConnection("postgres://fixit:s%40cret@db.example:5432/fixit?sslmode=require")).toEqual({
      address: "postgres://fixit@db.example:5432/fixit?sslmode=require",
      env: { PGPASSWORD: "s@cret" },
    });
    expect(libpqConnection("postgres://postgres@127.0.0.1:5432/test")).toEqual({ address: "postgres://postgres@127.0.0.1:5432/test", env: {} });
  });
});

describe("run", () => {
  it("says how to get PostgreSQL's tools when one is missing", async () => {
    const missing = run("pg_dump-not-installed", ["--version"]);
    await expect(missing).rejects.toBeInstanceOf(BackupError);
    await expect(missing).rejects.toThrow(/pg_dump-not-installed was not found\. Install PostgreSQL's client tools .*docs\/OPERATIONS\.md "Backup and restore"/);
  });

  it("passes a failed tool's own message on", async () => {
    await expect(run("tar", ["-tzf", "/nonexistent/backup.tar.gz"])).rejects.toThrow(/^tar failed: .*nonexistent/);
  });
});
