import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { copyFile, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";

/**
 * A backup archive (docs/decisions/061-backup-and-restore.md): a gzipped tar, made by the system's
 * `tar`, holding
 *   manifest.json    what it is (format version, when, which database, row counts of key tables)
 *   session-secret   the generated secret, when the server uses one (sessions and signed links survive)
 *   web-push-vapid-keys  the generated Web Push key pair, when the server uses one (subscribed devices keep working)
 *   pglite/          the embedded database folder, or
 *   database.dump    PostgreSQL's `pg_dump --format=custom`
 *   uploads/         the private file store, when it is on local disk
 * It can be unpacked by hand (`tar -xzf`) into a data folder; `npm run restore` also checks it.
 */

export const MANIFEST_FILE = "manifest.json";
export const SECRET_FILE = "session-secret";
export const VAPID_KEYS_FILE = "web-push-vapid-keys";
export const PGLITE_FOLDER = "pglite";
export const POSTGRES_DUMP_FILE = "database.dump";
export const UPLOADS_FOLDER = "uploads";
export const BACKUP_FORMAT = "fixit-backup";
export const BACKUP_FORMAT_VERSION = 1;

/** Key tables whose row counts the manifest carries: restore checks the restored database against them. */
export const COUNTED_TABLES = ["users", "bookings", "ledger_entries", "job_messages", "job_message_photos", "onboarding_documents"] as const;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  database: z.enum(["pglite", "postgres"]),
  appVersion: z.string(),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /** "s3": the files are in the bucket, which has its own versioning or replication (OPERATIONS). */
  uploads: z.enum(["included", "s3"]),
  /** false: the server's secret is SESSION_SECRET, kept with the other settings, not here. */
  sessionSecret: z.boolean(),
  /** Whether the generated Web Push key pair is in it (absent in archives from before issue 50). */
  webPushKeys: z.boolean().optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

export type BackupSource = {
  config: Pick<Config, "DATA_DIR" | "SESSION_SECRET" | "S3_BUCKET"> & Partial<Pick<Config, "WEB_PUSH_VAPID_KEYS">>;
  /** The open embedded database (its snapshot), or PostgreSQL's address for pg_dump. */
  database: Pick<Database, "snapshot"> | { kind: "postgres"; url: string };
};

export type Backup = {
  manifest: Manifest;
  /** The archive's bytes, as tar writes them: pipe them somewhere once. */
  stream: Readable;
  /** Resolves once tar finished well and the staging folder is gone; rejects when tar failed. */
  done: Promise<void>;
};

/**
 * Copies the database consistently into a staging folder, then streams the archive from it and the
 * uploads folder: the files are read by tar as it goes, never held in memory (an in-memory PGlite
 * database is, by its nature, dumped in memory first). The database is
 * copied first, so every file its rows name existed before the copy (files are only ever added in
 * place; one deleted during the backup may be missing, as it soon would be anyway).
 */
export async function startBackup(source: BackupSource): Promise<Backup> {
  const staging = await mkdtemp(path.join(os.tmpdir(), "fixit-backup-"));
  try {
    const { database, config } = source;
    const rowCounts = "url" in database ? await dumpPostgres(database.url, staging) : await copyPglite(database, staging);
    const secretFile = path.resolve(config.DATA_DIR, SECRET_FILE);
    const includeSecret = !config.SESSION_SECRET && existsSync(secretFile);
    if (includeSecret) await copyFile(secretFile, path.join(staging, SECRET_FILE));
    // Without the pair its devices subscribed under, every device would need subscribing again (decision 074).
    const vapidFile = path.resolve(config.DATA_DIR, VAPID_KEYS_FILE);
    const includeVapid = !config.WEB_PUSH_VAPID_KEYS && existsSync(vapidFile);
    if (includeVapid) await copyFile(vapidFile, path.join(staging, VAPID_KEYS_FILE));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: "url" in database ? "postgres" : "pglite",
      appVersion: appVersion(),
      rowCounts,
      uploads: config.S3_BUCKET ? "s3" : "included",
      sessionSecret: includeSecret,
      webPushKeys: includeVapid,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    const uploads = path.resolve(config.DATA_DIR, UPLOADS_FOLDER);
    if (!config.S3_BUCKET) await mkdir(uploads, { recursive: true });
    const args = [
      "-czf",
      "-",
      // A file being uploaded is written under this name and renamed when whole (server/storage/local.ts).
      "--exclude=.upload-*.tmp",
      "-C",
      staging,
      MANIFEST_FILE,
      ...(includeSecret ? [SECRET_FILE] : []),
      ...(includeVapid ? [VAPID_KEYS_FILE] : []),
      "url" in database ? POSTGRES_DUMP_FILE : PGLITE_FOLDER,
      ...(config.S3_BUCKET ? [] : ["-C", path.dirname(uploads), UPLOADS_FOLDER]),
    ];
    const tar = spawn("tar", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    tar.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const done = new Promise<void>((resolve, reject) => {
      tar.once("error", (error) => reject(new BackupError(`Could not run tar: ${error.message}`)));
      // 1 is GNU tar's "some files changed or vanished while being read": an upload deleted meanwhile.
      tar.once("close", (code) => (code === 0 || code === 1 ? resolve() : reject(new BackupError(`tar failed (${code}): ${stderr.trim()}`))));
    }).finally(() => rm(staging, { recursive: true, force: true }));
    return { manifest, stream: tar.stdout, done };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function copyPglite(database: Pick<Database, "snapshot">, staging: string): Promise<Record<string, number>> {
  if (!database.snapshot) throw new BackupError("This database cannot be copied here.");
  const folder = path.join(staging, PGLITE_FOLDER);
  return database.snapshot(COUNTED_TABLES, async (files) => {
    if ("folder" in files) {
      await cp(files.folder, folder, { recursive: true });
      return;
    }
    const dump = path.join(staging, "pglite.tar");
    await pipeline(Readable.fromWeb(files.tarball.stream() as WebReadableStream<Uint8Array>), createWriteStream(dump));
    await mkdir(folder);
    await run("tar", ["-xf", dump, "-C", folder]);
    await rm(dump);
  });
}

/**
 * pg_dump's custom format, from a snapshot exported by a read-only transaction that also counts
 * the rows: the dump and the counts see the same committed state.
 */
async function dumpPostgres(url: string, staging: string): Promise<Record<string, number>> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const exported = await client.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
    const rowCounts = await countRows(async (statement) => (await client.query<{ rows: number }>(statement)).rows[0]?.rows ?? 0);
    const { address, env } = libpqConnection(url);
    await run("pg_dump", ["--format=custom", `--snapshot=${exported.rows[0]!.snapshot}`, `--file=${path.join(staging, POSTGRES_DUMP_FILE)}`, `--dbname=${address}`], env);
    return rowCounts;
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    await client.end();
  }
}

export async function countRows(count: (statement: string) => Promise<number>, tables: readonly string[] = COUNTED_TABLES): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await count(`SELECT count(*)::int AS rows FROM "${table}"`);
  return counts;
}

/** The address without its password, which goes in PGPASSWORD instead: a command line is visible to every user of the machine. */
export function libpqConnection(url: string): { address: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { address: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a tool to its end; a missing PostgreSQL tool gets a message that says what to do. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) => {
      const postgresTool = command.startsWith("pg_");
      reject(
        new BackupError(
          error.code === "ENOENT" && postgresTool
            ? `${command} was not found. Install PostgreSQL's client tools (the server's major version or newer) and put them on PATH, or back up as docs/OPERATIONS.md "Backup and restore" describes.`
            : `Could not run ${command}: ${error.message}`,
        ),
      );
    });
    child.once("close", (code) => (code === 0 ? resolve(stdout) : reject(new BackupError(`${command} failed: ${stderr.trim() || `exit status ${code}`}`))));
  });
}

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
