import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** A fresh nonce per response: only scripts carrying it may run (no 'unsafe-inline'). */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

export function securityHeaders(options: { production: boolean; dev: boolean; extraFormActions?: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: options.dev
          ? ["'self'", "'unsafe-inline'"] // Vite's dev preamble; never in a build
          : ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        // Inline style attributes (carousel transforms, progress bars) are safe to allow.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: options.dev ? ["'self'", "ws:"] : ["'self'"],
        formAction: ["'self'", ...(options.extraFormActions ?? [])],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only in production: over plain http in development it is meaningless, and on localhost it can pin https.
    strictTransportSecurity: options.production ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
}

/**
 * Browser features the site never uses are switched off for it and anything it embeds. Payment is
 * off too: checkout is a redirect to Stripe's hosted page (or the local test page), never the
 * Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "bluetooth=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader("permissions-policy", PERMISSIONS_POLICY);
  next();
};
