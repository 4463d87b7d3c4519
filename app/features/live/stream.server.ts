import type { Db } from "#server/db/client.ts";
import { liveTopics, type LiveChannel } from "#server/live/channel.ts";
import type { Logger } from "#server/logger.ts";
import { countUnread as unreadNotificationCount, unreadMessageCount } from "~/features/notifications/notifications.server";
import { threadMessage, type HiddenMessage } from "./live-events";
import { inScope, REPLAY_LIMIT, type StreamMessage, type ThreadReads, type ThreadScope } from "./threads.server";

/**
 * One signed-in page's live stream (server-sent events, decisions 048 and 056): the viewer's unread
 * Messages and notifications counts, and, on a job page, its threads' messages and staff hiding one. Each message goes out with `id: <message id>`, so a
 * browser that reconnects sends it back as Last-Event-ID and gets what it missed, read from the table.
 * The stream only reads: the page marks what it showed read with a POST (decision 090).
 */

/** `threads`: how the stream reads messages, the quotes feature's (handed in by the route: quotes imports live). */
export type StreamDeps = { db: Db; live: LiveChannel; logger: Logger; threads: ThreadReads };
export type StreamOptions = {
  /** Comment lines this often keep proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
};

const HEARTBEAT_MS = 20_000;
/** How long EventSource waits before reconnecting after a drop. */
const RETRY_MS = 1_000;
/** Several events for one person in a burst are answered with one count. */
const COUNT_DEBOUNCE_MS = 60;

export const streamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware leaves the stream alone (compressed, it would be held back).
  "cache-control": "no-cache, no-store, no-transform",
  // nginx and the like: pass each event on at once.
  "x-accel-buffering": "no",
  connection: "keep-alive",
} as const;

/**
 * A message read once per instance however many streams it goes to: 1,000 open pages on one job
 * cost one query per message, not 1,000.
 */
type RecentReads = Map<number, Promise<StreamMessage | null>>;
// Per database: message ids are only unique within one, and a process can serve several (the test
// suite's in-process servers, one after another): a read kept for another database's message 2 must
// never answer for this one's.
const recentReadsByDb = new WeakMap<Db, RecentReads>();
function readShared(db: Db, threads: ThreadReads, id: number) {
  let recentReads = recentReadsByDb.get(db);
  if (!recentReads) recentReadsByDb.set(db, (recentReads = new Map()));
  const reads = recentReads;
  let read = reads.get(id);
  if (!read) {
    read = threads.messageById(db, id);
    reads.set(id, read);
    setTimeout(() => reads.delete(id), 5_000).unref();
  }
  return read;
}

/** A person's tabs share one count query when an event reaches them all at once. */
const countsInFlight = new Map<string, Promise<number>>();
function countShared(db: Db, userId: string, kind: "unread" | "notifications"): Promise<number> {
  const key = `${kind}:${userId}`;
  let count = countsInFlight.get(key);
  if (!count) {
    count = (kind === "unread" ? unreadMessageCount(db, userId) : unreadNotificationCount(db, userId)).finally(() => countsInFlight.delete(key));
    countsInFlight.set(key, count);
  }
  return count;
}

