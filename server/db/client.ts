import { execFile } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Logger as DrizzleLogger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Config } from "#server/config.ts";
import { memorySnapshotFile, readMemorySnapshot, saveMemorySnapshot } from "./pglite-snapshot.ts";
import { queryCounter } from "./request-facts.ts";

export type Db = PgDatabase<PgQueryResultHKT>;
/** The database or a transaction from `db.transaction(async (tx) => ...)`: write a submission and its jobs atomically. */
export type DbOrTx = Db | PgTransaction<PgQueryResultHKT, Record<string, never>, Record<string, never>>;

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
  /**
   * PGlite only: LISTEN on its one connection (server/live/channel.ts). PostgreSQL listens on a
   * dedicated connection of the channel's own, so a pooled connection is never held.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: the row counts of `tables`, and `copy` run on the database's files, both inside one
   * transaction. PGlite runs no other query while a transaction is open, and PostgreSQL inside it has
   * no background writer: the files hold still and the counts are theirs (decision 061). On disk,
   * `copy` gets the folder itself (copied without holding it in memory); in memory, a tarball of it.
   */
  snapshot?(tables: readonly string[], copy: (files: { folder: string } | { tarball: Blob }) => Promise<void>): Promise<Record<string, number>>;
  /**
   * PostgreSQL only: true from the moment a pooled connection was lost (a restart, a failover, a
   * terminated backend) until a new one opens. A request that failed meanwhile is answered 503.
   */
  connectionLost?(): boolean;
  /** PostgreSQL only: the pool's clients now (for the metrics; PGlite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
};

export type OpenDatabaseOptions = {
  /** A pooled connection that PostgreSQL ended or that broke: logged, never fatal (the pool opens a new one). */
  onConnectionError?(error: Error): void;
};

/** How long closing the pool waits for its connections to end. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * A test's recorder of the statements requests run (tests/scale-plans.test.ts EXPLAINs them): set on
 * globalThis by a test holding the server in its process, never by the server. Unset, it costs one
 * property read per query.
 */
export type QueryRecorder = (query: string, params: unknown[]) => void;
export const QUERY_RECORDER_KEY = "__fixitRecordRequestQuery";

const countingLogger: DrizzleLogger = {
  logQuery(query, params) {
    const store = queryCounter.getStore();
    if (!store) return;
    store.queries += 1;
    (globalThis as { [QUERY_RECORDER_KEY]?: QueryRecorder })[QUERY_RECORDER_KEY]?.(query, params);
  },
};

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * The PostgreSQL extensions every PGlite database loads (the migrations create them): pg_trgm for
 * the staff console's searches (decision 069). Kept apart from pgliteOptions, which are JSON.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}

/** The options every PGlite database opens with (they are also part of the in-memory snapshot's name). */
export function pgliteOptions(defaultStartParams: readonly string[]) {
  return {
    // PGlite 0.3 kept everything in template1; 0.4 connects to "postgres" unless told. Staying on
    // template1 opens the folders 0.3 wrote, with their tables and rows (decision 035).
    database: "template1",
    // initdb writes shared_buffers = 128MB (and PGlite 0.3 forced it): under load the whole pool
    // becomes resident. The database is a few MB; 16 MB holds it (decision 035 has the figures).
    startParams: [...defaultStartParams, "-c", "shared_buffers=16MB"],
  };
}

