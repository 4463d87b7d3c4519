import { randomUUID } from "node:crypto";
import http from "node:http";
import { constants as zlibConstants } from "node:zlib";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config.ts";
import { openDatabase, pingDatabase, queryCounter } from "./db/client.ts";
import { limitRequestBodies, type BodyLimits } from "./http/body-limit.ts";
import { clientIp } from "./http/client-ip.ts";
import { reactRouterHandler } from "./http/react-router-handler.ts";
import { redactUrl } from "./http/redact-url.ts";
import { refusalMemo, type RefusalLogLocals } from "./http/refusal-memo.ts";
import { refuseCrossSiteRequests, refuseMalformedHostHeaders, refuseNonFormBodies } from "./http/request-guards.ts";
import { cspNonce, permissionsPolicy, securityHeaders } from "./http/security.ts";
import { rememberSiteOrigin } from "./http/site-url.ts";
import { pageCacheMiddleware } from "./http/page-cache-middleware.ts";
import { precompressedEncoding, staticFileSet } from "./http/static-files.ts";
import { createLogger } from "./logger.ts";
import { startOutboxWorker } from "./mail/worker.ts";
import { recordRunningServer } from "./running-server.ts";
import { createFileStore, discardUnreadRequestBodies } from "./storage/index.ts";
import type { JobHandler } from "./jobs/queue.ts";
// The composition root: the one module that knows both server/ (infrastructure) and app/ (the features).
import { publicPages } from "~/content/pages.ts";
import { services as serviceCategories } from "~/content/services.ts";
import { createAuth } from "~/features/auth/auth.server.ts";
import { consentCookieName } from "~/features/consent/consent.ts";
import { bookingJobHandlers } from "~/features/bookings/jobs.server.ts";
import { notificationJobHandlers } from "~/features/notifications/jobs.server.ts";
import { notificationPaths } from "~/features/notifications/kinds.ts";
import { deliverSheetSync, WEBHOOK_JOB_KIND } from "~/features/forms/sheet-sync.server.ts";
import { fulfilments } from "~/features/payments/fulfilments.server.ts";
import { createPaymentsService } from "~/features/payments/payments.server.ts";
import { scheduleRetention } from "~/features/privacy/retention.server.ts";
import { mountPaymentsHttp } from "~/features/payments/webhook.server.ts";
import type { AppServices, FeatureJobKind } from "~/features/services.server.ts";
import { mountStaffHttp } from "~/features/staff/command-http.server.ts";
import { onPublicFixerDataChange } from "~/features/quotes/public-changes.ts";
import { quoteLimits } from "~/features/quotes/job-fields.ts";
import { onboardingUploadLimits } from "~/features/fixers/portal-content.ts";
import { DOCUMENT_FOLDERS } from "~/features/fixers/onboarding.server.ts";
import { CV_MAX_BYTES } from "~/features/forms/form-fields.ts";
import { figurePaths } from "~/content/figures.ts";

import { DRAFT_EXPIRY_JOB_KIND, expireDraft } from "~/features/quotes/request-draft.server.ts";

/** What the outbox worker runs besides email: one handler per feature job kind (a missing one is a type error). */
const jobHandlers = (services: AppServices): Record<FeatureJobKind, JobHandler> => ({
  [WEBHOOK_JOB_KIND]: deliverSheetSync,
  // A job draft's photos are files: its expiry needs the file store as well as the database.
  [DRAFT_EXPIRY_JOB_KIND]: (payload) => expireDraft(services, payload),
  ...bookingJobHandlers,
  ...notificationJobHandlers(services),
});

type StartOptions = {
  /** Dev mode: Vite's middleware and a loader for the current build. */
  vite?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
  env?: NodeJS.ProcessEnv;
  /** Where the log lines go instead of stdout (a test that reads what the server logged). */
  logDestination?: { write(line: string): void };
};

export type RunningServer = {
  url: string;
  services: AppServices;
  close(): Promise<void>;
};

