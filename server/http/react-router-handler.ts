import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { limitedBody, mayStreamBody, readWholeBody, refuseTooLarge, requestBodyLimit } from "./body-limit.ts";
import { answerDatabaseUnavailable } from "./database-unavailable.ts";

/**
 * React Router's request handler for Express: @react-router/express's adapter (7.18), with one
 * change — the body React Router reads is the request's body through the byte counter of
 * ./body-limit.ts, so an action (a form, better-auth's JSON, an upload) can never read more than
 * its route's cap. The adapter gives no way to put anything between the Node request and the web
 * Request it builds, hence this copy of its few lines; the URL is built exactly as it builds it.
 * And a second change: the body is written at the pace the client reads it (writeBody), where the
 * adapter writes every chunk at once and buffers what the client has not yet read — a 160 MB staff
 * export held in the server's memory (issue 47).
 */
type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Whether this request, answered `status`, failed for want of the database (its loaders' errors noted it, or the pool lost its connections). */
  databaseUnavailable: (res: ExpressResponse, status: number) => boolean;
};

export function reactRouterHandler({ build, mode, getLoadContext, databaseUnavailable }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = await webRequest(req, res);
      // The body was refused (413 sent) or never ended: nothing runs.
      if (!request) return;
      const response = await handle(request, getLoadContext(req, res));
      // A page, a data request or a resource route (the auth API) that failed because the database
      // could not be reached: 503, whatever error page or refusal the route would have answered.
      if (response.status >= 400 && databaseUnavailable(res, response.status)) {
        await response.body?.cancel();
        return answerDatabaseUnavailable(res);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The web Request React Router gets, or null when its body was refused or broken off (then the answer is sent, or nobody waits for one). */
async function webRequest(req: ExpressRequest, res: ExpressResponse): Promise<Request | null> {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: requestHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const limit = requestBodyLimit(req, res);
    const tooLarge = () => (refuseTooLarge(res), controller?.abort());
    if (limit !== undefined && !mayStreamBody(req)) {
      try {
        const body = await readWholeBody(req, limit, tooLarge);
        init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>;
      } catch {
        // Past the cap (answered 413), or the client went away or broke the chunked framing mid-body.
        if (!res.headersSent) res.status(400).type("text").set("cache-control", "no-store").end("The request body was incomplete.");
        return null;
      }
    } else {
      // An upload of a declared length: streamed through the cap. Over it: 413 now, and the action's
      // later answer is dropped (its reader failed; the signal tells React Router the request is over).
      const body = limit === undefined ? req : limitedBody(req, limit, tooLarge);
      init.body = createReadableStreamFromReadable(body);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("content-type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Writes `body` to the response, waiting for 'drain' whenever the socket (or the compression
 * stream in front of it) is full, and cancels the body when the client goes away, so a streamed
 * export reads its next rows only as fast as the client takes them and lets go of its database
 * cursor at once. Each chunk is flushed through compression, as the adapter does, so a page's
 * first bytes and server-sent events are not held back.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse & { flush?: () => void }) {
  const reader = body.getReader();
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  // One listener for the response's life: compression hands 'drain' listeners to its gzip stream and
  // would keep one per wait there.
  res.on("drain", resume);
  res.on("close", resume);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      const roomLeft = res.write(value);
      res.flush?.();
      if (!roomLeft && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    res.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}
