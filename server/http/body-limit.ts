import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import type { Request, RequestHandler } from "express";

/**
 * Every request body has a cap, chosen by its route and content type, and the cap holds while the
 * body is read, whatever its framing: a Content-Length over the cap is refused before a byte is
 * read; a chunked (or lying) body is counted as it arrives, and the moment it passes the cap the
 * reader fails, the request is answered 413 at once and the rest of the body is thrown away unread
 * (`discardUnreadRequestBodies`: drained, or the connection closed). Nothing holds more than the
 * cap in memory, so one anonymous 100 MB POST costs what a normal form costs.
 *
 * The routes mounted before React Router that read bodies themselves (Stripe's webhook, the staff
 * tool's endpoint) do it with Express's own parsers, which enforce their `limit` the same way.
 */

export type BodyKind = "form" | "multipart" | "json";

export type BodyLimits = {
  /** A urlencoded form, or a multipart one on a route that takes no files: every page action's default. */
  form: number;
  /** JSON and any other body type (better-auth's API). */
  json: number;
  /** Routes that take more: uploads (multipart), long texts (the staff console's VIP posts). */
  routes: { match: (path: string) => boolean; form?: number; multipart?: number }[];
};

export const bodyLimitMessage = "This request is too large. Please send less and try again.";

export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`The request body is over its limit of ${limit} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

export function bodyKind(contentType: string | undefined): BodyKind {
  const type = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/x-www-form-urlencoded") return "form";
  return "json";
}

/**
 * The cap for a request's body: its route's, by content type, else the default for that type. A page's
 * data URL (`/request.data`: where React Router sends a form submitted with JavaScript) carries the
 * same body as the page's own URL, so it has the page's cap.
 */
export function bodyLimitFor(limits: BodyLimits, path: string, contentType: string | undefined): number {
  const kind = bodyKind(contentType);
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  const route = limits.routes.find((r) => r.match(page));
  if (kind === "json") return limits.json;
  const form = route?.form ?? limits.form;
  return kind === "multipart" ? (route?.multipart ?? form) : form;
}

/** True when the request carries a body (a length above zero, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = Number(req.headers["content-length"] ?? 0);
  return !Number.isFinite(length) || length > 0;
}

/** Answers 413 (if nothing was answered yet), in a few bytes; the rest of the body is discarded after it. */
export function refuseTooLarge(res: ServerResponse) {
  if (res.headersSent) return;
  // A client that asked to close the connection after this request would have it closed the moment
  // the answer is written, with its body still arriving: the reset that causes can reach it before
  // the answer does. Kept open, the rest of the body is drained first (discardUnreadRequestBodies).
  if (!res.req.complete) res.shouldKeepAlive = true;
  res.statusCode = 413;
  res.setHeader("content-type", "text/plain; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(bodyLimitMessage);
}

type Locals = { bodyLimit?: number };

/**
 * Express middleware: picks the request's cap (kept for {@link limitedBody}) and refuses at once a
 * body whose declared Content-Length is already over it.
 */
export function limitRequestBodies(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !hasBody(req)) return next();
    const limit = bodyLimitFor(limits, req.path, req.headers["content-type"]);
    (res.locals as Locals).bodyLimit = limit;
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(res);
    next();
  };
}

/** The cap {@link limitRequestBodies} chose for this request. */
export function requestBodyLimit(req: Request, res: { locals: object }): number | undefined {
  return req.method === "GET" || req.method === "HEAD" ? undefined : (res.locals as Locals).bodyLimit;
}

/**
 * The request's body as a stream that fails with {@link BodyTooLargeError} once more than `limit`
 * bytes have come in; `onTooLarge` runs then (it answers 413). What the reader has not taken stays
 * in the request, where the discarder throws it away after the answer.
 */
export function limitedBody(req: IncomingMessage, limit: number, onTooLarge: () => void): Transform {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      received += chunk.length;
      if (received <= limit) return callback(null, chunk);
      req.unpipe(counter);
      onTooLarge();
      callback(new BodyTooLargeError(limit));
    },
  });
  // A client that goes away mid-body: the reader sees an error, never a body that merely ended early.
  const closed = () => {
    if (!req.complete) counter.destroy(new Error("The request was aborted before its body ended."));
  };
  req.once("close", closed);
  counter.once("close", () => req.off("close", closed));
  return req.pipe(counter);
}

/**
 * Reads the whole body (at most `limit` bytes) before anything acts on it. Fails with
 * {@link BodyTooLargeError} past the cap (after `onTooLarge` answered 413), or when the client goes
 * away or breaks the framing before the body ends: then no action or loader has run.
 */
export async function readWholeBody(req: IncomingMessage, limit: number, onTooLarge: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of limitedBody(req, limit, onTooLarge)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether the body may be handed to its action while it still arrives: only a multipart upload of a
 * declared length within the cap (HTTP's framing then guarantees no byte more, and the upload reader
 * counts as it streams). Every other body is read whole first, so that a body refused for its size or
 * its framing is refused before any action runs: an action that acts without reading its body (signing
 * out) would otherwise act while the 413 is being sent.
 */
export function mayStreamBody(req: IncomingMessage): boolean {
  return bodyKind(req.headers["content-type"]) === "multipart" && req.headers["transfer-encoding"] === undefined && req.headers["content-length"] !== undefined;
}
