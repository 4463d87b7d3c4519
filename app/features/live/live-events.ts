/**
 * What the live stream sends (decisions 048, 056), shared by the server and the browser. The stream
 * is server-sent events at `livePaths.events`: `event: message` (with `id:` = the message id, the
 * cursor a reconnection resumes from), `event: hidden` (staff hid a message the page may show),
 * `event: unread` (the header's Messages count) and `event: notifications` (the bell's count).
 */
export const livePaths = {
  events: "/live/events",
  /** A job page's stream: its threads' messages after `after` (the last one the page showed), and the count. */
  jobEvents: (jobId: number, after: number) => `/live/events?job=${jobId}&after=${after}`,
} as const;

/** A photo sent with a message (its file is at quotePaths.messagePhoto(jobId, id)). */
export type MessagePhoto = { id: number; width: number | null; height: number | null };

/** A thread message as the stream sends it (the page's ThreadMessage, with its thread and a string date). */
export type LiveMessage = { id: number; fixerUserId: string; fromMe: boolean; body: string | null; hidden: boolean; photos: MessagePhoto[]; createdAt: string };
/** Staff hid this message: the page shows the "hidden" notice in its place. */
export type HiddenMessage = { id: number; fixerUserId: string };
export type UnreadCount = { count: number };

/** Where a page's stream starts: the newest message the page was rendered with. */
export function lastMessageId(threads: Record<string, readonly { id: number }[]>): number {
  return Math.max(0, ...Object.values(threads).flatMap((messages) => messages.map((m) => m.id)));
}
