import { randomUUID } from "node:crypto";
import http from "node:http";
import { constants as zlibConstants } from "node:zlib";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { AppLoadContext, ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config.ts";
import { mountBackupEndpoint } from "./backup/http.ts";
import { openDatabase, pingDatabase } from "./db/client.ts";
import { queryCounter, type RequestDatabaseFacts } from "./db/request-facts.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { answerDatabaseUnavailable } from "./http/database-unavailable.ts";
import { limitRequestBodies, type BodyLimits } from "./http/body-limit.ts";
import { clientIp } from "./http/client-ip.ts";
import { reactRouterHandler } from "./http/react-router-handler.ts";
import { redactUrl } from "./http/redact-url.ts";
import { refusalMemo, type RefusalLogLocals } from "./http/refusal-memo.ts";
import { refuseCrossSiteRequests, refuseMalformedHostHeaders, refuseNonFormBodies } from "./http/request-guards.ts";
import { cspNonce, permissionsPolicy, securityHeaders } from "./http/security.ts";
import { rememberSiteOrigin } from "./http/site-url.ts";
import { pageCacheMiddleware } from "./http/page-cache-middleware.ts";
import { openLiveChannel } from "./live/channel.ts";
import { precompressedEncoding, staticFileSet } from "./http/static-files.ts";
import { routeIdMatcher } from "./http/route-ids.ts";
import { outboxGauges } from "./jobs/outbox-gauges.ts";
import { createLogger } from "./logger.ts";
import { EMAIL_JOB_KIND } from "./mail/outbox.ts";
import { startOutboxWorker } from "./mail/worker.ts";
import type { GaugeSet } from "./metrics/gauge-set.ts";
import type { ServerMetrics } from "./metrics/server-metrics.ts";
import { recordRunningServer } from "./running-server.ts";
import { enableSpans } from "./spans.ts";
import { createFileStore, discardUnreadRequestBodies } from "./storage/index.ts";
import type { JobHandler } from "./jobs/queue.ts";
import type { InfraServices } from "./services.ts";

/**
 * Infrastructure only: the Express pipeline and the process's lifetime. It imports nothing from
 * app/; the composition root (app/composition-root.server.ts) hands it the features as a
 * {@link ServerFeatures} and exports `start()` from the server bundle (decisions 002 and 045).
 */

/** What a request's loaders and actions get besides the services (the composition root builds the load context from these). */
export type RequestFacts = { cspNonce: string; clientIp: string; userAgent: string; requestId: string };

/** What the features give the server: their services, job handlers, HTTP endpoints and the page cache's rules. */
export type ServerFeatures<S extends InfraServices> = {
  /** The features' services, built once on top of the infrastructure. */
  services(infra: InfraServices): S;
  /** What the outbox worker runs besides email: one handler per job kind. */
  jobHandlers(services: S): Record<string, JobHandler>;
  /** Timers the features run in this process (e.g. retention); each returns its stop. */
  background(services: S): (() => void)[];
  /** Each request body's cap, enforced while it is read. */
  bodyLimits: BodyLimits;
  /** Paths whose POST carries its own authority in a signed token (a one-click unsubscribe from a mail provider): exempt from the cross-site rule. */
  signedLinkPaths: readonly string[];
  /** Endpoints and middleware outside React Router (Stripe's webhook needs the raw body): mounted before the cross-site and body guards. */
  mountHttp(app: express.Express, services: S): void;
  /** React Router's load context for a request. */
  loadContext(services: S, facts: RequestFacts): AppLoadContext;
  /** The features' gauges (bookings, held funds, reconciliation), read at each scrape; asked only when metrics are on. */
  metrics(services: S): GaugeSet[];
  /** The anonymous-HTML cache (decision 012): which pages, for how long, and when to drop them. */
  pageCache: {
    paths: string[];
    consentCookie: string;
    maxAgeMs(path: string): number | undefined;
    /** Subscribes `invalidate` to the changes that make cached pages stale; returns the unsubscribe. */
    invalidateOn(services: S, invalidate: (match: (path: string) => boolean) => void): () => void;
  };
};

export type StartOptions = {
  /** Dev mode: Vite's middleware and a loader for the current build. */
  vite?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
  env?: NodeJS.ProcessEnv;
  /** Where the log lines go instead of stdout (a test that reads what the server logged). */
  logDestination?: { write(line: string): void };
  /**
   * Called once the server listens, before the line that says so: the supervisor learns it first,
   * so a process killed by whoever waited for that line is restarted (server/main.js).
   */
  onListening?: () => void;
};

export type RunningServer<S extends InfraServices = InfraServices> = {
  url: string;
  /** The METRICS_PORT listener's address, when there is one. */
  metricsUrl?: string;
  services: S;
  close(): Promise<void>;
};

export async function startServer<S extends InfraServices>(features: ServerFeatures<S>, options: StartOptions = {}): Promise<RunningServer<S>> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL, options.logDestination);
  if (config.tracing) await enableSpans();
  const database = await openDatabase(config, {
    onConnectionError: (error) => logger.warn({ err: error }, "database connection lost: the pool opens a new one for the next query"),
  });
  const live = await openLiveChannel({ config, database, logger });
  const services = features.services({ config, logger, database, db: database.db, storage: createFileStore(config), live });
  const jobHandlers = features.jobHandlers(services);
  // Off unless asked for: prom-client is loaded only then.
  const metrics =
    config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined
      ? (await import("./metrics/server-metrics.ts")).createServerMetrics({
          database,
          live,
          logger,
          gaugeSets: [outboxGauges(database.db, [EMAIL_JOB_KIND, ...Object.keys(jobHandlers)]), ...features.metrics(services)],
          role: config.ROLE,
        })
      : undefined;
  // ROLE (issue 47): a web process runs no background work; a worker runs it and serves no pages.
  const runsBackground = config.ROLE !== "web";
  // Sends queued mail (and other outbox jobs) in this process; stopped before the database closes.
  const outboxWorker = runsBackground ? startOutboxWorker(services, { handlers: jobHandlers, onJobRun: metrics?.jobRan, onPoll: metrics?.workerPolled, onJobOutcome: metrics?.jobOutcome }) : undefined;
  const stopBackground = runsBackground ? features.background(services) : [];

  // Production: the server build is loaded once and handed to React Router as an object, so its
  // routes are built once (a function would rebuild them on every request: a development pattern).
  const app = config.ROLE === "worker" ? createWorkerApp(services, metrics) : createApp(services, features, options.vite ?? { build: await loadProductionBuild() }, metrics);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await listen(server, config.PORT, config.HOST);
  const port = listeningPort(server, config.PORT);
  const url = `http://localhost:${port}`;
  // The scrape-only port (METRICS_PORT), on the same interface as the site.
  const metricsServer = metrics && config.METRICS_PORT !== undefined ? metrics.listener() : undefined;
  if (metricsServer) await listen(metricsServer, config.METRICS_PORT!, config.HOST);
  const metricsUrl = metricsServer ? `http://localhost:${listeningPort(metricsServer, config.METRICS_PORT!)}/metrics` : undefined;
  // Lets `npm run staff` find this server from DATA_DIR alone: written before the line that says the
  // server is ready, so whoever waits for that line finds the file.
  const forgetRunningServer = recordRunningServer(config.DATA_DIR, port);
  options.onListening?.();
  logger.info({ url, metricsUrl, database: database.kind, env: config.APP_ENV, role: config.ROLE }, "FixiT is listening");

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      // Open live streams never finish by themselves: they end now (browsers reconnect to another instance).
      const liveClosed = live.close();
      await closed;
      await liveClosed;
      clearTimeout(force);
      for (const stop of stopBackground) stop();
      for (const stop of app.locals.onClose as (() => void)[]) stop();
      await outboxWorker?.stop();
      await database.close();
      forgetRunningServer();
      logger.info("shut down cleanly");
    })());

  return { url, metricsUrl, services, close };
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}

