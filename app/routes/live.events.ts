import type { Route } from "./+types/live.events";
import { getOptionalUser } from "~/features/auth/guard.server";
import { liveStreamResponse, streamCursor } from "~/features/live/stream.server";
import { hasThreads, threadAccess } from "~/features/quotes/messages.server";
import { threadStreamReads } from "~/features/quotes/thread-messages.server";
import { parseId } from "~/lib/ids";

const refuse = (status: number, message: string) => new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * A signed-in page's live stream (server-sent events): the unread count, and with `?job=` that
 * job's threads — by the job pages' own rule (`threadAccess`: the job's customer, or a fixer who
 * quoted on it; anyone else: 404, so job ids reveal nothing). Signed out: 401 (EventSource then
 * stops; the page works without it). It only reads: the page marks what it shows read (decision 090).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return refuse(401, "Sign in to see your messages.");
  const job = new URL(request.url).searchParams.get("job");
  let scope = null;
  if (job !== null) {
    const jobId = parseId(job);
    if (jobId === null) return refuse(400, "The job id must be a whole number without leading zeros.");
    const access = await threadAccess(context.services.db, user.id, jobId);
    if (!access || !hasThreads(access)) return refuse(404, "There is no such conversation on your account.");
    scope = { jobId, viewerUserId: user.id, fixerUserId: access.fixerUserId };
  }
  return liveStreamResponse({ ...context.services, threads: threadStreamReads }, user.id, scope, streamCursor(request), request.signal);
}
