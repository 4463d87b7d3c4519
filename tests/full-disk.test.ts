import { execFileSync } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, testDbKind, type TestServer } from "./helpers/server";

/**
 * The embedded database on a full disk (issue 46): PGlite's writes fail, the request that wrote is
 * answered 503 with a clear word in the log, the process stays up and reads go on; once there is room
 * again, writes work again with no restart. The disk is a small tmpfs of the test's own, so this runs
 * where mounting is allowed (as root, as CI runs), once, in the PGlite pass.
 */
const root = process.getuid?.() === 0 && testDbKind() === "pglite";
let mountPoint: string | null = null;
let server: TestServer;

function mountSmallDisk(): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), "fixit-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=96m", "tmpfs", dir], { stdio: "pipe" });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes zeros until the disk says it is full. */
function fillDisk(file: string) {
  const fd = openSync(file, "w");
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  if (root) mountPoint = mountSmallDisk();
  if (!mountPoint) return;
  // PGlite on disk in the small folder (an empty DATABASE_URL is the embedded default).
  server = await startTestServer({ env: { DATABASE_URL: "", DATA_DIR: path.join(mountPoint, "data") } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (mountPoint) {
    execFileSync("umount", [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  }
});

const askForHelp = (n: number) =>
  fetch(`${server.url}/help`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, accept: "text/html", "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `203.0.113.${n}` },
    body: new URLSearchParams({ intent: "help", name: "Dina Disk", email: `dina${n}@example.com`, phone: "", subject: "A question", description: "x".repeat(4_000), website: "" }),
  });

describe.runIf(root)("the embedded database on a full disk", () => {
  it("answers a write 503, stays up and serves reads, and writes again once there is room", async (context) => {
    if (!mountPoint) return context.skip();
    const pid = server.serverPid();
    const filler = path.join(mountPoint, "filler");
    fillDisk(filler);

    const refused = await askForHelp(1);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.text()).toContain("Nothing you sent was saved");
    expect(server.logs()).toMatch(/No space left on device|could not extend file/);
    expect((await fetch(`${server.url}/about`)).status).toBe(200);

    rmSync(filler);
    const stored = await askForHelp(2);
    expect(stored.status).toBe(200);
    expect(server.serverPid()).toBe(pid);
    expect(server.logs()).not.toContain("the server process died");
  }, 120_000);
});
