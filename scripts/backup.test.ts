import { describe, expect, it } from "vitest";
import { defaultBackupName, parseBackupArgs } from "./backup.ts";
import { parseRestoreArgs } from "./restore.ts";

describe("npm run backup -- [file]", () => {
  it("writes to the file given, or to fixit-<date>.tar.gz", () => {
    expect(parseBackupArgs(["nightly.tar.gz"])).toEqual({ file: "nightly.tar.gz" });
    expect(defaultBackupName(new Date("2026-11-29T23:30:00Z"))).toBe("fixit-2026-11-29.tar.gz");
    expect(parseBackupArgs([])).toEqual({ file: defaultBackupName() });
  });

  it("refuses options and more than one file", () => {
    expect(parseBackupArgs(["--data-dir", "x"])).toBeNull();
    expect(parseBackupArgs(["a.tar.gz", "b.tar.gz"])).toBeNull();
  });
});

describe("npm run restore -- <file> --data-dir <folder> [--database-url <url>]", () => {
  it("reads the archive, the data folder and the database in any order", () => {
    expect(parseRestoreArgs(["b.tar.gz", "--data-dir", "new"])).toEqual({ archive: "b.tar.gz", dataDir: "new" });
    expect(parseRestoreArgs(["--database-url", "postgres://h/db", "b.tar.gz", "--data-dir", "new"])).toEqual({ archive: "b.tar.gz", dataDir: "new", databaseUrl: "postgres://h/db" });
  });

  it("needs both the archive and the data folder, and nothing else", () => {
    expect(parseRestoreArgs(["b.tar.gz"])).toBeNull();
    expect(parseRestoreArgs(["--data-dir", "new"])).toBeNull();
    expect(parseRestoreArgs(["b.tar.gz", "--data-dir"])).toBeNull();
    expect(parseRestoreArgs(["b.tar.gz", "--data-dir", "--database-url", "x"])).toBeNull();
    expect(parseRestoreArgs(["b.tar.gz", "c.tar.gz", "--data-dir", "new"])).toBeNull();
    expect(parseRestoreArgs(["b.tar.gz", "--data-dir", "new", "--force"])).toBeNull();
  });
});
