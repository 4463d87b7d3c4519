import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { openDatabase } from "#server/db/client.ts";

/**
 * Integration tests drive the production build; build it once if `npm test` has not. Then open one
 * in-memory database, so the snapshot every test server's database starts from (decision 038) is
 * made once here, not by each of the first files running at once.
 */
export default async function setup() {
  if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`) || process.env.TEST_REBUILD === "1") {
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  const database = await openDatabase({ database: { kind: "pglite", dir: null } });
  await database.close();
}
