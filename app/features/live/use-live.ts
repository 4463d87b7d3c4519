import { useEffect, useState } from "react";
import type { LiveMessage } from "./live-events";
import { subscribeLive } from "./live-client";

/** Messages that reached the open job page after it was rendered, in order, each once. */
export function useLiveThreadMessages(jobId: number, after: number): LiveMessage[] {
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  useEffect(
    () =>
      subscribeLive(
        {
          onMessage: (message) =>
            setMessages((current) => (message.id <= after || current.some((m) => m.id === message.id) ? current : [...current, message].sort((a, b) => a.id - b.id))),
        },
        { id: jobId, after },
      ),
    // `after` is where the stream starts; data revalidated later must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [jobId],
  );
  return messages;
}

/**
 * One thread's messages: the page's (from the loader), then those that arrived live and are not in
 * it yet (a revalidation after sending brings them into the page's data: each id once).
 */
export function mergeThread<M extends { id: number }>(fromPage: readonly M[], live: readonly LiveMessage[], fixerUserId: string, toPage: (m: LiveMessage) => M): M[] {
  const known = new Set(fromPage.map((m) => m.id));
  const arrived = live.filter((m) => m.fixerUserId === fixerUserId && !known.has(m.id)).map(toPage);
  return arrived.length ? [...fromPage, ...arrived].sort((a, b) => a.id - b.id) : [...fromPage];
}

/** The header's Messages count: the page's, then the stream's as it changes. */
export function useUnreadMessages(fromPage: number): number {
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => subscribeLive({ onUnread: setLive }), []);
  return live ?? fromPage;
}
