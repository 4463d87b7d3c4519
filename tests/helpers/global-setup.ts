import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Integration tests drive the production build; build it once if `npm test` has not. */
export default function setup() {
  if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`) || process.env.TEST_REBUILD === "1") {
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
}
