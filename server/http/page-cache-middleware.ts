import { randomUUID } from "node:crypto";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { dayKey, etagFor, matchesIfNoneMatch, PageCache, policyWithScriptHashes, preparePage, type CachedPage } from "./page-cache.ts";
import { chooseContentEncoding } from "./content-encoding.ts";
import { cookiesOf } from "./cookie-header.ts";
import { nameRequestRoute } from "#server/spans.ts";

type Options = {
  build: ServerBuild;
  /** The public pages that may be cached (typed content: app/content/pages.ts and services.ts). */
  paths: Iterable<string>;
  /** The first-party cookie mirroring the visitor's cookie choice: the only cookie a cached request may carry. */
  consentCookie: string;
  /** Origin of the rendering request: the configured public URL, never the client's Host header. */
  origin: string;
  loadContext: (requestId: string) => AppLoadContext;
  /**
   * How long a path's page may be served, for pages built from data (a service page's top-rated
   * fixers): a bound on staleness across processes; in this process the data's owner invalidates.
   */
  maxAgeMs?: (path: string) => number | undefined;
  /** Told of each page served from the cache: as stored ("hit") or rendered for it first ("miss"). */
  onServe?: (result: "hit" | "miss") => void;
};

/** Headers that belong to one response, never to a stored page. */
const perResponseHeaders = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date", "etag", "vary", "content-security-policy", "set-cookie"]);

/**
 * Serves a public page to a visitor without a session from the anonymous-HTML cache (decision 012).
 * A request qualifies only if it is a GET or HEAD of a listed path, without a query string, and
 * carries no cookie but the cookie-choice one; everything else goes to the page handler, which
 * renders per request. A render that is not a plain 200 HTML page without cookies and without
 * `no-store`/`private` is never stored.
 */
export function pageCacheMiddleware(options: Options): RequestHandler & { cache: PageCache } {
  const render = createRequestHandler(options.build, "production");
  const buildId = options.build.assets.version;
  const paths = new Set(options.paths);
  const cache = new PageCache();

  const renderForCache = async (path: string, consent: string | undefined): Promise<CachedPage | null> => {
    const headers = new Headers({ accept: "text/html" });
    if (consent) headers.set("cookie", `${options.consentCookie}=${consent}`);
    const response = await render(new Request(new URL(path, options.origin), { headers }), options.loadContext(randomUUID()));
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      /no-store|private/i.test(cacheControl) ||
      !(response.headers.get("content-type") ?? "").startsWith("text/html")
    ) {
      await response.body?.cancel();
      return null;
    }
    const kept: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!perResponseHeaders.has(name)) kept.push([name, value]);
    });
    // Rendered as every signed-out visitor's page is: its JavaScript starts after the first paint (decision 025).
    return preparePage(await response.text(), kept);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.originalUrl.includes("?") || !paths.has(req.path)) return next();
    const consent = cookieChoice(req.headers.cookie, options.consentCookie);
    if (consent === false) return next(); // another cookie (a session, or one we do not know): render per request
    const parts = { buildId, path: req.path, consentChosen: consent !== undefined, day: dayKey() };
    const hit = cache.get(parts);
    if (hit) {
      options.onServe?.("hit");
      return send(req, res, hit, "hit");
    }
    cache.getOrRender(parts, () => renderForCache(req.path, consent), options.maxAgeMs?.(req.path)).then((page) => {
      if (!page) return next();
      options.onServe?.("miss");
      send(req, res, page, "miss");
    }, next);
  };
  return Object.assign(middleware, { cache });
}

/**
 * The request's cookie choice: `undefined` without cookies, the choice's value when that is the
 * only cookie, `false` when any other cookie is present (such a request is never served from cache).
 */
export function cookieChoice(header: string | undefined, consentCookie: string): string | undefined | false {
  const cookies = cookiesOf(header);
  if (cookies.size === 0) return undefined;
  for (const name of cookies.keys()) if (name !== consentCookie) return false;
  const value = cookies.get(consentCookie);
  // Only the values the banner writes; anything else counts as no choice, as the banner would.
  return value && /^(all|essential|custom)$/.test(value) ? value : undefined;
}

function send(req: ExpressRequest, res: ExpressResponse, page: CachedPage, status: "hit" | "miss") {
  // A cached page is one fixed path: that is its route in a trace.
  nameRequestRoute(req.path);
  const encoding = chooseContentEncoding(req.headers["accept-encoding"], ["br", "gzip", "identity"] as const) ?? "identity";
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const policy = res.getHeader("content-security-policy");
  if (typeof policy === "string") res.setHeader("content-security-policy", policyWithScriptHashes(policy, res.locals.cspNonce as string, page.scriptHashes));
  res.setHeader("vary", "Accept-Encoding, Cookie");
  // Browsers revalidate every time (a sign-in changes the page); the 304 costs no render.
  res.setHeader("cache-control", "no-cache");
  res.setHeader("etag", etagFor(page, encoding));
  res.setHeader("x-page-cache", status);
  if (matchesIfNoneMatch(req.headers["if-none-match"], page)) {
    res.status(304).end();
    return;
  }
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding !== "identity") res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", String(body.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
