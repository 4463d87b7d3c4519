// `npm test`: typecheck, lint, build, unit + integration tests, then browser tests.
// Without a Chromium the browser tests are skipped loudly; with CI=true that is a failure.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

const run = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
};

run("typecheck", "npx", ["react-router", "typegen"]);
run("typecheck", "npx", ["tsc", "--noEmit"]);
run("lint", "npx", ["eslint", "."]);
run("no import circles", "npx", ["madge", "--circular", "app", "server"]);
run("build", "npx", ["react-router", "build"]);
run("unit and integration tests", "npx", ["vitest", "run"]);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const banner = `Browser tests NOT RUN: no Chromium at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`;
  console.error(`\n${"!".repeat(banner.length)}\n${banner}\n${"!".repeat(banner.length)}\n`);
  if (process.env.CI === "true" || process.env.CI === "1") process.exit(1);
} else {
  rmSync(`test-results/e2e-data-${process.env.E2E_PORT ?? 4173}`, { recursive: true, force: true });
  run("browser tests", "npx", ["playwright", "test"]);
}
console.log("\n✔ all tests passed");
