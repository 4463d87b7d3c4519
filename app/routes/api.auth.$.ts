import { authHeaders } from "~/features/auth/guard.server";
import type { Route } from "./+types/api.auth.$";

/**
 * better-auth's own endpoints at /api/auth/* (the confirmation link, and API clients).
 * The client IP the server saw replaces any client-sent value, for rate limits and sessions.
 */
function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const forwarded = new Request(request, { headers: authHeaders(request, context) });
  return context.services.auth.handler(forwarded);
}

export const loader = handle;
export const action = handle;
