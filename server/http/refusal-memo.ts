import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";

/**
 * A flood of the same refused form POST from a script (a password-guessing loop, a load generator)
 * is answered from memory. The first refusal runs the whole action (the rate-limit check, the
 * event, the 429 as a few bytes of JSON: app/lib/refusal.server.ts); this remembers that answer,
 * keyed by everything the answer depends on (path, client address, cookies, the form itself), until
 * its Retry-After runs out, and repeats it without running React Router. A rate-limit window only
 * fills up, so a refusal stays true until then. Browsers (Accept: text/html) always get the page.
 */

type Remembered = { expiresAt: number; status: number; contentType: string; body: Buffer; repeats: number };

/**
 * A flood would write one log line per repeat (13,836 in a 5 s test): the request log records the
 * first repeat of a remembered refusal and then every hundredth, with the count so far
 * (`res.locals.refusalRepeats`); the others are marked `res.locals.quietLog`.
 */
export const REPEAT_LOG_EVERY = 100;
export type RefusalLogLocals = { quietLog?: boolean; refusalRepeats?: number };

const FORM_TYPE = "application/x-www-form-urlencoded";
const MAX_BODY_BYTES = 16 * 1024;
const MAX_ENTRIES = 10_000;

export function refusalMemo(options: { clientIp: (req: Request) => string; now?: () => number }): RequestHandler {
  const now = options.now ?? Date.now;
  const remembered = new Map<string, Remembered>();

  const remember = (key: string, entry: Remembered) => {
    if (remembered.size >= MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, entry);
  };

  return (req, res, next) => {
    if (req.method !== "POST" || (req.headers.accept ?? "").includes("text/html")) return next();
    if ((req.headers["content-type"] ?? "").split(";", 1)[0]!.trim().toLowerCase() !== FORM_TYPE) return next();
    const length = Number(req.headers["content-length"]);
    if (!Number.isInteger(length) || length <= 0 || length > MAX_BODY_BYTES) return next();

    peekBody(req, length).then((body) => {
      if (!body) return void res.status(400).type("text/plain").end("Bad request: the body ended before its Content-Length.");
      const key = createHash("sha256")
        .update([req.originalUrl, options.clientIp(req), req.headers.cookie ?? "", req.headers.accept ?? ""].join("\n"))
        .update("\n")
        .update(body)
        .digest("base64");
      const known = remembered.get(key);
      const at = now();
      if (known && known.expiresAt > at) return repeat(res, known, at);
      if (known) remembered.delete(key);
      captureRefusal(res, (entry) => remember(key, entry), at);
      next();
    }, next);
  };
}

function repeat(res: Response, known: Remembered, at: number) {
  known.repeats += 1;
  const locals = res.locals as RefusalLogLocals;
  if (known.repeats === 1 || known.repeats % REPEAT_LOG_EVERY === 0) locals.refusalRepeats = known.repeats;
  else locals.quietLog = true;
  res
    .status(known.status)
    .set({
      "content-type": known.contentType,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "retry-after": String(Math.ceil((known.expiresAt - at) / 1000)),
    })
    .end(known.body);
}

/** Watches the answer: a 429 with Retry-After, sent as JSON (a refusal without a page), is remembered. */
function captureRefusal(res: Response, store: (entry: Remembered) => void, at: number) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const retryAfter = Number(res.getHeader("retry-after"));
    const contentType = String(res.getHeader("content-type") ?? "");
    // Only a plain body: one the compressor (mounted after this) has not encoded.
    if (res.statusCode === 429 && retryAfter > 0 && contentType.startsWith("application/json") && !res.getHeader("content-encoding")) {
      store({ expiresAt: at + retryAfter * 1000, status: 429, contentType, body: Buffer.concat(chunks), repeats: 0 });
    }
    return end(chunk, ...rest);
  }) as Response["end"];
}

/**
 * Reads the whole (small) body and puts it back in front of the stream, so the handler after this
 * reads it as if nothing had happened. Null when the body ends short of its Content-Length.
 */
function peekBody(req: IncomingMessage, length: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | null) => {
      req.off("readable", onReadable);
      req.off("end", onEnd);
      req.off("error", reject);
      resolve(result);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= length) {
          const body = Buffer.concat(chunks);
          // Back in front, in the same tick, before the stream can emit 'end'.
          req.unshift(body);
          return done(body);
        }
      }
    };
    const onEnd = () => done(null);
    req.on("readable", onReadable);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}