export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL, options.logDestination);
  const database = await openDatabase(config);
  const db = database.db;
  const services: AppServices = {
    config,
    logger,
    database,
    db,
    storage: createFileStore(config),
    auth: createAuth({ config, logger, db }),
    payments: createPaymentsService(config, fulfilments),
  };
  // Sends queued mail (and other outbox jobs) in this process; stopped before the database closes.
  const outboxWorker = startOutboxWorker(services, { handlers: jobHandlers(services) });
  // The privacy notice's retention periods, applied daily.
  const stopRetention = scheduleRetention(services);

  // Production: the server build is loaded once and handed to React Router as an object, so its
  // routes are built once (a function would rebuild them on every request: a development pattern).
  const app = createApp(services, options.vite ?? { build: await loadProductionBuild() });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url, database: database.kind, env: config.APP_ENV }, "FixiT is listening");
  // Lets `npm run staff` find this server from DATA_DIR alone.
  const forgetRunningServer = recordRunningServer(config.DATA_DIR, port);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      stopRetention();
      for (const stop of app.locals.onClose as (() => void)[]) stop();
      await outboxWorker.stop();
      await database.close();
      forgetRunningServer();
      logger.info("shut down cleanly");
    })());

  return { url, services, close };
}

const MB = 1024 * 1024;
/**
 * Each request body's cap, enforced while it is read (server/http/body-limit.ts). A person's form is
 * a few KB; the uploads get their files' limits plus room for the fields and the multipart framing.
 */
const onboardingUploadBytes = onboardingUploadLimits.maxFileBytes * onboardingUploadLimits.maxFilesPerCard * DOCUMENT_FOLDERS.length + MB;
export const bodyLimits: BodyLimits = {
  form: 100_000,
  json: 64 * 1024,
  routes: [
    { match: (path) => path === "/recruitment", multipart: CV_MAX_BYTES + MB },
    { match: (path) => path === "/request", multipart: quoteLimits.photoMaxBytes * quoteLimits.photosPerJob + MB },
    { match: (path) => path === "/fixer-onboarding" || path === "/fixer-onboarding/submit", multipart: onboardingUploadBytes },
    // A VIP post's text may be 50,000 characters, percent-encoded up to nine bytes each.
    { match: (path) => path.startsWith("/staff/vip-posts/"), form: MB },
  ],
};

/** How long a service page (it lists top-rated fixers) is served from the anonymous-HTML cache at most. */
const SERVICE_PAGE_MAX_AGE_MS = 5 * 60_000;

