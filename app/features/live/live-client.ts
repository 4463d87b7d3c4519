import { livePaths, type HiddenMessage, type ThreadMessage, type UnreadCount } from "./live-events";

/**
 * The browser's one live connection per tab (decision 048): the header's Messages count and, on a
 * job page, that job's threads share one EventSource. EventSource reconnects by itself and sends
 * the last message id it saw (Last-Event-ID); when the browser gives up (it was offline), this
 * opens it again from the last id it received, so nothing is missed, and listeners drop ids they
 * already have, so nothing is shown twice.
 */
export type LiveHandlers = {
  onMessage?: (message: ThreadMessage) => void;
  onHidden?: (message: HiddenMessage) => void;
  onUnread?: (count: number) => void;
  onNotifications?: (count: number) => void;
};
type Subscription = { handlers: LiveHandlers; job?: { id: number; after: number } };

const subscriptions = new Set<Subscription>();
let source: EventSource | null = null;
let openFor: string | null = null;
let lastId = 0;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

const jobOf = () => [...subscriptions].find((s) => s.job)?.job;
const keyOf = () => (subscriptions.size === 0 ? null : `job:${jobOf()?.id ?? "-"}`);

function open() {
  const job = jobOf();
  const url = job ? livePaths.jobEvents(job.id, Math.max(job.after, lastId)) : livePaths.events;
  const next = new EventSource(url);
  next.addEventListener("message", (event) => {
    const message = JSON.parse((event as MessageEvent<string>).data) as ThreadMessage;
    lastId = Math.max(lastId, message.id);
    for (const s of subscriptions) s.handlers.onMessage?.(message);
  });
  next.addEventListener("hidden", (event) => {
    const hidden = JSON.parse((event as MessageEvent<string>).data) as HiddenMessage;
    for (const s of subscriptions) s.handlers.onHidden?.(hidden);
  });
  next.addEventListener("unread", (event) => {
    const { count } = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
    for (const s of subscriptions) s.handlers.onUnread?.(count);
  });
  next.addEventListener("notifications", (event) => {
    const { count } = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
    for (const s of subscriptions) s.handlers.onNotifications?.(count);
  });
  // Too far behind to replay: the page's own data is the fresh start.
  next.addEventListener("reload", () => window.location.reload());
  next.addEventListener("error", () => {
    // CLOSED: the browser will not retry by itself (offline, or a refusal); try again a little later.
    if (next.readyState === EventSource.CLOSED && source === next) scheduleReopen(3_000);
  });
  return next;
}

function scheduleReopen(delayMs: number) {
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = setTimeout(() => {
    reopenTimer = null;
    if (subscriptions.size === 0) return;
    source?.close();
    source = open();
  }, delayMs);
}

function reconcile() {
  const key = keyOf();
  if (key === openFor) return;
  source?.close();
  source = null;
  openFor = key;
  if (key) source = open();
}

if (typeof window !== "undefined") {
  // Offline, a connection may stay half-open for minutes without an error: close it, and open a
  // new one from the last message id as soon as the network is back.
  window.addEventListener("offline", () => {
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
    source?.close();
  });
  window.addEventListener("online", () => {
    if (subscriptions.size > 0) scheduleReopen(0);
  });
}

/** Listens while mounted; a job subscription narrows the tab's one stream to that job's threads. */
export function subscribeLive(handlers: LiveHandlers, job?: { id: number; after: number }): () => void {
  const subscription: Subscription = { handlers, job };
  if (job) lastId = Math.max(0, job.after);
  subscriptions.add(subscription);
  reconcile();
  return () => {
    subscriptions.delete(subscription);
    reconcile();
  };
}
