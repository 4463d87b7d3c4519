import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temporary folder), so a test can
 * restart it and end its connections without disturbing the suite's shared server. As root (CI),
 * PostgreSQL refuses to run: the cluster then belongs to the `postgres` user and every command runs
 * as that user.
 */
export type PgCluster = {
  /** postgres://… of the database the cluster was made with. */
  url: string;
  restart(mode?: "fast" | "immediate"): Promise<void>;
  /** Ends every connection to the database but the caller's: what a failover or `idle_session_timeout` does to a pool. */
  terminateBackends(): Promise<number>;
  stop(): Promise<void>;
};

/** The folder holding initdb and pg_ctl, or null when this machine has none. */
export function postgresBinaries(): string | null {
  const candidates = ["/usr/local/bin"];
  if (existsSync("/usr/lib/postgresql")) {
    for (const version of readdirSync("/usr/lib/postgresql").sort().reverse()) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) ?? null;
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]) {
  const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  execFileSync(command, commandArgs, { stdio: "pipe", timeout: 60_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(database = "fixit"): Promise<PgCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("No initdb/pg_ctl on this machine");
  const root = mkdtempSync(path.join(tmpdir(), "fixit-pg-"));
  chmodSync(root, 0o777);
  if (asRoot) execFileSync("chown", ["postgres", root]);
  const dataDir = path.join(root, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-l", path.join(root, "log"), "-w", "-t", "60", ...args]);
  pgCtl("-o", options, "start");
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;

  return {
    url,
    async restart(mode = "fast") {
      pgCtl("-m", mode, "-o", options, "restart");
    },
    async terminateBackends() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          "select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        return Number(rows[0]!.n);
      } finally {
        await client.end();
      }
    },
    async stop() {
      try {
        pgCtl("-m", "immediate", "stop");
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