async function loadProductionBuild(): Promise<ServerBuild> {
  // Resolved at build time by the React Router Vite plugin.
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

export function createApp(
  services: AppServices,
  mode: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> } | { build: ServerBuild },
) {
  const { config, logger } = services;
  const dev = "middlewares" in mode;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.locals.onClose = [] as (() => void)[];

  app.use((req, res, next) => {
    // Count database queries per request: the request log shows them, and outside
    // production a header lets tests prove that public pages run none.
    const counter = { queries: 0 };
    if (!config.isProduction) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!res.headersSent) res.setHeader("x-db-queries", String(counter.queries));
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    res.locals.dbCounter = counter;
    queryCounter.run(counter, () => next());
  });
  // Links in emails sent while handling a request use the origin the visitor used (development only).
  app.use(rememberSiteOrigin(config));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500
          ? "error"
          : (res as unknown as { locals: RefusalLogLocals }).locals.quietLog
            ? "silent"
            : res.statusCode >= 400
              ? "warn"
              : "info",
      customSuccessObject: (_req, res, value: Record<string, unknown>) => {
        const locals = (res as unknown as { locals: RefusalLogLocals & { dbCounter?: { queries: number } } }).locals;
        return { ...value, dbQueries: locals.dbCounter?.queries, refusalRepeats: locals.refusalRepeats };
      },
      serializers: {
        // VIP codes and email-link tokens travel in query strings: never written to the logs.
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    }),
  );
  // Hostile requests: a malformed Host/forwarding header is refused before anything is built from it.
  app.use(refuseMalformedHostHeaders);
  // The same refused form POST again from a script: the remembered 429 (a few bytes of JSON), before
  // the page headers, the compressor and React Router.
  app.use(refusalMemo({ clientIp }));
  app.use(cspNonce);
  // A form that answers with a redirect to Stripe Checkout (the donation, without JavaScript) needs it allowed as a form target.
  app.use(securityHeaders({ production: config.isProduction, dev, extraFormActions: config.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [] }));
  app.use(permissionsPolicy);
  // Pages rendered per request are compressed cheaply (brotli quality 4 in a small window, or gzip 6);
  // the anonymous-HTML cache sends its own precompressed bodies, which this leaves alone.
  app.use(compression({ level: 6, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));
  // A refused upload is answered before its body is fully read; then throw the rest away so the browser sees the answer.
  app.use(discardUnreadRequestBodies());

  app.get("/healthz", async (_req, res) => {
    try {
      await pingDatabase(services.db);
      res.set("cache-control", "no-store").json({ status: "ok", database: services.database.kind });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("cache-control", "no-store").json({ status: "unavailable" });
    }
  });

  // /staff is private and uncached; the staff command-line tool's endpoint (app/features/staff/command-http.server.ts).
  mountStaffHttp(app, services);

  // Stripe's webhook needs the raw body for its signature: mounted before anything reads it.
  mountPaymentsHttp(app, services);
  // Every other state-changing request must come from this site's own pages (403 otherwise).
  app.use(refuseCrossSiteRequests(config.publicUrl, { signedLinkPaths: [notificationPaths.oneClick] }));
  // Every other body has its route's cap, enforced while it is read (413 at once past it).
  app.use(limitRequestBodies(bodyLimits));

  if ("middlewares" in mode) {
    app.use(mode.middlewares);
  } else {
    const clientDir = path.resolve(process.cwd(), process.env.BUILD_DIR ?? "build", "client");
    // Only URLs of files that exist reach express.static: a page URL skips its stat and 404.
    const clientFiles = staticFileSet(clientDir);
    const assets = express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false });
    const files = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || !clientFiles.has(req.path)) return next();
      // The build wrote brotli and gzip copies (scripts/precompress-plugin.ts): send one as it is.
      const encoding = precompressedEncoding(req, clientFiles);
      if (encoding) {
        res.vary("Accept-Encoding");
        res.type(path.extname(req.path));
        res.set("Content-Encoding", encoding.name);
        req.url = `${req.path}${encoding.suffix}`;
      }
      // Vite fingerprints everything under /assets: cache it for a year.
      if (req.path.startsWith("/assets/")) {
        req.url = req.url.slice("/assets".length);
        return assets(req, res, next);
      }
      return files(req, res, next);
    });
    // Anonymous visitors' public pages: rendered once per build, served from memory (decision 012).
    // Service pages list top-rated fixers (data): dropped when reviews or services change here, and
    // served at most 5 minutes, which bounds what another process may show (decision 023).
    const servicePaths = new Set<string>(serviceCategories.map((s) => s.href));
    const pageCache = pageCacheMiddleware({
      build: mode.build,
      paths: [...publicPages.map((p) => p.path), ...servicePaths],
      consentCookie: consentCookieName,
      origin: config.publicUrl,
      loadContext: (requestId) => ({ services, cspNonce: "", clientIp: "", userAgent: "", requestId }),
      // The pages with figures (/ and /about: decision 043) are counted at most 5 minutes ago too.
      maxAgeMs: (path) => (servicePaths.has(path) || figurePaths.has(path) ? SERVICE_PAGE_MAX_AGE_MS : undefined),
    });
    const stopListening = onPublicFixerDataChange(() => pageCache.cache.invalidate((path) => servicePaths.has(path)));
    (app.locals.onClose as (() => void)[]).push(() => void stopListening());
    app.use(pageCache);
  }

  // Hostile requests: a page action only reads forms; any other body is refused before React Router runs.
  app.use(refuseNonFormBodies);
  app.use((_req, res, next) => {
    // The adapter flushes after every chunk it writes (4 KB); through the compressor that ends
    // each chunk's block early and costs bytes and CPU. The page is sent whole instead.
    res.flush = () => {};
    next();
  });
  app.use(
    reactRouterHandler({
      build: "middlewares" in mode ? mode.loadBuild : mode.build,
      mode: dev ? "development" : "production",
      getLoadContext: (req, res) => ({
        services,
        cspNonce: res.locals.cspNonce as string,
        clientIp: clientIp(req),
        userAgent: (req.get("user-agent") ?? "").slice(0, 512),
        requestId: String(req.id ?? ""),
      }),
    }),
  );

  const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
    req.log?.error({ err }, "unhandled request error");
    if (res.headersSent) return res.end();
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    res
      .status(status)
      .type("html")
      .send(
        status === 500
          ? "<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1><p>We encountered an unexpected error. Please try refreshing the page.</p>"
          : "<!doctype html><title>Bad request</title><h1>Bad request</h1>",
      );
  };
  app.use(errorHandler);
  return app;
}

export type { Config };
