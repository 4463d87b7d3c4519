/**
 * Starts the production build (server/main.js) as a child process for the bench and Lighthouse
 * scripts, with the same heap flags as `npm start`, a throwaway data folder and a throwaway database:
 * PostgreSQL, PGlite in that folder, or PGlite in memory. `stop()` ends the process and removes both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase } from "./scratch-database.ts";

export type ProductionServer = {
  base: string;
  /** The supervisor (server/supervisor.js). */
  process: ChildProcess;
  /** The server process, the supervisor's child: its CPU time and memory are the server's. */
  serverPid(): number;
  peakRssMb(): number | undefined;
  stop(): Promise<void>;
};

export async function startProductionServer(options: {
  port: number;
  pgAdminUrl?: string;
  /** Without PostgreSQL: the embedded default on disk (as `npm start` runs it) instead of an in-memory PGlite. */
  pgliteOnDisk?: boolean;
  /** A PostgreSQL database of the caller's (the scale bench's copies): used as it is and never dropped. */
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** More node flags for the server (e.g. --cpu-prof): the supervisor hands its flags to the server it forks. */
  nodeArgs?: readonly string[];
}): Promise<ProductionServer> {
  // An empty DATABASE_URL is the embedded default: PGlite under DATA_DIR.
  let databaseUrl = options.pgliteOnDisk ? "" : "memory://";
  const scratch = options.pgAdminUrl && !options.databaseUrl ? await createScratchDatabase(options.pgAdminUrl, "fixit_bench") : undefined;
  if (scratch) databaseUrl = scratch.url;
  if (options.databaseUrl) databaseUrl = options.databaseUrl;
  const dataDir = mkdtempSync(path.join(tmpdir(), "fixit-bench-"));
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["--max-old-space-size=192", "--max-semi-space-size=8", ...(options.nodeArgs ?? []), "server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test", // rate limits of public forms are per IP; the bench runs them from one address
      BENCH_MODE: "1",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };
  try {
    await waitFor(`${base}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  // `npm start` runs a supervisor whose one child is the server: that child's memory is the server's.
  return { base, process: child, serverPid: () => childPidOf(child.pid!) ?? child.pid!, peakRssMb: () => readPeakRssMb(childPidOf(child.pid!) ?? child.pid!), stop };
}

/** The one child of a process (Linux: /proc/<pid>/task/<pid>/children). */
export function childPidOf(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

/** VmHWM: the highest resident set size the process has reached. */
function readPeakRssMb(pid: number): number | undefined {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}
