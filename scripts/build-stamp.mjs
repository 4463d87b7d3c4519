#!/usr/bin/env node
/**
 * Whether the production build is current, so `npm start` builds only when a source changed.
 * The fingerprint covers every file that goes into the build (path, size and modification time):
 * app/, server/, public/, drizzle/ and the build's configuration and dependencies.
 *
 *   node scripts/build-stamp.mjs write    # after a build: stores the fingerprint in <build>/.source-stamp
 *   node scripts/build-stamp.mjs ensure   # builds (and stamps) unless the stamp matches the sources
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const sourceDirs = ["app", "server", "public", "drizzle"];
const sourceFiles = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

/** A hash of every build input's path, size and mtime under `root`; test files do not count. */
export function sourceFingerprint(root) {
  const entries = [];
  const add = (rel) => {
    const stat = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (stat?.isFile()) entries.push(`${rel}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}`);
  };
  for (const dir of sourceDirs) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const rel of readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (!/\.test\.tsx?$/.test(rel)) add(path.join(dir, rel));
    }
  }
  for (const file of sourceFiles) add(file);
  return createHash("sha256").update(entries.sort().join("\n")).digest("hex");
}

export const stampPath = (root, buildDir = process.env.BUILD_DIR ?? "build") => path.join(root, buildDir, ".source-stamp");

export function buildIsCurrent(root, buildDir) {
  const stamp = stampPath(root, buildDir);
  if (!existsSync(path.join(root, buildDir ?? process.env.BUILD_DIR ?? "build", "server", "index.js")) || !existsSync(stamp)) return false;
  return readFileSync(stamp, "utf8").trim() === sourceFingerprint(root);
}

function main() {
  const root = process.cwd();
  const command = process.argv[2];
  if (command === "write") {
    writeFileSync(stampPath(root), `${sourceFingerprint(root)}\n`);
  } else if (command === "ensure") {
    if (buildIsCurrent(root)) {
      console.log("Build is current: starting without rebuilding.");
      return;
    }
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
    writeFileSync(stampPath(root), `${sourceFingerprint(root)}\n`);
  } else {
    console.error("usage: node scripts/build-stamp.mjs write|ensure");
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
