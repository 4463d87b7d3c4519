/**
 * `npm run restore -- <file> --data-dir <empty folder> [--database-url <empty database>]`: a backup
 * made by `npm run backup` into a new data folder (and, for a PostgreSQL backup, a new database).
 * It refuses a folder that is not empty or that a server holds, and an archive it cannot read whole;
 * then nothing is written. See docs/OPERATIONS.md "Backup and restore" and decision 061.
 */
import path from "node:path";
import { BackupError } from "#server/backup/archive.ts";
import { restoreBackup, type RestoreRequest } from "#server/backup/restore.ts";

const usage = `Usage: npm run restore -- <file> --data-dir <new empty folder> [--database-url <new empty PostgreSQL database>]

--database-url is for a backup of a PostgreSQL server only: its dump is restored into that database.`;

export function parseRestoreArgs(argv: string[]): RestoreRequest | null {
  const request: Partial<RestoreRequest> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if ((arg === "--data-dir" || arg === "--database-url") && value && !value.startsWith("--")) {
      request[arg === "--data-dir" ? "dataDir" : "databaseUrl"] = value;
      i++;
    } else if (!arg.startsWith("-") && request.archive === undefined) {
      request.archive = arg;
    } else {
      return null;
    }
  }
  return request.archive && request.dataDir ? (request as RestoreRequest) : null;
}

async function main() {
  const request = parseRestoreArgs(process.argv.slice(2));
  if (!request) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const manifest = await restoreBackup(request);
    const counts = Object.entries(manifest.rowCounts)
      .map(([table, rows]) => `${rows} ${table}`)
      .join(", ");
    const dataDir = path.resolve(request.dataDir);
    console.log(`Restored the backup of ${manifest.createdAt} (FixiT ${manifest.appVersion}) into ${dataDir}: ${counts}.`);
    if (manifest.uploads === "s3") console.log("Its uploads are in the S3 bucket: start the server with the same S3_* settings.");
    if (!manifest.sessionSecret) console.log("It holds no session secret: start the server with the SESSION_SECRET it had, or sessions and signed links stop working.");
    const database = request.databaseUrl ? ` DATABASE_URL=${request.databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")}` : "";
    console.log(`Start a server on it with:\n  DATA_DIR=${dataDir}${database} npm start`);
    process.exit(0);
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

// Run only when started as a script (a unit test imports parseRestoreArgs).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname ?? "", "restore.ts")) {
  void main();
}
