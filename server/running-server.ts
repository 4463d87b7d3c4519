import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config.ts";

/**
 * DATA_DIR/server.json: the running server's process id and address, so `npm run staff` finds it
 * without PORT being passed again. Written once the server listens, removed when it stops; a file
 * left by a process that died is ignored.
 */
type RunningServerFile = { pid: number; port: number };

const fileIn = (dataDir: string) => path.resolve(dataDir, "server.json");

export function recordRunningServer(dataDir: string, port: number): () => void {
  const file = fileIn(dataDir);
  try {
    writeFileSync(file, JSON.stringify({ pid: process.pid, port } satisfies RunningServerFile));
  } catch {
    return () => {}; // a read-only data folder: the CLI then needs PORT
  }
  return () => rmSync(file, { force: true });
}

/** The port of the server running on this data folder, or null. */
export function runningServerPort(dataDir: string): number | null {
  try {
    const { pid, port } = JSON.parse(readFileSync(fileIn(dataDir), "utf8")) as RunningServerFile;
    process.kill(pid, 0); // throws when no such process
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

/**
 * The session secret the server on this data folder uses, which a command-line tool signs with:
 * SESSION_SECRET, or the one it generated into DATA_DIR (never created here), or null.
 */
export function runningServerSecret(config: Pick<Config, "SESSION_SECRET" | "DATA_DIR">): string | null {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.resolve(config.DATA_DIR, "session-secret");
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, "utf8").trim();
  return stored.length >= 32 ? stored : null;
}
