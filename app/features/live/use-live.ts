import { useEffect, useState } from "react";
import type { ThreadMessage } from "./live-events";
import { subscribeLive } from "./live-client";

/** What reached the open job page after it was rendered: new messages (in order, each once), and the ids of messages staff hid. */
export type LiveThreads = { messages: ThreadMessage[]; hidden: ReadonlySet<number> };

/**
 * The job's threads as they change while the page is open. `jobId` null: the viewer has no thread
 * on the job yet (a matched fixer before quoting), so the page asks for no job stream it would be
 * refused; it opens one once the page's data shows a thread.
 */
export function useLiveThreadMessages(jobId: number | null, after: number): LiveThreads {
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(
    () =>
      jobId === null
        ? undefined
        : subscribeLive(
            {
              onMessage: (message) =>
                setMessages((current) => (message.id <= after || current.some((m) => m.id === message.id) ? current : [...current, message].sort((a, b) => a.id - b.id))),
              onHidden: ({ id }) => setHidden((current) => (current.has(id) ? current : new Set([...current, id]))),
            },
            { id: jobId, after },
          ),
    // `after` is where the stream starts; data revalidated later must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [jobId],
  );
  return { messages, hidden };
}

/**
 * One thread's messages: the page's (from the loader), then those that arrived live and are not in
 * it yet (a revalidation after sending brings them into the page's data: each id once), all of the
 * one shape (decision 090); a message staff hid meanwhile shows as hidden, without its text or photos.
 */
export function mergeThread(fromPage: readonly ThreadMessage[], live: LiveThreads, fixerUserId: string): ThreadMessage[] {
  const known = new Set(fromPage.map((m) => m.id));
  const arrived = live.messages.filter((m) => m.fixerUserId === fixerUserId && !known.has(m.id));
  const thread = arrived.length ? [...fromPage, ...arrived].sort((a, b) => a.id - b.id) : [...fromPage];
  return live.hidden.size ? thread.map((m) => (live.hidden.has(m.id) ? { ...m, body: null, hidden: true, photos: [] } : m)) : thread;
}

/** The header's Messages and notifications counts: the page's, then the stream's as they change (one subscription, one stream). */
export function useHeaderCounts(fromPage: { messages: number; notifications: number }): { messages: number; notifications: number } {
  const [messages, setMessages] = useState<number | null>(null);
  const [notifications, setNotifications] = useState<number | null>(null);
  useEffect(() => subscribeLive({ onUnread: setMessages, onNotifications: setNotifications }), []);
  return { messages: messages ?? fromPage.messages, notifications: notifications ?? fromPage.notifications };
}
