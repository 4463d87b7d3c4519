import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { pgliteExtensions, pgliteOptions } from "#server/db/client.ts";
import { runningServerPort } from "#server/running-server.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  countRows,
  libpqConnection,
  MANIFEST_FILE,
  manifestSchema,
  PGLITE_FOLDER,
  POSTGRES_DUMP_FILE,
  run,
  UPLOADS_FOLDER,
  type Manifest,
} from "./archive.ts";

export type RestoreRequest = {
  archive: string;
  /** A new data folder: missing, or empty. */
  dataDir: string;
  /** PostgreSQL only: an empty database that pg_restore fills. */
  databaseUrl?: string;
};

/**
 * Restores a backup (archive.ts) into a new data folder. Everything is unpacked and checked in a
 * folder beside the target, which is renamed into place only at the end: a bad archive leaves the
 * target as it was. The restored database must hold the row counts its manifest names.
 */
export async function restoreBackup(request: RestoreRequest): Promise<Manifest> {
  const archive = path.resolve(request.archive);
  const target = path.resolve(request.dataDir);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new BackupError(`${archive} is not a file.`);
  await checkTargetIsFree(target);

  await mkdir(path.dirname(target), { recursive: true });
  const work = path.join(path.dirname(target), `.${path.basename(target)}.restoring-${randomBytes(4).toString("hex")}`);
  await mkdir(work);
  try {
    await run("tar", ["-xzf", archive, "-C", work, "--no-same-owner"]).catch((error: Error) => {
      throw new BackupError(`${archive} is not a whole FixiT backup (${firstLine(error.message)}). Nothing was restored.`);
    });
    const manifest = readManifest(path.join(work, MANIFEST_FILE), archive);
    if (manifest.database === "pglite") {
      if (request.databaseUrl) throw new BackupError("This backup holds an embedded (PGlite) database: restore it without --database-url.");
      await checkPgliteCopy(path.join(work, PGLITE_FOLDER), manifest);
    } else {
      if (!request.databaseUrl) throw new BackupError("This backup holds a PostgreSQL dump: give an empty database to restore it into with --database-url.");
      await restorePostgres(path.join(work, POSTGRES_DUMP_FILE), request.databaseUrl, manifest);
      await rm(path.join(work, POSTGRES_DUMP_FILE));
    }
    await rm(path.join(work, MANIFEST_FILE));
    await mkdir(path.join(work, UPLOADS_FOLDER), { recursive: true });
    if (existsSync(target)) await rmdir(target); // empty: checked above
    await rename(work, target);
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function checkTargetIsFree(target: string) {
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) throw new BackupError(`${target} is not a folder.`);
  const holder = lockHolder(path.join(target, `${PGLITE_FOLDER}.lock`));
  if (holder || runningServerPort(target)) {
    throw new BackupError(`A running server holds ${target}${holder ? ` (pid ${holder})` : ""}: restore into a new, empty folder.`);
  }
  if ((await readdir(target)).length > 0) throw new BackupError(`${target} is not empty: restore into a new, empty folder, so nothing is overwritten.`);
}

/** The pid in a PGlite lock file (server/db/client.ts) when that process is alive. */
function lockHolder(lockFile: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function readManifest(file: string, archive: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new BackupError(`${archive} has no readable ${MANIFEST_FILE}: it is not a FixiT backup. Nothing was restored.`);
  }
  const { format, version } = (raw ?? {}) as { format?: unknown; version?: unknown };
  if (format !== BACKUP_FORMAT) throw new BackupError(`${archive}'s ${MANIFEST_FILE} is not a FixiT backup's. Nothing was restored.`);
  if (version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${archive} is a backup of format version ${String(version)}; this FixiT reads version ${BACKUP_FORMAT_VERSION}. Nothing was restored.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`${archive}'s ${MANIFEST_FILE} is damaged (${parsed.error.issues[0]?.message}). Nothing was restored.`);
  return parsed.data;
}

/** Starts PGlite on the unpacked folder (recovering it as after a crash) and compares the row counts. */
async function checkPgliteCopy(folder: string, manifest: Manifest) {
  if (!existsSync(path.join(folder, "PG_VERSION"))) throw new BackupError("The backup has no database folder (pglite/). Nothing was restored.");
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(folder, { ...pgliteOptions(PGlite.defaultStartParams), extensions: await pgliteExtensions() });
  try {
    await client.waitReady;
    const counts = await countRows(async (statement) => (await client.query<{ rows: number }>(statement)).rows[0]?.rows ?? 0, Object.keys(manifest.rowCounts));
    compareCounts(counts, manifest);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup's database does not open: ${(error as Error).message}. Nothing was restored.`);
  } finally {
    await client.close().catch(() => {});
  }
}

/** pg_restore in one transaction: a dump that fails halfway leaves the database empty. */
async function restorePostgres(dump: string, url: string, manifest: Manifest) {
  if (!existsSync(dump)) throw new BackupError(`The backup has no ${POSTGRES_DUMP_FILE}. Nothing was restored.`);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Could not connect to ${redacted(url)}: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ relations: number }>(
      `SELECT count(*)::int AS relations FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    if ((rows[0]?.relations ?? 0) > 0) throw new BackupError(`The database ${redacted(url)} is not empty: create a new one (createdb) and restore into it.`);
    const { address, env } = libpqConnection(url);
    await run("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${address}`, dump], env);
    const counts = await countRows(async (statement) => (await client.query<{ rows: number }>(statement)).rows[0]?.rows ?? 0, Object.keys(manifest.rowCounts));
    try {
      compareCounts(counts, manifest);
    } catch (error) {
      throw new BackupError(`${(error as Error).message} The database ${redacted(url)} now holds this dump: drop it (dropdb) before trying again.`);
    }
  } finally {
    await client.end();
  }
}

function compareCounts(counts: Record<string, number>, manifest: Manifest) {
  const wrong = Object.entries(manifest.rowCounts).filter(([table, rows]) => counts[table] !== rows);
  if (wrong.length > 0) {
    const detail = wrong.map(([table, rows]) => `${table}: ${counts[table]} rows, the manifest says ${rows}`).join("; ");
    throw new BackupError(`The restored database does not match the backup's manifest (${detail}).`);
  }
}

const firstLine = (text: string) => text.split("\n")[0]!.trim();
const redacted = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