export async function openDatabase(config: Pick<Config, "database">, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (config.database.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // A connection attempt to an address that does not answer (a network cut) fails after 5 s instead
    // of holding the request for ever; TCP keep-alive finds a connection the network dropped silently.
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10, connectionTimeoutMillis: 5_000, keepAlive: true });
    // A connection PostgreSQL ends emits 'error' on its client, idle in the pool or checked out by a
    // query or a transaction; with no listener that event kills the process (every instance at once,
    // on a database restart). The pool throws such a client away and the next query opens a new one.
    let connectionLost = false;
    const onConnectionError = (error: Error) => {
      connectionLost = true;
      options.onConnectionError?.(error);
    };
    // An idle client's error reaches the pool too, after the client's own listener below has told it.
    pool.on("error", () => {});
    // pool.end() resolves once its clients are told to end, before their sockets close: close()
    // also waits for each connection to end, so nothing is left open when it resolves.
    const open = new Set<InstanceType<typeof pg.Client>>();
    pool.on("connect", (client) => {
      connectionLost = false;
      open.add(client);
      client.on("error", onConnectionError);
      client.once("end", () => open.delete(client));
    });
    const db = drizzle(pool, { logger: countingLogger });
    // Several instances may start together: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(724101)");
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(724101)").catch(() => {});
      client.release();
    }
    const close = async () => {
      const ended = [...open].map((client) => new Promise<void>((resolve) => client.once("end", () => resolve())));
      // pool.end() waits for every checked-out client to come back: one still held by a request that
      // never finishes (its connection lost mid-transaction) must not keep the process from stopping.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
      await Promise.race([pool.end().then(() => Promise.all(ended)), gaveUp]);
      clearTimeout(timer);
    };
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db: db as unknown as Db, kind: "postgres", close, poolStats, connectionLost: () => connectionLost };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = config.database.dir;
  const releaseLock = dir ? takeDataDirLock(dir) : () => {};
  try {
    const options = pgliteOptions(PGlite.defaultStartParams);
    if (dir && !existsSync(path.join(dir, "PG_VERSION"))) await createPgliteFolder(dir, options);
    const snapshot = dir ? null : memorySnapshotFile(options, migrationsFolder);
    const loadDataDir = readMemorySnapshot(snapshot);
    // In memory as "memory://", not as no folder: PGlite then dumps (for the snapshot) an empty
    // folder's name, and the dump misses everything written after start, the migrations included.
    const client = new PGlite(dir ?? "memory://", { ...options, loadDataDir, extensions: await pgliteExtensions() });
    await client.waitReady;
    const db = drizzle(client, { logger: countingLogger });
    await migrate(db, { migrationsFolder });
    if (snapshot && !loadDataDir) await saveMemorySnapshot(client, snapshot);
    // After the migrations: their DDL would stale the statements they ran.
    const { keepStatementsPrepared } = await import("./pglite-statements.ts");
    keepStatementsPrepared(client);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      snapshot: (tables, copy) =>
        client.transaction(async (tx) => {
          const rowCounts: Record<string, number> = {};
          for (const table of tables) {
            const { rows } = await tx.query<{ rows: number }>(`select count(*)::int as rows from "${table}"`);
            rowCounts[table] = rows[0]?.rows ?? 0;
          }
          await copy(dir ? { folder: dir } : { tarball: await client.dumpDataDir("none") });
          return rowCounts;
        }),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Runs initdb in a child process (see create-pglite-folder.mjs for why), so the server keeps none of its memory. */
function createPgliteFolder(dir: string, options: object): Promise<void> {
  const script = path.resolve(process.cwd(), "server/db/create-pglite-folder.mjs");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, dir, JSON.stringify(options)], (error, _stdout, stderr) => {
      if (error) reject(new Error(`Could not create the database folder ${dir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes on one folder corrupt it.
 * A lock file beside the folder makes a second server fail fast with a clear message.
 */
function takeDataDirLock(dir: string): () => void {
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The database folder ${dir} is in use by another process (pid ${holder}). ` +
            "Stop that server first, or set DATA_DIR to another folder.",
        );
      }
      unlinkSync(lockFile); // left behind by a process that died: take it over
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** One query, or a failure after `timeoutMs`: a health check answers in time even when connecting hangs. */
export async function pingDatabase(db: Db, timeoutMs = 1_500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`The database did not answer within ${timeoutMs} ms.`), { code: "ETIMEDOUT" })), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
