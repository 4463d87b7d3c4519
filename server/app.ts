import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { loadConfig, type Config } from "./config.ts";
import { openDatabase, pingDatabase, queryCounter } from "./db/client.ts";
import { redactUrl } from "./http/redact-url.ts";
import { cspNonce, securityHeaders } from "./http/security.ts";
import { createLogger } from "./logger.ts";
import { startOutboxWorker } from "./mail/worker.ts";
// Registers the "webhook" job kind (the forms' sheet sync) at start-up, so queued syncs run before any page loads.
import "../app/features/forms/sheet-sync.server.ts";
// Registers what each product does once paid, before a Stripe webhook can arrive.
import "../app/features/payments/fulfilments.server.ts";
import { mountPaymentsHttp } from "./payments/webhook.ts";
import { createAuth } from "./auth/auth.ts";
import type { AppServices } from "./services.ts";
import { createFileStore, discardUnreadRequestBodies } from "./storage/index.ts";
import { mountStaffHttp } from "./staff/http.ts";

type StartOptions = {
  /** Dev mode: Vite's middleware and a loader for the current build. */
  vite?: { middlewares: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
  env?: NodeJS.ProcessEnv;
};

export type RunningServer = {
  url: string;
  services: AppServices;
  close(): Promise<void>;
};

export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config);
  const db = database.db;
  const services: AppServices = { config, logger, database, db, storage: createFileStore(config), auth: createAuth({ config, logger, db }) };
  // Sends queued mail (and other outbox jobs) in this process; stopped before the database closes.
  const outboxWorker = startOutboxWorker(services);

  const app = createApp(services, options.vite ?? { loadBuild: loadProductionBuild });
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

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      await outboxWorker.stop();
      await database.close();
      logger.info("shut down cleanly");
    })());

  return { url, services, close };
}

async function loadProductionBuild(): Promise<ServerBuild> {
  // Resolved at build time by the React Router Vite plugin.
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

export function createApp(
  services: AppServices,
  mode: { middlewares?: express.RequestHandler; loadBuild: () => Promise<ServerBuild> },
) {
  const { config, logger } = services;
  const dev = Boolean(mode.middlewares);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

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

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      customSuccessObject: (_req, res, value: Record<string, unknown>) => ({
        ...value,
        dbQueries: (res as unknown as { locals: { dbCounter?: { queries: number } } }).locals.dbCounter?.queries,
      }),
      serializers: {
        // VIP codes and email-link tokens travel in query strings: never written to the logs.
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    }),
  );
  app.use(cspNonce);
  // A form that answers with a redirect to Stripe Checkout (the donation, without JavaScript) needs it allowed as a form target.
  app.use(securityHeaders({ production: config.isProduction, dev, extraFormActions: config.STRIPE_SECRET_KEY ? ["https://checkout.stripe.com"] : [] }));
  app.use(compression());
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

  // /staff is private and uncached; the staff command-line tool's endpoint (server/staff/http.ts).
  mountStaffHttp(app, services);

  // Stripe's webhook needs the raw body for its signature: mounted before anything reads it.
  mountPaymentsHttp(app, services);

  if (mode.middlewares) {
    app.use(mode.middlewares);
  } else {
    const clientDir = path.resolve(process.cwd(), process.env.BUILD_DIR ?? "build", "client");
    // Vite fingerprints everything under /assets: cache it for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: mode.loadBuild,
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

function clientIp(req: Request): string {
  return (req.ip ?? req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
}

export type { Config };
