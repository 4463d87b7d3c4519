import { sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Database, DbOrTx } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";

/**
 * The live channel (decision 048): "something changed" events fanned out to every instance through
 * PostgreSQL's LISTEN/NOTIFY (on PGlite, the same statements in process). An event carries a topic
 * and ids only; whoever receives it reads the rows from the tables, with its own access rules.
 *
 *   topic "user:<id>"   that person's counts changed: kind "unread" (a message to them, a thread
 *                       read, a message hidden) or "notifications" (a notification, one read)
 *   topic "job:<id>"    kind "message": a message was posted on one of that job's threads, or
 *                       "hidden": staff hid one (ids: message ids)
 *   topic "public-pages" a review or coverage changed: drop the cached public pages
 */
export type LiveEvent = { topic: string; kind: string; ids: readonly (number | string)[] };
export type LiveListener = (event: LiveEvent) => void;

export type LiveChannel = {
  /**
   * Sends an event to every instance (this one included). Given a transaction, it is sent when the
   * transaction commits and never if it rolls back (NOTIFY is transactional).
   */
  publish(event: LiveEvent, tx?: DbOrTx): Promise<void>;
  subscribe(topic: string, listener: LiveListener): () => void;
  /**
   * Called after the dedicated connection came back from a drop: events sent meanwhile were lost,
   * so a listener re-reads what it shows from the tables.
   */
  onResume(listener: () => void): () => void;
  /** Called when the channel closes (the server shutting down): open streams end, so it is not kept waiting. */
  onClose(listener: () => void): () => void;
  close(): Promise<void>;
};

/** The topics above, named once for the features that publish and the streams that subscribe. */
export const liveTopics = {
  user: (userId: string) => `user:${userId}`,
  job: (jobId: number) => `job:${jobId}`,
  publicPages: "public-pages",
} as const;

export const LIVE_CHANNEL = "fixit_live";
/** NOTIFY refuses payloads from 8,000 bytes; ids only stay far below it. */
const MAX_PAYLOAD = 7_900;

/** Queues the events' NOTIFYs on `db` (or in the caller's transaction, sent at commit, in this order): one statement. */
export async function notifyLive(db: DbOrTx, ...events: [LiveEvent, ...LiveEvent[]]): Promise<void> {
  const notifies = events.map((event) => {
    const payload = JSON.stringify({ t: event.topic, k: event.kind, i: event.ids });
    if (payload.length > MAX_PAYLOAD) throw new Error(`live event too large (${payload.length} bytes): send ids only`);
    return sql`pg_notify(${LIVE_CHANNEL}, ${payload})`;
  });
  await db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
}

export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as { t?: unknown; k?: unknown; i?: unknown };
    if (typeof value.t !== "string" || typeof value.k !== "string" || !Array.isArray(value.i)) return null;
    return { topic: value.t, kind: value.k, ids: value.i.filter((id) => typeof id === "number" || typeof id === "string") };
  } catch {
    return null;
  }
}

type ChannelOptions = {
  /** First wait before reconnecting a dropped PostgreSQL connection; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

export async function openLiveChannel(
  services: { config: Pick<Config, "database">; database: Database; logger: Logger },
  options: ChannelOptions = {},
): Promise<LiveChannel> {
  const { database, logger } = services;
  const topics = new Map<string, Set<LiveListener>>();
  const resumeListeners = new Set<() => void>();
  const closeListeners = new Set<() => void>();

  const dispatch = (payload: string) => {
    const event = parseLiveEvent(payload);
    if (!event) return logger.warn({ payload: payload.slice(0, 200) }, "live: unreadable notification ignored");
    for (const listener of topics.get(event.topic) ?? []) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error, topic: event.topic }, "live: a listener failed");
      }
    }
  };
  const resumed = () => {
    for (const listener of resumeListeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, "live: a resume listener failed");
      }
    }
  };

  let stop: () => Promise<void>;
  const config = services.config.database;
  if (config.kind === "pglite") {
    if (!database.listen) throw new Error("live: this database cannot LISTEN");
    stop = await database.listen(LIVE_CHANNEL, dispatch);
  } else {
    stop = await listenOnDedicatedConnection(config.url, dispatch, resumed, logger, options);
  }

  return {
    publish: (event, tx) => notifyLive(tx ?? database.db, event),
    subscribe(topic, listener) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && topics.get(topic) === set) topics.delete(topic);
      };
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    close: async () => {
      for (const listener of [...closeListeners]) listener();
      closeListeners.clear();
      topics.clear();
      await stop();
    },
  };
}

/**
 * One connection of its own, outside the pool, that only LISTENs. When it drops (a restart of
 * PostgreSQL, a network cut, an idle-connection killer) it is opened again with backoff, and the
 * listeners are told to re-read (`onResume`).
 */
async function listenOnDedicatedConnection(
  url: string,
  dispatch: (payload: string) => void,
  resumed: () => void,
  logger: Logger,
  { retryMs = 250, maxRetryMs = 10_000 }: ChannelOptions,
): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wait = retryMs;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: "fixit-live" });
    next.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload !== undefined) dispatch(message.payload);
    });
    next.on("error", (error) => logger.warn({ err: error }, "live: the LISTEN connection failed"));
    next.on("end", () => {
      if (client !== next || closed) return;
      client = null;
      logger.warn("live: the LISTEN connection dropped; reconnecting");
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    client = next;
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        wait = retryMs;
        logger.info("live: the LISTEN connection is back");
        resumed();
      } catch (error) {
        logger.warn({ err: error, retryInMs: wait }, "live: reconnecting the LISTEN connection failed");
        wait = Math.min(wait * 2, maxRetryMs);
        schedule();
      }
    }, wait);
    timer.unref();
  };

  await connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
