import { withSafeLocation, withSafeRedirects } from "~/features/auth/auth-redirects.server";
import { authHeaders } from "~/features/auth/guard.server";
import { API_REQUEST_HEADER } from "~/features/auth/limits.server.ts";
import type { Route } from "./+types/api.auth.$";

/**
 * better-auth's own endpoints at /api/auth/* (the confirmation link, and API clients).
 * The client IP the server saw replaces any client-sent value, for rate limits and sessions; every
 * address better-auth may redirect to passes the site's return-path rule, going in and coming out.
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = authHeaders(request, context);
  // Marks an attempt that came over HTTP: better-auth's hooks apply the account limits to it (~/features/auth/limits.server.ts).
  headers.set(API_REQUEST_HEADER, "1");
  const ownOrigins = [new URL(request.url).origin, new URL(context.services.config.publicUrl).origin];
  const forwarded = await withSafeRedirects(request, headers, ownOrigins);
  return withSafeLocation(await context.services.auth.handler(forwarded), ownOrigins);
}

export const loader = handle;
export const action = handle;
