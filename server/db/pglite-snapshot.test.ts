import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, pgliteOptions, type Database } from "./client.ts";
import { memorySnapshotFile, readMemorySnapshot, saveMemorySnapshot } from "./pglite-snapshot.ts";

const work = mkdtempSync(path.join(tmpdir(), "fixit-snapshot-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project folder with a PGlite package.json and two migrations. */
function project(name: string) {
  const cwd = path.join(work, name);
  mkdirSync(path.join(cwd, "node_modules/@electric-sql/pglite"), { recursive: true });
  mkdirSync(path.join(cwd, "drizzle/meta"), { recursive: true });
  writeFileSync(path.join(cwd, "node_modules/@electric-sql/pglite/package.json"), '{"version":"0.4.6"}');
  writeFileSync(path.join(cwd, "drizzle/0000_a.sql"), "create table a (id int);");
  writeFileSync(path.join(cwd, "drizzle/0001_b.sql"), "create table b (id int);");
  writeFileSync(path.join(cwd, "drizzle/meta/_journal.json"), '{"entries":[]}');
  return { cwd, migrations: path.join(cwd, "drizzle") };
}

describe("the memory:// snapshot's name", () => {
  it("lives in node_modules/.cache and changes with a migration, the PGlite version and the start options, and only then", () => {
    const { cwd, migrations } = project("names");
    const options = { database: "template1" };
    const first = memorySnapshotFile(options, migrations, cwd);
    expect(first).toMatch(new RegExp(`^${cwd}/node_modules/.cache/fixit/pglite-[0-9a-f]{16}\\.tar$`));
    expect(memorySnapshotFile({ database: "template1" }, migrations, cwd)).toBe(first);

    writeFileSync(path.join(migrations, "0001_b.sql"), "create table b (id bigint);");
    const changedMigration = memorySnapshotFile(options, migrations, cwd);
    expect(changedMigration).not.toBe(first);
    writeFileSync(path.join(migrations, "0002_c.sql"), "create table c (id int);");
    const newMigration = memorySnapshotFile(options, migrations, cwd);
    expect(newMigration).not.toBe(changedMigration);
    writeFileSync(path.join(cwd, "node_modules/@electric-sql/pglite/package.json"), '{"version":"0.4.7"}');
    const newPglite = memorySnapshotFile(options, migrations, cwd);
    expect(newPglite).not.toBe(newMigration);
    expect(memorySnapshotFile({ database: "postgres" }, migrations, cwd)).not.toBe(newPglite);
  });

  it("is none when the project has no PGlite package or no migrations folder (the database then runs initdb)", () => {
    expect(memorySnapshotFile({}, path.join(work, "nowhere"), path.join(work, "nowhere"))).toBeNull();
    expect(readMemorySnapshot(null)).toBeUndefined();
    expect(readMemorySnapshot(path.join(work, "missing.tar"))).toBeUndefined();
  });
});

describe("a saved snapshot", () => {
  it("starts a new database with what the snapshot held, and leaves no partial file", async () => {
    const file = path.join(work, "saved", "snapshot.tar");
    const original = await PGlite.create();
    await original.exec("create table marker (note text); insert into marker values ('from the snapshot')");
    await saveMemorySnapshot(original, file);
    await original.close();
    expect(readdirSync(path.dirname(file))).toEqual(["snapshot.tar"]);

    const copy = await PGlite.create({ loadDataDir: readMemorySnapshot(file) });
    try {
      expect((await copy.query("select note from marker")).rows).toEqual([{ note: "from the snapshot" }]);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it("that cannot be written (its folder cannot be made) is skipped without an error", async () => {
    const blocker = path.join(work, "a-file");
    writeFileSync(blocker, "not a folder");
    const database = await PGlite.create();
    try {
      await expect(saveMemorySnapshot(database, path.join(blocker, "snapshot.tar"))).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
    expect(readMemorySnapshot(path.join(blocker, "snapshot.tar"))).toBeUndefined();
  }, 120_000);
});

describe("memory:// databases", () => {
  const rowsOf = async (database: Database, query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

  it("are migrated and empty each time, whether they ran initdb or started from the snapshot the first one left", async () => {
    const file = memorySnapshotFile(pgliteOptions(PGlite.defaultStartParams), migrationsFolder);
    for (let round = 0; round < 2; round++) {
      const database = await openDatabase({ database: { kind: "pglite", dir: null } });
      try {
        expect(await rowsOf(database, "select count(*)::int as n from contact_submissions")).toEqual([{ n: 0 }]);
        await database.db.execute(sql`insert into contact_submissions (name, email, subject, message, data) values ('Ann', 'ann@example.com', 'Help Center Inquiry', 'only here', '{}')`);
      } finally {
        await database.close();
      }
      expect(existsSync(file!)).toBe(true);
    }
    // The snapshot itself holds the migrated schema (so later databases skip the migrations' work).
    const raw = await PGlite.create({ database: "template1", loadDataDir: readMemorySnapshot(file) });
    try {
      expect((await raw.query("select to_regclass('contact_submissions') is not null as migrated")).rows).toEqual([{ migrated: true }]);
    } finally {
      await raw.close();
    }
  }, 120_000);
});
