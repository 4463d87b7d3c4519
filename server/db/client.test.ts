import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { PGlite } from "@electric-sql/pglite";
import { PGlite as PGlite03 } from "pglite-0.3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.ts";

// The embedded database on disk: a folder the server creates, and one an older release wrote.
const work = mkdtempSync(path.join(tmpdir(), "fixit-pglite-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rowsOf = async (database: Database, query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

describe("the PGlite folder", () => {
  it("is created on the first start, keeps what was written, and runs with 16 MB of shared buffers", async () => {
    const dir = path.join(work, "fresh", "pglite");
    const first = await openDatabase({ database: { kind: "pglite", dir } });
    try {
      await first.db.execute(sql`insert into contact_submissions (name, email, subject, message, data) values ('Ann', 'ann@example.com', 'Help Center Inquiry', 'kept', '{}')`);
      expect(await rowsOf(first, "show shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.creating`)).toBe(false);

    const second = await openDatabase({ database: { kind: "pglite", dir } });
    try {
      expect(await rowsOf(second, "select message from contact_submissions")).toEqual([{ message: "kept" }]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it("opens a folder that PGlite 0.3 wrote, with its rows, applies the migrations since, and none twice", async () => {
    const dir = path.join(work, "from-0.3", "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
    // What the previous release left on disk: its migrations applied by PGlite 0.3, and a row. That
    // release ended before pg_trgm (0030), which PGlite 0.3 cannot load; the rest are applied now.
    const journalPath = path.resolve("drizzle/meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const firstWithTrigrams = journal.entries.findIndex((e) => e.tag === "0030_staff_console_scale");
    expect(firstWithTrigrams).toBeGreaterThan(0);
    const previousRelease = path.join(work, "previous-release-drizzle");
    cpSync(path.resolve("drizzle"), previousRelease, { recursive: true });
    writeFileSync(path.join(previousRelease, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, firstWithTrigrams) }));
    const old = new PGlite03(dir);
    // drizzle is typed against the current PGlite; the old one speaks the same query API.
    await migrate(drizzle(old as unknown as PGlite), { migrationsFolder: previousRelease });
    await old.exec("insert into contact_submissions (name, email, subject, message, data) values ('Old', 'old@example.com', 'Help Center Inquiry', 'written by 0.3', '{}')");
    const [{ n: applied }] = (await old.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows as [{ n: number }];
    expect(applied).toBe(firstWithTrigrams);
    await old.close();

    const database = await openDatabase({ database: { kind: "pglite", dir } });
    try {
      expect(await rowsOf(database, "select message from contact_submissions")).toEqual([{ message: "written by 0.3" }]);
      expect(await rowsOf(database, "select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([{ n: journal.entries.length }]);
      expect(await rowsOf(database, "select extname from pg_extension where extname = 'pg_trgm'")).toEqual([{ extname: "pg_trgm" }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
