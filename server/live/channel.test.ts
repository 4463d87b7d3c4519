import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { createScratchDatabase } from "#scripts/scratch-database.ts";
import { openLiveChannel, parseLiveEvent, type LiveChannel, type LiveEvent } from "./channel.ts";

const logger = pino({ level: "silent" });
const nextTick = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** Each database kind on offer: PGlite in memory, and PostgreSQL when TEST_DATABASE_URL is set. */
const kinds = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);

async function openKind(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const config = { database: { kind: "pglite", dir: null } } as const;
    return { config, database: await openDatabase(config), drop: async () => {} };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "fixit_live");
  const config = { database: { kind: "postgres", url: scratch.url } } as const;
  return { config, database: await openDatabase(config), drop: scratch.drop };
}

describe.each(kinds)("the live channel on %s", (kind) => {
  let database: Database;
  let channel: LiveChannel;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openKind(kind);
    database = opened.database;
    drop = opened.drop;
    channel = await openLiveChannel({ config: opened.config, database, logger });
  });
  afterAll(async () => {
    await channel?.close();
    await database?.close();
    await drop?.();
  });

  it("delivers an event to its topic's listeners only", async () => {
    const seen: LiveEvent[] = [];
    const other: LiveEvent[] = [];
    const stop = channel.subscribe("job:1", (e) => seen.push(e));
    const stopOther = channel.subscribe("job:2", (e) => other.push(e));
    await channel.publish({ topic: "job:1", kind: "message", ids: [7] });
    await expect.poll(() => seen).toEqual([{ topic: "job:1", kind: "message", ids: [7] }]);
    expect(other).toEqual([]);
    stop();
    await channel.publish({ topic: "job:1", kind: "message", ids: [8] });
    await nextTick(100);
    expect(seen).toHaveLength(1);
    stopOther();
  });

  it("sends an event published in a transaction at commit, and never after a rollback", async () => {
    const seen: LiveEvent[] = [];
    const stop = channel.subscribe("user:a", (e) => seen.push(e));
    await database.db
      .transaction(async (tx) => {
        await channel.publish({ topic: "user:a", kind: "unread", ids: [1] }, tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await channel.publish({ topic: "user:a", kind: "unread", ids: [2] }, tx);
    });
    await expect.poll(() => seen.map((e) => e.ids[0])).toEqual([2]);
    await nextTick(100);
    expect(seen.map((e) => e.ids[0])).toEqual([2]);
    stop();
  });

  it.skipIf(kind !== "postgres")("reconnects a dropped LISTEN connection and says so", async () => {
    let resumes = 0;
    const stopResume = channel.onResume(() => resumes++);
    const seen: LiveEvent[] = [];
    const stop = channel.subscribe("job:9", (e) => seen.push(e));
    const { sql } = await import("drizzle-orm");
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'fixit-live' and datname = current_database()`);
    await expect.poll(() => resumes, { timeout: 5_000 }).toBe(1);
    await channel.publish({ topic: "job:9", kind: "message", ids: [1] });
    await expect.poll(() => seen).toHaveLength(1);
    stop();
    stopResume();
  });

  it("refuses a payload NOTIFY would refuse", async () => {
    await expect(channel.publish({ topic: "user:a", kind: "x", ids: Array.from({ length: 2000 }, (_, i) => i * 1000) })).rejects.toThrow(/too large/);
  });
});

describe("parseLiveEvent", () => {
  it("reads what notifyLive writes and ignores anything else", () => {
    expect(parseLiveEvent(JSON.stringify({ t: "job:1", k: "message", i: [1, "x", null] }))).toEqual({ topic: "job:1", kind: "message", ids: [1, "x"] });
    expect(parseLiveEvent("not json")).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ t: 1, k: "m", i: [] }))).toBeNull();
  });
});
