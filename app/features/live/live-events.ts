/**
 * What the live stream sends (decision 048), shared by the server and the browser. The stream is
 * server-sent events at `livePaths.events`: `event: message` (with `id:` = the message id, the
 * cursor a reconnection resumes from) and `event: unread` (the header's Messages count).
 */
export const livePaths = {
  events: "/live/events",
  /** A job page's stream: its threads' messages after `after` (the last one the page showed), and the count. */
  jobEvents: (jobId: number, after: number) => `/live/events?job=${jobId}&after=${after}`,
} as const;

export const liveTopics = {
  user: (userId: string) => `user:${userId}`,
  job: (jobId: number) => `job:${jobId}`,
  publicPages: "public-pages",
} as const;

/** A thread message as the stream sends it (the page's ThreadMessage, with its thread and a string date). */
export type LiveMessage = { id: number; fixerUserId: string; fromMe: boolean; body: string | null; hidden: boolean; createdAt: string };
export type UnreadCount = { count: number };

/** Where a page's stream starts: the newest message the page was rendered with. */
export function lastMessageId(threads: Record<string, readonly { id: number }[]>): number {
  return Math.max(0, ...Object.values(threads).flatMap((messages) => messages.map((m) => m.id)));
}
