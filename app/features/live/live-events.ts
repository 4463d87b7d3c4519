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

/**
 * A thread message as its reader sees it, the one shape the job pages render and the stream sends
 * (decision 090): its thread (the fixer's id), whether the reader wrote it, its text and photos (none
 * once staff hid it) and its time as an ISO string (the same in a loader's data and in an event).
 */
export type ThreadMessage = { id: number; fixerUserId: string; fromMe: boolean; body: string | null; hidden: boolean; photos: MessagePhoto[]; createdAt: string };

/** A stored message and its photos, as the page's and the stream's reads both give it. */
export type StoredMessage = { id: number; fixerUserId: string; senderUserId: string | null; body: string; hiddenAt: Date | null; createdAt: Date; photos: MessagePhoto[] };

/** The one way a stored message becomes what its reader sees: a hidden one without its text or photos. */
export function threadMessage(row: StoredMessage, viewerUserId: string): ThreadMessage {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    fixerUserId: row.fixerUserId,
    fromMe: row.senderUserId === viewerUserId,
    body: hidden ? null : row.body,
    hidden,
    photos: hidden ? [] : row.photos,
    createdAt: row.createdAt.toISOString(),
  };
}
/** Staff hid this message: the page shows the "hidden" notice in its place. */
export type HiddenMessage = { id: number; fixerUserId: string };
export type UnreadCount = { count: number };

/** Where a page's stream starts: the newest message the page was rendered with. */
export function lastMessageId(threads: Record<string, readonly { id: number }[]>): number {
  return Math.max(0, ...Object.values(threads).flatMap((messages) => messages.map((m) => m.id)));
}
