/**
 * Gauges read at scrape time, described without prom-client (it loads only when metrics are on:
 * server/metrics/server-metrics.ts turns these into its gauges). The features hand theirs to the
 * server through the composition root; the outbox's are in server/jobs/outbox-gauges.ts.
 */

export type Sample = { labels?: Record<string, string>; value: number };

/** Several gauges and the one read (one query) that answers all of them at a scrape. */
export type GaugeSet<Name extends string = string> = {
  gauges: Record<Name, { help: string; labelNames?: readonly string[] }>;
  read(): Promise<Record<Name, Sample[]>>;
};

/** A gauge set's type with its names checked: `gaugeSet({ a: … }, async () => ({ a: [...] }))`. */
export function gaugeSet<Name extends string>(gauges: GaugeSet<Name>["gauges"], read: GaugeSet<Name>["read"]): GaugeSet<Name> {
  return { gauges, read };
}

/**
 * One read for the callers that ask while it is in flight: a scrape collects every gauge of a set
 * at once, and they share one query. The next scrape reads afresh.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = undefined;
    }));
}
