import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { start as startServer } from "~/composition-root.server.ts";
import { childPidOf } from "../../scripts/production-server.ts";
import { createScratchDatabase, dropScratchDatabase } from "../../scripts/scratch-database.ts";
import { copyMigratedPgliteFolder } from "./pglite-folder-template.ts";
import { createMigratedDatabase } from "./postgres-templates.ts";
import type { AppServices } from "~/app-services.server.ts";

export type TestServer = {
  url: string;
  dataDir: string;
  /** The supervisor `npm start` runs (server/supervisor.js); the server itself is its child: {@link TestServer.serverPid}. */
  process: ChildProcess;
  /** The server process's id (the supervisor's child; the process itself when nothing supervises it), for its memory (/proc/<pid>/status) or to kill it. */
  serverPid(): number | undefined;
  /** Everything the server wrote to stdout/stderr so far (pino JSON lines). */
  logs(): string;
  /** Stop with a signal (SIGTERM by default) and wait for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stop and remove the database and data folder. */
  dispose(): Promise<void>;
  databaseUrl: string;
};

type Options = {
  env?: Record<string, string>;
  /** Reuse a database and data folder (restart tests). */
  reuse?: { databaseUrl: string; dataDir: string };
  /** Node's own flags, e.g. the heap flags `npm start` passes (package.json), for a test of the server's memory. */
  nodeArgs?: string[];
};

/**
 * A new server on the embedded database on disk (DATABASE_URL "") in its own data folder starts from
 * a copy of the run's migrated folder, as an in-memory one starts from a snapshot (decision 038).
 * Not where the test names its own DATA_DIR (the full-disk test's small disk).
 */
async function prepareDataDir(dataDir: string, options: Pick<Options, "env" | "reuse">): Promise<void> {
  if (options.reuse || options.env?.DATABASE_URL !== "" || options.env.DATA_DIR !== undefined) return;
  await copyMigratedPgliteFolder(path.join(dataDir, "pglite"));
}

/** The settings every test server runs with, then the test's own. */
function serverEnv(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    APP_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "info",
    MAIL_WORKER_INTERVAL_MS: "100",
    // Tests stand in for a load balancer on loopback: X-Forwarded-For gives each test its own address.
    // (The default trusts no proxy; tests/hardening.test.ts overrides this with TRUST_PROXY="" to check it.)
    TRUST_PROXY: "loopback",
    ...env,
  };
}

/**
 * Starts the real production server (build/server) in a child process on a free port,
 * with a database of its own: in-memory PGlite, or a fresh PostgreSQL database when the
 * suite runs with TEST_DB_KIND=postgres (dropped on dispose). For tests that need the process
 * itself: signals, restarts, several instances. A test that seeds or reads the database uses
 * {@link startServerInProcess}.
 */
export async function startTestServer(options: Options = {}): Promise<TestServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), "fixit-test-"));
  const databaseUrl = options.reuse?.databaseUrl ?? (await createTestDatabase());
  await prepareDataDir(dataDir, options);
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", ...serverEnv(dataDir, databaseUrl, options.env) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Stopped at the end of the run if still alive (tests/helpers/global-setup.ts).
  if (process.env.FIXIT_TEST_SERVER_PIDS && child.pid) appendFileSync(process.env.FIXIT_TEST_SERVER_PIDS, `${child.pid}\n`);
  const url = await new Promise<string>((resolve, reject) => {
    // A server that has not started in time is killed: left running, it would outlive the test run.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${output}`));
    }, Number(process.env.TEST_SERVER_START_MS ?? 90_000));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/localhost:\d+)".*FixiT is listening/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  const serverPid = () => childPidOf(child.pid!) ?? (child.exitCode === null ? child.pid : undefined);
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    const server = serverPid();
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    // SIGKILL stands for the machine losing the process: the server dies with its supervisor, at once.
    if (signal === "SIGKILL" && server) killQuietly(server, signal);
    const code = await exited;
    if (server) await waitForExit(server);
    return code;
  };
  return {
    url,
    dataDir,
    databaseUrl,
    process: child,
    serverPid,
    logs: () => output,
    stop,
    async dispose() {
      await stop();
      await dropTestDatabase(databaseUrl);
      if (!options.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function killQuietly(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

async function waitForExit(pid: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type InProcessServer = Pick<TestServer, "url" | "dataDir" | "databaseUrl" | "logs" | "dispose"> & {
  /** What the server's loaders get as `context.services`: tests seed and read through these (tests/helpers/db-utils.ts). */
  services: AppServices;
  /** The METRICS_PORT listener's /metrics, when the test set that port. */
  metricsUrl?: string;
};

/**
 * Starts the same production build inside this test process, through its exported `start()`, with
 * the same settings and a database of its own. The test then holds the server's services: it seeds
 * and reads the database (in-memory PGlite can be reached from nowhere else) the way the features
 * do, and the product needs no test-only route. The integration projects run with
 * NODE_ENV=production (vitest.config.ts), so React and Express take their production paths here too.
 */
export async function startServerInProcess(options: Pick<Options, "env" | "reuse"> = {}): Promise<InProcessServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), "fixit-test-"));
  const databaseUrl = options.reuse?.databaseUrl ?? (await createTestDatabase());
  await prepareDataDir(dataDir, options);
  let output = "";
  const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
  const { start } = (await import(/* @vite-ignore */ bundle)) as { start: typeof startServer };
  const running = await start({ env: serverEnv(dataDir, databaseUrl, options.env), logDestination: { write: (line) => void (output += line) } }).catch(
    async (error: unknown) => {
      await dropTestDatabase(databaseUrl);
      if (!options.reuse) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  return {
    url: running.url.replace("localhost", "127.0.0.1"),
    metricsUrl: running.metricsUrl?.replace("localhost", "127.0.0.1"),
    dataDir,
    databaseUrl,
    services: running.services,
    logs: () => output,
    async dispose() {
      await running.close();
      await dropTestDatabase(databaseUrl);
      if (!options.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testDbKind(): "pglite" | "postgres" {
  return process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
}

/**
 * A database of its own for one test server: PGlite in memory, or a new PostgreSQL database, migrated
 * (a copy of the run's migrated template: tests/helpers/postgres-templates.ts), or with nothing in it
 * at all with `empty` (a restore's target).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  if (testDbKind() === "pglite") return "memory://";
  if (options.empty) return (await createScratchDatabase(postgresAdminUrl(), "fixit_test")).url;
  return (await createMigratedDatabase(postgresAdminUrl(), "fixit_test")).url;
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  if (databaseUrl.startsWith("postgres")) await dropScratchDatabase(postgresAdminUrl(), databaseUrl);
}

function postgresAdminUrl(): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
  return admin;
}
