import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { limitedBody, refuseTooLarge, requestBodyLimit } from "./body-limit.ts";

/**
 * React Router's request handler for Express: @react-router/express's adapter (7.18), with one
 * change — the body React Router reads is the request's body through the byte counter of
 * ./body-limit.ts, so an action (a form, better-auth's JSON, an upload) can never read more than
 * its route's cap. The adapter gives no way to put anything between the Node request and the web
 * Request it builds, hence this copy of its few lines; the URL is built exactly as it builds it.
 */
type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

export function reactRouterHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(webRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
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
    // Over the cap: 413 now, and the action's later answer is dropped (its reader failed; the signal
    // tells React Router the request is over, so it does not log the failure as an error).
    const body = limit === undefined ? req : limitedBody(req, limit, () => (refuseTooLarge(res), controller?.abort()));
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
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
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
