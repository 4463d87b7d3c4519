import { authHeaders } from "~/features/auth/guard.server";
import { API_REQUEST_HEADER } from "~/features/auth/limits.server.ts";
import type { Route } from "./+types/api.auth.$";

/**
 * better-auth's own endpoints at /api/auth/* (the confirmation link, and API clients).
 * The client IP the server saw replaces any client-sent value, for rate limits and sessions.
 */
function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = authHeaders(request, context);
  // Marks an attempt that came over HTTP: better-auth's hooks apply the account limits to it (~/features/auth/limits.server.ts).
  headers.set(API_REQUEST_HEADER, "1");
  const forwarded = new Request(request, { headers });
  return context.services.auth.handler(forwarded);
}

export const loader = handle;
export const action = handle;
