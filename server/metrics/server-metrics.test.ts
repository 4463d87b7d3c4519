import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { gaugeSet, sharedRead } from "./gauge-set.ts";
import { bearerTokenMatches, createServerMetrics, statusClass } from "./server-metrics.ts";

const token = "a-metrics-token-of-at-least-32-characters";
const logger = createLogger("silent");
const live = { onResume: () => () => {} };

describe("the scrape token check", () => {
  it("accepts exactly `Bearer <token>` (any case of the scheme)", () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
  });

  it.each([undefined, "", token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, "Bearer ", `Bearer ${token} extra`])("refuses %j", (header) => {
    expect(bearerTokenMatches(header, token)).toBe(false);
  });
});

describe("status classes", () => {
  it.each([
    [200, "2xx"],
    [304, "3xx"],
    [404, "4xx"],
    [503, "5xx"],
    [0, "1xx"],
    [999, "5xx"],
  ])("%i → %s", (status, label) => expect(statusClass(status)).toBe(label));
});

describe("sharedRead", () => {
  it("gives the callers of one moment one read, and the next moment a new one", async () => {
    let reads = 0;
    const read = sharedRead(async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });

  it("lets a failed read fail its callers and be tried again afterwards", async () => {
    let calls = 0;
    const read = sharedRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error("database down");
      return "ok";
    });
    await expect(Promise.all([read(), read()])).rejects.toThrow("database down");
    expect(await read()).toBe("ok");
    expect(calls).toBe(2);
  });
});

describe("scrape-time gauges", () => {
  it("reads a set once per scrape for all its gauges and leaves its gauges out when the read fails", async () => {
    let reads = 0;
    let failing = false;
    const set = gaugeSet({ fixit_test_things: { help: "Things.", labelNames: ["colour"] }, fixit_test_total_things: { help: "All things." } }, async () => {
      reads += 1;
      if (failing) throw new Error("database down");
      return { fixit_test_things: [{ labels: { colour: "red" }, value: 2 }, { labels: { colour: "blue" }, value: 3 }], fixit_test_total_things: [{ value: 5 }] };
    });
    const metrics = createServerMetrics({ database: {}, live, logger, gaugeSets: [set] });

    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('fixit_test_things{colour="red"} 2');
    expect(text).toContain('fixit_test_things{colour="blue"} 3');
    expect(text).toContain("fixit_test_total_things 5");
    expect(text).toContain("fixit_metrics_read_errors_total 0");
    // No pool on PGlite: no pool gauges.
    expect(text).not.toContain("fixit_db_pool_clients");

    failing = true;
    const failed = await metrics.registry.metrics();
    expect(reads).toBe(2);
    expect(failed).not.toMatch(/^fixit_test_things\{/m);
    // prom-client writes "Nan"; Prometheus reads any case.
    expect(failed).toMatch(/^fixit_test_total_things nan$/im);
    expect(failed).toContain("fixit_metrics_read_errors_total 1");
    // The rest of the scrape is still there.
    expect(failed).toContain("process_resident_memory_bytes");
  });

  it("reports the PostgreSQL pool's clients when the database has a pool", async () => {
    const metrics = createServerMetrics({ database: { poolStats: () => ({ total: 4, idle: 1, waiting: 2 }) }, live, logger, gaugeSets: [] });
    const text = await metrics.registry.metrics();
    expect(text).toContain("fixit_db_pool_clients 4");
    expect(text).toContain("fixit_db_pool_idle_clients 1");
    expect(text).toContain("fixit_db_pool_waiting_clients 2");
  });

  it("counts job runs and failures by kind, and page-cache hits and misses", async () => {
    const metrics = createServerMetrics({ database: {}, live, logger, gaugeSets: [] });
    metrics.jobRan("email", false);
    metrics.jobRan("email", true);
    metrics.jobRan("webhook", false);
    metrics.pageCacheServed("hit");
    metrics.pageCacheServed("hit");
    metrics.pageCacheServed("miss");
    const text = await metrics.registry.metrics();
    expect(text).toContain('fixit_outbox_job_runs_total{kind="email"} 2');
    expect(text).toContain('fixit_outbox_job_runs_total{kind="webhook"} 1');
    expect(text).toContain('fixit_outbox_job_failures_total{kind="email"} 1');
    expect(text).not.toContain('fixit_outbox_job_failures_total{kind="webhook"}');
    expect(text).toContain("fixit_page_cache_hits_total 2");
    expect(text).toContain("fixit_page_cache_misses_total 1");
  });
});
