import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { childPidOf } from "../../scripts/production-server.ts";

/**
 * Integration tests drive the production build; build it once if `npm test` has not. Then open one
 * in-memory database, so the snapshot every test server's database starts from (decision 038) is
 * made once here, not by each of the first files running at once.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`) || process.env.TEST_REBUILD === "1") {
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  const database = await openDatabase({ database: { kind: "pglite", dir: null } });
  await database.close();

  // Every server process a test starts is written here (tests/helpers/server.ts). A test that gave up
  // on one (a hook's timeout) leaves no one to stop it, and a worker is ended without its exit
  // handlers: at the end of the run, whatever is still alive is stopped, with its own server process.
  const pidsDir = mkdtempSync(path.join(tmpdir(), "fixit-test-pids-"));
  const pidsFile = path.join(pidsDir, "pids");
  process.env.FIXIT_TEST_SERVER_PIDS = pidsFile;
  // The run's migrated PGlite folder, made there by the first test that needs one (pglite-folder-template.ts).
  project.provide("pgliteFolderTemplate", path.join(pidsDir, "pglite-template"));
  return () => {
    const pids = existsSync(pidsFile) ? readFileSync(pidsFile, "utf8").split("\n").filter(Boolean).map(Number) : [];
    for (const pid of pids) {
      for (const target of [childPidOf(pid), pid]) {
        try {
          if (target) process.kill(target, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
    }
    rmSync(pidsDir, { recursive: true, force: true });
  };
}
