/**
 * `npm run backup -- [file]`: one archive of the data a FixiT server keeps, taken while it runs
 * (docs/OPERATIONS.md "Backup and restore", decision 061). Default file: fixit-<date>.tar.gz.
 *
 * It reads the same settings as the server (DATABASE_URL, DATA_DIR, PORT, SESSION_SECRET, S3_BUCKET)
 * and copies the database the only way each set-up allows, as `npm run staff` reaches it:
 * - PostgreSQL (DATABASE_URL=postgres://…): pg_dump, from here;
 * - PGlite in DATA_DIR/pglite that no server holds: directly, taking the same lock file the server takes;
 * - PGlite held by a running server, or in memory: through that server, POST /internal/backup signed
 *   with the server's session secret; the server streams the archive back.
 * The archive is written beside its name and renamed when whole, readable by its owner only (it
 * holds the session secret). On failure it says why and exits with status 1.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { BackupError, manifestSchema, startBackup, type BackupSource, type Manifest } from "#server/backup/archive.ts";
import { BACKUP_COMMAND_PATH, BACKUP_MANIFEST_HEADER, BACKUP_PURPOSE } from "#server/backup/http.ts";
import { ConfigError, loadConfig, type Config } from "#server/config.ts";
import { DataDirLockedError, openDatabase } from "#server/db/client.ts";
import { runningServerPort, runningServerSecret } from "#server/running-server.ts";
import { COMMAND_SIGNATURE_HEADER, COMMAND_TIMESTAMP_HEADER, signCommand } from "#server/security/signed-command.ts";

const usage = `Usage: npm run backup -- [file]     (default: fixit-<today>.tar.gz in this folder)

It uses the server's settings: DATABASE_URL, DATA_DIR, PORT, SESSION_SECRET and S3_BUCKET.`;

export function defaultBackupName(now = new Date()): string {
  return `fixit-${now.toISOString().slice(0, 10)}.tar.gz`;
}

export function parseBackupArgs(argv: string[]): { file: string } | null {
  if (argv.length > 1 || argv[0]?.startsWith("-")) return null;
  return { file: argv[0] ?? defaultBackupName() };
}

/** Writes the backup to `file` and returns its manifest. */
export async function backup(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Manifest> {
  // A placeholder secret stops loadConfig from generating one into DATA_DIR; the real one is read when needed.
  const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || "x".repeat(32) });
  config.SESSION_SECRET = env.SESSION_SECRET?.trim() || undefined;
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: give another file name.`);
  const partial = `${target}.${randomBytes(4).toString("hex")}.partial`;
  try {
    const manifest = await writeArchive(config, env, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    await rename(partial, target);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeArchive(config: Config, env: NodeJS.ProcessEnv, out: Writable): Promise<Manifest> {
  if (config.database.kind === "postgres") return writeLocally(config, { kind: "postgres", url: config.database.url }, out);
  if (config.database.dir === null) return viaServer(config, env, out, "The database is in memory inside the server (DATABASE_URL=memory://)");
  const dir = config.database.dir;
  if (!existsSync(dir)) throw new BackupError(`There is no database at ${dir}: check DATA_DIR.`);
  let database;
  try {
    database = await openDatabase(config); // takes DATA_DIR's lock file, as the server does
  } catch (error) {
    if (error instanceof DataDirLockedError) return viaServer(config, env, out, `A running server holds ${dir}`);
    throw error;
  }
  try {
    return await writeLocally(config, database, out);
  } finally {
    await database.close();
  }
}

async function writeLocally(config: Config, database: BackupSource["database"], out: Writable): Promise<Manifest> {
  const { manifest, stream, done } = await startBackup({ config, database });
  await Promise.all([pipeline(stream, out), done]);
  return manifest;
}

async function viaServer(config: Config, env: NodeJS.ProcessEnv, out: Writable, why: string): Promise<Manifest> {
  const port = env.PORT?.trim() ? config.PORT : (runningServerPort(config.DATA_DIR) ?? config.PORT);
  const url = `http://127.0.0.1:${port}${BACKUP_COMMAND_PATH}`;
  const secret = runningServerSecret(config);
  if (!secret) {
    throw new BackupError(
      `${why}, so the backup must go through the running server, but there is no session secret to sign with: ` +
        `set SESSION_SECRET, or DATA_DIR to the server's data folder (${path.resolve(config.DATA_DIR)} has no session-secret).`,
    );
  }
  const body = JSON.stringify({ operator: operatorName(), nonce: randomBytes(18).toString("base64url") });
  const timestamp = String(Date.now());
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [COMMAND_TIMESTAMP_HEADER]: timestamp, [COMMAND_SIGNATURE_HEADER]: signCommand(secret, BACKUP_PURPOSE, timestamp, body) },
      body,
    });
  } catch {
    throw new BackupError(
      `${why}, so the backup must go through the running server, but no FixiT server answered at ${url}. ` +
        "Run this again with the same DATA_DIR (or PORT and SESSION_SECRET) as the server.",
    );
  }
  const manifest = manifestSchema.safeParse(JSON.parse(response.headers.get(BACKUP_MANIFEST_HEADER) ?? "null"));
  if (!response.ok || !manifest.success || !response.body) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new BackupError(answer?.message ?? `The server at ${url} answered ${response.status} without a backup: is it a FixiT server?`);
  }
  // A connection that breaks before the end rejects here: the partial file is then removed.
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), out);
  return manifest.data;
}

function operatorName(): string {
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return os.hostname();
  }
}

export function describe(file: string, size: number, manifest: Manifest): string {
  const counts = Object.entries(manifest.rowCounts)
    .map(([table, rows]) => `${rows} ${table}`)
    .join(", ");
  const lines = [`Backed up the ${manifest.database === "postgres" ? "PostgreSQL" : "embedded"} database to ${file} (${(size / 1024 / 1024).toFixed(1)} MB): ${counts}.`];
  if (manifest.uploads === "s3") lines.push("The uploads are in the S3 bucket, not in this archive: keep the bucket's versioning or replication on (docs/OPERATIONS.md).");
  if (!manifest.sessionSecret) lines.push("No session secret is in this archive (SESSION_SECRET is set, or none was generated yet): keep SESSION_SECRET with the server's other settings.");
  lines.push(`Restore it with: npm run restore -- ${file} --data-dir <new empty folder>${manifest.database === "postgres" ? " --database-url <new empty database>" : ""}`);
  return lines.join("\n");
}

async function main() {
  const args = parseBackupArgs(process.argv.slice(2));
  if (!args) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const manifest = await backup(args.file);
    console.log(describe(args.file, (await stat(args.file)).size, manifest));
    process.exit(0);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

// Run only when started as a script (a unit test imports the parts).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname ?? "", "backup.ts")) {
  void main();
}
