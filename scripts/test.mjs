// `npm test`: the route types, typecheck, lint, the layer check and build (side by side), unit + integration tests,
// then browser tests. Without a Chromium the browser tests are skipped loudly; with CI=true that is a failure.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { browserTestChromium } from "./browser-test-chromium.mjs";

const fail = (title, status) => {
  console.error(`\n✖ ${title} failed`);
  process.exit(status ?? 1);
};

const run = (title, cmd, args, env = {}) => {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) fail(title, result.status);
};

const started = Date.now();
/**
 * Runs one check beside others (each is one process, mostly on one core), its output printed as a
 * block when it ends, so that two cores finish them in about half the time.
 */
const check = (title, cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => {
      console.log(`\n▶ ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)\n${output.trimEnd()}`);
      resolve({ title, status });
    });
  });

// The build reads no route types: it starts at once. The type check and the typed lint rules read
// them, and so does the layer check (a route's `./+types/…` import), so they wait for typegen.
const results = await Promise.all([
  check("build", "npx", ["react-router", "build"]),
  check("route types", "npx", ["react-router", "typegen"]).then((typegen) =>
    typegen.status !== 0
      ? [typegen]
      : Promise.all([
          check("typecheck", "npx", ["tsc", "--noEmit"]),
          check("lint", "npx", ["eslint", "."]),
          // Imports against the layer order (type-only ones too) and import circles: .dependency-cruiser.mjs.
          check("layers", "npm", ["run", "--silent", "check:layers"]),
        ]),
  ),
]);
const failed = results.flat().find((result) => result.status !== 0);
if (failed) fail(failed.title, failed.status);
run("unit and integration tests", "npx", ["vitest", "run"]);

const chromium = browserTestChromium();
if (!existsSync(chromium)) {
  const banner = `Browser tests NOT RUN: no Chromium at ${chromium}. Install Debian's chromium-headless-shell or chromium (apt-get install …) or set CHROMIUM_PATH.`;
  console.error(`\n${"!".repeat(banner.length)}\n${banner}\n${"!".repeat(banner.length)}\n`);
  if (process.env.CI === "true" || process.env.CI === "1") process.exit(1);
} else {
  rmSync(`test-results/e2e-data-${process.env.E2E_PORT ?? 4173}`, { recursive: true, force: true });
  run("browser tests", "npx", ["playwright", "test"]);
}
console.log("\n✔ all tests passed");
