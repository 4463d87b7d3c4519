import { and, eq, inArray, sql } from "drizzle-orm";
import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, reconciliationRuns } from "#server/db/schema/bookings.ts";
import { outboxJobs } from "#server/db/schema/outbox.ts";
import { confirmDone, markDone } from "~/features/bookings/bookings.server";
import { ACCOUNTS, accountBalance } from "~/features/bookings/ledger.server";
import { testMoneyProvider } from "~/features/bookings/provider.server";
import { startDailyReconciliation } from "~/features/bookings/reconciliation.server";
import { signUpConfirmed } from "./auth-helpers";
import { afterSlot, bookedBooking, type BookingWorld } from "./helpers/bookings";
import { EventReader } from "./helpers/live";
import { startServerInProcess, testDbKind, type InProcessServer } from "./helpers/server";

/**
 * Prometheus metrics over real HTTP (docs/OPERATIONS.md, "Metrics and alerts"): /metrics answers
 * only a scrape with the token (anything else gets the site's 404), or on its own port; every
 * series is there, and each moves when what it counts happens.
 */

const token = "metrics-token-for-the-tests-0123456789";
const auth = { authorization: `Bearer ${token}` };

/** A scrape's families by name, and its text. */
type Families = Map<string, PrometheusFamily> & { text: string };
async function scrape(url: string, headers: Record<string, string> = auth): Promise<Families> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  return Object.assign(new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family])), { text });
}

/** The value of the sample of `name` whose labels include `labels`; 0 when there is none yet. */
function value(families: Families, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) throw new Error(`no series ${name}`);
  const sample = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample ? Number(sample.value) : 0;
}

