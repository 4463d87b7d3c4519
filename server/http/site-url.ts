import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import type { Config } from "#server/config.ts";

/**
 * The site's address for links in emails. In production, and whenever PUBLIC_URL is set, it is
 * PUBLIC_URL. In development without it, a link should work where the visitor is: a request to a
 * loopback host (localhost, 127.0.0.1, [::1] on any port) makes that request's links use the origin
 * the visitor typed; any other Host header is ignored (it could be anything) and the default
 * http://localhost:PORT stays.
 */
const requestOrigin = new AsyncLocalStorage<string>();

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/** `http://<host>` for a loopback Host header, else null. */
export function loopbackOrigin(host: string | undefined): string | null {
  return host && LOOPBACK_HOST.test(host) ? `http://${host.toLowerCase()}` : null;
}

type OriginConfig = Pick<Config, "publicUrl" | "isProduction" | "PUBLIC_URL">;

/** Whether the cookies we set are marked Secure: in production, when the site is served over HTTPS. */
export function secureCookies(config: Pick<Config, "isProduction" | "publicUrl">): boolean {
  return config.isProduction && config.publicUrl.startsWith("https://");
}

/** Express middleware: remembers the loopback origin of this request (development without PUBLIC_URL only). */
export function rememberSiteOrigin(config: OriginConfig): RequestHandler {
  return (req, _res, next) => {
    const origin = config.isProduction || config.PUBLIC_URL ? null : loopbackOrigin(req.headers.host);
    if (origin) requestOrigin.run(origin, next);
    else next();
  };
}

/** The origin for links built now: the visitor's loopback origin in development, else the configured one. */
export function siteUrl(config: Pick<Config, "publicUrl">): string {
  return requestOrigin.getStore() ?? config.publicUrl;
}

/** A link better-auth built on the configured origin, moved to siteUrl (confirmation and reset links). */
export function onSite(config: Pick<Config, "publicUrl">, url: string): string {
  return url.startsWith(config.publicUrl) ? siteUrl(config) + url.slice(config.publicUrl.length) : url;
}
