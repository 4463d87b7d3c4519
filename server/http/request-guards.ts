import type { RequestHandler } from "express";

/**
 * Cheap refusals in front of the React Router handler: a request whose headers or body the app
 * cannot read is answered 400/415 with a few bytes of text, before any page renders or any
 * database is touched.
 */

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** host[:port] as RFC 3986 allows it for a site: DNS name, IPv4 or [IPv6], optional port. */
const HOST_PATTERN = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, "i");
const PROTO_PATTERN = /^https?$/i;

/** host[:port] with a port a URL can hold (0–65535). */
function isHost(value: string): boolean {
  if (value.length > 300 || !HOST_PATTERN.test(value)) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || Number(port) <= 65535;
}

function listOk(value: string | undefined, check: (part: string) => boolean): boolean {
  if (value === undefined) return true;
  if (value.length > 1000) return false;
  return value.split(",").every((part) => check(part.trim()));
}

/** Host, X-Forwarded-Host and X-Forwarded-Proto must be well formed: the request URL is built from them. */
export const refuseMalformedHostHeaders: RequestHandler = (req, res, next) => {
  const host = req.headers.host;
  const ok =
    (host === undefined || isHost(host)) &&
    listOk(header(req.headers["x-forwarded-host"]), isHost) &&
    listOk(header(req.headers["x-forwarded-proto"]), (part) => PROTO_PATTERN.test(part));
  if (ok) return next();
  refuse(res, 400, "Bad request: malformed Host or forwarding header.");
};

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every page action reads a form. A POST (or PUT/PATCH/DELETE) to a page with any other body type
 * (JSON, text/plain, none) is answered 415 here rather than failing inside the action. Not pages:
 * better-auth's JSON endpoints (/api/auth), and the routes mounted before this (Stripe's webhook,
 * the staff tool).
 */
const AUTH_API = "/api/auth/";

export const refuseNonFormBodies: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.path.startsWith(AUTH_API)) return next();
  const type = (req.headers["content-type"] ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (FORM_TYPES.includes(type)) return next();
  refuse(res, 415, "Unsupported body: send the form as application/x-www-form-urlencoded or multipart/form-data.");
};

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** On a loopback address, the same server's other loopback names (localhost:3000 is 127.0.0.1:3000). */
function loopbackAliases(origin: string): string[] {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [];
  }
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

function refuse(res: Parameters<RequestHandler>[1], status: number, message: string) {
  res.status(status).set("cache-control", "no-store").type("text/plain").send(message);
}

export const crossSiteMessage = "This can only be done from FixiT's own pages.";

/**
 * Whether a state-changing request was sent by one of this site's own pages, as the browser says:
 * `Sec-Fetch-Site` when it sends it (same-origin, or none for something the user did themselves),
 * else `Origin`, which must be this site's (the request's own origin or PUBLIC_URL's). A client
 * that sends neither (a script, an old browser) is let through: SameSite cookies still hold there.
 */
export function fromThisSite(headers: { fetchSite?: string; origin?: string }, ownOrigins: readonly string[]): boolean {
  const fetchSite = headers.fetchSite?.trim().toLowerCase();
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  if (headers.origin === undefined) return true;
  return ownOrigins.includes(headers.origin.trim().toLowerCase());
}

/**
 * One rule for every request that changes state (any method but GET, HEAD and OPTIONS), pages and
 * resource routes alike: sent from another site (or a sibling subdomain: "same-site") → 403 before
 * any route runs, so no route can forget it. Mounted after the two endpoints other senders use on
 * purpose (Stripe's signed webhook, the staff tool's signed loopback call).
 */
export function refuseCrossSiteRequests(publicUrl: string, options: { signedLinkPaths?: readonly string[] } = {}): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin.toLowerCase();
  const signedLinkPaths = new Set(options.signedLinkPaths ?? []);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    // A path whose POST is authorised by a signed token in its link, not by a session (RFC 8058's
    // one-click unsubscribe, posted by a mail provider from wherever it runs): a forged request
    // cannot hold a token it was never sent, so where it comes from does not matter.
    if (signedLinkPaths.has(req.path)) return next();
    const ownOrigin = `${req.protocol}://${req.host}`.toLowerCase();
    const ok = fromThisSite({ fetchSite: header(req.headers["sec-fetch-site"]), origin: header(req.headers.origin) }, [ownOrigin, ...loopbackAliases(ownOrigin), publicOrigin]);
    if (ok) return next();
    refuse(res, 403, crossSiteMessage);
  };
}
