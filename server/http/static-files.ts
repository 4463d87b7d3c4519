import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The URL path of every file in the client build (`/favicon.svg`, `/assets/…`), read once at start.
 * Requests for anything else skip express.static, so a page URL costs no file-system stat.
 * The build never changes while the server runs (a new build means a new process).
 */
export function staticFileSet(clientDir: string): Set<string> {
  const files = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(clientDir, { recursive: true, encoding: "utf8" });
  } catch {
    return files; // no client build (tests of the server alone): nothing to serve
  }
  for (const entry of entries) {
    const urlPath = `/${entry.split(path.sep).map(encodeURIComponent).join("/")}`;
    files.add(urlPath);
  }
  return files;
}
