import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { RequestHandler, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "#server/db/client.ts";
import type { LiveChannel } from "#server/live/channel.ts";
import type { Logger } from "#server/logger.ts";
import { sharedRead, type GaugeSet } from "./gauge-set.ts";

/**
 * Prometheus metrics (docs/OPERATIONS.md, "Metrics and alerts"). This module, and prom-client with it
 * (125 ms and 12 MB to load, measured), is imported only when METRICS_TOKEN or METRICS_PORT is set.
 * Each server has a registry of its own: several servers in one process (the tests) never share one.
 */

export type ServerMetrics = {
  registry: Registry;
  /** Counts and times every request after it: by route label (res.locals.routeLabel, else "other") and status class. */
  countRequests: RequestHandler;
  jobRan(kind: string, failed: boolean): void;
  /** A job's named outcome (a push sent, failed, removed): kinds and outcomes are the code's own, a bounded set. */
  jobOutcome(kind: string, outcome: string): void;
  /** The outbox worker completed a poll (its liveness: fixit_outbox_worker_last_poll_timestamp_seconds). */
  workerPolled(): void;
  pageCacheServed(result: "hit" | "miss"): void;
  /**
   * GET /metrics on the main port, for a scrape with the token; every other request for it goes on
   * down the pipeline to the site's own 404, so nobody learns that it exists.
   */
  scrapeRoute(token: string): RequestHandler;
  /** The second listener (METRICS_PORT): /metrics without a token, and nothing else. */
  listener(): http.Server;
};

type Deps = {
  database: Pick<Database, "poolStats">;
  live: Pick<LiveChannel, "onResume">;
  logger: Logger;
  /** The outbox's and the features' gauges, read at each scrape. */
  gaugeSets: GaugeSet[];
  /** ROLE: which work this process does (fixit_process_role). */
  role?: "all" | "web" | "worker";
};

/** Seconds; a page renders in milliseconds, an upload or a slow database takes seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** "2xx" … "5xx": a bounded label. */
export const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;

export function createServerMetrics(deps: Deps): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Memory, CPU, handles, GC, and event-loop lag (perf_hooks' monitorEventLoopDelay).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: "fixit_http_requests_total", help: "HTTP requests answered, by route id and status class.", labelNames: ["route", "status"], registers });
  const durations = new Histogram({
    name: "fixit_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route id and status class (live streams are left out: they last as long as a page is open).",
    labelNames: ["route", "status"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const liveStreams = new Gauge({ name: "fixit_live_streams_open", help: "Live streams (server-sent events) open on this instance.", registers });
  const reconnects = new Counter({ name: "fixit_live_listen_reconnects_total", help: "Times the LISTEN connection came back after a drop (PostgreSQL).", registers });
  deps.live.onResume(() => reconnects.inc());

  const jobRuns = new Counter({ name: "fixit_outbox_job_runs_total", help: "Outbox job attempts run by this instance's worker, by kind.", labelNames: ["kind"], registers });
  const jobOutcomes = new Counter({
    name: "fixit_outbox_job_outcomes_total",
    help: "Named outcomes of outbox jobs, by kind: web-push sent, failed (retried), removed (the push service said 404/410), skipped.",
    labelNames: ["kind", "outcome"],
    registers,
  });
  const jobFailures = new Counter({ name: "fixit_outbox_job_failures_total", help: "Outbox job attempts that failed (retried or dead), by kind.", labelNames: ["kind"], registers });
  // 0 until this process's outbox worker first polled (and always in a web process, which runs none).
  const lastPoll = new Gauge({ name: "fixit_outbox_worker_last_poll_timestamp_seconds", help: "When this process's outbox worker last completed a poll (unix seconds; 0: it runs none, or has not yet).", registers });
  lastPoll.set(0);
  const role = new Gauge({ name: "fixit_process_role", help: "Which work this process does (ROLE): 1 for its role.", labelNames: ["role"], registers });
  role.set({ role: deps.role ?? "all" }, 1);
  const cacheHits = new Counter({ name: "fixit_page_cache_hits_total", help: "Anonymous pages served from the page cache as stored.", registers });
  const cacheMisses = new Counter({ name: "fixit_page_cache_misses_total", help: "Anonymous pages the page cache had to render first.", registers });

  const pool = deps.database.poolStats;
  if (pool) {
    const poolGauge = (name: string, help: string, value: (stats: ReturnType<NonNullable<Deps["database"]["poolStats"]>>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value(pool()));
        },
      });
    poolGauge("fixit_db_pool_clients", "PostgreSQL pool clients open (busy and idle; the pool's cap is 10).", (s) => s.total);
    poolGauge("fixit_db_pool_idle_clients", "PostgreSQL pool clients open and idle.", (s) => s.idle);
    poolGauge("fixit_db_pool_waiting_clients", "Queries waiting for a PostgreSQL pool client: above 0 for long, the pool is exhausted.", (s) => s.waiting);
  }

  const readErrors = new Counter({
    name: "fixit_metrics_read_errors_total",
    help: "Scrape-time reads that failed (their gauges had no value, or NaN, in that scrape).",
    registers,
    // Counted once this scrape's reads are over, so a failure shows in the scrape it happened in.
    async collect() {
      await Promise.all(reads.map((read) => read()));
    },
  });
  const reads = deps.gaugeSets.map((set) => registerGaugeSet(set, registers, () => readErrors.inc(), deps.logger));

  const countRequests: RequestHandler = (_req, res, next) => {
    const started = process.hrtime.bigint();
    let stream = false;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!stream && /^text\/event-stream/i.test(String(res.getHeader("content-type") ?? ""))) {
        stream = true;
        liveStreams.inc();
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    res.once("close", () => {
      const labels = { route: (res.locals.routeLabel as string | undefined) ?? "other", status: statusClass(res.statusCode) };
      requests.inc(labels);
      if (stream) liveStreams.dec();
      else durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  return {
    registry,
    countRequests,
    jobOutcome(kind, outcome) {
      jobOutcomes.inc({ kind, outcome });
    },
    jobRan(kind, failed) {
      jobRuns.inc({ kind });
      if (failed) jobFailures.inc({ kind });
    },
    workerPolled: () => lastPoll.set(Date.now() / 1000),
    pageCacheServed: (result) => (result === "hit" ? cacheHits : cacheMisses).inc(),
    scrapeRoute: (token) => (req, res, next) => {
      if (!bearerTokenMatches(req.headers.authorization, token)) return next();
      void sendMetrics(registry, res, deps.logger);
    },
    listener: () =>
      http.createServer((req, res) => {
        const path = (req.url ?? "").split("?")[0];
        if (path === "/metrics" && (req.method === "GET" || req.method === "HEAD")) return void sendMetrics(registry, res, deps.logger);
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      }),
  };
}

/**
 * One gauge per name of the set; a scrape's collects share the set's one read (returned). A failed
 * read leaves the labelled gauges without samples in that scrape and the others at NaN: unknown,
 * never a 0 an alert would take for a figure.
 */
function registerGaugeSet(set: GaugeSet, registers: Registry[], failed: () => void, logger: Logger) {
  const read = sharedRead(async () => {
    try {
      return await set.read();
    } catch (error) {
      failed();
      logger.warn({ err: error }, "metrics: a scrape-time read failed");
      return null;
    }
  });
  for (const [name, { help, labelNames = [] }] of Object.entries(set.gauges)) {
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const samples = await read();
        this.reset();
        if (!samples && labelNames.length === 0) this.set(NaN);
        for (const { labels = {}, value } of samples?.[name] ?? []) this.set(labels, value);
      },
    });
  }
  return read;
}

/** The scrape's answer: prom-client's text format, never cached. */
async function sendMetrics(registry: Registry, res: http.ServerResponse, logger: Logger) {
  try {
    const body = await registry.metrics();
    res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(body);
  } catch (error) {
    logger.error({ err: error }, "metrics: the scrape failed");
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("metrics unavailable\n");
  }
}

/** Whether an Authorization header carries `Bearer <token>`; compared in constant time (both hashed to one length first). */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
