import { readdirSync } from "node:fs";
import path from "node:path";
import { chooseContentEncoding } from "./content-encoding.ts";

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

const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * The precompressed copy of a client file to send for this request, if the build wrote one
 * the browser accepts (brotli preferred); `undefined` sends the file as it is.
 */
export function precompressedEncoding(
  req: { path: string; headers: { "accept-encoding"?: string } },
  files: Set<string>,
): (typeof encodings)[number] | undefined {
  const available = encodings.filter((encoding) => files.has(`${req.path}${encoding.suffix}`));
  if (available.length === 0) return undefined;
  const chosen = chooseContentEncoding(req.headers["accept-encoding"], [...available.map((encoding) => encoding.name), "identity"]);
  return available.find((encoding) => encoding.name === chosen);
}
