import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import type { JobServices } from "#server/services.ts";
import { createLogger } from "#server/logger.ts";
import { enqueueJobs, type JobHandler } from "./queue.ts";
import { startJobWorker } from "./worker.ts";

// The embedded database (PGlite) answers every query within the microtask queue: nothing else
// gets a turn of the event loop until the worker itself waits for a macrotask.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ database: { kind: "pglite", dir: null } });
}, 120_000);
afterAll(() => database?.close());

describe("the outbox worker on PGlite", () => {
  it("lets waiting requests in between jobs: a batch does not hold the event loop from its first job to its last", async () => {
    const order: string[] = [];
    const tick: JobHandler = async (payload) => {
      order.push(`job ${(payload as { n: number }).n}`);
    };
    await enqueueJobs(
      database.db,
      Array.from({ length: 10 }, (_, n) => ({ kind: "tick", payload: { n } })),
    );
    const worker = startJobWorker({ db: database.db, logger: createLogger("silent"), config: {} as JobServices["config"] }, {
      handlers: () => new Map([["tick", tick]]),
      intervalMs: 60_000,
      leaseMs: 30_000,
      retryBaseMs: 1_000,
    });
    try {
      // The first poll starts at once (a 0 ms timer); an I/O callback stands for a request that arrives meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 0));
      setImmediate(() => order.push("request"));
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    const jobs = order.filter((entry) => entry.startsWith("job"));
    expect(jobs).toHaveLength(10);
    const requestAt = order.indexOf("request");
    expect(requestAt, order.join(", ")).toBeGreaterThan(-1);
    expect(requestAt, order.join(", ")).toBeLessThan(3);
  }, 60_000);
});
