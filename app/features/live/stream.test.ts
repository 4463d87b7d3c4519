import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { openLiveChannel, type LiveChannel } from "#server/live/channel.ts";
import { formatEvent, liveStreamResponse, streamCursor, streamHeaders } from "./stream.server";
import type { ThreadReads } from "./threads.server";
import { lastMessageId, threadMessage, type MessagePhoto } from "./live-events";
import { mergeThread } from "./use-live";

describe("the stream's pieces", () => {
  it("frames an event as EventSource reads it, with the message id as the event id", () => {
    expect(formatEvent("message", { id: 7, body: "hi\nthere" }, 7)).toBe('id: 7\nevent: message\ndata: {"id":7,"body":"hi\\nthere"}\n\n');
    expect(formatEvent("unread", { count: 2 })).toBe('event: unread\ndata: {"count":2}\n\n');
  });

  it("resumes from Last-Event-ID over the page's `after`, and ignores a cursor that is not an id", () => {
    const at = (url: string, lastEventId?: string) => streamCursor(new Request(url, { headers: lastEventId ? { "last-event-id": lastEventId } : {} }));
    expect(at("http://x/live/events?job=1&after=5", "9")).toBe(9);
    expect(at("http://x/live/events?job=1&after=5")).toBe(5);
    expect(at("http://x/live/events?job=1&after=5", "x; drop")).toBe(5);
    expect(at("http://x/live/events?job=1&after=-3")).toBe(0);
    expect(at(`http://x/live/events?after=${"9".repeat(40)}`)).toBe(0);
  });

  it("merges arriving messages into a thread once each, in order, for that thread only", () => {
    const page = [1, 3].map((id) => ({ id, fixerUserId: "f1", fromMe: false, body: "page" as string | null, hidden: false, photos: [] as MessagePhoto[], createdAt: "2026-11-27T07:00:00.000Z" }));
    const live = [
      { id: 3, fixerUserId: "f1", fromMe: false, body: "dup", hidden: false, photos: [], createdAt: "2026-11-27T08:00:00Z" },
      { id: 5, fixerUserId: "f1", fromMe: false, body: "new", hidden: false, photos: [{ id: 9, width: 10, height: 10 }], createdAt: "2026-11-27T08:00:00Z" },
      { id: 4, fixerUserId: "f2", fromMe: false, body: "other thread", hidden: false, photos: [], createdAt: "2026-11-27T08:00:00Z" },
    ];
    expect(mergeThread(page, { messages: live, hidden: new Set() }, "f1").map((m) => m.id)).toEqual([1, 3, 5]);
    // Staff hid one of the page's messages and one that arrived live: both show as hidden, without text or photos.
    const merged = mergeThread(page, { messages: live, hidden: new Set([1, 5]) }, "f1");
    expect(merged.map((m) => [m.id, m.hidden, m.body, m.photos.length])).toEqual([
      [1, true, null, 0],
      [3, false, "page", 0],
      [5, true, null, 0],
    ]);
    expect(lastMessageId({ a: page, b: [{ id: 2 }] })).toBe(3);
    expect(lastMessageId({})).toBe(0);
  });

  it("builds the one message shape the page and the stream send: the reader's side, a hidden one without text or photos, the time as ISO", () => {
    const stored = { id: 7, fixerUserId: "f1", senderUserId: "f1", body: "On my way", hiddenAt: null, createdAt: new Date("2026-11-27T08:00:00Z"), photos: [{ id: 2, width: 4, height: 3 }] };
    expect(threadMessage(stored, "f1")).toEqual({ id: 7, fixerUserId: "f1", fromMe: true, body: "On my way", hidden: false, photos: [{ id: 2, width: 4, height: 3 }], createdAt: "2026-11-27T08:00:00.000Z" });
    expect(threadMessage({ ...stored, hiddenAt: new Date() }, "customer")).toEqual({ id: 7, fixerUserId: "f1", fromMe: false, body: null, hidden: true, photos: [], createdAt: "2026-11-27T08:00:00.000Z" });
  });
});

describe("a stream without a job", () => {
  let database: Database;
  let live: LiveChannel;
  beforeAll(async () => {
    database = await openDatabase({ database: { kind: "pglite", dir: null } });
    live = await openLiveChannel({ config: { database: { kind: "pglite", dir: null } }, database, logger: pino({ level: "silent" }) });
  });
  afterAll(async () => {
    await live?.close();
    await database?.close();
  });

  // Without a job scope the stream reads no thread (the quotes feature's reads are not needed).
  const noThreads: ThreadReads = {
    messagesAfter: () => Promise.reject(new Error("no thread is read without a job scope")),
    messageById: () => Promise.reject(new Error("no thread is read without a job scope")),
  };

  it("sends retry, the count, heartbeats, and ends when the request is aborted or the channel closes", async () => {
    const abort = new AbortController();
    const response = liveStreamResponse({ db: database.db, live, logger: pino({ level: "silent" }), threads: noThreads }, "nobody", null, 0, abort.signal, { heartbeatMs: 30 });
    expect(Object.fromEntries(response.headers)).toMatchObject(streamHeaders);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(": keep-alive")) text += decoder.decode((await reader.read()).value);
    expect(text).toContain("retry: 1000\n\n");
    expect(text).toContain('event: unread\ndata: {"count":0}\n\n');
    abort.abort();
    for (;;) if ((await reader.read()).done) break;

    const second = liveStreamResponse({ db: database.db, live, logger: pino({ level: "silent" }), threads: noThreads }, "nobody", null, 0, new AbortController().signal).body!.getReader();
    await second.read();
    await live.close();
    for (;;) if ((await second.read()).done) break;
  });
});
