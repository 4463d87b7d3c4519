import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { paintBeforeScripts } from "#server/http/paint-first.ts";
import { nameRequestRoute, routeSpans } from "#server/spans.ts";
import { NonceProvider } from "~/lib/nonce";
import { keepFlashPrivate } from "~/lib/flash.server";
import { refusalWithoutPage } from "~/lib/refusal.server";
import { publicPages, signedOutFormPaths } from "~/content/pages";
import { services } from "~/content/services";

export const streamTimeout = 5_000;

/** Traces (when on): a span per loader and action, and each request named after its route pattern. */
export const instrumentations = [routeSpans];

/**
 * The pages whose scripts load on the visitor's first interaction, not at load (decision 041): every
 * public page, service page and signed-out form page, for a signed-out visitor with no flash to show.
 */
const firstInteractionPaths: ReadonlySet<string> = new Set([...publicPages.map((p) => p.path), ...services.map((s) => s.href), ...signedOutFormPaths]);

/**
 * Errors thrown by loaders, actions and React Router itself, in the server's log with the request's id
 * (React Router's default prints them to stderr). An action posted with an Origin that is not the
 * address it was sent to is refused by React Router with a 400: the client's doing, so a warning.
 * One that says the database could not be reached is noted on the request by the logger
 * (server/logger.ts): the request is answered 503 and the line is a warning.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = context.services.logger.child({ requestId: context.requestId });
  if (originNotRequestUrl(request)) logger.warn({ err: error, url: request.url }, "action refused: its Origin is not the address it was sent to");
  else logger.error({ err: error, url: request.url }, "error while handling a request");
};

function originNotRequestUrl(request: Request): boolean {
  const origin = request.headers.get("origin");
  return request.method !== "GET" && request.method !== "HEAD" && origin !== null && origin !== new URL(request.url).origin;
}

/** Client-side navigations' data requests: a flash read there is as private as on a page. */
export function handleDataRequest(response: Response) {
  keepFlashPrivate(response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  keepFlashPrivate(responseHeaders);
  // A page whose own route has no loader is named here, after the deepest route it matched.
  nameRequestRoute(routePattern(routerContext));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Hostile-input hardening: a refused POST from a non-browser is answered without rendering the page.
  const refusal = refusalWithoutPage(request, responseStatusCode, responseHeaders, routerContext);
  if (refusal) return refusal;
  // No nonce in a page rendered for the anonymous cache: its inline scripts are allowed by hash (decision 012).
  const nonce = loadContext.cspNonce || undefined;

  // A signed-out visitor's page, cached (the cache renders without a session) or rendered per request,
  // paints before its JavaScript starts (decision 025): the whole document is rendered, then its
  // scripts rewritten. Nothing on such a page waits for slow data, so holding it back until complete
  // costs no first byte worth having.
  const paintFirst = !signedIn(routerContext);
  // A public, service or signed-out form page goes further: its scripts load on the visitor's first
  // interaction (decision 041). A flash is shown at once, so such a page starts after its paint.
  const start = paintFirst && responseStatusCode === 200 && !hasFlash(routerContext) && firstInteractionPaths.has(new URL(request.url).pathname) ? "interaction" : "paint";

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that completes in the same pass (the deferred home sections, the
        // member's chat) is written inline. React's default moves one over 12.8 KB to the end of
        // the document, hidden until an inline script reveals it on a later frame, so the
        // content would paint late and blank out where timers are slow.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Every page is sent whole, in one write (decision 025): no page waits on deferred data (a
        // loader's data is complete before the render starts), so streaming it gained no first byte
        // and cost a socket write and a promise round per 2 KB chunk, and a compressed block each.
        onAllReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const rendered = Buffer.concat(chunks);
            const html = paintFirst ? Buffer.from(paintBeforeScripts(rendered.toString("utf8"), { start })) : rendered;
            responseHeaders.set("Content-Length", String(html.byteLength));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside a Suspense boundary render its fallback and surface only here, before or
          // after the shell: log them all, or a page could answer 500 with nothing in the log.
          loadContext.services.logger.error({ err: error, url: request.url, shellRendered }, "error while rendering a page");
        },
      },
    );
  });
}

/** The matched routes' paths joined: `/bookings/:id`, as React Router's instrumentation names patterns. */
function routePattern(routerContext: EntryContext): string {
  const paths = routerContext.staticHandlerContext.matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
  return `/${paths.join("/")}`.replace(/\/{2,}/g, "/");
}

const rootData = (routerContext: EntryContext) => routerContext.staticHandlerContext.loaderData?.root as { user?: unknown; flash?: unknown } | undefined;

/** Whether the root loader found a signed-in user (no root data: an error before it, so no). */
function signedIn(routerContext: EntryContext): boolean {
  return Boolean(rootData(routerContext)?.user);
}

/** Whether the page carries a one-read message (a toast) for the visitor. */
function hasFlash(routerContext: EntryContext): boolean {
  return Boolean(rootData(routerContext)?.flash);
}
