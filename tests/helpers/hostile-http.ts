import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";

/**
 * Raw HTTP for hostile-body tests: bodies of any size sent as a stream (never allocated whole),
 * in any framing, and the answer read even when the server answers before the body is sent.
 */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: number; ms: number };

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** The body's parts, written in order; a number is that many filler bytes, streamed in 64 KB chunks. */
  body?: (string | Buffer | number)[];
  /** Chunked (the default when the body has a number) or Content-Length (the body's, unless `headers` names one). */
  chunked?: boolean;
  timeoutMs?: number;
};

const CHUNK = Buffer.alloc(64 * 1024, "a");

/** Sends the request; resolves with the answer as soon as it has been read (the rest of the body is not waited for). */
export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(base);
  const parts = request.body ?? [];
  const chunked = request.chunked ?? parts.some((p) => typeof p === "number");
  const length = parts.reduce<number>((sum, p) => sum + (typeof p === "number" ? p : Buffer.byteLength(p)), 0);
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (chunked) headers["transfer-encoding"] = "chunked";
  else headers["content-length"] ??= String(length);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    const timer = setTimeout(() => fail(new Error(`no answer to ${request.path} within ${request.timeoutMs ?? 30_000} ms`)), request.timeoutMs ?? 30_000);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    // A connection of its own: one left mid-body (a refused 100 MB) must never carry the next request.
    const req = http.request({ host: url.hostname, port: url.port, path: request.path, method: request.method ?? "POST", headers, agent: false });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= 64 * 1024) chunks.push(chunk);
      });
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // The answer is in: stop sending what is left of the body.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), bytes, ms: performance.now() - started });
      };
      res.on("end", done);
      res.on("error", done);
      res.on("close", done);
    });
    // A server that answered and closed while the body was still going: the write fails, the answer stands.
    req.on("error", (error) => {
      if (!answered) fail(new Error(`${request.method ?? "POST"} ${request.path}: ${error.message} before any answer`, { cause: error }));
    });
    let index = 0;
    let fillerLeft = 0;
    const pump = () => {
      while (!settled) {
        if (fillerLeft > 0) {
          const chunk = fillerLeft >= CHUNK.length ? CHUNK : CHUNK.subarray(0, fillerLeft);
          fillerLeft -= chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
          continue;
        }
        const part = parts[index++];
        if (part === undefined) return void req.end();
        if (typeof part === "number") fillerLeft = part;
        else if (!req.write(part)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

/** Starts a new peak for {@link processMemoryMb}: Linux resets VmHWM to the current RSS (/proc/<pid>/clear_refs). */
export function resetPeakMemory(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The server process's resident memory now and at its peak, in MB (Linux /proc). */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}
