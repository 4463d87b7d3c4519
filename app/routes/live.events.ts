import type { Route } from "./+types/live.events";
import { getOptionalUser } from "~/features/auth/guard.server";
import { liveStreamResponse, streamCursor } from "~/features/live/stream.server";
import { threadScopeFor } from "~/features/live/threads.server";
import { quotePaths } from "~/features/quotes/paths";
import { parseId } from "~/lib/ids";

const refuse = (status: number, message: string) => new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * A signed-in page's live stream (server-sent events): the unread count, and with `?job=` that
 * job's threads — only for the job's customer or a fixer who quoted on it (anyone else: 404, so
 * job ids reveal nothing). Signed out: 401 (EventSource then stops; the page works without it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return refuse(401, "Sign in to see your messages.");
  const job = new URL(request.url).searchParams.get("job");
  let scope = null;
  if (job !== null) {
    const jobId = parseId(job);
    if (jobId === null) return refuse(400, "The job id must be a whole number without leading zeros.");
    scope = await threadScopeFor(context.services.db, user.id, jobId);
    if (!scope) return refuse(404, "There is no such conversation on your account.");
  }
  // The job's page as the viewer reads it (the customer's, or the quoting fixer's): notifications pointing there are read as messages arrive.
  const threadPage = scope ? (scope.fixerUserId === null ? quotePaths.customerJob(scope.jobId) : quotePaths.fixerJob(scope.jobId)) : undefined;
  return liveStreamResponse(context.services, user.id, scope, streamCursor(request), request.signal, { threadPage });
}
