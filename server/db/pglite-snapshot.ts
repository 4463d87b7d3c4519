import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * An in-memory PGlite database (`memory://`: every test server, the browser tests' server) starts
 * from a snapshot of a new, migrated database instead of running initdb (decision 038). initdb
 * costs 8–24 s of CPU in the process that opens the database; loading the snapshot 1–3 s.
 *
 * The first `memory://` database opened writes the snapshot under node_modules/.cache. Its name
 * carries a hash of the PGlite version, the start options and every migration, so a new migration
 * or a new PGlite makes a new snapshot and an old one is never loaded.
 */
export function memorySnapshotFile(options: object, migrationsFolder: string, cwd = process.cwd()): string | null {
  try {
    const hash = createHash("sha256");
    hash.update(readFileSync(path.join(cwd, "node_modules/@electric-sql/pglite/package.json")));
    hash.update(JSON.stringify(options));
    for (const file of migrationFiles(migrationsFolder)) hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
    return path.join(cwd, "node_modules/.cache/fixit", `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  } catch {
    return null; // an unusual layout: start without a snapshot, as before
  }
}

/** The SQL files and the journal, in a stable order. */
function migrationFiles(folder: string): string[] {
  const sqlFiles = readdirSync(folder).filter((name) => name.endsWith(".sql"));
  return [...sqlFiles.sort(), "meta/_journal.json"];
}

/** The snapshot to start from, or undefined when there is none yet. */
export function readMemorySnapshot(file: string | null): Blob | undefined {
  if (!file) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Saves a new, migrated database as the snapshot. Written beside its name and renamed, so a
 * process that opens a database meanwhile reads a whole snapshot or none. A snapshot that cannot be
 * written (a read-only folder) only means the next database runs initdb too.
 */
export async function saveMemorySnapshot(client: PGlite, file: string | null): Promise<void> {
  if (!file) return;
  const partial = `${file}.${process.pid}.partial`;
  try {
    const dump = await client.dumpDataDir("none");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      /* the folder itself could not be made: nothing was written */
    }
  }
}