export function formatEvent(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function liveStreamResponse(deps: StreamDeps, viewerUserId: string, scope: ThreadScope | null, afterId: number, signal: AbortSignal, options: StreamOptions = {}): Response {
  const { db, live, logger, threads } = deps;
  const encoder = new TextEncoder();
  const cleanups: (() => void)[] = [];
  let closed = false;
  /** Ids already sent on this stream: a message is never sent twice, whichever path brought it. */
  const sent = new Set<number>();
  let cursor = afterId;
  /** The counts last sent, per event: each is sent when it changes (and once at the start). */
  const lastCounts = { unread: -1, notifications: -1 };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        for (const cleanup of cleanups.splice(0)) cleanup();
        try {
          controller.close();
        } catch {
          /* already closed by the reader */
        }
      };
      const fail = (error: unknown) => {
        if (closed) return;
        logger.error({ err: error, viewerUserId, jobId: scope?.jobId }, "live stream failed");
        // The browser reconnects (after `retry`) and resumes from its last id.
        close();
      };

      const sendCount = async (kind: keyof typeof lastCounts) => {
        const count = await countShared(db, viewerUserId, kind);
        if (count !== lastCounts[kind]) {
          lastCounts[kind] = count;
          write(formatEvent(kind, { count }));
        }
      };
      const countTimers: Partial<Record<keyof typeof lastCounts, NodeJS.Timeout>> = {};
      const countSoon = (kind: keyof typeof lastCounts) => {
        if (countTimers[kind] || closed) return;
        countTimers[kind] = setTimeout(() => {
          delete countTimers[kind];
          sendCount(kind).catch(fail);
        }, COUNT_DEBOUNCE_MS);
      };
      cleanups.push(() => Object.values(countTimers).forEach(clearTimeout));

      const deliver = (rows: StreamMessage[]) => {
        if (!scope) return;
        for (const row of rows.filter((row) => inScope(scope, row) && !sent.has(row.id))) {
          sent.add(row.id);
          cursor = Math.max(cursor, row.id);
          write(formatEvent("message", threadMessage(row, viewerUserId), row.id));
        }
      };
      /** From the table: everything after the cursor (at the start, after a reconnection of the channel). */
      const catchUp = async () => {
        if (!scope) return;
        const rows = await threads.messagesAfter(db, scope, cursor);
        if (rows.length > REPLAY_LIMIT) {
          // Too far behind to replay: the page reloads itself and starts from its fresh data.
          write(formatEvent("reload", {}));
          return;
        }
        deliver(rows);
      };

      /** Staff hid messages: those of the viewer's threads are replaced by the notice (read fresh, not from the shared reads). */
      const hide = async (ids: number[]) => {
        if (!scope) return;
        for (const id of ids) recentReadsByDb.get(db)?.delete(id);
        const rows = await Promise.all(ids.map((id) => threads.messageById(db, id)));
        for (const row of rows) {
          if (row && row.hiddenAt && inScope(scope, row)) write(formatEvent("hidden", { id: row.id, fixerUserId: row.fixerUserId } satisfies HiddenMessage));
        }
      };

      signal.addEventListener("abort", close, { once: true });
      cleanups.push(() => signal.removeEventListener("abort", close));
      cleanups.push(
        live.subscribe(liveTopics.user(viewerUserId), (event) => countSoon(event.kind === "notifications" ? "notifications" : "unread")),
        live.onClose(close),
        live.onResume(() => {
          catchUp().then(() => {
            countSoon("unread");
            countSoon("notifications");
          }, fail);
        }),
      );
      if (scope) {
        cleanups.push(
          live.subscribe(liveTopics.job(scope.jobId), (event) => {
            const ids = event.ids.filter((id): id is number => typeof id === "number");
            if (event.kind === "hidden") return void hide(ids).catch(fail);
            if (event.kind !== "message") return;
            Promise.all(ids.filter((id) => !sent.has(id)).map((id) => readShared(db, threads, id)))
              .then((rows) => deliver(rows.filter((row) => row !== null)))
              .catch(fail);
          }),
        );
      }
      const heartbeat = setInterval(() => write(`: keep-alive\n\n`), options.heartbeatMs ?? HEARTBEAT_MS);
      cleanups.push(() => clearInterval(heartbeat));

      write(`retry: ${RETRY_MS}\n\n`);
      if (signal.aborted) return close();
      catchUp()
        .then(() => sendCount("unread"))
        .then(() => sendCount("notifications"))
        .catch(fail);
    },
    cancel() {
      closed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  });
  return new Response(body, { headers: streamHeaders });
}

/** The cursor a stream starts from: the browser's Last-Event-ID (a reconnection) over the page's `after`. */
export function streamCursor(request: Request): number {
  const fromHeader = request.headers.get("last-event-id");
  const fromQuery = new URL(request.url).searchParams.get("after");
  for (const value of [fromHeader, fromQuery]) {
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return 0;
}