/** A histogram's count for one label set, read from the text: the parser merges a histogram's label sets into one. */
function histogramCount(families: Families, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = families.text.split("\n").find((l) => l.startsWith(`${name}_count{`) && wanted.every((pair) => l.includes(pair)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

describe("with METRICS_TOKEN", () => {
  let server: InProcessServer;
  let metricsUrl: string;
  const read = () => scrape(metricsUrl);

  beforeAll(async () => {
    server = await startServerInProcess({ env: { METRICS_TOKEN: token } });
    metricsUrl = `${server.url}/metrics`;
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("answers a scrape with the token, and the site's own 404 to anyone else", async () => {
    const notFound = await fetch(`${server.url}/no-such-page`);
    const notFoundTitle = /<title>[^<]*<\/title>/.exec(await notFound.text())?.[0];
    expect(notFound.status).toBe(404);
    const refused: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token-wrong-token-wrong-token" }, { authorization: `Basic ${token}` }, { authorization: `Bearer ${token}x` }];
    for (const headers of refused) {
      const res = await fetch(metricsUrl, { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe(notFound.headers.get("content-type"));
      expect(/<title>[^<]*<\/title>/.exec(await res.text())?.[0]).toBe(notFoundTitle);
    }
    await read();
    // A scrape is not in the request log; the refused tries are, like any 404.
    const logged = server
      .logs()
      .split("\n")
      .filter((line) => line.includes('"url":"/metrics"'));
    expect(logged).toHaveLength(4);
    expect(logged.every((line) => line.includes('"statusCode":404'))).toBe(true);
  });

  it("has every series", async () => {
    const families = await read();
    const names = [
      "fixit_http_requests_total",
      "fixit_http_request_duration_seconds",
      "fixit_outbox_pending_jobs",
      "fixit_outbox_oldest_due_job_age_seconds",
      "fixit_outbox_failed_jobs",
      "fixit_outbox_job_runs_total",
      "fixit_outbox_job_failures_total",
      "fixit_live_streams_open",
      "fixit_live_listen_reconnects_total",
      "fixit_bookings",
      "fixit_bookings_oldest_age_seconds",
      "fixit_held_funds_pence",
      "fixit_held_funds_past_deadline_pence",
      "fixit_held_bookings_past_deadline",
      "fixit_reconciliation_last_finished_timestamp_seconds",
      "fixit_reconciliation_mismatches",
      "fixit_reconciliation_unbalanced_ledger_events",
      "fixit_page_cache_hits_total",
      "fixit_page_cache_misses_total",
      "fixit_metrics_read_errors_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ];
    expect(names.filter((name) => !families.has(name))).toEqual([]);
    const pool = ["fixit_db_pool_clients", "fixit_db_pool_idle_clients", "fixit_db_pool_waiting_clients"];
    if (testDbKind() === "postgres") {
      expect(pool.filter((name) => !families.has(name))).toEqual([]);
      expect(value(families, "fixit_db_pool_clients")).toBeGreaterThanOrEqual(1);
    } else {
      // PGlite has one connection and no pool.
      expect(pool.filter((name) => families.has(name))).toEqual([]);
    }
    // Every kind the worker runs, at 0 when it has nothing queued; every waiting state.
    expect(families.get("fixit_outbox_failed_jobs")!.metrics.map((m) => m.labels?.kind)).toEqual(expect.arrayContaining(["email", "booking_timer", "booking_reconciliation"]));
    expect(families.get("fixit_bookings")!.metrics.map((m) => m.labels?.state).sort()).toEqual(
      ["awaiting_fixer_confirmation", "booked", "disputed", "done_marked", "pending_payment", "staff_review", "claim_open", "claim_contested"].sort(),
    );
    expect(value(families, "fixit_metrics_read_errors_total")).toBe(0);
    expect(value(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts requests under their route id and status class, never the URL", async () => {
    const before = await read();
    const about = { route: "routes/_site.about", status: "2xx" };
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/about`)).status).toBe(200);
    expect((await fetch(`${server.url}/account/jobs/424242`, { redirect: "manual" })).status).toBe(302);
    expect((await fetch(`${server.url}/no/such/page-${Date.now()}`)).status).toBe(404);
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const after = await read();
    const delta = (labels: Record<string, string>) => value(after, "fixit_http_requests_total", labels) - value(before, "fixit_http_requests_total", labels);
    expect(delta(about)).toBe(3);
    expect(after.get("fixit_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(histogramCount(after, "fixit_http_request_duration_seconds", about) - histogramCount(before, "fixit_http_request_duration_seconds", about)).toBe(3);
    expect(delta({ route: "routes/_site.account_.jobs.$jobId", status: "3xx" })).toBe(1);
    expect(delta({ route: "routes/_site.$", status: "4xx" })).toBe(1);
    expect(delta({ route: "static", status: "2xx" })).toBe(1);
    expect(delta({ route: "other", status: "2xx" })).toBe(1);
    const routes = new Set(after.get("fixit_http_requests_total")!.metrics.map((m) => m.labels?.route ?? ""));
    expect([...routes].filter((route) => !/^(routes\/|static$|other$)/.test(route))).toEqual([]);
  });

  it("counts the page cache's misses and hits", async () => {
    const before = await read();
    // The first visit of the day's page renders it; the next ones are served as stored.
    expect((await fetch(`${server.url}/how-it-works`)).headers.get("x-page-cache")).toBe("miss");
    expect((await fetch(`${server.url}/how-it-works`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${server.url}/how-it-works`)).headers.get("x-page-cache")).toBe("hit");
    const after = await read();
    expect(value(after, "fixit_page_cache_misses_total") - value(before, "fixit_page_cache_misses_total")).toBe(1);
    expect(value(after, "fixit_page_cache_hits_total") - value(before, "fixit_page_cache_hits_total")).toBe(2);
  });

  it("counts an open live stream while it is open, and the outbox worker's runs", async () => {
    const before = await read();
    const browser = await signUpConfirmed(server.url, { email: "mia.metrics@example.com", fullName: "Mia Metrics", password: "copper-kettle-violet-harbour", ip: newIp() });
    const reader = new EventReader(await browser.get("/live/events", { headers: { accept: "text/event-stream" } }));
    await reader.next((e) => e.event === "unread");
    expect(value(await read(), "fixit_live_streams_open")).toBe(1);
    await reader.close();
    await eventually(async () => expect(value(await read(), "fixit_live_streams_open")).toBe(0));
    // The sign-up's confirmation email went out through the worker.
    const after = await read();
    expect(value(after, "fixit_outbox_job_runs_total", { kind: "email" })).toBeGreaterThan(value(before, "fixit_outbox_job_runs_total", { kind: "email" }));
    expect(value(after, "fixit_http_requests_total", { route: "routes/live.events", status: "2xx" })).toBe(1);
  });

  it("follows a booking through its states, and the money it holds, past its deadline included", async () => {
    const db = server.services.db;
    const world = { services: server.services, db, deps: { db, publicUrl: server.url }, provider: testMoneyProvider(db) } as BookingWorld;
    const before = await read();
    const booked = (families: Families) => value(families, "fixit_bookings", { state: "booked" });
    const doneMarked = (families: Families) => value(families, "fixit_bookings", { state: "done_marked" });
    const held = (families: Families) => value(families, "fixit_held_funds_pence");

    const b = await bookedBooking(world);
    const heldForIt = await accountBalance(db, ACCOUNTS.heldFunds, { bookingId: b.bookingId });
    expect(heldForIt).toBeGreaterThan(0);
    const paid = await read();
    expect(booked(paid)).toBe(booked(before) + 1);
    expect(held(paid)).toBe(held(before) + heldForIt);
    expect(value(paid, "fixit_bookings_oldest_age_seconds", { state: "booked" })).toBeGreaterThanOrEqual(0);

    // The slot is days ahead: the fixer marks it done as if after it.
    const afterItsSlot = await afterSlot(db, b.bookingId);
    await markDone({ ...world.deps, now: () => afterItsSlot }, b.fixer.id, b.bookingId);
    const done = await read();
    expect(booked(done)).toBe(booked(before));
    expect(doneMarked(done)).toBe(doneMarked(before) + 1);
    expect(value(done, "fixit_held_funds_past_deadline_pence")).toBe(0);

    // The customer never answered and the seven-day timer never ran: its money is held past its deadline.
    await db.update(bookings).set({ doneMarkedAt: sql`now() - interval '8 days'` }).where(eq(bookings.id, b.bookingId));
    const overdue = await read();
    expect(value(overdue, "fixit_held_funds_past_deadline_pence")).toBe(heldForIt);
    expect(value(overdue, "fixit_held_bookings_past_deadline")).toBe(1);

    await confirmDone(world.deps, b.customer.id, b.bookingId);
    const released = await read();
    expect(doneMarked(released)).toBe(doneMarked(before));
    expect(held(released)).toBe(held(before));
    expect(value(released, "fixit_held_funds_past_deadline_pence")).toBe(0);
    expect(value(released, "fixit_held_bookings_past_deadline")).toBe(0);
  });

  it("shows the last reconciliation once the daily run finished, with its mismatches", async () => {
    const db = server.services.db;
    // Whatever the server's own timer (a minute after start) did already: no run yet.
    await db.delete(reconciliationRuns);
    expect(value(await read(), "fixit_reconciliation_last_finished_timestamp_seconds")).toBe(0);
    // Today's run, as the hourly timer opens it; the outbox worker runs it.
    await startDailyReconciliation(db, "test");
    await eventually(async () => expect(value(await read(), "fixit_reconciliation_last_finished_timestamp_seconds")).toBeGreaterThan(0));
    const families = await read();
    const [run] = await db.select({ finishedAt: reconciliationRuns.finishedAt }).from(reconciliationRuns).where(eq(reconciliationRuns.status, "finished"));
    expect(value(families, "fixit_reconciliation_last_finished_timestamp_seconds")).toBeCloseTo(run!.finishedAt!.getTime() / 1000, 2);
    expect(value(families, "fixit_reconciliation_mismatches")).toBe(0);
    expect(value(families, "fixit_reconciliation_unbalanced_ledger_events")).toBe(0);
    expect(value(families, "fixit_outbox_job_runs_total", { kind: "booking_reconciliation" })).toBeGreaterThanOrEqual(1);
  });

  it.runIf(testDbKind() === "postgres")("counts the LISTEN connection coming back after PostgreSQL dropped it", async () => {
    expect(value(await read(), "fixit_live_listen_reconnects_total")).toBe(0);
    await server.services.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fixit-live' and datname = current_database()`);
    await eventually(async () => expect(value(await read(), "fixit_live_listen_reconnects_total")).toBe(1));
  });
});

describe("with METRICS_PORT", () => {
  let server: InProcessServer;

  beforeAll(async () => {
    // The worker's first poll is at start, the next in ten minutes: what a form queues stays pending.
    server = await startServerInProcess({ env: { METRICS_PORT: "0", MAIL_WORKER_INTERVAL_MS: "600000" } });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("serves /metrics on its own port without a token, and nothing else there; the main port has none", async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const families = await scrape(server.metricsUrl!, {});
    expect(families.has("fixit_http_requests_total")).toBe(true);
    expect((await fetch(new URL("/", server.metricsUrl)).then((r) => r.status))).toBe(404);
    expect((await fetch(server.metricsUrl!, { method: "POST" })).status).toBe(404);
    for (const headers of [{}, auth] as Record<string, string>[]) expect((await fetch(`${server.url}/metrics`, { headers })).status).toBe(404);
  });

  it("counts a queued job as pending, with how long it has been due", async () => {
    const pendingEmails = async () =>
      (await server.services.db.select({ n: sql<number>`count(*)::int` }).from(outboxJobs).where(and(eq(outboxJobs.kind, "email"), inArray(outboxJobs.status, ["pending", "processing"]))))[0]!.n;
    const before = await scrape(server.metricsUrl!, {});
    expect(value(before, "fixit_outbox_pending_jobs", { kind: "email" })).toBe(await pendingEmails());
    const res = await fetch(`${server.url}/help`, {
      method: "POST",
      body: new URLSearchParams({ intent: "help", name: "Mo Metrics", email: "mo@example.com", phone: "", description: "The boiler pressure keeps dropping." }),
      headers: { "x-forwarded-for": newIp(), origin: server.url, accept: "text/html" },
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await scrape(server.metricsUrl!, {});
    // The support inbox's email and the acknowledgement.
    expect(value(after, "fixit_outbox_pending_jobs", { kind: "email" })).toBe(value(before, "fixit_outbox_pending_jobs", { kind: "email" }) + 2);
    expect(value(after, "fixit_outbox_pending_jobs", { kind: "email" })).toBe(await pendingEmails());
    expect(value(after, "fixit_outbox_oldest_due_job_age_seconds", { kind: "email" })).toBeGreaterThanOrEqual(1);
  });
});

describe("with neither setting", () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await startServerInProcess();
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("has no /metrics: the site's 404, token or not", async () => {
    expect(server.metricsUrl).toBeUndefined();
    for (const headers of [{}, auth] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Page not found");
    }
  });
});
