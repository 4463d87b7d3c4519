import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runningServerPort } from "#server/running-server.ts";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * `npm start` keeps the site up when the server process dies (decision 040): the supervisor
 * (server/supervisor.js) starts a new server, which takes the embedded database's lock after the
 * dead one and records itself for `npm run staff` (DATA_DIR/server.json); SIGTERM still shuts down
 * gracefully. On the PGlite run the embedded default on disk, as `npm start` runs it: its lock file
 * is the point.
 */
let server: TestServer;

/** A port free now: a restarted server listens on the port it was given, and `PORT=0` would pick another. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  // PGlite on disk, as `npm start` runs it (its lock file is the point); on the PostgreSQL run, that database.
  const database: Record<string, string> = testDbKind() === "pglite" ? { DATABASE_URL: "" } : {};
  server = await startTestServer({ env: { ...database, PORT: String(await freePort()) } });
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

/** Waits until a server process other than `previous` answers on `supervised`'s address, and gives its pid. */
async function waitForNewServer(supervised: TestServer, previous: number, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pid = supervised.serverPid();
    if (pid && pid !== previous) {
      try {
        const res = await fetch(`${supervised.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.status === 200) return pid;
      } catch {
        /* not listening yet */
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new server process answered within ${timeoutMs} ms:\n${supervised.logs().slice(-2000)}`);
}

describe("the supervisor", () => {
  it("starts a new server when the server process dies, which takes the database lock and answers on the same address", async () => {
    const first = server.serverPid()!;
    expect(first).toBeGreaterThan(0);
    expect(first).not.toBe(server.process.pid);
    expect(runningServerPort(server.dataDir)).toBe(Number(new URL(server.url).port));

    process.kill(first, "SIGKILL"); // an out-of-memory abort, as far as the supervisor can tell
    const second = await waitForNewServer(server, first);
    expect(server.logs()).toContain("the server process died: starting a new one");
    // The new process holds the embedded database (its lock file names it) and is the one the staff tool finds.
    if (testDbKind() === "pglite") expect(Number(readFileSync(`${server.dataDir}/pglite.lock`, "utf8"))).toBe(second);
    expect(JSON.parse(readFileSync(`${server.dataDir}/server.json`, "utf8")).pid).toBe(second);
    expect(runningServerPort(server.dataDir)).toBe(Number(new URL(server.url).port));
  }, 180_000);

  it("still shuts down gracefully on SIGTERM, server and supervisor", async () => {
    const pid = server.serverPid()!;
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.logs()).toContain("shut down cleanly");
    expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});

describe("a server whose log nobody reads any more", () => {
  it("still shuts down on SIGTERM (`npm start | head`: its stdout pipe closed)", async () => {
    const unread = await startTestServer();
    try {
      // The reading end goes away, as when `head` has printed its lines and exited: the next log
      // lines, the shutdown's own, meet a closed pipe.
      unread.process.stdout!.destroy();
      const stopped = unread.stop("SIGTERM");
      const outcome = await Promise.race([stopped, new Promise((resolve) => setTimeout(() => resolve("still running after 15 s"), 15_000))]);
      expect(outcome).toBe(0);
    } finally {
      await unread.stop("SIGKILL");
      await unread.dispose();
    }
  }, 60_000);

  it("is still restarted when it dies: the supervisor's own line about it meets the closed pipe too", async () => {
    const unread = await startTestServer({ env: { PORT: String(await freePort()) } });
    try {
      unread.process.stdout!.destroy();
      const first = unread.serverPid()!;
      process.kill(first, "SIGKILL");
      expect(await waitForNewServer(unread, first, 60_000)).not.toBe(first);
      expect(unread.process.exitCode).toBeNull();
    } finally {
      await unread.stop("SIGKILL");
      await unread.dispose();
    }
  }, 90_000);
});