function listeningPort(server: http.Server, configured: number): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : configured;
}

async function loadProductionBuild(): Promise<ServerBuild> {
  // Resolved at build time by the React Router Vite plugin.
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

/**
 * Probes that arrive while one is running share its answer: a busy or stalled pool never gets a
 * query queued per probe (a load balancer's probes pile up exactly when the database is slow).
 */
function healthRoute(services: InfraServices): express.RequestHandler {
  let ping: Promise<void> | undefined;
  return async (_req, res) => {
    try {
      ping ??= pingDatabase(services.db).finally(() => (ping = undefined));
      await ping;
      res.set("cache-control", "no-store").json({ status: "ok", database: services.database.kind, role: services.config.ROLE });
    } catch (error) {
      // A warning: the load balancer's own probe is what takes the instance out, and the database's
      // outage pages whoever watches it once, not once per probe and instance.
      services.logger.warn({ err: error }, "health check failed: the database does not answer");
      res.status(503).set("cache-control", "no-store").json({ status: "unavailable" });
    }
  };
}

/**
 * ROLE=worker's HTTP side (issue 47): /healthz for the supervisor and the load balancer, /metrics
 * (with METRICS_TOKEN, as on the site's port) for Prometheus, and a plain 404 for everything else.
 */
export function createWorkerApp(services: InfraServices, metrics?: ServerMetrics) {
  const app = express();
  app.disable("x-powered-by");
  app.locals.onClose = [] as (() => void)[];
  if (metrics && services.config.METRICS_TOKEN) app.get("/metrics", metrics.scrapeRoute(services.config.METRICS_TOKEN));
  app.get("/healthz", healthRoute(services));
  app.use((_req, res) => {
    res.status(404).set("cache-control", "no-store").type("text/plain").send("Not found: this is a FixiT worker process (ROLE=worker); it serves /healthz and /metrics only.\n");
  });
  return app;
}

export function createApp<S extends InfraServices>(
  services: S,
  features: ServerFeatures<S>,
  mode: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> } | { build: ServerBuild },
  metrics?: ServerMetrics,
) {
  const { config, logger } = services;
  const dev = "middlewares" in mode;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.locals.onClose = [] as (() => void)[];

  if (metrics) {
    // A scrape is answered first: no request log line, no headers or compression work for it.
    if (config.METRICS_TOKEN) app.get("/metrics", metrics.scrapeRoute(config.METRICS_TOKEN));
    app.use(metrics.countRequests);
  }

  app.use((req, res, next) => {
    // Count database queries per request: the request log shows them, and outside
    // production a header lets tests prove that public pages run none.
    const counter: RequestDatabaseFacts = { queries: 0 };
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
        // 503: the database could not be reached; the warning that said why is in the log already.
        res.statusCode === 503
          ? "warn"
          : err || res.statusCode >= 500
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

  app.get("/healthz", healthRoute(services));

  // `npm run backup`'s way in while this process holds the embedded database (signed, loopback only).
  mountBackupEndpoint(app, services);
  // The features' own endpoints (Stripe's webhook needs the raw body for its signature; the staff
  // console's headers and the staff command-line tool's endpoint): mounted before anything reads a body.
  features.mountHttp(app, services);
  // Every other state-changing request must come from this site's own pages (403 otherwise).
  app.use(refuseCrossSiteRequests(config.publicUrl, { signedLinkPaths: features.signedLinkPaths }));
  // Every other body has its route's cap, enforced while it is read (413 at once past it).
  app.use(limitRequestBodies(features.bodyLimits));

  if ("middlewares" in mode) {
    app.use(mode.middlewares);
  } else {
    const clientDir = path.resolve(process.cwd(), process.env.BUILD_DIR ?? "build", "client");
    // Only URLs of files that exist reach express.static: a page URL skips its stat and 404.
    const clientFiles = staticFileSet(clientDir);
    const assets = express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false });
    const files = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      // The service worker, the page's start for it and the manifest are asked for again on every visit (decision 073): a new
      // deployment reaches installed apps on their next visit, not an hour later. The browser checks
      // /sw.js byte for byte; `no-cache` keeps it revalidating (its ETag makes that a 304).
      setHeaders: (res, filePath) => {
        if (/[\\/](sw\.js|app-start\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(filePath)) res.setHeader("cache-control", "no-cache");
      },
    });
    app.use((req, res, next) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || !clientFiles.has(req.path)) return next();
      res.locals.routeLabel = "static";
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
    if (metrics) {
      // From here on a request is a page's (or React Router's 404): labelled with its route's id.
      const routeIdOf = routeIdMatcher(mode.build.routes);
      app.use((req, res, next) => {
        res.locals.routeLabel = routeIdOf(req.path) ?? "other";
        next();
      });
    }
    // Anonymous visitors' public pages: rendered once per build, served from memory (decision 012).
    const pageCache = pageCacheMiddleware({
      build: mode.build,
      paths: features.pageCache.paths,
      consentCookie: features.pageCache.consentCookie,
      origin: config.publicUrl,
      loadContext: (requestId) => features.loadContext(services, { cspNonce: "", clientIp: "", userAgent: "", requestId }),
      maxAgeMs: features.pageCache.maxAgeMs,
      onServe: metrics?.pageCacheServed,
    });
    const stopListening = features.pageCache.invalidateOn(services, (match) => pageCache.cache.invalidate(match));
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
      // A refusal (4xx) counts only when this request's own queries failed so; an error (5xx) also while the pool has lost its connections.
      databaseUnavailable: (res, status) =>
        Boolean((res.locals.dbCounter as RequestDatabaseFacts | undefined)?.unavailable) || (status >= 500 && Boolean(services.database.connectionLost?.())),
      getLoadContext: (req, res) =>
        features.loadContext(services, {
          cspNonce: res.locals.cspNonce as string,
          clientIp: clientIp(req),
          userAgent: (req.get("user-agent") ?? "").slice(0, 512),
          requestId: String(req.id ?? ""),
        }),
    }),
  );

  const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
    if (isDatabaseUnavailable(err)) {
      req.log?.warn({ err }, "request failed: the database could not be reached");
      return answerDatabaseUnavailable(res);
    }
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
