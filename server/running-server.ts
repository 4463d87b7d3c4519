import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

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
