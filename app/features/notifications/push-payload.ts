import { notificationPaths, pushTitles, type NotificationKind } from "./kinds";

/**
 * What a push carries to the service worker (/sw.js), which shows it and opens `url` when tapped.
 * The contract with the worker: `tag` is the same for every delivery of one cause, so a push the
 * service delivers twice (a retry after a lost answer) replaces itself instead of showing twice.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export const PUSH_BODY_MAX = 200;

/** A same-origin path, or the notifications list for anything else (a row edited by hand, a full URL). */
export function samePath(link: string): string {
  return link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : notificationPaths.list;
}

/** One notification's push: the kind's title, its one line as the body, where it points, its stable tag. */
export function buildPushPayload(notice: { notificationId: number; kind: NotificationKind; title: string; link: string }): PushPayload {
  const line = notice.title.replace(/\s+/g, " ").trim();
  return {
    title: pushTitles[notice.kind],
    body: line.length > PUSH_BODY_MAX ? `${line.slice(0, PUSH_BODY_MAX - 1)}…` : line,
    url: samePath(notice.link),
    // One notification row per cause and person: its id is the cause's stable name.
    tag: `${notice.kind}-${notice.notificationId}`,
  };
}
